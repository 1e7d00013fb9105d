import { SqlOptionsStore } from '@cms-json/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BlockSite, blockSite, seedContent } from '../testing.js';

describe('the calendar block rendered on the server', () => {
  let site: BlockSite;
  const render = async (attributes: Record<string, unknown>) => {
    const res = await site.client.post('/wp/v2/block-renderer/core/calendar?context=edit', {
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

  it('says it is hidden on a site without published posts', async () => {
    expect(await render({})).toBe('<div>The calendar block is hidden because there are no published posts.</div>');
  });

  it("shows the current month (the site's clock), today marked, and a link to the newest earlier month with posts", async () => {
    await seedContent(site);
    // The test site's clock: 2030-01-01, a Tuesday; the week starts on Monday.
    const html = await render({});
    expect(html).toBe(
      '<div class="wp-block-calendar"><table id="wp-calendar" class="wp-calendar-table">\n\t<caption>January 2030</caption>\n\t<thead>\n\t<tr>' +
        '\n\t\t<th scope="col" title="Monday">M</th>\n\t\t<th scope="col" title="Tuesday">T</th>\n\t\t<th scope="col" title="Wednesday">W</th>\n\t\t<th scope="col" title="Thursday">T</th>\n\t\t<th scope="col" title="Friday">F</th>\n\t\t<th scope="col" title="Saturday">S</th>\n\t\t<th scope="col" title="Sunday">S</th>' +
        '\n\t</tr>\n\t</thead>\n\t<tbody>\n\t<tr>\n\t\t<td colspan="1" class="pad">&nbsp;</td><td id="today">1</td><td>2</td><td>3</td><td>4</td><td>5</td><td>6</td>' +
        '\n\t</tr>\n\t<tr>\n\t\t<td>7</td><td>8</td><td>9</td><td>10</td><td>11</td><td>12</td><td>13</td>' +
        '\n\t</tr>\n\t<tr>\n\t\t<td>14</td><td>15</td><td>16</td><td>17</td><td>18</td><td>19</td><td>20</td>' +
        '\n\t</tr>\n\t<tr>\n\t\t<td>21</td><td>22</td><td>23</td><td>24</td><td>25</td><td>26</td><td>27</td>' +
        '\n\t</tr>\n\t<tr>\n\t\t<td>28</td><td>29</td><td>30</td><td>31</td>\n\t\t<td class="pad" colspan="3">&nbsp;</td>' +
        '\n\t</tr>\n\t</tbody>\n\t</table><nav aria-label="Previous and next months" class="wp-calendar-nav">' +
        '\n\t\t<span class="wp-calendar-nav-prev"><a href="http://site.test/2026/11/">&laquo; Nov</a></span>\n\t\t<span class="pad">&nbsp;</span>\n\t\t<span class="wp-calendar-nav-next">&nbsp;</span>\n\t</nav></div>',
    );
  });

  it('shows the month asked for when the permalinks hold the year and month: days with posts linked, drafts not', async () => {
    await new SqlOptionsStore(site.database).set('permalink_structure', '/%year%/%monthnum%/%postname%/');
    const html = await render({ month: 11, year: 2026 });
    expect(html).toContain('<caption>November 2026</caption>');
    expect(html).toContain(
      '<td><a href="http://site.test/2026/11/02/" aria-label="Posts published on November 2, 2026">2</a></td>',
    );
    expect(html).toContain(
      '<td><a href="http://site.test/2026/11/20/" aria-label="Posts published on November 20, 2026">20</a></td>',
    );
    expect(html).toContain('<td>25</td>');
    expect(html).toContain('<span class="wp-calendar-nav-prev"><a href="http://site.test/2026/10/">&laquo; Oct</a></span>');
    expect(html).toContain('<span class="wp-calendar-nav-next">&nbsp;</span>');
  });
});
