/**
 * The sample content of a first start (issue 19 item 16, issue 20 item 8): posts in every
 * state, pages with a child, books and book authors with genres, shown on the front page;
 * `CMS_SAMPLE_CONTENT=0` skips it, and a database that holds content is never seeded again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';
import { createSite } from '../src/create-site.js';
import { ADMIN_PASSWORD, type RunningSite, startSite } from './start-site.js';

const admin = { authorization: `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}` };

interface Item {
  id: number;
  title: { rendered: string };
  status: string;
  sticky?: boolean;
  parent?: number;
  author?: string;
  genres?: number[];
  categories?: number[];
  tags?: number[];
  content?: { rendered: string; protected: boolean };
}

describe('the sample content of a first start', () => {
  let running: RunningSite;
  const rest = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${running.url}/cms-json/cms/v2${path}`, { headers });
    return { status: res.status, total: res.headers.get('x-cms-total'), body: (await res.json()) as Item[] };
  };
  beforeAll(async () => {
    running = await startSite({ CMS_SAMPLE_LINKS: '0' });
  });
  afterAll(async () => {
    await running?.stop();
  });

  it('seeds published, sticky, protected, private, pending and draft posts with categories and tags', async () => {
    expect(running.site.sampleContentAdded).toEqual({ posts: 9, pages: 3, bookAuthors: 3, books: 7, terms: 9 });
    const visible = await rest('/posts?per_page=100');
    expect(visible.total).toBe('5');
    expect(visible.body.filter((post) => post.sticky).map((post) => post.title.rendered)).toEqual([
      'Welcome to the example site',
    ]);
    const locked = visible.body.find((post) => post.content?.protected === true);
    expect(locked?.content?.rendered).toBe('');
    expect(visible.body.every((post) => (post.categories ?? []).length > 0)).toBe(true);
    expect(visible.body.some((post) => (post.tags ?? []).length > 0)).toBe(true);
    const all = await rest('/posts?per_page=100&status=any', admin);
    const statuses = all.body.map((post) => post.status).sort();
    expect(statuses).toEqual(['draft', 'draft', 'pending', 'private', 'publish', 'publish', 'publish', 'publish', 'publish']);
    const categories = await rest('/categories?per_page=100');
    expect(categories.body.map((term) => (term as unknown as { name: string }).name)).toEqual(
      expect.arrayContaining(['News', 'Releases', 'Guides']),
    );
  });

  it('seeds pages with a child', async () => {
    const pages = await rest('/pages?per_page=100');
    const about = pages.body.find((page) => page.title.rendered === 'About');
    const team = pages.body.find((page) => page.title.rendered === 'The team');
    expect(team?.parent).toBe(about?.id);
  });

  it('seeds book authors and books with their genres, one of them a draft', async () => {
    const authors = await rest('/book-authors');
    expect(authors.body.map((author) => author.title.rendered).sort()).toEqual([
      'Octavia E. Butler',
      'Stanisław Lem',
      'Ursula K. Le Guin',
    ]);
    const books = await rest('/books?per_page=100');
    expect(books.total).toBe('6');
    const genres = await rest('/genres');
    const scifi = genres.body.find((genre) => (genre as unknown as { name: string }).name === 'Science fiction');
    const solaris = books.body.find((book) => book.title.rendered === 'Solaris');
    const lem = authors.body.find((author) => author.title.rendered === 'Stanisław Lem');
    expect(solaris).toMatchObject({ author: String(lem?.id), genres: [scifi?.id] });
    expect((await rest(`/books?genres=${scifi?.id}`)).total).toBe('4');
    expect((await rest('/books?status=draft', admin)).body.map((book) => book.title.rendered)).toEqual(['Untitled manuscript']);
  });

  it('lists the published posts, the pages and the books on the front page, and nothing unpublished', async () => {
    const html = await (await fetch(`${running.url}/`)).text();
    for (const text of ['Welcome to the example site', 'Members only: the roadmap', 'The team', 'Solaris', 'by Stanisław Lem']) {
      expect(html).toContain(text);
    }
    expect(html).toContain(`${running.url}/book/solaris/`);
    for (const text of ['Team notes', 'Draft: writing a plugin', 'Waiting for review', 'Untitled manuscript']) {
      expect(html).not.toContain(text);
    }
  });

  it('does not seed a database that holds content', async () => {
    const again = await createSite(
      readConfig({ DATABASE_URL: running.databaseUrl, CMS_SECRET: 'start-site-test-secret-0123456789', CMS_SAMPLE_LINKS: '0' }),
    );
    try {
      expect(again.sampleContentAdded).toEqual({ posts: 0, pages: 0, bookAuthors: 0, books: 0, terms: 0 });
    } finally {
      await again.close();
    }
    expect((await rest('/posts?per_page=1')).total).toBe('5');
  });
});

describe('CMS_SAMPLE_CONTENT=0', () => {
  let running: RunningSite;
  beforeAll(async () => {
    running = await startSite({ CMS_SAMPLE_CONTENT: '0' });
  });
  afterAll(async () => {
    await running?.stop();
  });

  it('starts with no posts, pages or books, and says so on the front page', async () => {
    expect(running.site.sampleContentAdded).toBeUndefined();
    for (const base of ['posts', 'pages', 'books', 'book-authors']) {
      const res = await fetch(`${running.url}/cms-json/cms/v2/${base}`);
      expect([base, res.status, res.headers.get('x-cms-total')]).toEqual([base, 200, '0']);
    }
    const html = await (await fetch(`${running.url}/`)).text();
    expect(html).toContain('No posts yet.');
    expect(html).toContain('No books yet.');
  });
});
