import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createRestServer,
  DELETABLE,
  defineRoute,
  EDITABLE,
  permissionsChanged,
  READABLE,
  RestError,
  response,
} from './index.js';
import { testClient } from './testing.js';

function countingServer() {
  const calls: string[] = [];
  const check = (name: string, allow: boolean | Promise<boolean>) => () => {
    calls.push(name);
    return allow;
  };
  const server = createRestServer({ siteUrl: 'http://example.test' });
  server.register(
    'demo/v1',
    defineRoute({
      path: '/things/:id',
      args: { id: z.number().int() },
      endpoints: (endpoint) => [
        endpoint({ methods: READABLE, permission: check('read', true), handler: ({ id }) => ({ id }) }),
        endpoint({ methods: EDITABLE, permission: check('edit', Promise.resolve(true)), handler: ({ id }) => ({ id }) }),
        endpoint({ methods: DELETABLE, permission: check('delete', false), handler: () => null }),
      ],
    }),
    defineRoute({
      path: '/open',
      endpoints: (endpoint) => [
        endpoint({ methods: READABLE, permission: 'public', handler: () => ({ open: true }) }),
        endpoint({ methods: ['POST'], permission: 'public', handler: () => ({ open: true }) }),
      ],
    }),
  );
  return { client: testClient(server), server, calls };
}

describe('permission checks and Allow', () => {
  it('runs each endpoint check once per request, reusing it for Allow', async () => {
    const { client, calls } = countingServer();
    const res = await client.get('/demo/v1/things/1');
    expect(res.status).toBe(200);
    expect(res.header('Allow')).toBe('GET, POST, PUT, PATCH');
    expect(calls.sort()).toEqual(['delete', 'edit', 'read']);
  });

  it('still computes Allow when the request fails validation or permission', async () => {
    const { client, calls } = countingServer();
    const invalid = await client.get('/demo/v1/things/1?id=x');
    expect(invalid.status).toBe(400);
    expect(invalid.header('Allow')).toBe('GET, POST, PUT, PATCH');
    calls.length = 0;
    const denied = await client.delete('/demo/v1/things/1');
    expect(denied.status).toBe(401);
    expect(calls.filter((c) => c === 'delete')).toHaveLength(1);
  });

  it("lets the checks of Allow see the path's id when the other arguments fail, and on OPTIONS", async () => {
    const server = createRestServer({ siteUrl: 'http://example.test' });
    server.register(
      'demo/v1',
      defineRoute({
        path: '/owned/:id',
        args: { id: z.number().int() },
        endpoints: (endpoint) => [
          endpoint({
            methods: READABLE,
            args: { n: z.number().int().optional() },
            // Only thing 7 may be read: the check needs the parsed id.
            permission: (_request, args) => args.id === 7,
            handler: ({ id }) => ({ id }),
          }),
        ],
      }),
    );
    const client = testClient(server);
    const invalid = await client.get('/demo/v1/owned/7?n=many');
    expect([invalid.status, invalid.header('Allow')]).toEqual([400, 'GET']);
    expect((await client.options('/demo/v1/owned/7')).header('Allow')).toBe('GET');
    expect((await client.options('/demo/v1/owned/8')).header('Allow')).toBeUndefined();
  });

  it('runs no check for a route whose endpoints are all public', async () => {
    const { client, calls } = countingServer();
    const res = await client.get('/demo/v1/open');
    expect(res.header('Allow')).toBe('GET, POST');
    expect(calls).toEqual([]);
  });

  it('lets the checks of Allow see the context a handler answered in, and run again after permissionsChanged', async () => {
    const things = new Set([1, 2]);
    const server = createRestServer();
    server.register(
      'demo/v1',
      defineRoute({
        path: '/notes',
        args: { context: z.string().default('view') },
        endpoints: (endpoint) => [
          // Only editors may list in the edit context; anyone may create.
          endpoint({ methods: READABLE, permission: (_request, args) => args.context !== 'edit', handler: () => [] }),
          endpoint({
            methods: ['POST'],
            permission: 'public',
            handler: () => response({ id: 3 }, { status: 201, context: 'edit' }),
          }),
        ],
      }),
      defineRoute({
        path: '/things/:id',
        args: { id: z.number().int() },
        endpoints: (endpoint) => [
          endpoint({
            methods: READABLE,
            permission: (_request, args) => things.has(args.id as number),
            handler: ({ id }) => ({ id }),
          }),
          endpoint({
            methods: DELETABLE,
            permission: (_request, args) => things.has(args.id as number),
            handler: ({ id }, request) => {
              things.delete(id);
              permissionsChanged(request);
              return response({ deleted: true }, { raw: true });
            },
          }),
        ],
      }),
    );
    const client = testClient(server);
    expect((await client.get('/demo/v1/notes')).header('Allow')).toBe('GET, POST');
    expect((await client.post('/demo/v1/notes')).header('Allow')).toBe('POST');
    expect((await client.get('/demo/v1/things/1')).header('Allow')).toBe('GET, DELETE');
    const deleted = await client.delete('/demo/v1/things/1');
    expect([deleted.status, deleted.header('Allow')]).toEqual([200, undefined]);
  });

  it('sets no Allow when no route matched', async () => {
    const { client } = countingServer();
    expect((await client.get('/demo/v1/nothing')).header('Allow')).toBeUndefined();
    expect((await client.put('/demo/v1/open')).header('Allow')).toBeUndefined();
  });
});

describe('server.dispatch (in-process)', () => {
  it('runs matching, arguments, permission and handler without encoding', async () => {
    const { server } = countingServer();
    const res = await server.dispatch({ path: '/demo/v1/things/7' });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ id: 7 });
    expect(res.getHeader('Allow')).toBe('GET, POST, PUT, PATCH');
  });

  it('returns errors as responses, never throwing', async () => {
    const { server } = countingServer();
    const res = await server.dispatch({ method: 'DELETE', path: '/demo/v1/things/7' });
    expect(res.status).toBe(401);
    expect(res.data).toMatchObject({ code: 'rest_forbidden' });
  });
});

// The core's type-check has no Node or DOM types; the test only needs this one timer.
declare const setTimeout: (callback: (value?: unknown) => void, ms: number) => unknown;

describe('permission checks that fail', () => {
  it('treat a rejecting or throwing check as "not allowed" in Allow, with no unhandled rejection', async () => {
    const server = createRestServer();
    server.register(
      'demo/v1',
      defineRoute({
        path: '/x',
        endpoints: (endpoint) => [
          endpoint({
            methods: ['PUT'],
            permission: async () => {
              await new Promise((resolve) => setTimeout(resolve, 5));
              return true;
            },
            handler: () => null,
          }),
          endpoint({ methods: ['POST'], permission: () => Promise.reject(new Error('db down')), handler: () => null }),
          endpoint({
            methods: DELETABLE,
            permission: () => {
              throw new Error('bug');
            },
            handler: () => null,
          }),
          endpoint({ methods: READABLE, permission: () => true, handler: () => ({ ok: true }) }),
        ],
      }),
    );
    const res = await testClient(server).get('/demo/v1/x');
    // Vitest fails the run on an unhandled rejection; give one time to surface.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(res.status).toBe(200);
    expect(res.header('Allow')).toBe('PUT, GET');
  });
});

describe('Allow for different callers', () => {
  it('lists what each caller may do, request after request', async () => {
    const server = createRestServer();
    server.register(
      'demo/v1',
      defineRoute({
        path: '/notes',
        endpoints: (endpoint) => [
          endpoint({ methods: READABLE, permission: 'public', handler: () => [] }),
          endpoint({ methods: ['POST'], permission: (request) => request.header('x-role') === 'editor', handler: () => null }),
        ],
      }),
    );
    const client = testClient(server);
    for (let round = 0; round < 2; round++) {
      expect((await client.get('/demo/v1/notes')).header('Allow')).toBe('GET');
      expect((await client.get('/demo/v1/notes', { headers: { 'x-role': 'editor' } })).header('Allow')).toBe('GET, POST');
    }
  });
});

describe('handlers that fail', () => {
  it('answer the error, with Allow, whether the handler throws or rejects', async () => {
    const server = createRestServer();
    server.register(
      'demo/v1',
      defineRoute({
        path: '/fails',
        endpoints: (endpoint) => [
          endpoint({
            methods: READABLE,
            permission: 'public',
            handler: () => {
              throw new RestError('demo_sync', 'Thrown.', { status: 409 });
            },
          }),
          endpoint({
            methods: ['POST'],
            permission: 'public',
            handler: async () => {
              throw new RestError('demo_async', 'Rejected.', { status: 422 });
            },
          }),
        ],
      }),
    );
    const client = testClient(server);
    const thrown = await client.get('/demo/v1/fails');
    expect([thrown.status, thrown.body]).toEqual([409, { code: 'demo_sync', message: 'Thrown.', data: { status: 409 } }]);
    expect(thrown.header('Allow')).toBe('GET, POST');
    const rejected = await client.post('/demo/v1/fails');
    expect([rejected.status, rejected.body.code]).toEqual([422, 'demo_async']);
    expect(rejected.header('Allow')).toBe('GET, POST');
  });
});
