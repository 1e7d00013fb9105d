import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BlockSite, blockSite, type SeededContent, seedContent } from '../testing.js';

describe('the latest posts block rendered on the server', () => {
  let site: BlockSite;
  let ids: SeededContent;
  const render = async (attributes: Record<string, unknown>, headers?: Record<string, string>) => {
    const res = await site.client.post('/wp/v2/block-renderer/core/latest-posts?context=edit', {
      headers: headers ?? site.people.administrator.headers,
      body: { attributes },
    });
    expect(res.status).toBe(200);
    return (res.body as { rendered: string }).rendered;
  };
  const title = (slug: string, text: string) =>
    `<a class="wp-block-latest-posts__post-title" href="http://site.test/${slug}/">${text}</a>`;
  beforeAll(async () => {
    site = await blockSite({ prefix: 'wp' });
    ids = await seedContent(site);
  });
  afterAll(async () => {
    await site.close();
  });

  it('lists the newest published posts; drafts and private posts never show, whoever asks', async () => {
    const expected = `<ul class="wp-block-latest-posts__list wp-block-latest-posts"><li>${title('tech-talk', 'Tech talk')}</li>\n<li>${title('gadget-review', 'Gadget review')}</li>\n<li>${title('first-news', 'First news')}</li>\n</ul>`;
    expect(await render({})).toBe(expected);
    expect(await render({}, site.people.contributor.headers)).toBe(expected);
  });

  it('orders by title, limits the count, and filters by category and author', async () => {
    expect(await render({ orderBy: 'title', order: 'asc', postsToShow: 2 })).toBe(
      `<ul class="wp-block-latest-posts__list wp-block-latest-posts"><li>${title('first-news', 'First news')}</li>\n<li>${title('gadget-review', 'Gadget review')}</li>\n</ul>`,
    );
    const technology = await render({ categories: [{ id: ids.categories.technology }] });
    expect(technology).toContain('Tech talk');
    expect(technology).not.toContain('Gadget review');
    expect(await render({ selectedAuthor: site.people.author.id })).toBe(
      '<ul class="wp-block-latest-posts__list wp-block-latest-posts"></ul>',
    );
  });

  it('adds the author, the date in the site format, and the excerpt (written, or cut to excerptLength words)', async () => {
    const html = await render({
      displayAuthor: true,
      displayPostDate: true,
      displayPostContent: true,
      excerptLength: 3,
      postLayout: 'grid',
      columns: 2,
    });
    expect(
      html.startsWith(
        '<ul class="wp-block-latest-posts__list is-grid columns-2 has-dates has-author wp-block-latest-posts"><li>',
      ),
    ).toBe(true);
    expect(html).toContain(
      `${title('tech-talk', 'Tech talk')}<div class="wp-block-latest-posts__post-author">by administrator</div><time datetime="2026-11-20T18:45:00+00:00" class="wp-block-latest-posts__post-date">November 20, 2026</time><div class="wp-block-latest-posts__post-excerpt">Tech talk in [&hellip;]</div></li>`,
    );
    expect(html).toContain('<div class="wp-block-latest-posts__post-excerpt">A written excerpt.</div>');
  });

  it('shows the full content when asked', async () => {
    expect(await render({ displayPostContent: true, displayPostContentRadio: 'full_post', postsToShow: 1 })).toBe(
      `<ul class="wp-block-latest-posts__list wp-block-latest-posts"><li>${title('tech-talk', 'Tech talk')}<div class="wp-block-latest-posts__post-full-content"><p>Tech talk in many words: one two three four five six.</p>\n</div></li>\n</ul>`,
    );
  });
});
