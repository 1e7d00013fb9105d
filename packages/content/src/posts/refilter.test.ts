import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, contentSite } from '../../test/site.js';

describe('a save by a user without unfiltered_html filters the stored title, content and excerpt again (wp profile)', () => {
  let site: ContentSite;
  const send = (method: string, path: string, body: unknown, headers: Record<string, string>) =>
    site.client.request(method, `/wp/v2${path}`, {
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const CONTENT = 'Two paragraphs & some <strong>markup</strong>.<script>alert(1)</script>';
  const EXCERPT = 'Cats & dogs<script>x()</script>';
  /** A post of `authorId` as an administrator stored it: the script and the bare `&` kept. */
  const adminPost = async (authorId: number, status = 'draft') => {
    const made = await send(
      'POST',
      '/posts?context=edit',
      { title: 'Q & A', content: CONTENT, excerpt: EXCERPT, status, author: authorId },
      site.people.administrator.headers,
    );
    expect(made.body.content.raw).toBe(CONTENT);
    return made.body.id as number;
  };
  const row = async (id: number) =>
    site.database.db.selectFrom('posts').select(['title', 'content', 'excerpt']).where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    site = await contentSite({ prefix: 'wp' });
  });
  afterAll(async () => {
    await site.close();
  });

  it("an author's title-only save filters the fields it did not send, as wp_update_post", async () => {
    const id = await adminPost(site.people.author.id);
    const saved = await send('POST', `/posts/${id}?context=edit`, { title: 'Edited' }, site.people.author.headers);
    expect(saved.status).toBe(200);
    expect(saved.body.title.raw).toBe('Edited');
    expect(saved.body.content.raw).toBe('Two paragraphs &amp; some <strong>markup</strong>.');
    expect(saved.body.excerpt.raw).toBe('Cats &amp; dogs');
    expect(await row(id)).toEqual({
      title: 'Edited',
      content: 'Two paragraphs &amp; some <strong>markup</strong>.',
      excerpt: 'Cats &amp; dogs',
    });
  });

  it("filters the stored title too when an author's save sends none of the three", async () => {
    const id = await adminPost(site.people.author.id);
    const saved = await send('POST', `/posts/${id}?context=edit`, { status: 'pending' }, site.people.author.headers);
    expect(saved.status).toBe(200);
    expect((await row(id)).title).toBe('Q &amp; A');
  });

  it("an author's trashing of her own post filters it too (wp_trash_post is wp_update_post)", async () => {
    const id = await adminPost(site.people.author.id);
    const trashed = await send('DELETE', `/posts/${id}`, {}, site.people.author.headers);
    expect(trashed.status).toBe(200);
    expect(await row(id)).toEqual({
      title: 'Q &amp; A',
      content: 'Two paragraphs &amp; some <strong>markup</strong>.',
      excerpt: 'Cats &amp; dogs',
    });
  });

  it('leaves the stored HTML as it is when an editor or an administrator saves', async () => {
    for (const role of ['editor', 'administrator'] as const) {
      const id = await adminPost(site.people.author.id);
      const saved = await send('POST', `/posts/${id}?context=edit`, { title: 'Kept' }, site.people[role].headers);
      expect(saved.status).toBe(200);
      expect(await row(id)).toEqual({ title: 'Kept', content: CONTENT, excerpt: EXCERPT });
    }
  });

  it('changes nothing when the save is refused', async () => {
    const id = await adminPost(site.people.editor.id, 'publish');
    const refused = await send('POST', `/posts/${id}`, { title: 'Not mine' }, site.people.author.headers);
    expect(refused.status).toBe(403);
    expect(await row(id)).toEqual({ title: 'Q & A', content: CONTENT, excerpt: EXCERPT });
    const badDate = await send('POST', `/posts/${id}`, { date: 'yesterday-ish' }, site.people.contributor.headers);
    expect(badDate.status).toBeGreaterThanOrEqual(400);
    expect(await row(id)).toEqual({ title: 'Q & A', content: CONTENT, excerpt: EXCERPT });
  });
});
