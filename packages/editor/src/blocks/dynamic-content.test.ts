import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BlockSite, blockSite, type SeededContent, seedContent } from './testing.js';

interface PostAnswer {
  content: { rendered: string };
  excerpt: { rendered: string };
}

describe("the block types' renderers in content.rendered", () => {
  let site: BlockSite;
  let ids: SeededContent;
  const create = async (body: Record<string, unknown>, headers = site.people.administrator.headers): Promise<number> => {
    const res = await site.client.post('/wp/v2/posts', { headers, body });
    expect(res.status).toBe(201);
    return (res.body as { id: number }).id;
  };
  const read = async (id: number, headers: Record<string, string> = {}) => {
    const res = await site.client.get(`/wp/v2/posts/${id}`, { headers });
    expect(res.status).toBe(200);
    return res.body as PostAnswer;
  };
  const renderer = async (name: string, attributes: Record<string, unknown>, headers: Record<string, string>) => {
    const res = await site.client.post(`/wp/v2/block-renderer/${name}?context=edit`, { headers, body: { attributes } });
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

  it('shows a latest-posts block as the block renderer does, and never a draft or private title to an anonymous reader or a contributor', async () => {
    const id = await create({
      title: 'Front page',
      status: 'publish',
      content: '<!-- wp:paragraph --><p>"Hi"</p><!-- /wp:paragraph -->\n<!-- wp:latest-posts {"postsToShow":3} /-->',
    });
    const expected = await renderer('core/latest-posts', { postsToShow: 3 }, site.people.administrator.headers);
    // As WordPress 6.1's the_content gives it: the block's HTML in place, typography over the rest, no wpautop.
    expect((await read(id, site.people.administrator.headers)).content.rendered).toBe(`<p>&#8220;Hi&#8221;</p>\n${expected}`);
    for (const headers of [{}, site.people.contributor.headers]) {
      const { content } = await read(id, headers);
      expect(content.rendered).toContain('wp-block-latest-posts__list');
      expect(content.rendered).toContain('Tech talk');
      expect(content.rendered).not.toContain('Secret draft');
      expect(content.rendered).not.toContain('Private note');
    }
    // The new post is the newest published one: the list shows it; the made excerpt leaves the block out, as WordPress's.
    const { content, excerpt } = await read(id);
    expect(content.rendered).toContain('Front page');
    expect(excerpt.rendered).toBe('<p>&#8220;Hi&#8221;</p>\n');
  });

  it('renders archives, categories and tag cloud blocks in a post, with their attributes', async () => {
    const id = await create({
      title: 'Sidebar',
      status: 'publish',
      content:
        '<!-- wp:archives {"showPostCounts":true} /-->\n<!-- wp:categories /-->\n<!-- wp:tag-cloud {"taxonomy":"post_tag"} /-->',
    });
    const { content } = await read(id);
    expect(content.rendered).toContain('wp-block-archives-list');
    expect(content.rendered).toMatch(/November 2026<\/a>&nbsp;\(\d+\)/);
    expect(content.rendered).toContain('wp-block-categories-list');
    expect(content.rendered).toContain('>Technology</a>');
    expect(content.rendered).not.toContain('Unused');
    expect(content.rendered).toContain('wp-block-tag-cloud');
    expect(content.rendered).toContain('Alpha');
    // Gamma tags only the draft and the private post: an anonymous reader's cloud leaves it out.
    expect(content.rendered).not.toContain('>Gamma<');
    expect(content.rendered).not.toContain('<!-- wp:');
  });

  it('gives attributes of the wrong type their defaults and ignores malformed attribute JSON, as WordPress renders them', async () => {
    const id = await create({
      title: 'Odd attributes',
      status: 'publish',
      content: '<!-- wp:latest-posts {"postsToShow":"many"} /-->\n<!-- wp:latest-posts {"postsToShow": 2,} /-->',
    });
    const { content } = await read(id);
    const lists = content.rendered.split('</ul>').filter((part) => part.includes('wp-block-latest-posts__list'));
    expect(lists).toHaveLength(2);
    // The default count (5) for both: a string is not a number, and the second's JSON does not parse.
    for (const list of lists) expect(list.match(/<li>/g)?.length).toBe(5);
  });

  it('keeps an ordinary post as the render step makes it', async () => {
    const { content } = await read(ids.posts.news);
    expect(content.rendered).toBe('<p>First news in many words: one two three four five six.</p>\n');
  });
});
