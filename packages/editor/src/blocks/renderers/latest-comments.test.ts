import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BlockSite, blockSite, type SeededContent, seedContent } from '../testing.js';

describe('the latest comments block rendered on the server', () => {
  let site: BlockSite;
  let ids: SeededContent;
  const render = async (attributes: Record<string, unknown>, headers?: Record<string, string>) => {
    const res = await site.client.post('/wp/v2/block-renderer/core/latest-comments?context=edit', {
      headers: headers ?? site.people.editor.headers,
      body: { attributes },
    });
    expect(res.status).toBe(200);
    return (res.body as { rendered: string }).rendered;
  };
  beforeAll(async () => {
    site = await blockSite({ prefix: 'wp' });
    ids = await seedContent(site);
  });
  afterAll(async () => {
    await site.close();
  });

  it('says there are no comments to show', async () => {
    expect(await render({})).toBe(
      '<div class="has-avatars has-dates has-excerpts no-comments wp-block-latest-comments">No comments to show.</div>',
    );
  });

  it('lists the newest approved comments on published posts, as the original writes them; none on a draft', async () => {
    const comment = async (post: number, content: string, date: string, extra: Record<string, unknown> = {}) => {
      const res = await site.client.post('/wp/v2/comments', {
        headers: site.people.administrator.headers,
        body: {
          post,
          content,
          date,
          author_name: 'Ada Author',
          author_url: 'https://example.com/ada?x=1&y=2',
          author_email: 'ada@example.com',
          ...extra,
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      // Held for moderation (a comment with a link); approved by the administrator.
      const id = (res.body as { id: number }).id;
      const approved = await site.client.post(`/wp/v2/comments/${id}`, {
        headers: site.people.administrator.headers,
        body: { status: 'approved' },
      });
      expect(approved.status).toBe(200);
    };
    await comment(ids.posts.review, 'Nice <em>read</em>, thanks!', '2026-11-03T10:00:00');
    await comment(ids.posts.talk, Array.from({ length: 25 }, (_, index) => `w${index}`).join(' '), '2026-11-21T10:00:00');
    // A comment made while the post was published, which went back to draft since.
    const setStatus = (status: string) =>
      site.client.post(`/wp/v2/posts/${ids.posts.draft}`, { headers: site.people.administrator.headers, body: { status } });
    await setStatus('publish');
    await comment(ids.posts.draft, 'On a draft', '2026-11-26T10:00:00');
    await setStatus('draft');
    const html = await render({ commentsToShow: 2 });
    expect(
      html.startsWith(
        '<ol class="has-avatars has-dates has-excerpts wp-block-latest-comments"><li class="wp-block-latest-comments__comment"><img alt=\'\' src=\'',
      ),
    ).toBe(true);
    expect(html).toContain(
      `class='avatar avatar-48 photo wp-block-latest-comments__comment-avatar' height='48' width='48' loading='lazy' decoding='async'/><article><footer class="wp-block-latest-comments__comment-meta"><a class="wp-block-latest-comments__comment-author" href="https://example.com/ada?x=1&#038;y=2">Ada Author</a> on <a class="wp-block-latest-comments__comment-link" href="http://site.test/tech-talk/#comment-`,
    );
    expect(html).toContain(
      '">Tech talk</a><time datetime="2026-11-21T10:00:00+00:00" class="wp-block-latest-comments__comment-date">November 21, 2026</time></footer><div class="wp-block-latest-comments__comment-excerpt"><p>w0 w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 w11 w12 w13 w14 w15 w16 w17 w18 w19&hellip;</p>\n</div></article></li>',
    );
    expect(html).toContain('<p>Nice read, thanks!</p>');
    expect(html).not.toContain('On a draft');
  });

  it('leaves out the avatar, the date and the excerpt when asked', async () => {
    const html = await render({ displayAvatar: false, displayDate: false, displayExcerpt: false, commentsToShow: 1 });
    expect(html).toMatch(
      /^<ol class="wp-block-latest-comments"><li class="wp-block-latest-comments__comment"><article><footer class="wp-block-latest-comments__comment-meta"><a [^>]+>Ada Author<\/a> on <a [^>]+>Tech talk<\/a><\/footer><\/article><\/li><\/ol>$/,
    );
  });
});
