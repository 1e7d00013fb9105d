import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, contentSite } from '../../test/site.js';
import { postTypes } from './post-types.js';

for (const prefix of ['cms', 'wp'] as const) {
  describe(`/types and /statuses in the ${prefix} profile`, () => {
    let site: ContentSite;
    const get = (path: string, headers: Record<string, string> = {}) => site.client.get(`${site.ns}${path}`, { headers });

    beforeAll(async () => {
      site = await contentSite({ prefix });
      postTypes(site.server).register('book', { label: 'Books', public: true, restBase: 'books' });
      postTypes(site.server).register('memo', { showInRest: false });
      // An extension switches exposure on for a type another plugin registered (spec §4.4).
      site.server.objectTypes.filterArgs<{ showInRest: boolean }>('post_type', (args, name) =>
        name === 'book' ? { ...args, showInRest: true } : args,
      );
    });
    afterAll(async () => {
      await site.close();
    });

    it('lists the types with routes, keyed by slug, with their links', async () => {
      const res = await get('/types');
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['post', 'page', 'wp_block', 'book']);
      expect(res.body.post).toMatchObject({
        description: '',
        hierarchical: false,
        has_archive: false,
        name: 'Posts',
        slug: 'post',
        icon: 'dashicons-admin-post',
        taxonomies: ['category', 'post_tag'],
        rest_base: 'posts',
        rest_namespace: `${prefix}/v2`,
      });
      expect(res.body.post.capabilities).toBeUndefined();
      expect(res.body.post._links[`${prefix}:items`][0].href).toBe(`http://site.test/${prefix}-json/${prefix}/v2/posts`);
      expect(res.body.page.hierarchical).toBe(true);
    });

    it('serves a type switched on by a filter, and none for a type without routes', async () => {
      expect((await get('/books')).status).toBe(200);
      expect((await get('/types/book')).body.rest_base).toBe('books');
      const memo = await get('/types/memo');
      // A registered type without routes exists but is not for REST clients, as the original.
      expect([memo.status, memo.body.code]).toEqual([401, 'rest_cannot_read_type']);
      expect(memo.header('Allow')).toBe('GET');
      const unknown = await get('/types/nope');
      expect([unknown.status, unknown.body.code]).toEqual([404, 'rest_type_invalid']);
      expect((await get('/memo')).status).toBe(404);
    });

    it('shows capabilities, labels and supports only in the edit context, to editors', async () => {
      const anonymous = await get('/types/post?context=edit');
      expect([anonymous.status, anonymous.body.code]).toEqual([401, 'rest_forbidden_context']);
      const editor = await get('/types/post?context=edit', site.people.editor.headers);
      expect(editor.body.capabilities.edit_posts).toBe('edit_posts');
      expect(editor.body.supports.title).toBe(true);
      expect(editor.body.viewable).toBe(true);
      expect(editor.body.capabilities.create_posts).toBe('edit_posts');
      expect(editor.body.labels).toMatchObject({ name: 'Posts', all_items: 'All Posts', parent_item_colon: null });
      expect(editor.body.visibility).toEqual({ show_in_nav_menus: true, show_ui: true });
    });

    it('shows visitors the public status only, and editors every status but inherit', async () => {
      const anonymous = await get('/statuses');
      expect(anonymous.body).toEqual({
        publish: {
          name: 'Published',
          public: true,
          queryable: true,
          slug: 'publish',
          date_floating: false,
          _links: { archives: [{ href: `http://site.test/${prefix}-json/${prefix}/v2/posts` }] },
        },
      });
      const editor = await get('/statuses', site.people.editor.headers);
      expect(Object.keys(editor.body)).toEqual(['publish', 'future', 'draft', 'pending', 'private', 'trash']);
      expect(editor.body.draft._links.archives).toEqual([
        { href: `http://site.test/${prefix}-json/${prefix}/v2/posts?status=draft` },
      ]);
      const draft = await get('/statuses/draft');
      expect([draft.status, draft.body.code]).toEqual([401, 'rest_cannot_read_status']);
      expect((await get('/statuses/draft', site.people.author.headers)).body.date_floating).toBe(true);
      expect((await get('/statuses/trash', site.people.editor.headers)).body.slug).toBe('trash');
      expect((await get('/statuses/inherit', site.people.editor.headers)).body.code).toBe('rest_cannot_read_status');
      expect((await get('/statuses/lost', site.people.editor.headers)).body.code).toBe('rest_status_invalid');
      expect((await get('/statuses?context=edit')).body.code).toBe('rest_cannot_view');
    });
  });
}
