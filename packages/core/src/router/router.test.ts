import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDemoServer } from '../../test/fixture.js';
import { createRestServer, defineRoute, READABLE } from '../index.js';
import { testClient } from '../testing.js';
import { parsePattern, toOriginalForm } from './pattern.js';
import { Router } from './router.js';

const NO_ROUTE = {
  code: 'rest_no_route',
  message: 'No route was found matching the URL and request method.',
  data: { status: 404 },
};

describe('route matching through the front door', () => {
  const client = testClient(createDemoServer().server);

  it('matches an integer `:id` parameter and passes it as a number', async () => {
    const res = await client.get('/demo/v1/notes/3');
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(3);
  });

  it('answers 404 rest_no_route when an integer parameter is not digits', async () => {
    const res = await client.get('/demo/v1/notes/abc');
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NO_ROUTE);
  });

  it('matches case-insensitively, as the original does', async () => {
    const res = await client.get('/DEMO/V1/Notes/3');
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(3);
  });

  it('ignores a trailing slash', async () => {
    expect((await client.get('/demo/v1/notes/3/')).body.id).toBe(3);
    expect((await client.get('/demo/v1/notes/')).status).toBe(200);
  });

  it('serves the `?rest_route=` form on the site root and index.php', async () => {
    const a = await client.get('//?rest_route=/demo/v1/notes/4');
    expect(a.status).toBe(200);
    expect(a.body.id).toBe(4);
    const b = await client.get('//index.php?rest_route=%2Fdemo%2Fv1%2Fnotes&per_page=1&page=2');
    expect(b.status).toBe(200);
    // `rest_route` stays in the query of the pagination links, as the original's do.
    expect(b.header('Link')).toBe(
      '<http://example.test/cms-json/demo/v1/notes?rest_route=%2Fdemo%2Fv1%2Fnotes&per_page=1&page=1>; rel="prev", ' +
        '<http://example.test/cms-json/demo/v1/notes?rest_route=%2Fdemo%2Fv1%2Fnotes&per_page=1&page=3>; rel="next"',
    );
  });

  it('answers a wrong method with 404 rest_no_route (not 405)', async () => {
    const res = await client.put('/demo/v1/notes', { body: { title: 'x' } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NO_ROUTE);
  });

  it('answers an unknown path with 404 rest_no_route', async () => {
    expect((await client.get('/nope/v1/things')).body).toEqual(NO_ROUTE);
  });

  it('answers HEAD like GET, without a body', async () => {
    const get = await client.get('/demo/v1/notes?per_page=2');
    const head = await client.head('/demo/v1/notes?per_page=2');
    expect(head.status).toBe(200);
    expect(head.text).toBeNull();
    expect(head.header('X-CMS-Total')).toBe(get.header('X-CMS-Total'));
    expect(head.header('Link')).toBe(get.header('Link'));
  });

  it('decodes percent-encoded path segments before matching', async () => {
    const server = createRestServer({ siteUrl: 'http://example.test' });
    server.register(
      'demo/v1',
      defineRoute({
        path: '/tags/:slug',
        args: { slug: z.string() },
        endpoints: (endpoint) => [endpoint({ methods: READABLE, permission: 'public', handler: ({ slug }) => ({ slug }) })],
      }),
    );
    const res = await testClient(server).get('/demo/v1/tags/a%20b+c');
    expect(res.body).toEqual({ slug: 'a b+c' });
  });
});

describe('Router', () => {
  it('prefers a literal segment over a pattern and backtracks', () => {
    const router = new Router<string>();
    router.add(parsePattern('/a/(?P<id>[\\d]+)/x'), 'pattern');
    router.add(parsePattern('/a/1/y'), 'literal');
    expect(router.match('/a/1/y')?.value).toBe('literal');
    expect(router.match('/a/1/x')).toEqual({ value: 'pattern', params: { id: '1' } });
    expect(router.match('/a/1/z')).toBeUndefined();
  });

  it('matches a group of digits as its regex does: ASCII digits only, one or more, empty segments skipped', () => {
    const router = new Router<string>();
    router.add(parsePattern('/n/(?P<id>[\\d]+)'), 'class');
    router.add(parsePattern('/m/(?P<id>\\d+)/x'), 'escape');
    router.add(parsePattern('/o/(?P<id>[\\d]*)'), 'star');
    const regex = /^(?:[\d]+)$/i;
    for (const segment of ['0', '0012', '9'.repeat(40), '', '1a', 'a1', '١٢', '１', '-1', '1.5', ' 1', 'e1']) {
      const expected = regex.test(segment) ? { value: 'class', params: { id: segment } } : undefined;
      expect(router.match(`/n/${segment}`)).toEqual(expected);
    }
    expect(router.match('/m/12/x')).toEqual({ value: 'escape', params: { id: '12' } });
    expect(router.match('//m//12//x//')).toEqual({ value: 'escape', params: { id: '12' } });
    expect(router.match('/m/12')).toBeUndefined();
    expect(router.match('/o/x')).toBeUndefined();
    expect(router.match('/o/7')).toEqual({ value: 'star', params: { id: '7' } });
  });

  it('matches groups that span segments with one whole-path regex', () => {
    const router = new Router<string>();
    router.add(parsePattern('/files/(?P<path>.+)'), 'files');
    expect(router.match('/files/a/b/c')).toEqual({ value: 'files', params: { path: 'a/b/c' } });
  });

  it('serves the root path', () => {
    const router = new Router<string>();
    router.add(parsePattern('/'), 'root');
    expect(router.match('/')?.value).toBe('root');
  });
});

describe('Router, a path matched again', () => {
  it('answers a path seen before as the first time, with parameters of its own', () => {
    const router = new Router<string>();
    router.add(parsePattern('/posts/(?P<id>[\\d]+)'), 'post');
    const first = router.match('/posts/12');
    expect(first).toEqual({ value: 'post', params: { id: '12' } });
    if (first !== undefined) first.params.id = 'changed';
    const again = router.match('/posts/12');
    expect(again).toEqual({ value: 'post', params: { id: '12' } });
    if (again !== undefined) again.params.id = 'changed too';
    expect(router.match('/posts/12')?.params).toEqual({ id: '12' });
    expect(router.match('/posts/x')).toBeUndefined();
    expect(router.match('/posts/x')).toBeUndefined();
  });

  it('matches a path that matched nothing once a route for it is added, and the new route first', () => {
    const router = new Router<string>();
    router.add(parsePattern('/a/(?P<slug>[\\w-]+)'), 'by slug');
    expect(router.match('/b/1')).toBeUndefined();
    expect(router.match('/a/1')?.value).toBe('by slug');
    router.add(parsePattern('/b/(?P<id>[\\d]+)'), 'b');
    router.add(parsePattern('/a/(?P<slug>[\\w-]+)'), 'replaced');
    expect(router.match('/b/1')).toEqual({ value: 'b', params: { id: '1' } });
    expect(router.match('/a/1')?.value).toBe('replaced');
  });

  it('still matches after many distinct paths, and long paths too', () => {
    const router = new Router<string>();
    router.add(parsePattern('/n/(?P<id>[\\d]+)'), 'n');
    for (let id = 1; id <= 3000; id++) expect(router.match(`/n/${id}`)?.params.id).toBe(String(id));
    const long = `/n/${'9'.repeat(400)}`;
    expect(router.match(long)?.params.id).toBe('9'.repeat(400));
    expect(router.match(long)?.params.id).toBe('9'.repeat(400));
  });
});

describe('path templates', () => {
  it('turns `:name` into the original named-group form', () => {
    expect(toOriginalForm('/notes/:id', () => '[\\d]+')).toBe('/notes/(?P<id>[\\d]+)');
  });

  it('leaves `(?:…)` groups alone', () => {
    expect(toOriginalForm('/users/(?P<id>(?:me|[\\d]+))', () => 'x')).toBe('/users/(?P<id>(?:me|[\\d]+))');
  });

  it('accepts the original `(?P<id>[\\d]+)` form and matches it', async () => {
    const server = createRestServer({ siteUrl: 'http://example.test' });
    server.register(
      'demo/v1',
      defineRoute({
        path: '/users/(?P<id>(?:me|[\\d]+))',
        endpoints: (endpoint) => [
          endpoint({ methods: READABLE, permission: 'public', handler: (_args, request) => ({ id: request.param('id') }) }),
        ],
      }),
    );
    const client = testClient(server);
    expect((await client.get('/demo/v1/users/me')).body).toEqual({ id: 'me' });
    expect((await client.get('/demo/v1/users/12')).body).toEqual({ id: '12' });
    expect((await client.get('/demo/v1/users/you')).status).toBe(404);
    const index = await client.get('/demo/v1');
    expect(Object.keys(index.body.routes)).toContain('/demo/v1/users/(?P<id>(?:me|[\\d]+))');
  });
});
