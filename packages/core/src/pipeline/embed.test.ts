import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collectionArgs, createRestServer, defineRoute, READABLE, requireLogin } from '../index.js';
import { testClient } from '../testing.js';
import { parseEmbed } from './embed.js';

function embedServer() {
  const seen = { users: [] as string[], comments: [] as string[] };
  const server = createRestServer({ siteUrl: 'http://example.test' });
  const base = server.options.curieBase;
  const posts = [
    { id: 1, author: 7, title: 'One' },
    { id: 2, author: 7, title: 'Two' },
    { id: 3, author: 8, title: 'Three' },
  ];
  const postLinks = [
    { rel: 'self', href: '/demo/v1/posts/:id' },
    { rel: 'author', href: '/demo/v1/users/:author', embeddable: true },
    { rel: 'replies', href: '/demo/v1/comments?post=:id', embeddable: true },
    { rel: `${base}term`, href: '/demo/v1/tags?post=:id', embeddable: true, attributes: { taxonomy: 'post_tag' } },
    { rel: `${base}term`, href: '/demo/v1/categories?post=:id', attributes: { taxonomy: 'category' } },
    { rel: `${base}secret`, href: '/demo/v1/secret', embeddable: true },
    { rel: 'collection', href: '/demo/v1/posts' },
  ];
  server.register(
    'demo/v1',
    defineRoute({
      path: '/posts',
      links: postLinks,
      endpoints: (e) => [e({ methods: READABLE, permission: 'public', handler: () => posts })],
    }),
    defineRoute({
      path: '/posts/:id',
      args: { id: z.number().int() },
      links: postLinks,
      endpoints: (e) => [
        e({ methods: READABLE, permission: 'public', handler: ({ id }) => posts.find((p) => p.id === id) ?? null }),
      ],
    }),
    defineRoute({
      path: '/users/:id',
      args: { id: z.number().int(), context: z.string().default('view') },
      links: [
        { rel: 'self', href: '/demo/v1/users/:id' },
        { rel: 'posts', href: '/demo/v1/posts', embeddable: true },
      ],
      endpoints: (e) => [
        e({
          methods: READABLE,
          permission: 'public',
          handler: ({ id, context }) => {
            seen.users.push(`${id}:${context}`);
            return { id, name: `User ${id}`, context };
          },
        }),
      ],
    }),
    defineRoute({
      path: '/comments',
      endpoints: (e) => [
        e({
          methods: READABLE,
          args: { ...collectionArgs(), post: z.number().int() },
          permission: 'public',
          handler: ({ post, per_page }) => {
            seen.comments.push(`${post}:${per_page}`);
            return post === 3 ? [] : [{ id: 100 + post, post }];
          },
        }),
      ],
    }),
    defineRoute({
      path: '/tags',
      args: { post: z.number().int() },
      endpoints: (e) => [
        e({ methods: READABLE, permission: 'public', handler: ({ post }) => [{ id: 50, name: `tag of ${post}` }] }),
      ],
    }),
    defineRoute({
      path: '/secret',
      endpoints: (e) => [e({ methods: READABLE, permission: requireLogin(), handler: () => ({ secret: true }) })],
    }),
  );
  return { client: testClient(server), seen };
}

describe('_embed', () => {
  it('embeds every embeddable link of a record as arrays under _embedded.<rel>', async () => {
    const { client } = embedServer();
    const res = await client.get('/demo/v1/posts/1?_embed');
    expect(Object.keys(res.body._embedded)).toEqual(['author', 'replies', 'cms:term', 'cms:secret']);
    expect(res.body._embedded.author).toEqual([
      {
        id: 7,
        name: 'User 7',
        context: 'embed',
        _links: {
          self: [{ href: 'http://example.test/cms-json/demo/v1/users/7' }],
          posts: [{ embeddable: true, href: 'http://example.test/cms-json/demo/v1/posts' }],
        },
      },
    ]);
    // A collection is an array inside the array.
    expect(res.body._embedded.replies).toEqual([[{ id: 101, post: 1 }]]);
  });

  it('is one level deep: embedded records keep their links but embed nothing', async () => {
    const { client } = embedServer();
    const res = await client.get('/demo/v1/posts/1?_embed');
    expect(res.body._embedded.author[0]).not.toHaveProperty('_embedded');
  });

  it('keeps indices with {} for non-embeddable siblings', async () => {
    const { client } = embedServer();
    const res = await client.get('/demo/v1/posts/1?_embed');
    expect(res.body._embedded['cms:term']).toEqual([[{ id: 50, name: 'tag of 1' }], {}]);
  });

  it('embeds an error as its error object', async () => {
    const { client } = embedServer();
    const res = await client.get('/demo/v1/posts/1?_embed');
    expect(res.body._embedded['cms:secret']).toEqual([
      { code: 'rest_not_logged_in', message: 'You are not currently logged in.', data: { status: 401 } },
    ]);
  });

  it('embeds rest_no_route for a link whose path ends in a slash, though a request to it is served', async () => {
    const server = createRestServer({ siteUrl: 'http://example.test' });
    server.register(
      'demo/v1',
      defineRoute({
        path: '/books/:id',
        args: { id: z.number().int() },
        // A book without a book author still links to the collection's address with no id after it.
        links: [{ rel: 'author', href: (_book, { url }) => url('/demo/v1/book-authors/'), embeddable: true }],
        endpoints: (e) => [e({ methods: READABLE, permission: 'public', handler: ({ id }) => ({ id }) })],
      }),
      defineRoute({
        path: '/book-authors',
        endpoints: (e) => [e({ methods: READABLE, permission: 'public', handler: () => [{ id: 1 }] })],
      }),
    );
    const client = testClient(server);
    const res = await client.get('/demo/v1/books/1?_embed');
    expect(res.body._embedded.author).toEqual([
      { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } },
    ]);
    expect((await client.get('/demo/v1/book-authors/')).status).toBe(200);
  });

  it('embeds only the listed compact relations', async () => {
    const { client } = embedServer();
    const res = await client.get('/demo/v1/posts/1?_embed=author,cms:term');
    expect(Object.keys(res.body._embedded)).toEqual(['author', 'cms:term']);
    const list = await client.get('/demo/v1/posts/1?_embed[]=replies');
    expect(Object.keys(list.body._embedded)).toEqual(['replies']);
  });

  it('asks embedded collections for the largest page and embedded records for context=embed', async () => {
    const { client, seen } = embedServer();
    await client.get('/demo/v1/posts/1?_embed=author,replies');
    expect(seen.comments).toEqual(['1:100']);
    expect(seen.users).toEqual(['7:embed']);
  });

  it('leaves out a relation whose every target is empty', async () => {
    const { client } = embedServer();
    const res = await client.get('/demo/v1/posts/3?_embed=replies,author');
    expect(Object.keys(res.body._embedded)).toEqual(['author']);
  });

  it('embeds per item in collections, dispatching each href once per request', async () => {
    const { client, seen } = embedServer();
    const res = await client.get('/demo/v1/posts?_embed=author');
    expect(res.body.map((p: { _embedded: { author: { id: number }[] } }) => p._embedded.author[0]?.id)).toEqual([7, 7, 8]);
    expect(seen.users.sort()).toEqual(['7:embed', '8:embed']);
    await client.get('/demo/v1/posts?_embed=author');
    expect(seen.users).toHaveLength(4);
  });

  it('does nothing without _embed', async () => {
    const { client, seen } = embedServer();
    const res = await client.get('/demo/v1/posts/1');
    expect(res.body).not.toHaveProperty('_embedded');
    expect(seen.users).toEqual([]);
  });
});

describe('parseEmbed', () => {
  it('reads the flag and relation lists', () => {
    expect(parseEmbed(undefined)).toBe(false);
    for (const all of ['', '1', 'true', '0']) expect(parseEmbed(all)).toBe(true);
    expect(parseEmbed('author, cms:term')).toEqual(['author', 'cms:term']);
    expect(parseEmbed(['author'])).toEqual(['author']);
  });
});
