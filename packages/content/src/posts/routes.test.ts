import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, contentSite } from '../../test/site.js';
import { SqlOptionsStore } from '../options/options.js';
import type { PostsTable } from '../tables.js';

/** A stored record with the dates of `day` (2029-12-DD, noon GMT) unless given. */
function row(fields: Partial<Insertable<PostsTable>> & { type?: string; day?: number }): Insertable<PostsTable> {
  const { day = 1, ...rest } = fields;
  const date = `2029-12-${String(day).padStart(2, '0')}T12:00:00`;
  return {
    type: 'post',
    status: 'publish',
    date,
    date_gmt: date,
    modified: date,
    modified_gmt: date,
    ...rest,
  };
}

for (const prefix of ['cms', 'wp'] as const) {
  describe(`post types in the ${prefix} profile`, () => {
    let site: ContentSite;
    const ids: Record<string, number> = {};
    const get = (path: string, headers: Record<string, string> = {}) => site.client.get(`${site.ns}${path}`, { headers });

    beforeAll(async () => {
      site = await contentSite({ prefix });
      const { author, editor } = site.people;
      const insert = async (key: string, fields: Parameters<typeof row>[0]) => {
        const { id } = await site.database.db.insertInto('posts').values(row(fields)).returning('id').executeTakeFirstOrThrow();
        ids[key] = Number(id);
      };
      await insert('hello', { title: 'Hello world', slug: 'hello-world', content: 'First\n\nSecond', author: author.id, day: 1 });
      await insert('blocks', {
        title: 'Blocks',
        slug: 'blocks',
        content: '<!-- wp:paragraph -->\n<p>Block text</p>\n<!-- /wp:paragraph -->',
        author: editor.id,
        day: 2,
      });
      await insert('draft', { title: 'A draft', slug: '', status: 'draft', author: author.id, day: 3 });
      await insert('private', { title: 'Secret plans', slug: 'secret-plans', status: 'private', author: editor.id, day: 4 });
      await insert('secret', {
        title: 'Locked',
        slug: 'locked',
        password: 'open sesame',
        content: 'Hidden words',
        author: editor.id,
        day: 5,
      });
      // Scheduled for 2030-01-02: published once the clock passes it, with no job run.
      await insert('future', {
        title: 'Tomorrow',
        slug: 'tomorrow',
        status: 'future',
        author: site.people.administrator.id,
        date: '2030-01-02T00:00:00',
        date_gmt: '2030-01-02T00:00:00',
      });
      await insert('page', { type: 'page', title: 'About', slug: 'about', author: editor.id, day: 6 });
      await insert('child', { type: 'page', title: 'Team', slug: 'team', author: editor.id, day: 7, menu_order: 2 });
      await site.database.db
        .updateTable('posts')
        .set({ parent: ids.page as number })
        .where('id', '=', ids.child as number)
        .execute();
      await new SqlOptionsStore(site.database).set('sticky_posts', [ids.blocks as number]);
    });
    afterAll(async () => {
      await site.close();
    });

    it('lists published posts, newest first, with totals and the record of spec §2.1', async () => {
      const res = await get('/posts');
      expect(res.status).toBe(200);
      expect(res.body.map((post: { id: number }) => post.id)).toEqual([ids.secret, ids.blocks, ids.hello]);
      expect(res.header(`X-${prefix.toUpperCase()}-Total`)).toBe('3');
      expect(res.header(`X-${prefix.toUpperCase()}-TotalPages`)).toBe('1');
      const hello = res.body.find((post: { id: number }) => post.id === ids.hello);
      expect(Object.keys(hello)).toEqual([
        'id',
        'date',
        'date_gmt',
        'guid',
        'modified',
        'modified_gmt',
        'slug',
        'status',
        'type',
        'link',
        'title',
        'content',
        'excerpt',
        'author',
        'featured_media',
        'comment_status',
        'ping_status',
        'sticky',
        'template',
        'format',
        'meta',
        'categories',
        'tags',
        '_links',
      ]);
      expect(hello).toMatchObject({
        date: '2029-12-01T12:00:00',
        slug: 'hello-world',
        status: 'publish',
        type: 'post',
        link: 'http://site.test/hello-world/',
        title: { rendered: 'Hello world' },
        content: { rendered: '<p>First</p>\n<p>Second</p>\n', protected: false },
        excerpt: { rendered: '<p>First Second</p>\n', protected: false },
        author: site.people.author.id,
        featured_media: 0,
        sticky: false,
        meta: [],
      });
      expect(hello.content.raw).toBeUndefined();
    });

    it('links each post to itself, its type, its author (embeddable), replies, history and attachments', async () => {
      const res = await get(`/posts/${ids.hello}`);
      const links = res.body._links;
      const root = `http://site.test/${prefix}-json/${prefix}/v2`;
      expect(links.self[0].href).toBe(`${root}/posts/${ids.hello}`);
      expect(links.collection[0].href).toBe(`${root}/posts`);
      expect(links.about[0].href).toBe(`${root}/types/post`);
      expect(links.author[0]).toEqual({ embeddable: true, href: `${root}/users/${site.people.author.id}` });
      expect(links.replies[0]).toEqual({ embeddable: true, href: `${root}/comments?post=${ids.hello}` });
      expect(links['version-history'][0].href).toBe(`${root}/posts/${ids.hello}/revisions`);
      expect(links[`${prefix}:attachment`][0].href).toBe(`${root}/media?parent=${ids.hello}`);
      expect(links.curies[0].name).toBe(prefix);
    });

    it('embeds the author', async () => {
      const res = await get(`/posts/${ids.hello}?_embed=author`);
      expect(res.body._embedded.author[0]).toMatchObject({ id: site.people.author.id, name: 'author' });
    });

    it('renders block content without its delimiters, and marks sticky posts', async () => {
      const res = await get(`/posts/${ids.blocks}`);
      expect(res.body.content.rendered).toBe('\n<p>Block text</p>\n');
      expect(res.body.sticky).toBe(true);
      expect((await get('/posts?sticky=true')).body.map((post: { id: number }) => post.id)).toEqual([ids.blocks]);
      expect((await get('/posts?sticky=false')).body.map((post: { id: number }) => post.id)).toEqual([ids.secret, ids.hello]);
    });

    it('hides a protected post’s content and excerpt unless the password is sent', async () => {
      const hidden = await get(`/posts/${ids.secret}`);
      expect(hidden.body.title.rendered).toBe('Locked');
      expect(hidden.body.content).toEqual({ rendered: '', protected: true });
      expect(hidden.body.excerpt).toEqual({ rendered: '', protected: true });
      const shown = await get(`/posts/${ids.secret}?password=${encodeURIComponent('open sesame')}`);
      expect(shown.body.content).toEqual({ rendered: '<p>Hidden words</p>\n', protected: true });
      const wrong = await get(`/posts/${ids.secret}?password=nope`);
      expect(wrong.status).toBe(403);
      expect(wrong.body.code).toBe('rest_post_incorrect_password');
    });

    it('refuses other statuses to visitors with the original’s errors, and shows them to editors', async () => {
      const anonymous = await get('/posts?status=draft');
      expect(anonymous.status).toBe(400);
      expect(anonymous.body).toEqual({
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): status',
        data: {
          status: 400,
          params: { status: 'Status is forbidden.' },
          details: { status: { code: 'rest_forbidden_status', message: 'Status is forbidden.', data: { status: 401 } } },
        },
      });
      const subscriber = await get('/posts?status=draft', site.people.subscriber.headers);
      expect(subscriber.body.data.details.status.data.status).toBe(403);
      const editor = await get('/posts?status=draft,private&context=edit', site.people.editor.headers);
      expect(editor.status).toBe(200);
      expect(editor.body.map((post: { id: number }) => post.id)).toEqual([ids.private, ids.draft]);
      expect(editor.body[1].title).toEqual({ raw: 'A draft', rendered: 'A draft' });
      expect(editor.body[1].link).toBe(`http://site.test/?p=${ids.draft}`);
      const context = await get('/posts?context=edit');
      expect([context.status, context.body.code]).toEqual([401, 'rest_forbidden_context']);
    });

    it('lets only those who may read a record see it', async () => {
      expect((await get(`/posts/${ids.draft}`)).body).toEqual({
        code: 'rest_forbidden',
        message: 'Sorry, you are not allowed to do that.',
        data: { status: 401 },
      });
      expect((await get(`/posts/${ids.draft}`, site.people.author.headers)).status).toBe(200);
      expect((await get(`/posts/${ids.draft}`, site.people.contributor.headers)).status).toBe(403);
      expect((await get(`/posts/${ids.private}`, site.people.editor.headers)).body.title.rendered).toBe('Private: Secret plans');
      expect((await get(`/posts/${ids.private}`, site.people.author.headers)).status).toBe(403);
    });

    it('answers 404 rest_post_invalid_id for an unknown id or a record of another type', async () => {
      for (const path of ['/posts/999999', `/posts/${ids.page}`, `/pages/${ids.hello}`]) {
        const res = await get(path);
        expect([res.status, res.body.code]).toEqual([404, 'rest_post_invalid_id']);
      }
    });

    it('publishes a scheduled post once its date passed, with no job run', async () => {
      expect((await get(`/posts/${ids.future}`)).status).toBe(401);
      site.clock.advance(2 * 24 * 60 * 60 * 1000);
      const res = await get(`/posts/${ids.future}`);
      expect([res.status, res.body.status]).toEqual([200, 'publish']);
      expect((await get('/posts')).body[0].id).toBe(ids.future);
    });

    it('serves pages with parent and menu order, and filters by them', async () => {
      const res = await get('/pages?orderby=menu_order&order=desc');
      expect(res.body.map((page: { id: number }) => page.id)).toEqual([ids.child, ids.page]);
      const child = res.body[0];
      // A child's permalink is its ancestors' path, as WordPress's page links.
      expect(child).toMatchObject({ parent: ids.page, menu_order: 2, link: 'http://site.test/about/team/' });
      expect(child._links.up[0]).toEqual({
        embeddable: true,
        href: `http://site.test/${prefix}-json/${prefix}/v2/pages/${ids.page}`,
      });
      expect((await get(`/pages?parent=${ids.page}`)).body.map((page: { id: number }) => page.id)).toEqual([ids.child]);
      expect((await get(`/pages?parent_exclude=${ids.page}`)).body.map((page: { id: number }) => page.id)).toEqual([ids.page]);
      expect('sticky' in child).toBe(false);
      expect((await get('/posts?menu_order=2')).status).toBe(200);
    });

    it('filters by search, author, include, exclude, slug and dates', async () => {
      const idsOf = async (query: string) => (await get(`/posts?${query}`)).body.map((post: { id: number }) => post.id);
      expect(await idsOf('search=BLOCK')).toEqual([ids.blocks]);
      expect(await idsOf('search=first&search_columns=post_title')).toEqual([]);
      expect(await idsOf(`author=${site.people.author.id}`)).toEqual([ids.hello]);
      expect(await idsOf(`author_exclude=${site.people.author.id}&exclude=${ids.future}`)).toEqual([ids.secret, ids.blocks]);
      expect(await idsOf(`include=${ids.hello},${ids.blocks}&orderby=include`)).toEqual([ids.hello, ids.blocks]);
      expect(await idsOf('slug=blocks,hello-world&orderby=slug&order=asc')).toEqual([ids.blocks, ids.hello]);
      expect(await idsOf('after=2029-12-01T13:00:00&before=2029-12-05T00:00:00')).toEqual([ids.blocks]);
      expect(await idsOf('orderby=title&order=asc&per_page=2')).toEqual([ids.blocks, ids.hello]);
    });

    it('pages with Link headers, and refuses a page past the last one', async () => {
      const first = await get('/posts?per_page=2');
      expect(first.header('Link')).toContain('rel="next"');
      const past = await get('/posts?per_page=2&page=9');
      expect(past.status).toBe(400);
      expect(past.body.code).toBe('rest_post_invalid_page_number');
      expect((await get('/posts?search=nothing-matches&page=3')).body).toEqual([]);
    });

    it('refuses bad parameters with rest_invalid_param', async () => {
      for (const query of [
        'after=yesterday',
        'per_page=0',
        'orderby=menu_order',
        'status=nonsense',
        'author=abc',
        'sticky=maybe',
      ]) {
        const res = await get(`/posts?${query}`);
        expect([res.status, res.body.code], query).toEqual([400, 'rest_invalid_param']);
      }
    });

    it('lists as users the authors of published posts only', async () => {
      const res = await get('/users');
      const listed = res.body.map((user: { id: number }) => user.id).sort();
      const { author, editor, administrator } = site.people;
      expect(listed).toEqual([author.id, editor.id, administrator.id].sort());
    });
  });
}
