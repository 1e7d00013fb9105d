import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDemoServer } from '../../test/fixture.js';
import {
  CREATABLE,
  collectionArgs,
  createRestServer,
  defineRoute,
  nullPassesUnchecked,
  parseQueryString,
  parseRequestArgs,
  READABLE,
  requestLocal,
  requireCapability,
  response,
  withRequestCheck,
} from '../index.js';
import { testClient } from '../testing.js';
import { runsCustomCode } from './args.js';

/** The tel/v1 item schema's contexts: view and edit only. */
const Link = z.object({
  id: z
    .number()
    .int()
    .readonly()
    .meta({ context: ['view', 'edit'] }),
  title: z.string().meta({ context: ['view', 'edit'] }),
});

function server() {
  const s = createRestServer({ siteUrl: 'http://example.test' });
  s.register(
    'demo/v1',
    defineRoute({
      path: '/links',
      schema: Link,
      endpoints: (endpoint) => [
        endpoint({
          methods: READABLE,
          args: collectionArgs({ schema: Link }),
          permission: 'public',
          handler: (args) => response([args], { raw: true }),
        }),
        endpoint({
          methods: CREATABLE,
          args: {
            username: z.string(),
            email: z.string().email(),
            password: z.string(),
            roles: z.array(z.string()).optional(),
          },
          permission: requireCapability('create_users'),
          handler: (args) => response(args, { raw: true }),
        }),
      ],
    }),
    defineRoute({
      path: '/types',
      endpoints: (endpoint) => [
        endpoint({
          methods: READABLE,
          args: {
            int: z.number().int().optional(),
            num: z.number().optional(),
            bool: z.boolean().optional(),
            ids: z.array(z.number().int()).optional(),
            tags: z.array(z.string()).optional(),
            str: z.string().optional(),
            either: z.union([z.number().int(), z.string()]).optional(),
            list: z.array(z.string()).default([]),
          },
          permission: 'public',
          handler: (args) => ({ ...args }),
        }),
      ],
    }),
  );
  return testClient(s);
}

describe('argument errors, exactly as WordPress 6.1 words them', () => {
  const client = server();

  it('collects every invalid parameter with params and details', async () => {
    const res = await client.get('/demo/v1/links?per_page=500&page=x&context=bad');
    expect(res.status).toBe(400);
    // Compared with `GET /wp-json/tel/v1/outgoing-links?per_page=500&page=x&context=bad`.
    expect(res.body).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): context, page, per_page',
      data: {
        status: 400,
        params: {
          context: 'context is not one of view and edit.',
          page: 'page is not of type integer.',
          per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)',
        },
        details: {
          context: { code: 'rest_not_in_enum', message: 'context is not one of view and edit.', data: null },
          page: { code: 'rest_invalid_type', message: 'page is not of type integer.', data: { param: 'page' } },
          per_page: {
            code: 'rest_out_of_bounds',
            message: 'per_page must be between 1 (inclusive) and 100 (inclusive)',
            data: null,
          },
        },
      },
    });
    expect(res.header('Allow')).toBe('GET');
  });

  it('lists missing required parameters in declaration order', async () => {
    const res = await client.post('/demo/v1/links', { body: {} });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'rest_missing_callback_param',
      message: 'Missing parameter(s): username, email, password',
      data: { status: 400, params: ['username', 'email', 'password'] },
    });
  });

  it('validates formats and JSON types (a number is not a string)', async () => {
    const res = await client.post('/demo/v1/links', { body: { username: 5, email: 'bad', password: 'p' } });
    expect(res.body.message).toBe('Invalid parameter(s): username, email');
    expect(res.body.data.details).toEqual({
      username: { code: 'rest_invalid_type', message: 'username is not of type string.', data: { param: 'username' } },
      email: { code: 'rest_invalid_email', message: 'Invalid email address.', data: null },
    });
  });

  it('validates before the permission check: an anonymous bad request gets 400, a good one 401', async () => {
    expect((await client.post('/demo/v1/links', { body: { username: 'u', email: 'bad', password: 'p' } })).status).toBe(400);
    const ok = await client.post('/demo/v1/links', { body: { username: 'u', email: 'a@b.co', password: 'p' } });
    expect(ok.status).toBe(401);
    expect(ok.body.code).toBe('rest_forbidden');
  });

  it('names the failing item of a list: include[1]', async () => {
    const res = await client.get('/demo/v1/types?ids=1,abc');
    expect(res.body.data.params).toEqual({ ids: 'ids[1] is not of type integer.' });
    expect(res.body.data.details.ids.data).toEqual({ param: 'ids[1]' });
  });

  it('rejects non-integers and non-booleans', async () => {
    const res = await client.get('/demo/v1/types?int=1.5&bool=maybe');
    expect(res.body.data.params).toEqual({ int: 'int is not of type integer.', bool: 'bool is not of type boolean.' });
  });
});

describe('coercion of query and form strings', () => {
  const client = server();

  it('applies defaults', async () => {
    const [args] = (await client.get('/demo/v1/links')).body;
    expect(args).toMatchObject({ context: 'view', page: 1, per_page: 10, order: 'desc' });
    expect((await client.get('/demo/v1/types')).body).toEqual({ list: [] });
  });

  it('casts integers, numbers and booleans', async () => {
    const res = await client.get('/demo/v1/types?int=5&num=1.5&bool=false&str=07');
    expect(res.body).toMatchObject({ int: 5, num: 1.5, bool: false, str: '07' });
    for (const [text, value] of [
      ['1', true],
      ['0', false],
      ['TRUE', true],
      ['false', false],
    ] as const) {
      expect((await client.get(`/demo/v1/types?bool=${text}`)).body.bool, text).toBe(value);
    }
  });

  it('splits comma and space lists into arrays, and reads PHP brackets', async () => {
    expect((await client.get('/demo/v1/types?ids=1,2%203')).body.ids).toEqual([1, 2, 3]);
    expect((await client.get('/demo/v1/types?tags[]=a&tags[]=b')).body.tags).toEqual(['a', 'b']);
    expect((await client.get('/demo/v1/types?tags[0]=a&tags[1]=b')).body.tags).toEqual(['a', 'b']);
    expect((await client.get('/demo/v1/types?tags=solo')).body.tags).toEqual(['solo']);
  });

  it('parses a value sent again as it did the first time, and refuses a bad one each time', async () => {
    for (let round = 0; round < 3; round++) {
      const res = await client.get('/demo/v1/types?int=5&str=07&bool=0&either=five');
      expect(res.body).toEqual({ int: 5, str: '07', bool: false, either: 'five', list: [] });
      const bad = await client.get('/demo/v1/types?int=5.5');
      expect([bad.status, bad.body.code, Object.keys(bad.body.data.params)]).toEqual([400, 'rest_invalid_param', ['int']]);
    }
  });

  it('hands each request a list of its own, however often the same string is sent', async () => {
    const s = createRestServer({ siteUrl: 'http://example.test' });
    s.register(
      'demo/v1',
      defineRoute({
        path: '/grow',
        endpoints: (endpoint) => [
          endpoint({
            methods: READABLE,
            args: { ids: z.array(z.number().int()).optional() },
            permission: 'public',
            // A handler may change what it was given.
            handler: ({ ids }) => {
              ids?.push(99);
              return response({ ids }, { raw: true });
            },
          }),
        ],
      }),
    );
    const grow = testClient(s);
    for (let round = 0; round < 3; round++) expect((await grow.get('/demo/v1/grow?ids=1,2')).body.ids).toEqual([1, 2, 99]);
  });

  it('picks the first listed type a value fits', async () => {
    expect((await client.get('/demo/v1/types?either=5')).body.either).toBe(5);
    expect((await client.get('/demo/v1/types?either=five')).body.either).toBe('five');
  });
});

describe('Zod refinements', () => {
  it('reports a refinement message as rest_invalid_param', async () => {
    const client = testClient(createDemoServer().server);
    const res = await client.get('/demo/v1/notes/999');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): id',
      data: {
        status: 400,
        params: { id: 'Invalid note ID.' },
        details: { id: { code: 'rest_invalid_param', message: 'Invalid note ID.', data: null } },
      },
    });
  });

  it('reports a bare refinement like a validate callback returning false', async () => {
    const s = createRestServer();
    s.register(
      'demo/v1',
      defineRoute({
        path: '/even',
        args: {
          n: z
            .number()
            .int()
            .refine((n) => n % 2 === 0),
        },
        endpoints: (endpoint) => [endpoint({ methods: READABLE, permission: 'public', handler: ({ n }) => ({ n }) })],
      }),
    );
    const res = await testClient(s).get('/demo/v1/even?n=3');
    expect(res.body.data).toEqual({ status: 400, params: { n: 'Invalid parameter.' }, details: [] });
    expect((await testClient(s).get('/demo/v1/even?n=4')).body).toEqual({ n: 4 });
  });

  it('applies Zod transforms after the original-style checks', async () => {
    const s = createRestServer();
    s.register(
      'demo/v1',
      defineRoute({
        path: '/upper',
        args: {
          s: z
            .string()
            .min(2)
            .transform((v) => v.toUpperCase()),
        },
        endpoints: (endpoint) => [endpoint({ methods: READABLE, permission: 'public', handler: ({ s: value }) => ({ value }) })],
      }),
    );
    const client = testClient(s);
    expect((await client.get('/demo/v1/upper?s=ab')).body).toEqual({ value: 'AB' });
    expect((await client.get('/demo/v1/upper?s=a')).body.data.params).toEqual({ s: 's must be at least 2 characters long.' });
  });
});

describe('async refinements', () => {
  it('are awaited: an unknown id fails validation with 400, before the permission check', async () => {
    const known = new Set([1, 2]);
    const s = createRestServer();
    s.register(
      'demo/v1',
      defineRoute({
        path: '/links/:id',
        args: {
          id: z
            .number()
            .int()
            .refine(async (id) => known.has(id), 'Invalid link ID.'),
        },
        endpoints: (e) => [
          e({ methods: READABLE, permission: 'public', handler: ({ id }) => ({ id }) }),
          e({
            methods: ['DELETE'],
            args: {
              force: z
                .boolean()
                .refine(async () => false)
                .optional(),
            },
            permission: requireCapability('x'),
            handler: () => null,
          }),
        ],
      }),
    );
    const client = testClient(s);
    expect((await client.get('/demo/v1/links/2')).body).toEqual({ id: 2 });
    const unknown = await client.delete('/demo/v1/links/9?force=1');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Invalid parameter(s): id, force');
    expect(unknown.body.data.params).toEqual({ id: 'Invalid link ID.', force: 'Invalid parameter.' });
    expect((await client.delete('/demo/v1/links/1')).status).toBe(401);
  });
});

describe('withRequestCheck', () => {
  function checkedServer() {
    const seen: { id: number; path: string }[] = [];
    const found = requestLocal<string>('demo.found');
    const s = createRestServer();
    s.register(
      'demo/v1',
      defineRoute({
        path: '/links/:id',
        args: {
          id: withRequestCheck(z.number().int().meta({ description: 'The id.' }), async (id, request) => {
            seen.push({ id, path: request.path });
            if (id === 1) found.set(request, 'one');
            return id === 1 || (id === 2 ? 'Link 2 is archived.' : false);
          }),
        },
        endpoints: (e) => [
          e({ methods: READABLE, permission: 'public', handler: ({ id }, request) => ({ id, name: found.get(request) }) }),
          e({
            methods: ['DELETE'],
            args: { reason: withRequestCheck(z.string().default('none'), (reason) => reason !== 'none') },
            permission: requireCapability('x'),
            handler: () => null,
          }),
        ],
      }),
    );
    return { client: testClient(s), seen };
  }

  it('sees the parsed value and the request, and hands what it found to the handler', async () => {
    const { client, seen } = checkedServer();
    expect((await client.get('/demo/v1/links/1')).body).toEqual({ id: 1, name: 'one' });
    expect(seen).toEqual([{ id: 1, path: '/demo/v1/links/1' }]);
  });

  it('rejects like a refinement: false bare, a string with its message, listed with the other arguments', async () => {
    const { client } = checkedServer();
    const bare = await client.get('/demo/v1/links/9');
    expect(bare.status).toBe(400);
    expect(bare.body.data).toEqual({ status: 400, params: { id: 'Invalid parameter.' }, details: [] });
    const both = await client.delete('/demo/v1/links/2');
    expect(both.status).toBe(400);
    expect(both.body.message).toBe('Invalid parameter(s): id, reason');
    expect(both.body.data.params).toEqual({ id: 'Link 2 is archived.', reason: 'Invalid parameter.' });
  });

  it('runs before the permission check, on defaults too, and not when Zod already failed', async () => {
    const { client, seen } = checkedServer();
    expect((await client.delete('/demo/v1/links/1?reason=spam')).status).toBe(401);
    expect((await client.delete('/demo/v1/links/1')).body.data.params).toEqual({ reason: 'Invalid parameter.' });
    seen.length = 0;
    expect((await client.get('/demo/v1/links/1?id=x')).status).toBe(400);
    expect(seen).toEqual([]);
  });

  it('reports failures in declaration order whichever check settles first, sync and async mixed', async () => {
    // Settles a few turns after the other checks.
    const later = (value: boolean) =>
      Promise.resolve()
        .then(() => Promise.resolve())
        .then(() => Promise.resolve(value));
    const s = createRestServer();
    s.register(
      'demo/v1',
      defineRoute({
        path: '/mixed',
        endpoints: (e) => [
          e({
            methods: READABLE,
            args: {
              a: withRequestCheck(z.number().int(), (a) => later(a === 1)),
              b: withRequestCheck(z.number().int(), (b) => b === 1),
              c: withRequestCheck(z.number().int(), async (c) => c === 1),
            },
            permission: 'public',
            handler: ({ a, b, c }) => ({ a, b, c }),
          }),
        ],
      }),
    );
    const client = testClient(s);
    expect((await client.get('/demo/v1/mixed?a=1&b=1&c=1')).body).toEqual({ a: 1, b: 1, c: 1 });
    const failed = await client.get('/demo/v1/mixed?a=2&b=2&c=2');
    expect(failed.body.message).toBe('Invalid parameter(s): a, b, c');
    expect((await client.get('/demo/v1/mixed?a=2&b=1&c=2')).body.message).toBe('Invalid parameter(s): a, c');
  });

  it('runs after an async refinement, only when it passed, alone or beside other pending checks', async () => {
    const checked: number[] = [];
    const check = async (n: number | undefined) => {
      checked.push(n ?? 0);
      return n !== 5;
    };
    const positive = z.number().refine(async (n) => n > 0, 'Must be positive.');
    const s = createRestServer();
    s.register(
      'demo/v1',
      defineRoute({
        path: '/refined',
        endpoints: (e) => [
          e({
            methods: READABLE,
            args: { a: withRequestCheck(positive, check), b: withRequestCheck(positive.optional(), check) },
            permission: 'public',
            handler: ({ a, b }) => ({ a, b: b ?? null }),
          }),
        ],
      }),
    );
    const client = testClient(s);
    expect((await client.get('/demo/v1/refined?a=1')).body).toEqual({ a: 1, b: null });
    expect((await client.get('/demo/v1/refined?a=-1')).body.data.params).toEqual({ a: 'Must be positive.' });
    expect((await client.get('/demo/v1/refined?a=5')).body.data.params).toEqual({ a: 'Invalid parameter.' });
    expect((await client.get('/demo/v1/refined?a=2&b=3')).body).toEqual({ a: 2, b: 3 });
    expect((await client.get('/demo/v1/refined?a=5&b=-2')).body.data.params).toEqual({
      a: 'Invalid parameter.',
      b: 'Must be positive.',
    });
    expect(checked).toEqual([1, 5, 2, 3, 5]);
  });

  it('leaves the schema it was given unmarked, and keeps its description for the index', async () => {
    const plain = z.number().int();
    withRequestCheck(plain, () => false);
    const s = createRestServer();
    s.register(
      'demo/v1',
      defineRoute({
        path: '/n',
        endpoints: (e) => [e({ methods: READABLE, args: { n: plain }, permission: 'public', handler: ({ n }) => ({ n }) })],
      }),
    );
    expect((await testClient(s).get('/demo/v1/n?n=3')).body).toEqual({ n: 3 });
    const { client } = checkedServer();
    const index = await client.get('/demo/v1');
    expect(index.body.routes['/demo/v1/links/(?P<id>[\\d]+)'].endpoints[0].args.id).toMatchObject({ description: 'The id.' });
  });
});

describe('arguments that run custom code', () => {
  it('finds refinements and transforms anywhere in a schema, and none in plain ones', () => {
    expect(runsCustomCode(z.number().int().min(1).default(1))).toBe(false);
    expect(runsCustomCode(z.enum(['a', 'b']).optional())).toBe(false);
    expect(runsCustomCode(z.number().refine(async () => true))).toBe(true);
    expect(
      runsCustomCode(
        z
          .string()
          .transform((s) => s.length)
          .optional(),
      ),
    ).toBe(true);
    expect(runsCustomCode(z.array(z.object({ a: z.string().refine(() => true) })))).toBe(true);
  });
});

describe('parseRequestArgs', () => {
  it('checks body parameters a streamed endpoint set after reading its body, coerced and refused as the dispatcher does', async () => {
    const fields = { title: z.string().optional(), post: z.number().int().optional() };
    const s = createRestServer();
    s.register(
      'test/v1',
      defineRoute({
        path: '/uploads',
        endpoints: (endpoint) => [
          endpoint({
            methods: CREATABLE,
            args: fields,
            streamBody: { maxBytes: 1024 },
            permission: 'public',
            handler: async (_args, request) => {
              let text = '';
              for await (const chunk of request.bodyStream ?? []) text += String.fromCharCode(...chunk);
              request.setBodyParams(parseQueryString(text));
              return response(await parseRequestArgs(request, fields));
            },
          }),
        ],
      }),
    );
    const send = (body: string) =>
      s.dispatch({
        method: 'POST',
        path: '/test/v1/uploads',
        headers: { 'content-type': 'text/plain' },
        bodyStream: (async function* () {
          yield Uint8Array.from(body, (c) => c.charCodeAt(0)); // ASCII
        })(),
      });
    const ok = await send('title=Photo&post=7');
    expect(ok.status).toBe(200);
    expect(ok.data).toEqual({ title: 'Photo', post: 7 });
    const bad = await send('post=seven');
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ code: 'rest_invalid_param', data: { params: { post: expect.any(String) } } });
  });
});

describe('null passed unchecked (nullPassesUnchecked)', () => {
  const s = createRestServer({ siteUrl: 'http://example.test' });
  s.register(
    'demo/v1',
    defineRoute({
      path: '/limits',
      endpoints: (endpoint) => [
        endpoint({
          methods: CREATABLE,
          args: { limit: nullPassesUnchecked(z.number().int().optional().meta({ description: 'A limit.' })) },
          permission: 'public',
          handler: ({ limit }) => response({ limit: limit ?? 'unset', isNull: limit === null }, { raw: true }),
        }),
      ],
    }),
  );
  const client = testClient(s);

  it('hands null to the handler, still checks other values, and describes the type without null', async () => {
    expect((await client.post('/demo/v1/limits', { body: { limit: null } })).body).toEqual({ limit: 'unset', isNull: true });
    expect((await client.post('/demo/v1/limits', { body: { limit: '3' } })).body).toEqual({ limit: 3, isNull: false });
    const bad = await client.post('/demo/v1/limits', { body: { limit: 'x' } });
    expect(bad.body.data.params).toEqual({ limit: 'limit is not of type integer.' });
    const described = await client.options('/demo/v1/limits');
    expect(described.body.endpoints[0].args.limit).toEqual({ type: 'integer', description: 'A limit.', required: false });
  });
});
