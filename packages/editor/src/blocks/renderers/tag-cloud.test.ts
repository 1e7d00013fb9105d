import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BlockSite, blockSite, type SeededContent, seedContent } from '../testing.js';

describe('the tag cloud block rendered on the server', () => {
  let site: BlockSite;
  let ids: SeededContent;
  const render = async (attributes: Record<string, unknown>) => {
    const res = await site.client.post('/wp/v2/block-renderer/core/tag-cloud?context=edit', {
      headers: site.people.editor.headers,
      body: { attributes },
    });
    expect(res.status).toBe(200);
    return (res.body as { rendered: string }).rendered;
  };
  beforeAll(async () => {
    site = await blockSite({ prefix: 'wp' });
  });
  afterAll(async () => {
    await site.close();
  });

  it("says the site has no tags when none is used, as the original's message", async () => {
    expect(await render({})).toBe(
      '<p class="wp-block-tag-cloud">Your site doesn&#8217;t have any tags, so there&#8217;s nothing to display here at the moment.</p>',
    );
  });

  it('sizes the used tags by the logarithm of their published posts, by name; a draft tag never shows', async () => {
    ids = await seedContent(site);
    const { alpha, beta } = ids.tags;
    expect(await render({})).toBe(
      `<p class="wp-block-tag-cloud"><a href="http://site.test/tag/alpha/" class="tag-cloud-link tag-link-${alpha} tag-link-position-1" style="font-size: 22pt;" aria-label="Alpha (3 items)">Alpha</a>\n` +
        `<a href="http://site.test/tag/beta/" class="tag-cloud-link tag-link-${beta} tag-link-position-2" style="font-size: 8pt;" aria-label="Beta (1 item)">Beta</a></p>`,
    );
  });

  it('keeps the most used terms, with counts, in the unit of the smallest size', async () => {
    expect(await render({ numberOfTags: 1, showTagCounts: true, smallestFontSize: '1em', largestFontSize: '2em' })).toBe(
      `<p class="wp-block-tag-cloud"><a href="http://site.test/tag/alpha/" class="tag-cloud-link tag-link-${ids.tags.alpha} tag-link-position-1" style="font-size: 1em;" aria-label="Alpha (3 items)">Alpha<span class="tag-link-count"> (3)</span></a></p>`,
    );
  });

  it('clouds another taxonomy', async () => {
    const html = await render({ taxonomy: 'category' });
    expect(html).toContain('href="http://site.test/category/technology/gadgets/"');
    expect(html).not.toContain('Unused');
  });
});
