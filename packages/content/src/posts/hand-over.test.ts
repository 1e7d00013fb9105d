import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ContentSite, contentSite } from '../../test/site.js';
import { postTypes } from './post-types.js';

for (const prefix of ['cms', 'wp'] as const) {
  describe(`a deleted user's records in the ${prefix} profile`, () => {
    let site: ContentSite;
    let writer: { id: number; headers: Record<string, string> };
    const admin = () => site.people.administrator.headers;
    const url = (path: string) => `${site.ns}${path}`;
    const send = (method: string, path: string, body: unknown, headers: Record<string, string>) =>
      site.client.request(method, url(path), {
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const get = (path: string) => site.client.get(url(path), { headers: admin() });

    beforeEach(async () => {
      site = await contentSite({ prefix });
      // A type kept when its author goes, and one without authors at all.
      postTypes(site.server).register('note', {
        label: 'Notes',
        showInRest: true,
        restBase: 'notes',
        supports: ['title', 'author'],
        deleteWithUser: false,
      });
      writer = await site.addPerson('writer', 'editor');
    });
    afterEach(() => site.close());

    /** The writer's post (with a revision and a category), a page with a child page, and a note. */
    async function write() {
      const category = (await send('POST', '/categories', { name: 'Kept' }, admin())).body.id as number;
      const post = (await send('POST', '/posts', { title: 'Mine', status: 'publish', categories: [category] }, writer.headers))
        .body.id as number;
      await send('POST', `/posts/${post}`, { content: 'changed' }, writer.headers);
      const page = (await send('POST', '/pages', { title: 'Top', status: 'publish' }, writer.headers)).body.id as number;
      const child = (
        await send('POST', '/pages', { title: 'Child', status: 'publish', parent: page }, site.people.editor.headers)
      ).body.id as number;
      const note = (await send('POST', '/notes', { title: 'Note', status: 'publish' }, writer.headers)).body.id as number;
      return { category, post, page, child, note };
    }

    it('with reassign, every record of theirs goes to the other user', async () => {
      const ids = await write();
      const res = await site.client.request('DELETE', url(`/users/${writer.id}?force=true&reassign=${site.people.author.id}`), {
        headers: admin(),
      });
      expect(res.status).toBe(200);
      for (const path of [`/posts/${ids.post}`, `/pages/${ids.page}`, `/notes/${ids.note}`]) {
        expect((await get(path)).body.author).toBe(site.people.author.id);
      }
      expect((await get(`/posts/${ids.post}/revisions`)).body).toHaveLength(1);
      expect((await get(`/categories/${ids.category}`)).body.count).toBe(1);
    });

    it('without reassign, their records of types deleted with their user go, with revisions and term counts', async () => {
      const ids = await write();
      const res = await site.client.request('DELETE', url(`/users/${writer.id}?force=true&reassign=`), { headers: admin() });
      expect(res.status).toBe(200);
      expect((await get(`/posts/${ids.post}`)).status).toBe(404);
      expect((await get(`/pages/${ids.page}`)).status).toBe(404);
      expect((await get(`/categories/${ids.category}`)).body.count).toBe(0);
      // The revision went with its post; the other editor's child page moved up to the top.
      const revisions = await site.database.db.selectFrom('posts').select('id').where('type', '=', 'revision').execute();
      expect(revisions).toEqual([]);
      expect((await get(`/pages/${ids.child}`)).body.parent).toBe(0);
      // A type that keeps its records when their author goes keeps them.
      expect((await get(`/notes/${ids.note}`)).body.id).toBe(ids.note);
    });

    it('a refused delete (a reassign to nobody who exists) changes nothing', async () => {
      const ids = await write();
      const res = await site.client.request('DELETE', url(`/users/${writer.id}?force=true&reassign=9999`), { headers: admin() });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('rest_user_invalid_reassign');
      expect((await get(`/posts/${ids.post}`)).body.author).toBe(writer.id);
      expect((await get(`/categories/${ids.category}`)).body.count).toBe(1);
    });
  });
}
