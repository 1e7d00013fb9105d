import { defineRoute, READABLE } from '@cms-json/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ContentSite, contentSite } from '../../test/site.js';
import { postTypes } from '../posts/post-types.js';
import { registerGenre } from './genre.js';
import { taxonomiesOf } from './taxonomy.js';

for (const prefix of ['cms', 'wp'] as const) {
  describe(`posts and terms together in the ${prefix} profile`, () => {
    let site: ContentSite;
    const term: Record<string, number> = {};
    const post: Record<string, number> = {};
    const headers = () => site.people.editor.headers;
    const url = (path: string) => `${site.ns}${path}`;
    const get = (path: string, auth: Record<string, string> = {}) => site.client.get(url(path), { headers: auth });
    const send = (method: string, path: string, body: unknown, auth: Record<string, string> = headers()) =>
      site.client.request(method, url(path), {
        headers: { 'content-type': 'application/json', ...auth },
        body: JSON.stringify(body),
      });
    const ids = (body: { id: number }[]) => body.map((item) => item.id);
    const count = async (id: number | undefined) =>
      (await get(`/categories/${id}`)).body.count ?? (await get(`/tags/${id}`)).body.count;

    beforeAll(async () => {
      site = await contentSite({ prefix });
      // A custom type and a custom taxonomy registered by an extension get all of it too.
      postTypes(site.server).register('book', { label: 'Books', public: true, showInRest: true, restBase: 'books' });
      registerGenre(site.server);
      // A taxonomy whose terms only editors may give.
      taxonomiesOf(site.server).register('section', ['post'], {
        showInRest: true,
        restBase: 'sections',
        capabilities: {
          manage_terms: 'manage_categories',
          edit_terms: 'manage_categories',
          delete_terms: 'manage_categories',
          assign_terms: 'edit_others_posts',
        },
      });
      for (const [key, name, parent] of [
        ['news', 'News', 0],
        ['tech', 'Tech', 0],
        ['gadgets', 'Gadgets', 'tech'],
      ] as const) {
        const res = await send(
          'POST',
          '/categories',
          { name, parent: parent === 0 ? 0 : term[parent] },
          site.people.administrator.headers,
        );
        term[key] = res.body.id;
      }
      term.alpha = (await send('POST', '/tags', { name: 'Alpha' })).body.id;
      term.front = (await send('POST', '/sections', { name: 'Front' }, site.people.administrator.headers)).body.id;
      term.fiction = (await send('POST', '/genres', { name: 'Fiction' }, site.people.administrator.headers)).body.id;
      const make = async (key: string, body: Record<string, unknown>) => {
        post[key] = (await send('POST', '/posts', { status: 'publish', ...body })).body.id;
      };
      await make('one', { title: 'One', categories: [term.news], tags: [term.alpha], date: '2020-01-01T09:00:00' });
      await make('two', { title: 'Two', categories: [term.tech], date: '2020-01-02T09:00:00' });
      await make('three', { title: 'Three', categories: [term.gadgets, term.news], date: '2020-01-03T09:00:00' });
      await make('plain', { title: 'Plain', date: '2020-01-04T09:00:00' });
    });
    afterAll(async () => {
      await site.close();
    });

    it('gives a post a field per taxonomy, and a new post without categories the default one', async () => {
      const one = (await get(`/posts/${post.one}`)).body;
      expect([one.categories, one.tags]).toEqual([[term.news], [term.alpha]]);
      expect((await get(`/posts/${post.plain}`)).body.categories).toEqual([1]);
    });

    it('leaves out ids that are not terms of the taxonomy, as the original', async () => {
      const res = await send('POST', '/posts', { title: 'Odd', categories: [999_999, term.alpha] });
      expect([res.status, res.body.categories]).toEqual([201, []]);
      await send('DELETE', `/posts/${res.body.id}?force=true`, {});
    });

    it('filters lists by terms: any of, all of, excluded, children, and two taxonomies', async () => {
      expect(ids((await get(`/posts?categories=${term.news}`)).body)).toEqual([post.three, post.one]);
      expect(ids((await get(`/posts?categories=${term.news},${term.tech}`)).body)).toEqual([post.three, post.two, post.one]);
      expect(ids((await get(`/posts?categories_exclude=${term.news}`)).body)).toEqual([post.plain, post.two]);
      const all = await get(
        `/posts?categories[terms][]=${term.news}&categories[terms][]=${term.gadgets}&categories[operator]=AND`,
      );
      expect(ids(all.body)).toEqual([post.three]);
      const children = await get(`/posts?categories[terms][]=${term.tech}&categories[include_children]=true`);
      expect(ids(children.body)).toEqual([post.three, post.two]);
      expect(ids((await get(`/posts?categories=${term.tech}&tags=${term.alpha}&tax_relation=OR`)).body)).toEqual([
        post.two,
        post.one,
      ]);
      expect(ids((await get(`/posts?categories=${term.tech}&tags=${term.alpha}`)).body)).toEqual([]);
      const bad = await get('/posts?categories=abc');
      expect([bad.status, bad.body.code]).toEqual([400, 'rest_invalid_param']);
    });

    it('links each taxonomy with its rel and embeds the terms', async () => {
      const res = await get(`/posts/${post.one}?_embed`);
      const links = res.body._links[`${prefix}:term`];
      expect(links).toEqual([
        {
          taxonomy: 'category',
          embeddable: true,
          href: `http://site.test/${prefix}-json/${prefix}/v2/categories?post=${post.one}`,
        },
        { taxonomy: 'post_tag', embeddable: true, href: `http://site.test/${prefix}-json/${prefix}/v2/tags?post=${post.one}` },
        { taxonomy: 'section', embeddable: true, href: `http://site.test/${prefix}-json/${prefix}/v2/sections?post=${post.one}` },
      ]);
      const embedded = res.body._embedded[`${prefix}:term`].map((list: { id: number }[]) => ids(list));
      expect(embedded).toEqual([[term.news], [term.alpha], []]);
    });

    it("embeds the terms of a page's posts as a request for each link answers them, a hook's query too", async () => {
      const admin = site.people.administrator.headers;
      const sections: number[] = [];
      for (const name of ['cherry', 'Banana', 'apple']) sections.push((await send('POST', '/sections', { name }, admin)).body.id);
      const both = await send('POST', '/posts', {
        title: 'Both',
        status: 'publish',
        categories: [term.tech, term.news],
        tags: [term.alpha],
        sections,
        date: '2020-01-05T09:00:00',
      });
      // A hook that turns the sections' lists around, with a field of its own in the query.
      let hooked = false;
      site.server.objectTypes
        .get('section')
        .on('query', (query) => (hooked ? { ...query, order: 'desc', askedBy: 'a hook' } : query));
      try {
        for (const turned of [false, true]) {
          hooked = turned;
          const res = await get(`/posts?_embed=${prefix}:term`);
          const lists = (res.body as { id: number; _embedded: Record<string, { id: number }[][]> }[]).map((item) => ({
            id: item.id,
            lists: item._embedded[`${prefix}:term`]?.map(ids),
          }));
          // Each post's categories, tags and sections, each list in the original's order (names
          // without case), or turned around by the hook.
          const sorted = turned ? [...sections] : [...sections].reverse();
          expect(lists[0]).toEqual({ id: both.body.id, lists: [[term.news, term.tech], [term.alpha], sorted] });
          expect(lists.find((item) => item.id === post.three)?.lists).toEqual([[term.gadgets, term.news], [], []]);
          for (const item of res.body as { _links: Record<string, { href: string }[]>; _embedded: Record<string, unknown[]> }[]) {
            for (const [index, link] of item._links[`${prefix}:term`]?.entries() ?? []) {
              const alone = await get(
                `${link.href.slice(link.href.indexOf(site.ns) + site.ns.length)}&context=embed&per_page=100`,
              );
              expect(item._embedded[`${prefix}:term`]?.[index]).toEqual(alone.body);
            }
          }
        }
      } finally {
        hooked = false;
        await send('DELETE', `/posts/${both.body.id}?force=true`, {});
      }
    });

    it('embeds a list of the terms of a missing post as the error a request for it answers', async () => {
      site.server.register(
        `demo-${prefix}/v1`,
        defineRoute({
          path: '/notes',
          schema: z.object({ id: z.number().int(), post: z.number().int() }),
          links: [{ rel: 'tags', href: `/${prefix}/v2/tags?post=:post`, embeddable: true }],
          endpoints: (endpoint) => [
            endpoint({
              methods: READABLE,
              permission: 'public',
              handler: () => [
                { id: 1, post: post.one ?? 0 },
                { id: 2, post: 999_999 },
              ],
            }),
          ],
        }),
      );
      const res = await site.client.get(`/demo-${prefix}/v1/notes?_embed`);
      const embedded = (res.body as { _embedded: { tags: unknown[] } }[]).map((item) => item._embedded.tags[0]);
      expect(embedded).toEqual([
        (await get(`/tags?post=${post.one}&context=embed&per_page=100`)).body,
        (await get('/tags?post=999999&context=embed&per_page=100')).body,
      ]);
      expect(embedded[1]).toMatchObject({ code: 'rest_post_invalid_id', data: { status: 400 } });
    });

    it('counts published posts only, through publishing, trash and delete', async () => {
      expect(await count(term.news)).toBe(2);
      const draft = await send('POST', '/posts', { title: 'Draft', categories: [term.news] });
      expect(await count(term.news)).toBe(2);
      await send('POST', `/posts/${draft.body.id}`, { status: 'publish' });
      expect(await count(term.news)).toBe(3);
      await send('DELETE', `/posts/${draft.body.id}`, {});
      expect(await count(term.news)).toBe(2);
      await send('POST', `/posts/${draft.body.id}`, { status: 'publish' });
      expect(await count(term.news)).toBe(3);
      const gone = await send('DELETE', `/posts/${draft.body.id}?force=true`, {});
      expect(await count(term.news)).toBe(2);
      // The deleted post's terms, read before they went, and no Allow: nothing is left to allow.
      expect(gone.body.previous).toMatchObject({ id: draft.body.id, categories: [term.news], tags: [] });
      expect(gone.header('Allow')).toBeUndefined();
    });

    it('keeps counts exact under concurrent assignments and deletions', async () => {
      const made = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          send('POST', '/posts', { title: `Busy ${i}`, status: 'publish', tags: [term.alpha] }),
        ),
      );
      expect(made.map((res) => res.status)).toEqual(made.map(() => 201));
      const created = made.map((res) => res.body.id as number);
      const changed = await Promise.all([
        ...created.slice(0, 10).map((id) => send('DELETE', `/posts/${id}?force=true`, {})),
        ...created.slice(10).map((id) => send('POST', `/posts/${id}`, { tags: [] })),
        ...created.slice(10, 15).map((id) => send('POST', `/posts/${id}`, { categories: [term.tech] })),
      ]);
      // Every write went through: none failed on a deadlock between the writes' term locks.
      expect(changed.map((res) => res.status)).toEqual(changed.map(() => 200));
      expect(await count(term.alpha)).toBe(1);
      const stored = await site.database.db
        .selectFrom('term_relationships')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('term_id', '=', term.alpha as number)
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(1);
    });

    it('keeps every count equal to the counted relationships under a mix of concurrent writes on shared terms', async () => {
      const shared = [term.news, term.tech, term.gadgets, term.alpha] as number[];
      const made = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          send('POST', '/posts', {
            title: `Mixed ${i}`,
            status: i % 3 === 0 ? 'draft' : 'publish',
            categories: i % 2 === 0 ? [term.news, term.tech] : [term.gadgets, term.news],
            tags: [term.alpha],
          }),
        ),
      );
      expect(made.map((res) => res.status)).toEqual(made.map(() => 201));
      const created = made.map((res) => res.body.id as number);
      // Publishing, trashing, restoring, retagging and deleting at once, each touching the
      // shared terms in its own order of steps.
      const changed = await Promise.all(
        created.map((id, i) => {
          switch (i % 4) {
            case 0:
              return send('POST', `/posts/${id}`, { status: 'publish', categories: [term.gadgets] });
            case 1:
              return send('DELETE', `/posts/${id}`, {});
            case 2:
              return send('POST', `/posts/${id}`, { tags: [], categories: [term.tech, term.news, term.gadgets] });
            default:
              return send('DELETE', `/posts/${id}?force=true`, {});
          }
        }),
      );
      expect(changed.map((res) => res.status)).toEqual(changed.map(() => 200));
      const { db } = site.database;
      const counted = await db
        .selectFrom('term_relationships')
        .select(['term_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('counted', '=', 1)
        .where('term_id', 'in', shared)
        .groupBy('term_id')
        .execute();
      const stored = await db.selectFrom('terms').select(['id', 'count']).where('id', 'in', shared).orderBy('id').execute();
      const expected = new Map(counted.map((row) => [Number(row.term_id), Number(row.n)]));
      expect(stored.map((row) => [row.id, Number(row.count)])).toEqual(stored.map((row) => [row.id, expected.get(row.id) ?? 0]));
      await Promise.all(created.map((id) => send('DELETE', `/posts/${id}?force=true`, {})));
    });

    it('refuses terms to a caller without the taxonomy’s assign_terms, storing nothing', async () => {
      const total = async () => (await get('/posts?status=any&per_page=1', headers())).header(`X-${prefix.toUpperCase()}-Total`);
      const before = await total();
      const res = await send('POST', '/posts', { title: 'Sneaky', sections: [term.front] }, site.people.author.headers);
      expect([res.status, res.body.code]).toEqual([403, 'rest_cannot_assign_term']);
      expect(await total()).toBe(before);
      const allowed = await send('POST', '/posts', { title: 'Fine', sections: [term.front] }, site.people.editor.headers);
      expect([allowed.status, allowed.body.sections]).toEqual([201, [term.front]]);
      await send('DELETE', `/posts/${allowed.body.id}?force=true`, {});
    });

    it('gives a custom type its custom taxonomy: the field, the filter and the link', async () => {
      const book = await send('POST', '/books', { title: 'Emma', status: 'publish', genres: [term.fiction] });
      expect(book.body.genres).toEqual([term.fiction]);
      // The type lists the taxonomy registered for it, as get_object_taxonomies does.
      expect((await get('/types/book')).body.taxonomies).toEqual(['genre']);
      expect(ids((await get(`/books?genres=${term.fiction}`)).body)).toEqual([book.body.id]);
      expect(book.body._links[`${prefix}:term`]).toEqual([
        { taxonomy: 'genre', embeddable: true, href: `http://site.test/${prefix}-json/${prefix}/v2/genres?post=${book.body.id}` },
      ]);
      expect(await count(term.fiction)).toBeUndefined();
      expect((await get(`/genres/${term.fiction}`)).body.count).toBe(1);
    });
  });
}
