import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, contentSite } from '../../test/site.js';

describe('a comment update filters the whole content again, as wp_update_comment (wp profile)', () => {
  let site: ContentSite;
  let postId = 0;
  const send = (method: string, path: string, body: unknown, headers: Record<string, string>) =>
    site.client.request(method, `/wp/v2${path}`, {
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const STORED = 'A & B <a href="https://y.test/">y</a> <script>z()</script> <i onclick="q">i</i>';
  /** A comment whose row holds `content` as written straight into the table (an import, another program). */
  const storedComment = async (userId: number, content: string) => {
    site.clock.advance(60_000);
    const made = await send('POST', '/comments', { post: postId, content: 'placeholder' }, site.people.administrator.headers);
    expect(made.status).toBe(201);
    await site.database.db.updateTable('comments').set({ content, user_id: userId }).where('id', '=', made.body.id).execute();
    return made.body.id as number;
  };
  const storedContent = async (id: number) =>
    (await site.database.db.selectFrom('comments').select('content').where('id', '=', id).executeTakeFirstOrThrow()).content;

  beforeAll(async () => {
    site = await contentSite({ prefix: 'wp' });
    const post = await send('POST', '/posts', { title: 'Talk', status: 'publish' }, site.people.administrator.headers);
    postId = post.body.id;
  });
  afterAll(async () => {
    await site.close();
  });

  it('marks every caller\'s links rel="nofollow ugc" on create, merging a rel and sparing the site\'s own links', async () => {
    const html = `Hi <a href="https://x.test/" rel="me">x</a> & <script>s()</script>`;
    const made = await send('POST', '/comments?context=edit', { post: postId, content: html }, site.people.administrator.headers);
    expect(made.body.content.raw).toBe('Hi <a href="https://x.test/" rel="me nofollow ugc">x</a> & <script>s()</script>');
  });

  it("a status change by an administrator filters a guest's stored content with kses and marks its links", async () => {
    const id = await storedComment(0, STORED);
    const held = await send('POST', `/comments/${id}?context=edit`, { status: 'hold' }, site.people.administrator.headers);
    expect(held.status).toBe(200);
    const filtered = 'A &amp; B <a href="https://y.test/" rel="nofollow ugc">y</a>  <i>i</i>';
    expect(held.body.content.raw).toBe(filtered);
    expect(await storedContent(id)).toBe(filtered);
  });

  it("keeps an administrator's own comment unfiltered on update, but for the links' rel", async () => {
    const id = await storedComment(site.people.administrator.id, STORED);
    const held = await send('POST', `/comments/${id}?context=edit`, { status: 'hold' }, site.people.administrator.headers);
    expect(held.body.content.raw).toBe(STORED.replace('">y</a>', '" rel="nofollow ugc">y</a>'));
  });

  it("filters content an administrator sends for a guest's comment as the guest's", async () => {
    const id = await storedComment(0, 'old');
    const edited = await send(
      'POST',
      `/comments/${id}?context=edit`,
      { content: '<b>ok</b><script>x()</script>' },
      site.people.administrator.headers,
    );
    expect(edited.body.content.raw).toBe('<b>ok</b>');
  });

  it('refuses emptied content and leaves the row as it was', async () => {
    const id = await storedComment(0, STORED);
    const refused = await send('POST', `/comments/${id}`, { content: '  ' }, site.people.administrator.headers);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('rest_comment_content_invalid');
    expect(await storedContent(id)).toBe(STORED);
  });
});
