import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, contentSite } from '../../test/site.js';
import { postTypes } from './post-types.js';

for (const prefix of ['cms', 'wp'] as const) {
  describe(`new records read the site's settings in the ${prefix} profile`, () => {
    let site: ContentSite;
    const admin = () => site.people.administrator.headers;
    const url = (path: string) => `${site.ns}${path}`;
    const send = (method: string, path: string, body: unknown) =>
      site.client.request(method, url(path), {
        headers: { 'content-type': 'application/json', ...admin() },
        body: JSON.stringify(body),
      });
    const settings = (changes: Record<string, unknown>) => send('POST', '/settings', changes);

    beforeAll(async () => {
      site = await contentSite({ prefix });
      // A type with comments but no trackbacks.
      postTypes(site.server).register('note', {
        label: 'Notes',
        showInRest: true,
        restBase: 'notes',
        supports: ['title', 'editor', 'comments'],
      });
    });
    afterAll(async () => {
      await site.close();
    });

    it('opens comments and pings of a new post as the defaults say, and closes them when they are closed', async () => {
      const open = (await send('POST', '/posts', { title: 'Open' })).body;
      expect([open.comment_status, open.ping_status]).toEqual(['open', 'open']);
      expect((await settings({ default_comment_status: 'closed', default_ping_status: 'closed' })).status).toBe(200);
      const closed = (await send('POST', '/posts', { title: 'Closed' })).body;
      expect([closed.comment_status, closed.ping_status]).toEqual(['closed', 'closed']);
      await settings({ default_comment_status: 'closed', default_ping_status: 'open' });
      const mixed = (await send('POST', '/posts', { title: 'Mixed' })).body;
      expect([mixed.comment_status, mixed.ping_status]).toEqual(['closed', 'open']);
      await settings({ default_comment_status: 'open', default_ping_status: 'open' });
    });

    it('keeps what the request gives over the defaults', async () => {
      await settings({ default_comment_status: 'closed', default_ping_status: 'closed' });
      const res = await send('POST', '/posts', { title: 'Given', comment_status: 'open', ping_status: 'open' });
      expect([res.body.comment_status, res.body.ping_status]).toEqual(['open', 'open']);
      await settings({ default_comment_status: 'open', default_ping_status: 'open' });
    });

    it('closes comments and pings of a new page whatever the defaults, as get_default_comment_status', async () => {
      const page = (await send('POST', '/pages', { title: 'A page' })).body;
      expect([page.comment_status, page.ping_status]).toEqual(['closed', 'closed']);
    });

    it('gives a type the defaults only for the features it supports', async () => {
      await settings({ default_comment_status: 'open', default_ping_status: 'open' });
      const note = (await send('POST', '/notes', { title: 'A note' })).body;
      // Pings stay closed: the type does not support trackbacks.
      expect([note.comment_status, note.ping_status]).toEqual(['open', 'closed']);
      await settings({ default_comment_status: 'closed' });
      const closedNote = (await send('POST', '/notes', { title: 'Another note' })).body;
      expect(closedNote.comment_status).toBe('closed');
      await settings({ default_comment_status: 'open' });
    });

    it("gives a new post without categories the default_category setting's category", async () => {
      const before = (await send('POST', '/posts', { title: 'Before' })).body;
      expect(before.categories).toEqual([1]);
      const news = (await send('POST', '/categories', { name: 'News' })).body;
      expect((await settings({ default_category: news.id })).body.default_category).toBe(news.id);
      const after = (await send('POST', '/posts', { title: 'After', status: 'publish' })).body;
      expect(after.categories).toEqual([news.id]);
      expect((await site.client.get(url(`/categories/${news.id}`))).body.count).toBe(1);
      // Categories sent win; an empty list is no category, as the original's REST create.
      expect((await send('POST', '/posts', { title: 'Given', categories: [1] })).body.categories).toEqual([1]);
      expect((await send('POST', '/posts', { title: 'None', categories: [] })).body.categories).toEqual([]);
      // The default category cannot be deleted; the one it was before can be.
      const refused = await send('DELETE', `/categories/${news.id}?force=true`, {});
      expect([refused.status, refused.body.code]).toEqual([403, 'rest_cannot_delete']);
      const spare = (await send('POST', '/categories', { name: 'Spare' })).body;
      await settings({ default_category: spare.id });
      expect((await send('DELETE', `/categories/${news.id}?force=true`, {})).status).toBe(200);
      await settings({ default_category: 1 });
      expect((await send('DELETE', `/categories/${spare.id}?force=true`, {})).status).toBe(200);
    });

    it('gives no category when default_category names no category, as the original skips an unknown id', async () => {
      await settings({ default_category: 999_999 });
      expect((await send('POST', '/posts', { title: 'Lost' })).body.categories).toEqual([]);
      await settings({ default_category: 1 });
    });

    it('pages collections by 10 whatever posts_per_page says, as the original REST API', async () => {
      expect((await settings({ posts_per_page: 3 })).body.posts_per_page).toBe(3);
      for (let i = 0; i < 12; i++) await send('POST', '/posts', { title: `Paged ${i}`, status: 'publish' });
      const res = await site.client.get(url('/posts'));
      const totalPages = Number(res.headers[`x-${prefix}-totalpages`]);
      expect(res.body).toHaveLength(10);
      expect(totalPages).toBe(Math.ceil(Number(res.headers[`x-${prefix}-total`]) / 10));
      await settings({ posts_per_page: 10 });
    });
  });
}
