import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, contentSite, type Person } from '../../test/site.js';
import { postTypes } from './post-types.js';

for (const prefix of ['cms', 'wp'] as const) {
  describe(`autosaves in the ${prefix} profile`, () => {
    let site: ContentSite;
    const json = (body: unknown, headers: Record<string, string>) => ({
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const post = (path: string, body: unknown, who?: Person) =>
      site.client.request('POST', `${site.ns}${path}`, json(body, who?.headers ?? {}));
    const get = (path: string, who?: Person) => site.client.get(`${site.ns}${path}`, { headers: who?.headers ?? {} });
    const create = async (who: Person, body: Record<string, unknown>, base = '/posts') => {
      const res = await post(base, body, who);
      expect(res.status).toBe(201);
      return res.body.id as number;
    };

    beforeAll(async () => {
      site = await contentSite({ prefix });
      postTypes(site.server).register('note', { showInRest: true, restBase: 'notes', supports: ['title', 'editor'] });
    });
    afterAll(async () => {
      await site.close();
    });

    it("updates the author's own draft in place, with no revision, and answers it as a revision with its preview link", async () => {
      const { author } = site.people;
      const id = await create(author, { title: 'Draft', content: 'one' });
      const res = await post(`/posts/${id}/autosaves`, { title: 'Draft', content: 'two', excerpt: '' }, author);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id,
        parent: 0,
        author: author.id,
        title: { raw: 'Draft', rendered: 'Draft' },
        content: { raw: 'two', rendered: '<p>two</p>\n' },
        excerpt: { raw: '', rendered: '' },
        preview_link: `http://site.test/?p=${id}&preview=true`,
      });
      expect(res.body._links).toBeUndefined();
      const stored = await get(`/posts/${id}?context=edit`, author);
      expect([stored.body.status, stored.body.content.raw]).toEqual(['draft', 'two']);
      expect((await get(`/posts/${id}/revisions`, author)).body).toEqual([]);
      expect((await get(`/posts/${id}/autosaves`, author)).body).toEqual([]);
      // Terms, sticky, format and meta are not autosaved, even on the draft itself.
      await post(`/posts/${id}/autosaves`, { content: 'three', format: 'aside', sticky: true, tags: [] }, author);
      const after = await get(`/posts/${id}?context=edit`, author);
      expect([after.body.content.raw, after.body.format, after.body.sticky]).toEqual(['three', 'standard', false]);
    });

    it("keeps one autosave revision per user of a published post, and never changes the post's content", async () => {
      const { author, editor } = site.people;
      const id = await create(author, { title: 'Published', content: 'live', status: 'publish' });
      const first = await post(`/posts/${id}/autosaves`, { content: 'autosaved' }, author);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        author: author.id,
        parent: id,
        slug: `${id}-autosave-v1`,
        // Only what was sent: the first autosave has no title.
        title: { raw: '' },
        content: { raw: 'autosaved' },
      });
      expect(first.body.guid.raw).toBe(`http://site.test/?p=${first.body.id}`);
      expect(first.body._links.parent[0].href).toBe(`http://site.test/${prefix}-json/${prefix}/v2/posts/${id}`);
      // The post's address, then `preview_id`, `preview_nonce` and `preview`, as `get_preview_post_link`.
      const postLink = (await get(`/posts/${id}`)).body.link as string;
      const preview = first.body.preview_link as string;
      expect(preview).toMatch(/[?&]preview_id=\d+&preview_nonce=[0-9a-f]{10}&preview=true$/);
      expect(preview.startsWith(`${postLink}${postLink.includes('?') ? '&' : '?'}preview_id=${id}&`)).toBe(true);
      // The next autosave of the same user changes the same revision, keeping what it did not send.
      const second = await post(`/posts/${id}/autosaves`, { title: 'New title' }, author);
      expect(second.body).toMatchObject({ id: first.body.id, title: { raw: 'New title' }, content: { raw: 'autosaved' } });
      // Another user's autosave is a second revision.
      const other = await post(`/posts/${id}/autosaves`, { title: 'Published', content: 'editor text' }, editor);
      expect(other.status).toBe(200);
      expect(other.body.id).not.toBe(first.body.id);
      expect(other.body.author).toBe(editor.id);
      const list = await get(`/posts/${id}/autosaves?context=edit`, author);
      expect(list.body.map((saved: { id: number }) => saved.id).sort()).toEqual([first.body.id, other.body.id].sort());
      expect(list.header(`X-${prefix.toUpperCase()}-Total`)).toBeUndefined();
      const live = await get(`/posts/${id}?context=edit`, author);
      expect([live.body.title.raw, live.body.content.raw, live.body.status]).toEqual(['Published', 'live', 'publish']);
      // Autosaves count among the record's revisions, as the original counts them.
      const revisions = await get(`/posts/${id}/revisions`, author);
      expect(revisions.body).toHaveLength(2);
    });

    it('deletes the autosave and answers 400 rest_autosave_no_changes when it comes back to the post', async () => {
      const { author } = site.people;
      const id = await create(author, { title: 'Same', content: 'text', status: 'publish' });
      const made = await post(`/posts/${id}/autosaves`, { title: 'Same', content: 'changed' }, author);
      expect(made.status).toBe(200);
      const back = await post(`/posts/${id}/autosaves`, { title: 'Same', content: '  text\r\n' }, author);
      expect(back.status).toBe(400);
      expect(back.body).toEqual({
        code: 'rest_autosave_no_changes',
        message: 'There is nothing to save. The autosave and the post content are the same.',
        data: { status: 400 },
      });
      expect((await get(`/posts/${id}/autosaves`, author)).body).toEqual([]);
    });

    it("autosaves someone else's draft as a revision of the editor's, leaving the draft", async () => {
      const { author, editor } = site.people;
      const id = await create(author, { title: 'Their draft', content: 'mine' });
      const res = await post(`/posts/${id}/autosaves`, { title: 'Their draft', content: 'edited' }, editor);
      expect(res.body).toMatchObject({ parent: id, author: editor.id, slug: `${id}-autosave-v1` });
      expect((await get(`/posts/${id}?context=edit`, author)).body.content.raw).toBe('mine');
    });

    it('serves the newest autosave at /autosaves/<id>, whatever the id, and 404 without one', async () => {
      const { author } = site.people;
      const id = await create(author, { title: 'One', content: 'a', status: 'publish' });
      const none = await get(`/posts/${id}/autosaves/1`, author);
      expect([none.status, none.body.code, none.body.message]).toEqual([
        404,
        'rest_post_no_autosave',
        'There is no autosave revision for this post.',
      ]);
      const made = await post(`/posts/${id}/autosaves`, { title: 'One', content: 'b' }, author);
      const read = await get(`/posts/${id}/autosaves/999999`, author);
      expect([read.status, read.body.id, read.body.preview_link]).toEqual([200, made.body.id, undefined]);
      const edit = await get(`/posts/${id}/autosaves/${made.body.id}?context=edit`, author);
      expect(edit.body.preview_link).toContain(`preview_id=${id}`);
      const embed = await get(`/posts/${id}/autosaves/${made.body.id}?context=embed`, author);
      expect(Object.keys(embed.body).sort()).toEqual(['_links', 'author', 'date', 'excerpt', 'id', 'parent', 'slug', 'title']);
    });

    it('refuses the wrong users and bad ids with the original codes', async () => {
      const { author, contributor, subscriber, editor } = site.people;
      const id = await create(author, { title: 'Guarded', content: 'x', status: 'publish' });
      await post(`/posts/${id}/autosaves`, { content: 'y' }, author);
      const expectError = (res: { status: number; body: { code: string } }, status: number, code: string) =>
        expect([res.status, res.body.code]).toEqual([status, code]);
      const anonymousList = await get(`/posts/${id}/autosaves`);
      expectError(anonymousList, 401, 'rest_cannot_read');
      expect((anonymousList.body as unknown as { message: string }).message).toBe(
        'Sorry, you are not allowed to view autosaves of this post.',
      );
      const anonymousItem = await get(`/posts/${id}/autosaves/1`);
      expectError(anonymousItem, 401, 'rest_cannot_read');
      expect((anonymousItem.body as unknown as { message: string }).message).toBe(
        'Sorry, you are not allowed to view revisions of this post.',
      );
      expectError(await post(`/posts/${id}/autosaves`, { content: 'z' }), 401, 'rest_cannot_edit');
      for (const who of [subscriber, contributor]) {
        expectError(await get(`/posts/${id}/autosaves`, who), 403, 'rest_cannot_read');
        expectError(await get(`/posts/${id}/autosaves/1`, who), 403, 'rest_cannot_read');
        expectError(await post(`/posts/${id}/autosaves`, { content: 'z' }, who), 403, 'rest_cannot_edit');
      }
      // A contributor's own draft is theirs to autosave; publishing through an autosave is not.
      const own = await create(contributor, { title: 'Mine', content: 'c' });
      expect((await post(`/posts/${own}/autosaves`, { content: 'c2' }, contributor)).status).toBe(200);
      expectError(await post(`/posts/${own}/autosaves`, { status: 'publish' }, contributor), 403, 'rest_cannot_publish');
      // The editor may read every autosave of the post.
      expect((await get(`/posts/${id}/autosaves`, editor)).body).toHaveLength(1);
      expectError(await get('/posts/999999/autosaves', author), 404, 'rest_post_invalid_parent');
      expectError(await get('/posts/999999/autosaves/1', author), 404, 'rest_post_invalid_parent');
      expectError(await get('/posts/0/autosaves/1', author), 404, 'rest_post_invalid_parent');
      expectError(await post('/posts/999999/autosaves', { content: 'x' }, author), 404, 'rest_post_invalid_id');
      expectError(await post('/posts/0/autosaves', { content: 'x' }, author), 404, 'rest_post_invalid_id');
      const page = await create(editor, { title: 'A page' }, '/pages');
      expectError(await post(`/posts/${page}/autosaves`, { content: 'x' }, editor), 404, 'rest_post_invalid_id');
      expectError(await get(`/posts/${page}/autosaves`, editor), 404, 'rest_post_invalid_parent');
      expectError(await post(`/posts/${id}/autosaves`, { date: 'not a date' }, author), 400, 'rest_invalid_param');
      expectError(await get('/posts/abc/autosaves', author), 404, 'rest_no_route');
    });

    it('takes the method override, serves pages, and serves a type without revisions', async () => {
      const { editor } = site.people;
      const page = await create(editor, { title: 'Page', content: 'p', status: 'publish' }, '/pages');
      const res = await post(`/pages/${page}/autosaves`, { content: 'p2' }, editor);
      expect([res.status, res.body.parent, res.body.slug]).toEqual([200, page, `${page}-autosave-v1`]);
      // The method override as for any route: `_method=GET` lists, a method the route lacks is no route.
      const listed = await post(`/pages/${page}/autosaves?_method=GET`, {}, editor);
      expect([listed.status, listed.body.length]).toEqual([200, 1]);
      const put = await site.client.request('POST', `${site.ns}/pages/${page}/autosaves`, {
        headers: { ...editor.headers, 'x-http-method-override': 'PUT', 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'p3' }),
      });
      expect([put.status, put.body.code]).toEqual([404, 'rest_no_route']);
      const pageLink = (await get(`/pages/${page}`)).body.link as string;
      expect(res.body.preview_link).toMatch(new RegExp(`^${pageLink.replace(/[.?]/g, '\\$&')}[?&]preview_id=${page}&`));
      // As the original: a type without revisions has autosaves too (its revisions have its fields only).
      const note = await create(editor, { title: 'n', content: 'c', status: 'publish' }, '/notes');
      const noted = await post(`/notes/${note}/autosaves`, { title: 'n2', excerpt: 'ignored' }, editor);
      expect([noted.status, noted.body.title.raw, 'excerpt' in noted.body]).toEqual([200, 'n2', false]);
      expect((await get(`/notes/${note}/revisions`, editor)).body.code).toBe('rest_no_route');
    });

    it('makes two autosaves for two users autosaving at once', async () => {
      const { author, editor, administrator } = site.people;
      const id = await create(author, { title: 'Busy', content: 'base', status: 'publish' });
      const answers = await Promise.all([
        post(`/posts/${id}/autosaves`, { content: 'from the editor' }, editor),
        post(`/posts/${id}/autosaves`, { content: 'from the administrator' }, administrator),
        post(`/posts/${id}/autosaves`, { content: 'from the editor again' }, editor),
      ]);
      expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
      const list = (await get(`/posts/${id}/autosaves?context=edit`, author)).body as {
        author: number;
        content: { raw: string };
      }[];
      expect(list.map((saved) => saved.author).sort()).toEqual([editor.id, administrator.id].sort());
      expect((await get(`/posts/${id}?context=edit`, author)).body.content.raw).toBe('base');
    });

    it("changes the post's ETag when an autosave is made (its version history), and keeps 304 otherwise", async () => {
      const { editor } = site.people;
      const id = await create(editor, { title: 'Tagged', content: 'same', status: 'publish' });
      const first = await get(`/posts/${id}`, editor);
      const tag = first.header('etag') as string;
      expect(tag).toMatch(/^W\//);
      const again = await site.client.get(`${site.ns}/posts/${id}`, { headers: { ...editor.headers, 'if-none-match': tag } });
      expect(again.status).toBe(304);
      await post(`/posts/${id}/autosaves`, { content: 'different' }, editor);
      const changed = await site.client.get(`${site.ns}/posts/${id}`, { headers: { ...editor.headers, 'if-none-match': tag } });
      expect(changed.status).toBe(200);
      expect(changed.body._links['version-history'][0].count).toBe(1);
      expect(changed.body.content.rendered).toBe('<p>same</p>\n');
      const settled = await site.client.get(`${site.ns}/posts/${id}`, {
        headers: { ...editor.headers, 'if-none-match': changed.header('etag') as string },
      });
      expect(settled.status).toBe(304);
    });

    it('leaves the next update a revision compared with the last revision, not with an autosave', async () => {
      const { author } = site.people;
      const id = await create(author, { title: 'Rev', content: 'v1', status: 'publish' });
      await post(`/posts/${id}`, { content: 'v2' }, author);
      await post(`/posts/${id}/autosaves`, { content: 'v3' }, author);
      // The same text as the last revision: no new revision, though the newest is an autosave.
      await post(`/posts/${id}`, { content: 'v2' }, author);
      const revisions = (await get(`/posts/${id}/revisions`, author)).body as { slug: string }[];
      expect(revisions.map((revision) => revision.slug).sort()).toEqual([`${id}-autosave-v1`, `${id}-revision-v1`]);
      await post(`/posts/${id}`, { content: 'v4' }, author);
      const after = (await get(`/posts/${id}/revisions`, author)).body as { slug: string }[];
      expect(after.map((revision) => revision.slug).sort()).toEqual([
        `${id}-autosave-v1`,
        `${id}-revision-v1`,
        `${id}-revision-v1`,
      ]);
    });
  });
}
