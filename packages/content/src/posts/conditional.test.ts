/**
 * Conditional requests on posts, over real HTTP on 127.0.0.1 (the node adapter): ETags per
 * caller, 304 revalidation, HEAD, and `If-Match` keeping two editors from overwriting each
 * other.
 */
import { type Served, serve } from '@cms-json/node';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, contentSite } from '../../test/site.js';
import { SqlOptionsStore } from '../options/options.js';

for (const prefix of ['cms', 'wp'] as const) {
  describe(`conditional requests on posts in the ${prefix} profile`, () => {
    let site: ContentSite;
    let served: Served;
    let postId = 0;
    const url = (path: string) => `${served.url}/${prefix}-json${site.ns}${path}`;
    const send = (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) =>
      fetch(url(path), {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const stored = () => site.database.db.selectFrom('posts').selectAll().where('id', '=', postId).executeTakeFirst();

    beforeAll(async () => {
      site = await contentSite({ prefix });
      served = await serve({ server: site.server, port: 0, onError: () => {} });
      const created = await send('POST', '/posts', site.people.editor.headers, { title: 'Shared page', status: 'publish' });
      postId = ((await created.json()) as { id: number }).id;
    });
    afterAll(async () => {
      await served.close();
      await site.close();
    });

    it('tags a post and the post list with a weak ETag that stays the same between reads', async () => {
      for (const path of [`/posts/${postId}`, '/posts']) {
        const first = await send('GET', path);
        const second = await send('GET', path);
        expect(first.headers.get('etag')).toMatch(/^W\/"0\.[0-9a-f]{16}"$/);
        expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
        expect(first.headers.get('cache-control')).toBeNull();
      }
    });

    it('gives each signed-in user a tag of their own and marks their answers no-store', async () => {
      const anonymous = await send('GET', `/posts/${postId}`);
      const editor = await send('GET', `/posts/${postId}`, site.people.editor.headers);
      const author = await send('GET', `/posts/${postId}`, site.people.author.headers);
      const tags = [anonymous, editor, author].map((res) => res.headers.get('etag'));
      expect(new Set(tags).size).toBe(3);
      expect(editor.headers.get('cache-control')).toContain('no-store');
      expect(editor.headers.get('cache-control')).toContain('private');
    });

    it('answers 304 with no body to If-None-Match with the current tag', async () => {
      const full = await send('GET', `/posts/${postId}`, site.people.editor.headers);
      const tag = full.headers.get('etag') as string;
      const revalidated = await send('GET', `/posts/${postId}`, { ...site.people.editor.headers, 'if-none-match': tag });
      expect(revalidated.status).toBe(304);
      expect(await revalidated.text()).toBe('');
      expect(revalidated.headers.get('etag')).toBe(tag);
      expect(revalidated.headers.get('content-type')).toBeNull();
      const list = await send('GET', '/posts');
      const listAgain = await send('GET', '/posts', { 'if-none-match': list.headers.get('etag') as string });
      expect(listAgain.status).toBe(304);
    });

    it('answers in full with a new tag after a write through the API, by raw SQL, or of an option', async () => {
      const paths = [`/posts/${postId}`, '/posts'];
      const writes = [
        () => send('POST', `/posts/${postId}`, site.people.editor.headers, { excerpt: 'Through the API' }),
        () => sql`update posts set title = 'By hand' where id = ${postId}`.execute(site.database.db),
        () => new SqlOptionsStore(site.database).set('permalink_structure', '/?p=%post_id%'),
      ];
      for (const write of writes) {
        const tags = await Promise.all(paths.map(async (path) => (await send('GET', path)).headers.get('etag') as string));
        for (const [index, path] of paths.entries())
          expect((await send('GET', path, { 'if-none-match': tags[index] as string })).status).toBe(304);
        await write();
        for (const [index, path] of paths.entries()) {
          const res = await send('GET', path, { 'if-none-match': tags[index] as string });
          expect(res.status, path).toBe(200);
          expect(res.headers.get('etag')).not.toBe(tags[index]);
        }
      }
      const post = (await (await send('GET', `/posts/${postId}`)).json()) as { title: { rendered: string }; link: string };
      expect(post.title.rendered).toBe('By hand');
      expect(post.link).toContain(`?p=${postId}`);
    });

    it('answers another user in full when they revalidate with someone else’s tag', async () => {
      const editorTag = (await send('GET', `/posts/${postId}`, site.people.editor.headers)).headers.get('etag') as string;
      const author = await send('GET', `/posts/${postId}`, { ...site.people.author.headers, 'if-none-match': editorTag });
      expect(author.status).toBe(200);
      const anonymous = await send('GET', `/posts/${postId}`, { 'if-none-match': editorTag });
      expect(anonymous.status).toBe(200);
    });

    it('changes the list’s tag when a scheduled post’s time comes, with no write', async () => {
      const date = new Date(site.clock.now() + 2 * 60 * 60 * 1000).toISOString().slice(0, 19);
      const scheduled = await send('POST', '/posts', site.people.editor.headers, {
        title: 'Scheduled',
        status: 'future',
        date_gmt: date,
      });
      expect(scheduled.status).toBe(201);
      const id = ((await scheduled.json()) as { id: number }).id;
      const before = await send('GET', '/posts');
      expect(((await before.json()) as { id: number }[]).map((post) => post.id)).not.toContain(id);
      const tag = before.headers.get('etag') as string;
      expect((await send('GET', '/posts', { 'if-none-match': tag })).status).toBe(304);
      site.clock.advance(3 * 60 * 60 * 1000);
      const after = await send('GET', '/posts', { 'if-none-match': tag });
      expect(after.status).toBe(200);
      expect(((await after.json()) as { id: number }[]).map((post) => post.id)).toContain(id);
    });

    it('answers HEAD with the GET’s tag and no body', async () => {
      const get = await send('GET', `/posts/${postId}`);
      const head = await send('HEAD', `/posts/${postId}`);
      expect(head.status).toBe(200);
      expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
      expect(await head.text()).toBe('');
    });

    it('refuses with 412 an update or a delete whose If-Match is stale, leaving the post as the other editor left it', async () => {
      const editTag = (await send('GET', `/posts/${postId}?context=edit`, site.people.editor.headers)).headers.get(
        'etag',
      ) as string;
      // The administrator changes the post after the editor read it.
      const other = await send('PUT', `/posts/${postId}`, site.people.administrator.headers, { title: 'Administrator’s title' });
      expect(other.status).toBe(200);
      const before = await stored();
      for (const method of ['PUT', 'PATCH']) {
        const res = await send(
          method,
          `/posts/${postId}?context=edit`,
          { ...site.people.editor.headers, 'if-match': editTag },
          { title: 'Editor’s title' },
        );
        expect(res.status, method).toBe(412);
        expect(await res.json()).toEqual({
          code: 'rest_precondition_failed',
          message: 'The resource has changed since it was read: its ETag no longer matches If-Match.',
          data: { status: 412 },
        });
      }
      const deleted = await send('DELETE', `/posts/${postId}?context=edit&force=true`, {
        ...site.people.editor.headers,
        'if-match': editTag,
      });
      expect(deleted.status).toBe(412);
      expect(await stored()).toEqual(before);
    });

    it('runs the update when If-Match is the current tag of the same context', async () => {
      const editTag = (await send('GET', `/posts/${postId}?context=edit`, site.people.editor.headers)).headers.get(
        'etag',
      ) as string;
      const res = await send(
        'PUT',
        `/posts/${postId}?context=edit`,
        { ...site.people.editor.headers, 'if-match': editTag },
        { title: 'Agreed title' },
      );
      expect(res.status).toBe(200);
      expect((await stored())?.title).toBe('Agreed title');
      const star = await send(
        'PATCH',
        `/posts/${postId}`,
        { ...site.people.editor.headers, 'if-match': '*' },
        { title: 'Any version' },
      );
      expect(star.status).toBe(200);
      expect((await stored())?.title).toBe('Any version');
    });
  });
}
