import { SqlMetaStore } from '@cms-json/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BooksSite, booksSite } from '../test/site.js';
import { readBookAuthors } from './book-author-meta.js';

for (const prefix of ['cms', 'wp'] as const) {
  describe(`books and their book authors in the ${prefix} profile`, () => {
    let site: BooksSite;
    const root = `http://site.test/${prefix === 'wp' ? 'wp-json' : 'cms-json'}`;
    const id: Record<string, number> = {};

    beforeAll(async () => {
      site = await booksSite({ prefix });
      for (const [key, title] of [
        ['leGuin', 'Ursula K. Le Guin'],
        ['lem', 'Stanisław Lem'],
      ] as const) {
        const res = await site.send('POST', '/book-authors', { title, excerpt: `About ${title}.`, status: 'publish' });
        id[key] = res.body.id;
      }
      id.scifi = (await site.send('POST', '/genres', { name: 'Science fiction' })).body.id;
      id.essays = (await site.send('POST', '/genres', { name: 'Essays' })).body.id;
      const book = async (key: string, body: Record<string, unknown>) => {
        const res = await site.send('POST', '/books', { status: 'publish', ...body });
        if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
        id[key] = res.body.id;
      };
      await book('dispossessed', {
        title: 'The Dispossessed',
        author: id.leGuin,
        genres: [id.scifi],
        date: '2020-01-01T10:00:00',
      });
      await book('solaris', { title: 'Solaris', author: id.lem, genres: [id.scifi], date: '2020-01-02T10:00:00' });
      await book('notes', { title: 'Notes', genres: [id.essays], date: '2020-01-03T10:00:00' });
    });
    afterAll(async () => {
      await site.close();
    });

    it("shows the book author's id as a string in author, with an embeddable link to the book author", async () => {
      const res = await site.get(`/books/${id.dispossessed}`);
      expect(res.body).toMatchObject({ type: 'book', author: String(id.leGuin), meta: [] });
      expect(res.body._links.author).toEqual([{ embeddable: true, href: `${root}/${prefix}/v2/book-authors/${id.leGuin}` }]);
    });

    it('answers author "" for a book without a book author, and still links to the book authors, whose embed is rest_no_route', async () => {
      const none = (await site.get(`/books/${id.notes}?_embed=author`)).body;
      expect(none.author).toBe('');
      expect(none._links.author).toEqual([{ embeddable: true, href: `${root}/${prefix}/v2/book-authors/` }]);
      expect(none._embedded.author).toEqual([
        { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } },
      ]);
    });

    it('embeds the book author with _embed, in the list and for one book', async () => {
      const list = await site.get('/books?_embed');
      expect(list.status).toBe(200);
      type Embedded = { id: number; _embedded: { author: Record<string, unknown>[] } };
      const embedded = (list.body as Embedded[]).find((book) => book.id === id.solaris)?._embedded.author[0];
      expect(embedded).toMatchObject({
        id: id.lem,
        type: 'book-author',
        title: { rendered: 'Stanisław Lem' },
        excerpt: { rendered: '<p>About Stanisław Lem.</p>\n', protected: false },
        author: site.people.administrator.id,
        featured_media: 0,
      });
      expect(Object.keys(embedded ?? {})).toEqual(
        expect.arrayContaining(['id', 'date', 'slug', 'type', 'link', 'title', 'excerpt', 'author', 'featured_media', '_links']),
      );
      const one = await site.get(`/books/${id.dispossessed}?_embed=author`);
      expect(one.body._embedded.author[0]).toMatchObject({ id: id.leGuin, title: { rendered: 'Ursula K. Le Guin' } });
    });

    it('filters the list by genre', async () => {
      const ids = async (query: string) => ((await site.get(`/books${query}`)).body as { id: number }[]).map((book) => book.id);
      expect(await ids(`?genres=${id.scifi}`)).toEqual([id.solaris, id.dispossessed]);
      expect(await ids(`?genres=${id.essays}`)).toEqual([id.notes]);
      expect(await ids(`?genres_exclude=${id.scifi}`)).toEqual([id.notes]);
      expect((await site.get(`/books/${id.solaris}`)).body.genres).toEqual([id.scifi]);
    });

    it('sets, changes and clears the book author through author, keeping the user who wrote the record', async () => {
      const created = await site.send('POST', '/books', { title: 'Ubik' }, site.people.author.headers);
      expect([created.status, created.body.author]).toEqual([201, '']);
      const set = await site.send('PATCH', `/books/${created.body.id}`, { author: id.lem }, site.people.author.headers);
      expect([set.status, set.body.author]).toEqual([200, String(id.lem)]);
      expect((await readBookAuthors(new SqlMetaStore(site.database, 'post'), [created.body.id])).get(created.body.id)).toBe(
        id.lem,
      );
      // The record's user stays the one who wrote it: `?author=` filters by users, as for every type.
      const mine = await site.get(`/books?author=${site.people.author.id}&status=draft`, site.people.author.headers);
      expect(mine.body.map((book: { id: number }) => book.id)).toEqual([created.body.id]);
      const cleared = await site.send('PUT', `/books/${created.body.id}`, { author: 0 }, site.people.author.headers);
      expect(cleared.body.author).toBe('');
      expect(cleared.body._links.author).toEqual([{ embeddable: true, href: `${root}/${prefix}/v2/book-authors/` }]);
      await site.send('DELETE', `/books/${created.body.id}?force=true`, {});
    });

    it('refuses an author that is not a book author, and stores nothing', async () => {
      const before = (await site.get('/books')).header('x-cms-total') ?? (await site.get('/books')).header('x-wp-total');
      // Another book, and an id that is no record.
      for (const author of [id.solaris, 999_999]) {
        const res = await site.send('POST', '/books', { title: 'Nope', status: 'publish', author });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({
          code: 'rest_invalid_param',
          data: { status: 400, params: { author: 'Invalid book author ID.' } },
        });
      }
      const update = await site.send('POST', `/books/${id.dispossessed}`, { title: 'Changed', author: id.notes });
      expect(update.body.code).toBe('rest_invalid_param');
      const kept = (await site.get(`/books/${id.dispossessed}`)).body;
      expect([kept.title.rendered, kept.author]).toEqual(['The Dispossessed', String(id.leGuin)]);
      const after = (await site.get('/books')).header('x-cms-total') ?? (await site.get('/books')).header('x-wp-total');
      expect(after).toBe(before);
    });

    it('refuses a trashed book author, and embeds the original error for a deleted one', async () => {
      const gone = await site.send('POST', '/book-authors', { title: 'Anonymous', status: 'publish' });
      const book = await site.send('POST', '/books', { title: 'Beowulf', status: 'publish', author: gone.body.id });
      expect(book.body.author).toBe(String(gone.body.id));
      await site.send('DELETE', `/book-authors/${gone.body.id}`, {});
      const refused = await site.send('POST', '/books', { title: 'Grendel', author: gone.body.id });
      expect(refused.body).toMatchObject({ code: 'rest_invalid_param', data: { params: { author: 'Invalid book author ID.' } } });
      await site.send('DELETE', `/book-authors/${gone.body.id}?force=true`, {});
      const embedded = await site.get(`/books/${book.body.id}?_embed`);
      expect(embedded.body.author).toBe(String(gone.body.id));
      expect(embedded.body._embedded.author[0]).toMatchObject({ code: 'rest_post_invalid_id', data: { status: 404 } });
      await site.send('DELETE', `/books/${book.body.id}?force=true`, {});
    });

    it('refuses bad values of author, genres and ids with the original errors', async () => {
      for (const author of ['abc', -1, 1.5]) {
        const res = await site.send('POST', '/books', { title: 'Bad', author });
        expect([res.status, res.body.code, Object.keys(res.body.data.params)]).toEqual([400, 'rest_invalid_param', ['author']]);
      }
      const genres = await site.get('/books?genres=abc');
      expect([genres.status, genres.body.code]).toEqual([400, 'rest_invalid_param']);
      const missing = await site.get('/books/999999');
      expect([missing.status, missing.body.code]).toEqual([404, 'rest_post_invalid_id']);
      // A book author is not a book.
      expect((await site.get(`/books/${id.lem}`)).body.code).toBe('rest_post_invalid_id');
    });

    it('refuses writes to callers without the capabilities, and stores nothing', async () => {
      const anonymous = await site.send('POST', '/books', { title: 'Anonymous', author: id.lem }, {});
      expect([anonymous.status, anonymous.body.code]).toEqual([401, 'rest_cannot_create']);
      const subscriber = await site.send('POST', '/books', { title: 'Subscriber' }, site.people.subscriber.headers);
      expect([subscriber.status, subscriber.body.code]).toEqual([403, 'rest_cannot_create']);
      const others = await site.send('PATCH', `/books/${id.solaris}`, { author: id.leGuin }, site.people.author.headers);
      expect([others.status, others.body.code]).toEqual([403, 'rest_cannot_edit']);
      expect((await site.get(`/books/${id.solaris}`)).body.author).toBe(String(id.lem));
    });

    it("describes author as the original's sample plugin does, and takes an integer when writing", async () => {
      const options = await site.client.options(`/${prefix}/v2/books`);
      // The sample plugin changes only the description: the schema still says integer, the value is a string.
      expect(options.body.schema.properties.author).toEqual({
        description: 'The ID of the author of the book.',
        type: 'integer',
        context: ['view', 'edit', 'embed'],
      });
      const create = options.body.endpoints.find((endpoint: { methods: string[] }) => endpoint.methods.includes('POST'));
      expect(create.args.author).toEqual({ description: 'The ID of the author of the book.', type: 'integer', required: false });
      const list = options.body.endpoints.find((endpoint: { methods: string[] }) => endpoint.methods.includes('GET'));
      expect(list.args.author).toMatchObject({ type: 'array' });
    });
  });
}
