import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRestServer, defineRoute, READABLE, type RestServerOptions, response, sharedCachePolicy } from '../index.js';
import { testClient } from '../testing.js';

const PUBLIC = 'public, max-age=0, s-maxage=300, stale-while-revalidate=30';
const PRIVATE = 'no-cache, must-revalidate, max-age=0, no-store, private';

/** Notes with their keys; a plugin route that declares nothing; a static route; an embedding route. */
function setup(options: RestServerOptions = { sharedCache: {} }) {
  const server = createRestServer(options);
  const note = defineRoute({
    path: '/notes/(?P<id>\\d+)',
    args: { id: z.coerce.number().int() },
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        permission: 'public',
        handler: ({ id }, request) => {
          if (id > 100) throw new Error('boom');
          if (id === 99) return response({ id }, { status: 404 });
          request.cacheKeys.add(`note-${id}`);
          if (id === 7) request.cacheKeys.markPrivate();
          const author = { embeddable: true, href: request.scope.restUrl(`/test/v1/authors/${id}`) };
          const headers: Record<string, string> = id === 5 ? { 'Set-Cookie': 'a=b' } : {};
          return response({ id, _links: { author: [author] } }, { headers });
        },
      }),
    ],
  });
  const author = defineRoute({
    path: '/authors/(?P<id>\\d+)',
    args: { id: z.coerce.number().int() },
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        permission: 'public',
        handler: ({ id }, request) => {
          // Author 3 forgets its keys: anything that embeds it is not shared.
          if (id !== 3) request.cacheKeys.add(`author-${id}`, 'authors');
          return { id };
        },
      }),
    ],
  });
  const undeclared = defineRoute({
    path: '/undeclared',
    endpoints: (endpoint) => [endpoint({ methods: READABLE, permission: 'public', handler: () => ({ now: 1 }) })],
  });
  const fixed = defineRoute({
    path: '/fixed',
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        permission: 'public',
        handler: (_args, request) => {
          request.cacheKeys.markStatic();
          return { fixed: true };
        },
      }),
    ],
  });
  const many = defineRoute({
    path: '/many',
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        permission: 'public',
        handler: (_args, request) => {
          for (let i = 0; i < 2000; i++) request.cacheKeys.add(`note-${i}`);
          return [];
        },
      }),
    ],
  });
  server.register('test/v1', note, author, undeclared, fixed, many);
  server.authenticate((request) => (request.headers['x-test-user'] === undefined ? null : { user: { id: 1, can: () => true } }));
  return testClient(server);
}

describe('shared cache: cacheable answers', () => {
  it('marks an anonymous GET public with every key it declared, in both key headers', async () => {
    const res = await setup().get('/test/v1/notes/1');
    expect(res.status).toBe(200);
    expect(res.header('Cache-Control')).toBe(PUBLIC);
    expect(res.header('xkey')).toBe('note-1');
    expect(res.header('Surrogate-Key')).toBe('note-1');
    expect(res.header('Expires')).toBeUndefined();
  });

  it('merges the keys of embedded answers into the parent', async () => {
    const res = await setup().get('/test/v1/notes/1?_embed');
    expect(res.header('Cache-Control')).toBe(PUBLIC);
    expect(res.header('xkey')).toBe('note-1 author-1 authors');
  });

  it('marks HEAD as GET, and a 304 keeps the public Cache-Control and the keys', async () => {
    const client = setup();
    const head = await client.head('/test/v1/notes/2');
    expect(head.header('xkey')).toBe('note-2');
    const full = await client.get('/test/v1/notes/2');
    const revalidated = await client.get('/test/v1/notes/2', { headers: { 'if-none-match': full.header('ETag') as string } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.header('Cache-Control')).toBe(PUBLIC);
    expect(revalidated.header('xkey')).toBe('note-2');
  });

  it('shares a static route without keys, and uses the configured ages and key headers', async () => {
    const client = setup({ sharedCache: { sMaxAge: 60, staleWhileRevalidate: 5, maxAge: 10, keyHeaders: ['Cache-Tag'] } });
    const fixed = await client.get('/test/v1/fixed');
    expect(fixed.header('Cache-Control')).toBe('public, max-age=10, s-maxage=60, stale-while-revalidate=5');
    expect(fixed.header('Cache-Tag')).toBeUndefined();
    const note = await client.get('/test/v1/notes/1');
    expect(note.header('Cache-Tag')).toBe('note-1');
    expect(note.header('xkey')).toBeUndefined();
  });
});

describe('shared cache: answers never shared', () => {
  const privateCases: [string, string, Record<string, string>?][] = [
    ['a route that declared nothing', '/test/v1/undeclared'],
    ['an answer embedding a route that declared nothing', '/test/v1/notes/3?_embed'],
    ['an answer marked private', '/test/v1/notes/7'],
    ['an authenticated request', '/test/v1/notes/1', { 'x-test-user': '1' }],
    ['a request with a nonce header', '/test/v1/notes/1', { 'X-CMS-Nonce': 'abc' }],
    ['a nonce in the query', '/test/v1/notes/1?_cmsnonce=abc'],
    ['_jsonp', '/test/v1/notes/1?_jsonp=cb'],
    ['_envelope', '/test/v1/notes/1?_envelope'],
    ['context=edit', '/test/v1/notes/1?context=edit'],
    ['a password argument', '/test/v1/notes/1?password=secret'],
    ['an answer with Set-Cookie', '/test/v1/notes/5'],
    ['an error', '/test/v1/notes/99'],
    ['no route', '/test/v1/nothing'],
    ['a failure', '/test/v1/notes/101'],
    ['keys longer than the header limit', '/test/v1/many'],
  ];
  it.each(privateCases)('%s: private, no keys', async (_name, path, headers = {}) => {
    const res = await setup({ sharedCache: {}, onError: () => {} }).get(path, { headers });
    expect(res.header('Cache-Control')).toBe(PRIVATE);
    expect(res.header('xkey')).toBeUndefined();
    expect(res.header('Surrogate-Key')).toBeUndefined();
  });

  it('keeps a POST private', async () => {
    const res = await setup().request('POST', '/test/v1/notes/1');
    expect(res.header('Cache-Control')).toBe(PRIVATE);
  });
});

describe('shared cache: off', () => {
  it('adds no header at all when the option is not given (the wp wire stays exact)', async () => {
    const client = setup({ prefix: 'wp' });
    const res = await client.get('/test/v1/notes/1?_embed');
    expect(res.header('Cache-Control')).toBeUndefined();
    expect(res.header('Expires')).toBeUndefined();
    expect(res.header('xkey')).toBeUndefined();
    expect(res.header('Surrogate-Key')).toBeUndefined();
    expect((await client.get('/test/v1/undeclared')).header('Cache-Control')).toBeUndefined();
  });
});

describe('shared cache: settings', () => {
  it.each([
    [{ sMaxAge: -1 }, /sMaxAge/],
    [{ staleWhileRevalidate: 1.5 }, /staleWhileRevalidate/],
    [{ maxAge: Number.NaN }, /maxAge/],
    [{ keyHeaders: ['x key'] }, /keyHeaders/],
    [{ maxKeyHeaderBytes: 0 }, /maxKeyHeaderBytes/],
  ])('refuses a bad setting at start-up: %o', (options, message) => {
    expect(() => sharedCachePolicy(options)).toThrow(message);
    expect(() => createRestServer({ sharedCache: options })).toThrow(message);
  });
});
