import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  ALLMETHODS,
  CREATABLE,
  collectionArgs,
  createRestServer,
  DELETABLE,
  defineRoute,
  EDITABLE,
  READABLE,
  type Route,
  response,
} from './index.js';
import { testClient } from './testing.js';

function echoRoute(methods: readonly string[] | string): Route {
  return defineRoute({
    path: '/echo',
    endpoints: (endpoint) => [
      endpoint({
        methods: methods as string,
        permission: 'public',
        handler: (_args, request) => ({ method: request.method }),
      }),
    ],
  });
}

function serverWith(...routes: Route[]) {
  const server = createRestServer({ siteUrl: 'http://example.test' });
  server.register('demo/v1', ...routes);
  return testClient(server);
}

describe('method shortcuts', () => {
  it('READABLE serves GET (and HEAD)', async () => {
    const client = serverWith(echoRoute(READABLE));
    expect((await client.get('/demo/v1/echo')).body).toEqual({ method: 'GET' });
    expect((await client.head('/demo/v1/echo')).status).toBe(200);
    expect((await client.post('/demo/v1/echo')).status).toBe(404);
  });

  it('CREATABLE serves POST only', async () => {
    const client = serverWith(echoRoute(CREATABLE));
    expect((await client.post('/demo/v1/echo')).body).toEqual({ method: 'POST' });
    expect((await client.get('/demo/v1/echo')).status).toBe(404);
  });

  it('EDITABLE serves POST, PUT and PATCH', async () => {
    const client = serverWith(echoRoute(EDITABLE));
    for (const method of ['POST', 'PUT', 'PATCH']) {
      expect((await client.request(method, '/demo/v1/echo')).body).toEqual({ method });
    }
    expect((await client.delete('/demo/v1/echo')).status).toBe(404);
  });

  it('DELETABLE serves DELETE; ALLMETHODS serves all five', async () => {
    expect((await serverWith(echoRoute(DELETABLE)).delete('/demo/v1/echo')).body).toEqual({ method: 'DELETE' });
    const all = serverWith(echoRoute(ALLMETHODS));
    for (const method of ALLMETHODS) expect((await all.request(method, '/demo/v1/echo')).status).toBe(200);
  });

  it("accepts the original's comma strings, any case", async () => {
    const client = serverWith(echoRoute('post, Put,PATCH'));
    expect((await client.put('/demo/v1/echo')).body).toEqual({ method: 'PUT' });
    const index = await client.get('/demo/v1');
    expect(index.body.routes['/demo/v1/echo'].methods).toEqual(['POST', 'PUT', 'PATCH']);
  });
});

describe('registration errors', () => {
  it('throws when an endpoint states no permission', () => {
    const server = createRestServer();
    const route = defineRoute({
      path: '/open',
      endpoints: (endpoint) => [
        // @ts-expect-error: `permission` is required by the types too
        endpoint({ methods: READABLE, handler: () => null }),
      ],
    });
    expect(() => server.register('demo/v1', route)).toThrow(/has no permission/);
    // Nothing of the failed registration is left behind.
    expect(server.namespaces).toEqual([]);
  });

  it('throws on an unknown method or an empty method list', () => {
    const server = createRestServer();
    expect(() => server.register('demo/v1', echoRoute('GET, FETCH'))).toThrow(/Unknown method "FETCH"/);
    expect(() => server.register('demo/v1', echoRoute(''))).toThrow(/at least one method/);
  });

  it('throws on a bad namespace', () => {
    const server = createRestServer();
    for (const bad of ['', 'tel', '/tel/v1', 'tel/v1/', 'tel//v1', 'tel v1/x']) {
      expect(() => server.register(bad, echoRoute(READABLE)), bad).toThrow(/Invalid namespace/);
    }
    expect(() => server.register('oembed/1.0', echoRoute(READABLE))).not.toThrow();
  });

  it('throws on a route without endpoints and on an invalid argument pattern', () => {
    const server = createRestServer();
    expect(() => server.register('demo/v1', defineRoute({ path: '/x', endpoints: () => [] }))).toThrow(/no endpoints/);
    const badPattern = defineRoute({
      path: '/y',
      args: { q: z.string().regex(/x/).meta({ pattern: '(' }) },
      endpoints: (endpoint) => [endpoint({ methods: READABLE, permission: 'public', handler: () => null })],
    });
    expect(() => server.register('demo/v1', badPattern)).toThrow(/not a valid regular expression/);
  });

  it('merges a second registration of the same path, as the original does', async () => {
    const server = createRestServer({ siteUrl: 'http://example.test' });
    server.register('demo/v1', echoRoute(READABLE));
    server.register('demo/v1', echoRoute(DELETABLE));
    const client = testClient(server);
    expect((await client.get('/demo/v1/echo')).status).toBe(200);
    expect((await client.delete('/demo/v1/echo')).status).toBe(200);
    expect((await client.get('/demo/v1/echo')).header('Allow')).toBe('GET, DELETE');
  });
});

const Item = z.object({ id: z.number().int().readonly(), title: z.string() });

describe('typed handlers', () => {
  it('types arguments from the route and endpoint schemas', () => {
    defineRoute({
      path: '/items/:id',
      schema: Item,
      args: { id: z.number().int() },
      endpoints: (endpoint) => [
        endpoint({
          methods: READABLE,
          args: { context: z.enum(['view', 'edit']).default('view') },
          permission: 'public',
          handler: (args) => {
            expectTypeOf(args.id).toEqualTypeOf<number>();
            expectTypeOf(args.context).toEqualTypeOf<'view' | 'edit'>();
            return { id: args.id, title: 'x' };
          },
        }),
        endpoint({
          methods: READABLE,
          args: collectionArgs({ orderby: ['id', 'title'] }),
          permission: 'public',
          handler: (args) => {
            expectTypeOf(args.orderby).toEqualTypeOf<'id' | 'title'>();
            expectTypeOf(args.per_page).toEqualTypeOf<number>();
            return [];
          },
        }),
      ],
    });
  });

  it('rejects, at compile time, a handler whose record does not fit the item schema', () => {
    // The assertions are the `@ts-expect-error` lines: `tsc -b` fails if either stops erring.
    const route = defineRoute({
      path: '/items',
      schema: Item,
      endpoints: (endpoint) => [
        // @ts-expect-error: `title` must be a string
        endpoint({ methods: READABLE, permission: 'public', handler: () => ({ id: 1, title: 2 }) }),
        // @ts-expect-error: `title` is missing
        endpoint({ methods: READABLE, permission: 'public', handler: () => [{ id: 1 }] }),
        endpoint({ methods: READABLE, permission: 'public', handler: () => response({ anything: true }, { raw: true }) }),
      ],
    });
    expect(route.endpoints).toHaveLength(3);
  });

  it('rejects a default sort field that is not one of the sort fields', () => {
    // @ts-expect-error: 'date' is not in orderby
    expect(() => collectionArgs({ orderby: ['id', 'title'], defaultOrderby: 'date' })).toThrow(/defaultOrderby "date"/);
  });
});

describe('endpoint arguments over route arguments', () => {
  it('lets an endpoint redeclare a route argument, in types and at run time', async () => {
    const server = createRestServer();
    server.register(
      'demo/v1',
      defineRoute({
        path: '/things/:id',
        args: { id: z.number().int() },
        endpoints: (endpoint) => [
          endpoint({
            methods: READABLE,
            args: {
              id: z
                .number()
                .int()
                .transform((n) => `#${n}`),
            },
            permission: 'public',
            handler: ({ id }) => {
              expectTypeOf(id).toEqualTypeOf<string>();
              return { id };
            },
          }),
        ],
      }),
    );
    expect((await testClient(server).get('/demo/v1/things/4')).body).toEqual({ id: '#4' });
  });
});
