import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRestServer, defineRoute, READABLE, type RestServerOptions, response } from '../index.js';
import { testClient } from '../testing.js';
import { linkResolver } from './link.js';

const Post = z.object({ id: z.number().int(), author: z.number().int(), slug: z.string(), parent: z.number().int() });

function server(options: RestServerOptions = {}) {
  const s = createRestServer({ siteUrl: 'http://example.test', ...options });
  const prefix = s.names.prefix;
  s.register(
    'demo/v1',
    defineRoute({
      path: '/posts/:id',
      schema: Post,
      args: { id: z.number().int() },
      links: [
        { rel: 'self', href: '/demo/v1/posts/:id' },
        { rel: 'author', href: '/demo/v1/users/:author', embeddable: true },
        { rel: 'replies', href: '/demo/v1/comments?post=:id', embeddable: true },
        {
          rel: `${s.options.curieBase}term`,
          href: '/demo/v1/tags?post=:id',
          embeddable: true,
          attributes: { taxonomy: 'post_tag' },
        },
        { rel: 'up', href: '/demo/v1/posts/:parent', embeddable: true, when: (post) => post.parent !== 0 },
        { rel: 'alternate', href: 'https://elsewhere.test/:slug' },
        { rel: 'about', href: (post, { url }) => url(`/${prefix}/v2/types/post?slug=${String(post.slug)}`) },
        { rel: 'https://rating.test/rating', href: '/rating/v1/posts/:id' },
      ],
      endpoints: (endpoint) => [
        endpoint({
          methods: READABLE,
          permission: 'public',
          handler: ({ id }) =>
            response({ id, author: 2, slug: 'a b/c', parent: id === 1 ? 0 : 1 }).addLink(
              'version-history',
              'http://example.test/h',
              {
                count: 3,
              },
            ),
        }),
      ],
    }),
  );
  return s;
}

describe('_links', () => {
  it('writes an array per relation, attributes before href, compact CURIEs and the curies used', async () => {
    const res = await testClient(server()).get('/demo/v1/posts/2');
    expect(res.text).toContain('"author":[{"embeddable":true,"href":"http://example.test/cms-json/demo/v1/users/2"}]');
    expect(res.text).toContain('"cms:term":[{"taxonomy":"post_tag","embeddable":true,"href":');
    expect(res.body._links).toEqual({
      self: [{ href: 'http://example.test/cms-json/demo/v1/posts/2' }],
      author: [{ embeddable: true, href: 'http://example.test/cms-json/demo/v1/users/2' }],
      replies: [{ embeddable: true, href: 'http://example.test/cms-json/demo/v1/comments?post=2' }],
      'cms:term': [{ taxonomy: 'post_tag', embeddable: true, href: 'http://example.test/cms-json/demo/v1/tags?post=2' }],
      up: [{ embeddable: true, href: 'http://example.test/cms-json/demo/v1/posts/1' }],
      alternate: [{ href: 'https://elsewhere.test/:slug' }],
      about: [{ href: 'http://example.test/cms-json/cms/v2/types/post?slug=a b/c' }],
      'https://rating.test/rating': [{ href: 'http://example.test/cms-json/rating/v1/posts/2' }],
      'version-history': [{ count: 3, href: 'http://example.test/h' }],
      curies: [{ name: 'cms', href: 'https://api.cms-json.org/{rel}', templated: true }],
    });
  });

  it('skips a link whose condition fails or whose placeholder is empty', async () => {
    const res = await testClient(server()).get('/demo/v1/posts/1');
    expect(res.body._links).not.toHaveProperty('up');
  });

  it('compacts relations of a CURIE a plugin registers, listing only the prefixes used', async () => {
    const s = server();
    s.curies.add({ name: 'rating_plugin', href: 'https://rating.test/{rel}' });
    const res = await testClient(s).get('/demo/v1/posts/2');
    expect(res.body._links['rating_plugin:rating']).toEqual([{ href: 'http://example.test/cms-json/rating/v1/posts/2' }]);
    expect(res.body._links.curies).toEqual([
      { name: 'cms', href: 'https://api.cms-json.org/{rel}', templated: true },
      { name: 'rating_plugin', href: 'https://rating.test/{rel}', templated: true },
    ]);
  });

  it('uses the wp CURIE and relation namespace in the WordPress profile', async () => {
    const res = await testClient(server({ prefix: 'wp' })).get('/demo/v1/posts/2');
    expect(res.body._links['wp:term'][0].href).toBe('http://example.test/wp-json/demo/v1/tags?post=2');
    expect(res.body._links.curies).toEqual([{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }]);
  });

  it('percent-encodes placeholder values in paths and queries', async () => {
    const s = createRestServer({ siteUrl: 'http://example.test' });
    s.register(
      'demo/v1',
      defineRoute({
        path: '/tags/:slug',
        args: { slug: z.string() },
        links: [
          { rel: 'self', href: '/demo/v1/tags/:slug' },
          { rel: 'search', href: '/demo/v1/search?q=:slug&x=1' },
        ],
        endpoints: (e) => [e({ methods: READABLE, permission: 'public', handler: ({ slug }) => ({ slug }) })],
      }),
    );
    const res = await testClient(s).get('/demo/v1/tags/a%20b%26c');
    expect(res.body._links.self[0].href).toBe('http://example.test/cms-json/demo/v1/tags/a%20b%26c');
    expect(res.body._links.search[0].href).toBe('http://example.test/cms-json/demo/v1/search?q=a%20b%26c&x=1');
  });

  it('rejects an unreadable link template at registration', () => {
    const s = createRestServer();
    const bad = defineRoute({
      path: '/x',
      links: [{ rel: 'self', href: '/demo/v1/x/:' }],
      endpoints: (e) => [e({ methods: READABLE, permission: 'public', handler: () => ({}) })],
    });
    expect(() => s.register('demo/v1', bad)).toThrow(/cannot read the template/);
  });

  it('rejects a CURIE without {rel} or with a bad name', () => {
    const s = createRestServer();
    expect(() => s.curies.add({ name: 'x', href: 'https://x.test/' })).toThrow(/\{rel\}/);
    expect(() => s.curies.add({ name: 'a b', href: 'https://x.test/{rel}' })).toThrow(/Invalid CURIE name/);
  });
});

describe('linkResolver with a link context that does more than append the path', () => {
  it('builds every target through the context', () => {
    const context = { prefix: 'cms', url: (path: string) => `https://api.test${path}?lang=en` };
    const resolve = linkResolver(
      [
        { rel: 'self', href: '/demo/v1/tags/:slug' },
        { rel: 'collection', href: '/demo/v1/tags' },
      ],
      context,
    );
    const links = resolve({ slug: 'a b' });
    expect(links).toEqual({
      self: [{ href: 'https://api.test/demo/v1/tags/a%20b?lang=en' }],
      collection: [{ href: 'https://api.test/demo/v1/tags?lang=en' }],
    });
  });
});
