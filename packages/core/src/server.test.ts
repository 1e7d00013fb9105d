import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDemoServer } from '../test/fixture.js';
import { createRestServer, defineRoute, type PageDefinition, READABLE, type RestResponse, response } from './index.js';
import { testClient } from './testing.js';

describe('createRestServer', () => {
  it('lists a collection with totals and prev/next links', async () => {
    const client = testClient(createDemoServer().server);
    const res = await client.get('/demo/v1/notes?per_page=2&page=2');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.header('X-CMS-Total')).toBe('25');
    expect(res.header('X-CMS-TotalPages')).toBe('13');
    expect(res.header('Link')).toContain('rel="next"');
    expect(res.body[0]._links.self[0].href).toMatch(/^http:\/\/example\.test\/cms-json\/demo\/v1\/notes\/\d+$/);
  });

  it('answers an unknown route with 404 rest_no_route', async () => {
    const res = await testClient(createDemoServer().server).get('/demo/v1/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
      data: { status: 404 },
    });
  });

  it('answers a path or a method no route serves with the same 404 body, however it is asked', async () => {
    const client = testClient(createDemoServer().server);
    const body = {
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
      data: { status: 404 },
    };
    const text = JSON.stringify(body);
    for (const res of [await client.get('/demo/v1/nope'), await client.put('/demo/v1/notes', { body: {} })]) {
      expect([res.status, res.text, res.header('Allow')]).toEqual([404, text, undefined]);
    }
    expect((await client.get('/demo/v1/nope?_pretty')).text).toBe(JSON.stringify(body, null, 4));
    expect((await client.get('/demo/v1/nope?_fields=code')).text).toBe(text);
    expect((await client.get('/demo/v1/nope?_embed')).text).toBe(text);
    expect((await client.get('/demo/v1/nope?_envelope')).body).toEqual({ body, status: 404, headers: [] });
    expect((await client.get('/demo/v1/nope?_jsonp=cb')).text).toBe(`/**/cb(${text})`);
    const head = await client.head('/demo/v1/nope');
    expect([head.status, head.text]).toEqual([404, null]);
    const options = await client.options('/demo/v1/nope');
    expect([options.status, options.body]).toEqual([200, []]);
    const dispatched = await createDemoServer().server.dispatch({ path: '/demo/v1/nope' });
    expect([dispatched.status, dispatched.json, dispatched.data]).toEqual([404, undefined, body]);
  });

  it('creates with 201 and Location', async () => {
    const { server, notes } = createDemoServer();
    const res = await testClient(server).post('/demo/v1/notes', {
      headers: { 'x-test-user': 'editor' },
      body: { title: 'New', body: 'Text' },
    });
    expect(res.status).toBe(201);
    expect(res.header('Location')).toBe('http://example.test/cms-json/demo/v1/notes/26');
    expect(notes.get(26)).toMatchObject({ title: 'New', body: 'Text' });
  });

  it('rejects an invalid prefix', () => {
    expect(() => createRestServer({ prefix: 'Bad-Prefix' })).toThrow(/Invalid prefix/);
  });

  it('runs plugins with use()', async () => {
    const server = createRestServer();
    await server.use(async (s) => {
      s.register(
        'plug/v1',
        defineRoute({
          path: '/hi',
          endpoints: (e) => [e({ methods: READABLE, permission: 'public', handler: () => ({ hi: 1 }) })],
        }),
      );
    });
    expect(server.namespaces).toEqual(['plug/v1']);
  });

  it('builds REST URLs with a query', () => {
    const server = createRestServer({ siteUrl: 'https://site.test' });
    expect(server.restRootUrl()).toBe('https://site.test/cms-json/');
    expect(server.restUrl('demo/v1/notes', { page: 2, tags: ['a', 'b'] })).toBe(
      'https://site.test/cms-json/demo/v1/notes?page=2&tags[]=a&tags[]=b',
    );
  });
});

describe('server.dispatch', () => {
  it('takes a query in the path, merges `query` over it, and converts values to strings', async () => {
    const { server } = createDemoServer();
    const res = await server.dispatch({ path: '/demo/v1/notes?per_page=2&order=asc', query: { page: 2, _embed: true } });
    expect(res.status).toBe(200);
    expect((res.data as { id: number }[]).map((n) => n.id)).toEqual([3, 4]);
    expect(res.getHeader('Link')).toEqual([
      '<http://example.test/cms-json/demo/v1/notes?per_page=2&order=asc&page=1&_embed=1>; rel="prev"',
      '<http://example.test/cms-json/demo/v1/notes?per_page=2&order=asc&page=3&_embed=1>; rel="next"',
    ]);
  });

  it('decodes the path and drops a trailing slash', async () => {
    const server = createRestServer();
    server.register(
      'demo/v1',
      defineRoute({
        path: '/tags/:slug',
        args: { slug: z.string() },
        endpoints: (e) => [e({ methods: READABLE, permission: 'public', handler: ({ slug }) => response({ slug }) })],
      }),
    );
    expect((await server.dispatch({ path: '/demo/v1/tags/a%20b/' })).data).toEqual({ slug: 'a b' });
  });

  it('makes its URLs on the siteUrl, else on the site of the request given as `from`, else on http://localhost', async () => {
    const selfOf = (res: RestResponse) => res.links.self?.[0]?.href;
    const { server } = createDemoServer({ siteUrl: undefined });
    expect(selfOf(await server.dispatch({ path: '/demo/v1/notes/1' }))).toBe('http://localhost/cms-json/demo/v1/notes/1');
    const seen: (string | undefined)[] = [];
    const front: PageDefinition = {
      path: '/front',
      handler: async (request) => {
        seen.push(selfOf(await server.dispatch({ path: '/demo/v1/notes/1' }, { from: request })));
        return { body: '' };
      },
    };
    server.page(front);
    await server.handle({ method: 'GET', url: '/front', headers: {}, baseUrl: 'https://example.org/site' });
    expect(seen).toEqual(['https://example.org/site/cms-json/demo/v1/notes/1']);
    const { server: fixed } = createDemoServer();
    fixed.page({
      path: '/front',
      handler: async (request) => ({ body: selfOf(await fixed.dispatch({ path: '/demo/v1/notes/1' }, { from: request })) }),
    });
    const page = await fixed.handle({ method: 'GET', url: '/front', headers: {}, baseUrl: 'https://example.org/site' });
    expect(page?.body).toBe('http://example.test/cms-json/demo/v1/notes/1');
  });

  it('takes an object body as JSON and a user', async () => {
    const { server, notes } = createDemoServer();
    const editor = { id: 1, can: () => true };
    const res = await server.dispatch({ method: 'POST', path: '/demo/v1/notes', body: { title: 'T', body: 'B' }, user: editor });
    expect(res.status).toBe(201);
    expect(notes.size).toBe(26);
  });
});

describe('server.handle', () => {
  const setup = () => {
    const server = createRestServer({ siteUrl: 'http://example.test', onError: () => {} });
    const sync = defineRoute({
      path: '/now',
      endpoints: (endpoint) => [endpoint({ methods: READABLE, permission: 'public', handler: () => ({ at: 'once' }) })],
    });
    const later = defineRoute({
      path: '/later',
      endpoints: (endpoint) => [endpoint({ methods: READABLE, permission: 'public', handler: async () => ({ at: 'later' }) })],
    });
    const broken = defineRoute({
      path: '/broken',
      endpoints: (endpoint) => [
        endpoint({
          methods: READABLE,
          permission: 'public',
          handler: () => {
            throw new Error('boom');
          },
        }),
      ],
    });
    server.register('t/v1', sync, later, broken);
    return server;
  };
  const get = (url: string) => ({ method: 'GET', url: `/cms-json${url}`, headers: {} });

  it('answers a synchronous route, an unknown path and a failing handler', async () => {
    const server = setup();
    const now = await server.handle(get('/t/v1/now'));
    expect(JSON.parse(now?.body as string)).toEqual({ at: 'once' });
    expect(await server.handle(get('/t/v1/nothing-here'))).toMatchObject({ status: 404 });
    const failed = await server.handle(get('/t/v1/broken'));
    expect(failed).toMatchObject({ status: 500 });
    expect(JSON.parse(failed?.body as string).code).toBe('rest_internal_error');
  });

  it('answers a route that waits', async () => {
    const server = setup();
    const later = await server.handle(get('/t/v1/later'));
    expect(JSON.parse(later?.body as string)).toEqual({ at: 'later' });
  });

  it('answers null for a path outside the API', async () => {
    const server = setup();
    expect(await server.handle({ method: 'GET', url: '/elsewhere', headers: {} })).toBeNull();
  });

  it('runs the request wrappers around each request, the first outermost, and sends what they return', async () => {
    const server = setup();
    const seen: string[] = [];
    server.aroundRequests(async (http, next) => {
      seen.push(`outer ${http.url}`);
      const response = await next();
      if (response !== null) response.headers['X-Outer'] = 'yes';
      return response;
    });
    server.aroundRequests(async (_http, next) => {
      seen.push('inner');
      return next();
    });
    const now = await server.handle(get('/t/v1/now'));
    expect(now?.headers['X-Outer']).toBe('yes');
    expect(JSON.parse(now?.body as string)).toEqual({ at: 'once' });
    expect(await server.handle({ method: 'GET', url: '/elsewhere', headers: {} })).toBeNull();
    expect(seen).toEqual(['outer /cms-json/t/v1/now', 'inner', 'outer /elsewhere', 'inner']);
  });

  it('lets a wrapper answer in place of the server', async () => {
    const server = setup();
    server.aroundRequests(async () => ({ status: 503, headers: {}, body: 'maintenance' }));
    expect(await server.handle(get('/t/v1/now'))).toMatchObject({ status: 503, body: 'maintenance' });
  });
});

describe('the WordPress profile (prefix: wp)', () => {
  const { server } = createDemoServer({ prefix: 'wp' });
  const client = testClient(server);

  it('serves under /wp-json with X-WP-* headers and the wp: CURIE', async () => {
    const res = await client.get('/demo/v1/notes?per_page=2');
    expect(res.header('X-WP-Total')).toBe('25');
    expect(res.header('X-WP-TotalPages')).toBe('13');
    expect(res.header('Access-Control-Expose-Headers')).toBe('X-WP-Total, X-WP-TotalPages, Link');
    expect(res.header('Access-Control-Allow-Headers')).toBe(
      'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type',
    );
    expect((await client.get('/')).headers.Link).toEqual(['<http://example.test/wp-json/>; rel="https://api.w.org/"']);
    expect(res.body[0]._links.curies).toEqual([{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }]);
    expect(res.body[0]._links.self[0].href).toMatch(/^http:\/\/example\.test\/wp-json\/demo\/v1\/notes\/\d+$/);
  });

  it('names the nonce header and parameter after the prefix', () => {
    expect(server.names).toEqual({
      prefix: 'wp',
      restRoot: '/wp-json',
      headerPrefix: 'X-WP-',
      nonceHeader: 'X-WP-Nonce',
      nonceParam: '_wpnonce',
    });
    expect(createRestServer().names.nonceParam).toBe('_cmsnonce');
  });

  it('does not answer under the other prefix', async () => {
    expect(await server.handle({ method: 'GET', url: '/cms-json/demo/v1', headers: {} })).toBeNull();
  });
});
