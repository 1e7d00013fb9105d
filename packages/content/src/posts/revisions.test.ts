import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, contentSite } from '../../test/site.js';
import { postTypes } from './post-types.js';

for (const prefix of ['cms', 'wp'] as const) {
  describe(`revisions in the ${prefix} profile`, () => {
    let site: ContentSite;
    let postId = 0;
    const send = (method: string, path: string, body: unknown, headers: Record<string, string>) =>
      site.client.request(method, `${site.ns}${path}`, {
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const get = (path: string, headers: Record<string, string> = {}) => site.client.get(`${site.ns}${path}`, { headers });

    beforeAll(async () => {
      site = await contentSite({ prefix });
      postTypes(site.server).register('note', { showInRest: true, restBase: 'notes', supports: ['title'] });
      const created = await send('POST', '/posts', { title: 'Rev test', content: 'one' }, site.people.author.headers);
      postId = created.body.id;
    });
    afterAll(async () => {
      await site.close();
    });

    it('stores no revision on create, one per update that changes the text, none otherwise', async () => {
      expect((await get(`/posts/${postId}/revisions`, site.people.author.headers)).body).toEqual([]);
      await send('POST', `/posts/${postId}`, { content: 'two' }, site.people.author.headers);
      await send('POST', `/posts/${postId}`, { comment_status: 'closed' }, site.people.author.headers);
      const res = await get(`/posts/${postId}/revisions?context=edit`, site.people.author.headers);
      expect(res.body).toHaveLength(1);
      expect(res.body[0]).toMatchObject({
        author: site.people.author.id,
        parent: postId,
        slug: `${postId}-revision-v1`,
        title: { raw: 'Rev test', rendered: 'Rev test' },
        content: { raw: 'two', rendered: '<p>two</p>\n' },
        excerpt: { raw: '', rendered: '' },
      });
      expect(res.body[0]._links.parent[0].href).toBe(`http://site.test/${prefix}-json/${prefix}/v2/posts/${postId}`);
      expect(res.header(`X-${prefix.toUpperCase()}-Total`)).toBe('1');
    });

    it('keeps a first revision on any first update (trashing too), later ones only when the text changed', async () => {
      const created = await send('POST', '/posts', { title: 'First', content: 'same' }, site.people.author.headers);
      const id = created.body.id as number;
      const revisions = async () => (await get(`/posts/${id}/revisions`, site.people.author.headers)).body as unknown[];
      await send('POST', `/posts/${id}`, { comment_status: 'closed' }, site.people.author.headers);
      expect(await revisions()).toHaveLength(1);
      // Only whitespace differs from the newest revision: nothing new.
      await send('POST', `/posts/${id}`, { content: '  same\r\n' }, site.people.author.headers);
      expect(await revisions()).toHaveLength(1);
      const page = await send('POST', '/pages', { title: 'Trashed page' }, site.people.editor.headers);
      await site.client.request('DELETE', `${site.ns}/pages/${page.body.id}`, { headers: site.people.editor.headers });
      expect((await get(`/pages/${page.body.id}/revisions`, site.people.editor.headers)).body).toHaveLength(1);
    });

    it('serves one revision, and refuses ids that are not revisions of that post', async () => {
      const [revision] = (await get(`/posts/${postId}/revisions`, site.people.author.headers)).body;
      expect((await get(`/posts/${postId}/revisions/${revision.id}`, site.people.author.headers)).body.id).toBe(revision.id);
      const other = await send('POST', '/posts', { title: 'Other' }, site.people.author.headers);
      const mismatch = await get(`/posts/${other.body.id}/revisions/${revision.id}`, site.people.author.headers);
      expect([mismatch.status, mismatch.body.code]).toEqual([404, 'rest_revision_parent_id_mismatch']);
      const notRevision = await get(`/posts/${postId}/revisions/${postId}`, site.people.author.headers);
      expect([notRevision.status, notRevision.body.code, notRevision.body.message]).toEqual([
        404,
        'rest_post_invalid_id',
        'Invalid revision ID.',
      ]);
      const noParent = await get('/posts/999999/revisions', site.people.author.headers);
      expect([noParent.status, noParent.body.code]).toEqual([404, 'rest_post_invalid_parent']);
    });

    it('shows revisions only to those who may edit the post', async () => {
      const anonymous = await get(`/posts/${postId}/revisions`);
      expect([anonymous.status, anonymous.body.code]).toEqual([401, 'rest_cannot_read']);
      expect((await get(`/posts/${postId}/revisions`, site.people.contributor.headers)).status).toBe(403);
    });

    it('deletes a revision only with force', async () => {
      const [revision] = (await get(`/posts/${postId}/revisions`, site.people.author.headers)).body;
      const soft = await site.client.request('DELETE', `${site.ns}/posts/${postId}/revisions/${revision.id}`, {
        headers: site.people.author.headers,
      });
      expect([soft.status, soft.body.code]).toEqual([501, 'rest_trash_not_supported']);
      const hard = await site.client.request('DELETE', `${site.ns}/posts/${postId}/revisions/${revision.id}?force=true`, {
        headers: site.people.author.headers,
      });
      expect(hard.body).toMatchObject({ deleted: true, previous: { id: revision.id } });
      expect((await get(`/posts/${postId}/revisions`, site.people.author.headers)).body).toEqual([]);
    });

    it('has no revision routes for a type that keeps none', async () => {
      const res = await get('/notes/1/revisions', site.people.administrator.headers);
      expect([res.status, res.body.code]).toEqual([404, 'rest_no_route']);
      expect((await get('/notes')).status).toBe(200);
    });
  });
}
