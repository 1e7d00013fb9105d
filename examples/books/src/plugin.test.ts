import type { PostTypeArgs } from '@cms-json/content';
import { afterEach, describe, expect, it } from 'vitest';
import { type BooksSite, booksSite } from '../test/site.js';

for (const prefix of ['cms', 'wp'] as const) {
  describe(`the books plugin's routes in the ${prefix} profile`, () => {
    let site: BooksSite | undefined;
    afterEach(async () => {
      await site?.close();
      site = undefined;
    });

    it('serves books, book authors and genres once the routes are built, and none without the plugin', async () => {
      site = await booksSite({ prefix });
      await site.server.ready();
      for (const base of ['books', 'book-authors', 'genres']) expect((await site.get(`/${base}`)).status, base).toBe(200);
      const index = (await site.get('')).body as { routes: Record<string, unknown> };
      expect(Object.keys(index.routes)).toEqual(
        expect.arrayContaining([`/${prefix}/v2/books`, `/${prefix}/v2/books/(?P<id>[\\d]+)`, `/${prefix}/v2/book-authors`]),
      );
      const plain = await booksSite({ prefix, plugin: false });
      try {
        const res = await plain.get('/books');
        expect([res.status, res.body.code]).toEqual([404, 'rest_no_route']);
      } finally {
        await plain.close();
      }
    });

    it('exposes book-author only through the argument filter, which any later plugin may still change', async () => {
      site = await booksSite({ prefix });
      // A plugin used after the books plugin, before the first request, has the last word.
      site.server.objectTypes.filterArgs<PostTypeArgs>('post_type', (args, name) =>
        name === 'book-author' ? { ...args, showInRest: false } : args,
      );
      const res = await site.get('/book-authors');
      expect([res.status, res.body.code]).toEqual([404, 'rest_no_route']);
      // As the original describes a type without REST exposure: not to anonymous callers.
      expect((await site.get('/types/book-author')).body.code).toBe('rest_cannot_read_type');
      expect((await site.get('/types/book')).body).toMatchObject({ slug: 'book', rest_base: 'books', taxonomies: ['genre'] });
    });

    it('describes book and genre as the block editor needs them for a Genres panel, as the original', async () => {
      site = await booksSite({ prefix });
      const { headers } = site.people.author;
      const type = (await site.get('/types/book?context=edit', headers)).body;
      expect(type).toMatchObject({
        slug: 'book',
        rest_base: 'books',
        taxonomies: ['genre'],
        viewable: true,
        visibility: { show_ui: true, show_in_nav_menus: true },
        supports: { title: true, editor: true, excerpt: true, author: true, thumbnail: true, 'custom-fields': true },
      });
      const genre = (await site.get('/taxonomies/genre?context=edit', site.people.administrator.headers)).body;
      expect(genre).toMatchObject({
        slug: 'genre',
        name: 'Genres',
        types: ['book'],
        hierarchical: false,
        rest_base: 'genres',
        capabilities: { assign_terms: 'edit_posts', manage_terms: 'manage_categories' },
        visibility: { show_ui: true, public: true },
      });
      // The panel makes new genres from the sidebar: a flat taxonomy's terms are made by whoever may assign them.
      const made = await site.send('POST', '/genres', { name: 'Poetry' }, headers);
      expect(made.status).toBe(201);
      const book = await site.send('POST', '/books', { title: 'Odes', genres: [made.body.id] }, headers);
      expect([book.status, book.body.genres]).toEqual([201, [made.body.id]]);
      const refused = await site.send('POST', '/genres', { name: 'Satire' }, site.people.subscriber.headers);
      expect([refused.status, refused.body.code]).toEqual([403, 'rest_cannot_create']);
    });

    it('follows a renamed book-author base in the books author link', async () => {
      site = await booksSite({ prefix });
      site.server.objectTypes.filterArgs<PostTypeArgs>('post_type', (args, name) =>
        name === 'book-author' ? { ...args, restBase: 'writers' } : args,
      );
      const writer = await site.send('POST', '/writers', { title: 'Ursula K. Le Guin', status: 'publish' });
      expect(writer.status).toBe(201);
      const book = await site.send('POST', '/books', { title: 'The Dispossessed', status: 'publish', author: writer.body.id });
      expect(book.body._links.author[0].href).toBe(
        `http://site.test/${prefix === 'wp' ? 'wp-json' : 'cms-json'}/${prefix}/v2/writers/${writer.body.id}`,
      );
    });

    it('changes nothing with a filter added after the routes were built', async () => {
      site = await booksSite({ prefix });
      await site.server.ready();
      site.server.objectTypes.filterArgs<PostTypeArgs>('post_type', (args, name) =>
        name === 'book-author' ? { ...args, showInRest: false } : args,
      );
      expect((await site.get('/book-authors')).status).toBe(200);
    });

    it('registers genre for books: terms at /genres linking to the books that carry them', async () => {
      site = await booksSite({ prefix });
      const genre = await site.send('POST', '/genres', { name: 'Science fiction' });
      expect(genre.status).toBe(201);
      expect(genre.body).toMatchObject({ taxonomy: 'genre', slug: 'science-fiction' });
      expect(genre.body._links[`${prefix === 'wp' ? 'wp' : 'cms'}:post_type`][0].href).toBe(
        `http://site.test/${prefix === 'wp' ? 'wp-json' : 'cms-json'}/${prefix}/v2/books?genres=${genre.body.id}`,
      );
      expect((await site.get('/taxonomies/genre')).body).toMatchObject({
        types: ['book'],
        rest_base: 'genres',
        hierarchical: false,
      });
    });
  });
}
