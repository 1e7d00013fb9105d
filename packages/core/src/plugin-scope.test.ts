/**
 * Registrations remember the plugin that ran them: `server.use` runs each plugin in a scope
 * named for its function, nested plugins inside their user, and code outside any plugin is
 * named as such.
 */
import { describe, expect, it } from 'vitest';
import { createRestServer, describeRegistrant, pluginName } from './index.js';

describe('plugin scope', () => {
  it('names a plugin by its function, and says when it has none', () => {
    expect(pluginName(function booksPlugin() {})).toBe('booksPlugin');
    expect(
      pluginName(
        (
          () => () =>
            undefined
        )(),
      ),
    ).toMatch(/^an anonymous plugin/);
    expect(describeRegistrant('booksPlugin')).toBe('plugin booksPlugin');
    expect(describeRegistrant(undefined)).toBe('the server setup (outside server.use)');
  });

  it('knows the plugin registering, the innermost of nested plugins, and none after them', async () => {
    const server = createRestServer();
    const seen: unknown[] = [];
    await server.use(async function outerPlugin(s) {
      seen.push(s.objectTypes.registrant);
      await s.use(function innerPlugin(inner) {
        seen.push(inner.objectTypes.registrant);
      });
      seen.push(s.objectTypes.registrant);
    });
    seen.push(server.objectTypes.registrant);
    expect(seen).toEqual(['outerPlugin', 'innerPlugin', 'outerPlugin', undefined]);
  });

  it('forgets a plugin that failed', async () => {
    const server = createRestServer();
    await expect(
      server.use(function failingPlugin() {
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(server.objectTypes.registrant).toBeUndefined();
  });
});
