import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BlockSite, blockSite, type SeededContent, seedContent } from '../testing.js';

describe('the categories block rendered on the server', () => {
  let site: BlockSite;
  let ids: SeededContent['categories'];
  const render = async (attributes: Record<string, unknown>) => {
    const res = await site.client.post('/wp/v2/block-renderer/core/categories?context=edit', {
      headers: site.people.author.headers,
      body: { attributes },
    });
    expect(res.status).toBe(200);
    return (res.body as { rendered: string }).rendered;
  };
  const item = (id: number, slug: string, name: string, count = '') =>
    `\t<li class="cat-item cat-item-${id}"><a href="http://site.test/category/${slug}/">${name}</a>${count}\n`;
  beforeAll(async () => {
    site = await blockSite({ prefix: 'wp' });
    ids = (await seedContent(site)).categories;
  });
  afterAll(async () => {
    await site.close();
  });

  it('lists the categories that hold published posts, by name, flat', async () => {
    expect(await render({})).toBe(
      `<ul class="wp-block-categories-list wp-block-categories">${item(ids.gadgets, 'technology/gadgets', 'Gadgets')}</li>\n${item(ids.news, 'news', 'News')}</li>\n${item(ids.technology, 'technology', 'Technology')}</li>\n</ul>`,
    );
  });

  it('lists a tree with counts (a parent counting its children) and empty categories when asked', async () => {
    expect(await render({ showHierarchy: true, showPostCounts: true, showEmpty: true })).toBe(
      '<ul class="wp-block-categories-list wp-block-categories">' +
        `${item(ids.news, 'news', 'News', ' (1)')}</li>\n` +
        `${item(ids.technology, 'technology', 'Technology', ' (2)')}<ul class='children'>\n${item(ids.gadgets, 'technology/gadgets', 'Gadgets', ' (1)')}</li>\n</ul>\n</li>\n` +
        `${item(1, 'uncategorized', 'Uncategorized', ' (0)')}</li>\n` +
        `${item(ids.unused, 'unused', 'Unused', ' (0)')}</li>\n</ul>`,
    );
  });

  it('shows only the top level when asked', async () => {
    const html = await render({ showOnlyTopLevel: true });
    expect(html).not.toContain('Gadgets');
    expect(html).toContain('Technology');
  });

  it('renders a dropdown with its script, nested options padded', async () => {
    const html = await render({ displayAsDropdown: true, showHierarchy: true });
    expect(html).toContain(
      `<label class="screen-reader-text" for="wp-block-categories-1">Categories</label><select  name='cat' id='wp-block-categories-1' class='postform'>\n\t<option value='-1'>Select Category</option>\n\t<option class="level-0" value="${ids.news}">News</option>\n\t<option class="level-0" value="${ids.technology}">Technology</option>\n\t<option class="level-1" value="${ids.gadgets}">&nbsp;&nbsp;&nbsp;Gadgets</option>\n</select>\t<script type='text/javascript'>`,
    );
    expect(html).toContain(`location.href = "http://site.test/?cat=" + dropdown.options[ dropdown.selectedIndex ].value;`);
    expect(html.endsWith('\t</script>\n\t\n</div>')).toBe(true);
  });

  it('writes the block supports as the original: classes and styles of each support', async () => {
    const html = await render({
      align: 'wide',
      className: 'extra',
      fontSize: 'large',
      style: { spacing: { padding: { top: '1em' } }, typography: { lineHeight: '2' } },
    });
    expect(
      html.startsWith(
        '<ul style="padding-top:1em; line-height:2;" class="wp-block-categories-list alignwide extra wp-block-categories has-large-font-size">',
      ),
    ).toBe(true);
  });
});
