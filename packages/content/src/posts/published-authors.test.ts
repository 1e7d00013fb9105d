/**
 * Who anonymous callers may see under `/users`: the users who have published a record of a
 * type with authors, now. A user is checked alone (`/users/<id>`, an embedded author) by its
 * first published record; the list of users knows them all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, contentSite } from '../../test/site.js';

for (const prefix of ['cms', 'wp'] as const) {
  describe(`the authors anyone may see, in the ${prefix} profile`, () => {
    let site: ContentSite;
    const get = (path: string) => site.client.get(`${site.ns}${path}`);

    beforeAll(async () => {
      site = await contentSite({ prefix });
      const { editor, author, contributor, administrator } = site.people;
      const write = (as: { headers: Record<string, string> }, body: Record<string, unknown>) =>
        site.client.post(`${site.ns}/posts`, { headers: as.headers, body });
      // The author publishes; the contributor only drafts; the editor schedules a post an
      // hour ahead; the administrator publishes a page (a type with authors too).
      expect((await write(author, { title: 'Out', status: 'publish' })).status).toBe(201);
      expect((await write(contributor, { title: 'Draft', status: 'draft' })).status).toBe(201);
      const date = new Date(site.clock.now() + 60 * 60 * 1000).toISOString().slice(0, 19);
      expect((await write(editor, { title: 'Soon', status: 'future', date_gmt: date })).status).toBe(201);
      const page = await site.client.post(`${site.ns}/pages`, {
        headers: administrator.headers,
        body: { title: 'About', status: 'publish' },
      });
      expect(page.status).toBe(201);
    });
    afterAll(async () => {
      await site.close();
    });

    it('shows alone only users with a published record, whatever its type', async () => {
      const { author, contributor, editor, administrator, subscriber } = site.people;
      expect((await get(`/users/${author.id}`)).status).toBe(200);
      expect((await get(`/users/${administrator.id}`)).status).toBe(200);
      for (const hidden of [contributor, editor, subscriber]) {
        const res = await get(`/users/${hidden.id}`);
        expect(res.status).toBe(401);
        expect(res.body.code).toBe('rest_user_cannot_view');
      }
    });

    it('shows a scheduled post’s author once its date has passed, with no job run', async () => {
      const { editor } = site.people;
      site.clock.advance(2 * 60 * 60 * 1000);
      expect((await get(`/users/${editor.id}`)).status).toBe(200);
      const listed = (await get('/users')).body.map((user: { id: number }) => user.id).sort();
      expect(listed).toEqual([site.people.administrator.id, site.people.editor.id, site.people.author.id].sort());
    });

    it('embeds the authors of a page of posts, and no one else', async () => {
      const res = await get('/posts?_embed=author');
      const embedded = res.body.map((post: { _embedded: { author: { id: number }[] } }) => post._embedded.author[0]?.id);
      expect(new Set(embedded)).toEqual(new Set([site.people.author.id, site.people.editor.id]));
    });
  });
}
