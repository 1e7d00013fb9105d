/**
 * Registration mistakes fail at start-up (`server.ready()`) with a message naming the plugin
 * that made them and the fix: a field or a link on an object type that does not exist, two
 * registrations of one route and method, two types on one route, a type name taken twice.
 * What is right starts as before.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRestServer, defineRoute, isRestError, READABLE, type RestServer } from '../index.js';
import { testClient } from '../testing.js';

const Note = z
  .object({
    id: z
      .number()
      .int()
      .meta({ description: 'Id.', context: ['view'] }),
  })
  .meta({ title: 'note' });

/** The notes routes, serving records of `objectType`, at `path`. */
function notesRoute(options: { path?: string; objectType?: string } = {}) {
  return defineRoute({
    path: options.path ?? '/notes',
    schema: Note,
    objectType: options.objectType ?? 'note',
    endpoints: (e) => [e({ methods: READABLE, permission: 'public', handler: () => [{ id: 1 }] })],
  });
}

/** A plugin that serves notes. */
function notesPlugin(server: RestServer) {
  server.register('notes/v1', notesRoute());
}

/** What `server.ready()` throws, as `{ code, message }`. */
function startUpError(server: RestServer): { code: string; message: string } | undefined {
  try {
    server.ready();
    return undefined;
  } catch (error) {
    if (!isRestError(error)) throw error;
    return { code: error.code, message: error.message };
  }
}

describe('start-up checks of registrations', () => {
  it('refuses a field on an object type that does not exist, naming the plugin, the type, the known types and the fix', async () => {
    const server = createRestServer();
    await server.use(notesPlugin);
    await server.use(function ratingsPlugin(s) {
      s.registerRestField('nte', 'rating', { schema: z.number().int(), get: () => 5 });
    });
    expect(startUpError(server)).toEqual({
      code: 'rest_invalid_registration',
      message:
        'plugin ratingsPlugin: registerRestField(\'nte\', \'rating\'): this server has no object type "nte" (it has: note). Register the field on one of these, or register the type "nte" before server.ready().',
    });
  });

  it('says so when the plugin has no name, or when no plugin made the mistake', async () => {
    const anonymous = createRestServer();
    await anonymous.use(notesPlugin);
    await anonymous.use((s) => {
      s.registerRestField('nte', 'rating', { get: () => 5 });
    });
    expect(startUpError(anonymous)?.message).toMatch(
      /^an anonymous plugin \(name the function the plugin factory returns to see its name here\): registerRestField\('nte', 'rating'\)/,
    );
    const direct = createRestServer();
    direct.registerRestField('nte', 'rating', { get: () => 5 });
    expect(startUpError(direct)?.message).toMatch(
      /^the server setup \(outside server\.use\): registerRestField\('nte', 'rating'\)/,
    );
  });

  it('refuses a link added to an object type that does not exist', async () => {
    const server = createRestServer();
    await server.use(notesPlugin);
    await server.use(function linksPlugin(s) {
      s.objectTypes.get('nte').addLink({ rel: 'https://example.com/rel', href: '/notes/v1/notes' });
    });
    expect(startUpError(server)?.message).toBe(
      'plugin linksPlugin: objectTypes.get(\'nte\').addLink(\'https://example.com/rel\'): this server has no object type "nte" (it has: note). Add the link to one of these, or register the type "nte" before server.ready().',
    );
  });

  it('accepts a field registered before the type that serves it, and serves it', async () => {
    const server = createRestServer();
    await server.use(function ratingsPlugin(s) {
      s.registerRestField('note', 'rating', { schema: z.number().int(), get: () => 5 });
    });
    await server.use(notesPlugin);
    expect(startUpError(server)).toBeUndefined();
    expect((await testClient(server).get('/notes/v1/notes')).body).toEqual([{ id: 1, rating: 5 }]);
  });

  it('refuses two types on one route, naming both and the fix', async () => {
    const server = createRestServer();
    await server.use(notesPlugin);
    await server.use(function memosPlugin(s) {
      s.register('notes/v1', notesRoute({ objectType: 'memo' }));
    });
    expect(startUpError(server)?.message).toBe(
      'plugin memosPlugin: a route of "memo" records registered by plugin memosPlugin claims the route /notes/v1/notes (GET), which a route of "note" records registered by plugin notesPlugin serves already. Give one of them another restBase (or route path).',
    );
  });

  it('refuses a route registered twice for one method (the second would never answer)', async () => {
    const server = createRestServer();
    await server.use(notesPlugin);
    await server.use(function againPlugin(s) {
      s.register('notes/v1', notesRoute());
    });
    expect(startUpError(server)?.message).toMatch(/^plugin againPlugin: .* claims the route \/notes\/v1\/notes \(GET\)/);
  });

  it("refuses a declared type whose routes take another type's, naming the declaring plugin", async () => {
    const server = createRestServer();
    await server.use(notesPlugin);
    await server.use(function memosPlugin(s) {
      s.objectTypes.declare({
        kind: 'post_type',
        name: 'memo',
        args: {},
        routes: () => ({ namespace: 'notes/v1', routes: [notesRoute({ objectType: 'memo' })] }),
      });
    });
    expect(startUpError(server)?.message).toBe(
      'plugin memosPlugin: the post_type "memo" (registered by plugin memosPlugin) claims the route /notes/v1/notes (GET), which a route of "note" records registered by plugin notesPlugin serves already. Give one of them another restBase (or route path).',
    );
  });

  it('keeps a second registration of one route for another method (the original merges them)', async () => {
    const server = createRestServer();
    await server.use(notesPlugin);
    server.register(
      'notes/v1',
      defineRoute({
        path: '/notes',
        objectType: 'note',
        endpoints: (e) => [e({ methods: 'DELETE', permission: 'public', handler: () => ({ deleted: true }) })],
      }),
    );
    expect(startUpError(server)).toBeUndefined();
    expect((await testClient(server).delete('/notes/v1/notes')).body).toEqual({ deleted: true });
  });

  it('refuses a type name declared twice, naming both plugins', async () => {
    const server = createRestServer();
    const memo = { kind: 'post_type', name: 'memo', args: {}, routes: () => undefined };
    await server.use(function firstPlugin(s) {
      s.objectTypes.declare(memo);
    });
    await expect(
      server.use(function secondPlugin(s) {
        s.objectTypes.declare(memo);
      }),
    ).rejects.toThrow(
      'plugin secondPlugin: the post_type "memo" is registered already, by plugin firstPlugin. Give this one another name.',
    );
  });

  it('runs the checks packages add, after every plugin had its say', async () => {
    const server = createRestServer();
    let checked = 0;
    server.objectTypes.addCheck(() => {
      checked++;
    });
    await server.use(notesPlugin);
    server.ready();
    expect(checked).toBe(1);
  });
});
