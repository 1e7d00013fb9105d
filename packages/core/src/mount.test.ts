import { describe, expect, it } from 'vitest';
import { createRestServer, normalizeBasePath, stripBasePath } from './index.js';

describe('mount paths', () => {
  it('normalises and strips base paths', () => {
    expect(normalizeBasePath(undefined)).toBe('');
    expect(normalizeBasePath('/')).toBe('');
    expect(normalizeBasePath('api/')).toBe('/api');
    expect(stripBasePath('/api/cms-json?x=1', '/api')).toBe('/cms-json?x=1');
    expect(stripBasePath('/api?x=1', '/api')).toBe('/?x=1');
    expect(stripBasePath('/api', '/api')).toBe('/');
    expect(stripBasePath('/apix/cms-json', '/api')).toBeUndefined();
    expect(stripBasePath('/cms-json', '')).toBe('/cms-json');
  });
});

describe("server.serves: is this URL the API's?", () => {
  const server = createRestServer();

  it('answers yes under the REST root and for the rest_route form, as handle does', async () => {
    for (const url of [
      '/cms-json',
      '/cms-json/demo/v1?x',
      '/cms-json?x',
      '/?rest_route=/demo/v1/notes',
      '/index.php?a=1&rest_route=',
    ]) {
      expect(server.serves(url), url).toBe(true);
      expect(await server.handle({ method: 'GET', url, headers: {} }), url).not.toBeNull();
    }
  });

  it('answers no for site pages and look-alike paths, which handle leaves to the host', async () => {
    for (const url of ['/cms-jsonx', '/?page=2', '/out/x', '/?rest_route[]=x', '/wp-json']) {
      expect(server.serves(url), url).toBe(false);
      expect(await server.handle({ method: 'GET', url, headers: {} }), url).toBeNull();
    }
  });

  it('follows the prefix', () => {
    const wp = createRestServer({ prefix: 'wp' });
    expect(wp.serves('/wp-json/wp/v2/users')).toBe(true);
    expect(wp.serves('/cms-json/cms/v2/users')).toBe(false);
  });
});
