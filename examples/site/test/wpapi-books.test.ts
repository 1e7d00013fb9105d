/**
 * The real wpapi client against the books example in the WordPress profile (issue 19's
 * proof): `books().embed()` with each book's book author under `_embedded.author`, the
 * genre filter (issue 20), and a book written through the client.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type RunningSite, startSite } from './start-site.js';

// wpapi is CommonJS without types: the real client, used as WordPress users use it.
const require = createRequire(import.meta.url);
// biome-ignore lint/suspicious/noExplicitAny: node-wpapi ships no type declarations
const WPAPI: any = require('wpapi');

interface Book {
  id: number;
  author: string;
  title: { rendered: string };
  genres: number[];
  _links: { author?: { href: string; embeddable: boolean }[] };
  _embedded?: { author: { id: number; type: string; title: { rendered: string } }[] };
}

let running: RunningSite;
beforeAll(async () => {
  // With the sample content: the books and book authors of a first start.
  running = await startSite({ CMS_PREFIX: 'wp', CMS_SAMPLE_LINKS: '0' });
});
afterAll(async () => {
  await running?.stop();
});

// biome-ignore lint/suspicious/noExplicitAny: node-wpapi ships no type declarations
function client(): any {
  const wp = new WPAPI({ endpoint: `${running.url}/wp-json` });
  wp.books = wp.registerRoute('wp/v2', '/books/(?P<id>\\d+)', { params: ['genres'] });
  wp.bookAuthors = wp.registerRoute('wp/v2', '/book-authors/(?P<id>\\d+)');
  wp.genres = wp.registerRoute('wp/v2', '/genres/(?P<id>\\d+)');
  return wp;
}

describe('the real wpapi client and the books example', () => {
  it('embeds the book author of every book with books().embed()', async () => {
    const wp = client();
    const books: Book[] & { _paging: { total: number } } = await wp.books().perPage(4).embed();
    expect(books).toHaveLength(4);
    expect(books._paging.total).toBe(6);
    const authors: { id: number; title: { rendered: string } }[] = await wp.bookAuthors();
    const names = new Map(authors.map((author) => [author.id, author.title.rendered]));
    for (const book of books) {
      expect(book.author).toMatch(/^[1-9]\d*$/);
      expect(book._links.author?.[0]).toEqual({
        embeddable: true,
        href: `${running.url}/wp-json/wp/v2/book-authors/${book.author}`,
      });
      const embedded = book._embedded?.author[0];
      expect(embedded).toMatchObject({ id: Number(book.author), type: 'book-author' });
      expect(embedded?.title.rendered).toBe(names.get(Number(book.author)));
    }
  });

  it('filters books by genre, and writes a book with its book author', async () => {
    const wp = client();
    wp.auth({ username: 'admin', password: ADMIN_PASSWORD });
    const genres: { id: number; name: string }[] = await wp.genres();
    const essays = genres.find((genre) => genre.name === 'Essays');
    const found: Book[] = await wp.books().genres(essays?.id);
    expect(found.map((book) => book.title.rendered)).toEqual(['The Wave in the Mind']);

    const [author] = await wp.bookAuthors().perPage(1);
    const created: Book = await wp
      .books()
      .create({ title: 'From wpapi', status: 'publish', author: author.id, genres: [essays?.id] });
    expect(created).toMatchObject({ author: String(author.id), genres: [essays?.id] });
    const embedded: Book = await wp.books().id(created.id).embed();
    expect(embedded._embedded?.author[0]).toMatchObject({ id: author.id });
    await expect(wp.books().create({ title: 'Bad author', author: created.id })).rejects.toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, params: { author: 'Invalid book author ID.' } },
    });
    expect(await wp.books().id(created.id).param('force', true).delete()).toMatchObject({ deleted: true });
  });
});
