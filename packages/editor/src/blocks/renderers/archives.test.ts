import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BlockSite, blockSite, seedContent } from '../testing.js';

describe('the archives block rendered on the server', () => {
  let site: BlockSite;
  const render = async (attributes: Record<string, unknown>, headers?: Record<string, string>) => {
    const res = await site.client.post('/wp/v2/block-renderer/core/archives?context=edit', {
      headers: headers ?? site.people.administrator.headers,
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

  it('says there is nothing to show on a site without published posts', async () => {
    expect(await render({})).toBe('<div class=" wp-block-archives-list wp-block-archives">No archives to show.</div>');
  });

  it('lists the months with published posts, newest first, counts when asked; drafts and private posts never count', async () => {
    await seedContent(site);
    expect(await render({})).toBe(
      `<ul class=" wp-block-archives-list wp-block-archives">\t<li><a href='http://site.test/2026/11/'>November 2026</a></li>\n\t<li><a href='http://site.test/2026/10/'>October 2026</a></li>\n</ul>`,
    );
    expect(await render({ showPostCounts: true }, site.people.editor.headers)).toBe(
      `<ul class=" wp-block-archives-list wp-block-archives">\t<li><a href='http://site.test/2026/11/'>November 2026</a>&nbsp;(2)</li>\n\t<li><a href='http://site.test/2026/10/'>October 2026</a>&nbsp;(1)</li>\n</ul>`,
    );
  });

  it('renders a dropdown of years with a hidden label, as the original', async () => {
    expect(await render({ displayAsDropdown: true, type: 'yearly', showLabel: false })).toBe(
      `<div class=" wp-block-archives-dropdown wp-block-archives"><label for="wp-block-archives-1" class="wp-block-archives__label screen-reader-text">Archives</label>
\t\t<select id="wp-block-archives-1" name="archive-dropdown" onchange="document.location.href=this.options[this.selectedIndex].value;">
\t\t<option value="">Select Year</option>\t<option value='http://site.test/2026/'> 2026 </option>\n</select></div>`,
    );
  });

  it('names days with the site date format, and adds the block supports to the wrapper', async () => {
    const html = await render({ type: 'daily', showPostCounts: true, align: 'wide', className: 'mine' });
    expect(html).toContain(`<ul class=" wp-block-archives-list alignwide mine wp-block-archives">`);
    expect(html).toContain(`\t<li><a href='http://site.test/2026/11/20/'>November 20, 2026</a>&nbsp;(1)</li>\n`);
  });

  it('answers 501 for weekly archives, which it does not render', async () => {
    const res = await site.client.post('/wp/v2/block-renderer/core/archives?context=edit', {
      headers: site.people.administrator.headers,
      body: { attributes: { type: 'weekly' } },
    });
    expect(res.status).toBe(501);
    expect((res.body as { code: string }).code).toBe('block_render_unavailable');
  });
});
