import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, contentSite } from '../../test/site.js';
import { postTypes } from '../posts/post-types.js';
import { registerMeta } from './registry.js';

for (const prefix of ['cms', 'wp'] as const) {
  describe(`registered meta in the ${prefix} profile`, () => {
    let site: ContentSite;
    const headers = () => site.people.editor.headers;
    const url = (path: string) => `${site.ns}${path}`;
    const get = (path: string, auth: Record<string, string> = headers()) => site.client.get(url(path), { headers: auth });
    const send = (method: string, path: string, body: unknown, auth: Record<string, string> = headers()) =>
      site.client.request(method, url(path), {
        headers: { 'content-type': 'application/json', ...auth },
        body: JSON.stringify(body),
      });
    const stored = async (postId: number, key: string) =>
      (
        await site.database.db
          .selectFrom('post_meta')
          .select(['id', 'meta_value'])
          .where('post_id', '=', postId)
          .where('meta_key', '=', key)
          .orderBy('id')
          .execute()
      ).map((row) => ({ id: Number(row.id), value: row.meta_value }));
    const postCount = async () =>
      Number(
        (
          await site.database.db
            .selectFrom('posts')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const termCount = async () =>
      Number(
        (
          await site.database.db
            .selectFrom('terms')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const create = async (meta: Record<string, unknown> = {}) => {
      const res = await send('POST', '/posts', { title: 'With meta', meta });
      expect(res.status).toBe(201);
      return res.body.id as number;
    };

    beforeAll(async () => {
      site = await contentSite({ prefix });
      const { server } = site;
      registerMeta(server, 'post', 'rating', { type: 'integer', single: true, showInRest: true, description: 'Stars.' });
      registerMeta(server, 'post', 'mood', { type: 'string', single: true, default: 'calm', showInRest: true });
      registerMeta(server, 'post', 'seen_by', { type: 'string', showInRest: true });
      registerMeta(server, 'post', 'featured', { type: 'boolean', single: true, showInRest: true });
      registerMeta(server, 'post', 'release', {
        type: 'object',
        single: true,
        showInRest: { schema: { properties: { version: { type: 'string' }, artist: { type: 'string' } } } },
      });
      registerMeta(server, 'post', 'shout', {
        type: 'string',
        single: true,
        showInRest: { prepare: (value) => String(value).toUpperCase() },
        sanitize: (value) => String(value).trim(),
      });
      registerMeta(server, 'post', 'locked', { type: 'string', single: true, showInRest: true, authCallback: () => false });
      registerMeta(server, 'post', '_secret', { type: 'string', single: true, showInRest: true });
      registerMeta(server, 'post', '_allowed', {
        type: 'string',
        single: true,
        showInRest: true,
        authCallback: ({ request }) => request.user?.can('edit_others_posts') === true,
      });
      registerMeta(server, 'post', 'hidden', { type: 'string', single: true });
      registerMeta(server, 'post', 'tags_seen', { type: 'string', default: 'none', showInRest: true, subtype: 'book' });
      registerMeta(server, 'post', 'isbn', { type: 'string', single: true, showInRest: true, subtype: 'book' });
      registerMeta(server, 'term', 'color', { type: 'string', single: true, showInRest: true, subtype: 'category' });
      registerMeta(server, 'term', 'weight', { type: 'integer', single: true, showInRest: true });
      postTypes(server).register('book', {
        label: 'Books',
        public: true,
        showInRest: true,
        restBase: 'books',
        supports: ['title', 'custom-fields'],
      });
      postTypes(server).register('note', { label: 'Notes', public: true, showInRest: true, restBase: 'notes' });
    });
    afterAll(async () => {
      await site.close();
    });

    it('publishes each key shown in REST in the schema of the records and of the write arguments', async () => {
      const res = await site.client.request('OPTIONS', url('/posts'));
      const meta = res.body.schema.properties.meta;
      expect(meta).toMatchObject({ description: 'Meta fields.', type: 'object', context: ['view', 'edit'] });
      expect(Object.keys(meta.properties)).toEqual([
        'rating',
        'mood',
        'seen_by',
        'featured',
        'release',
        'shout',
        'locked',
        '_secret',
        '_allowed',
      ]);
      expect(meta.properties.rating).toEqual({ description: 'Stars.', type: 'integer', default: 0 });
      expect(meta.properties.mood).toEqual({ description: '', type: 'string', default: 'calm' });
      expect(meta.properties.seen_by).toEqual({ type: 'array', items: { description: '', type: 'string', default: '' } });
      expect(meta.properties.release).toEqual({
        description: '',
        type: 'object',
        properties: { version: { type: 'string' }, artist: { type: 'string' } },
        default: [],
        additionalProperties: false,
      });
      const create = res.body.endpoints.find((endpoint: { methods: string[] }) => endpoint.methods.includes('POST'));
      expect(create.args.meta).toMatchObject({ description: 'Meta fields.', type: 'object' });
      expect(Object.keys(create.args.meta.properties)).toEqual(Object.keys(meta.properties));
    });

    it('reads the defaults of the keys of a record with nothing stored', async () => {
      const id = await create();
      expect((await get(`/posts/${id}`)).body.meta).toEqual({
        rating: 0,
        mood: 'calm',
        seen_by: [],
        featured: false,
        release: [],
        shout: '',
        locked: '',
        _secret: '',
        _allowed: '',
      });
    });

    it('writes meta with a create and reads each value cast to its type; unregistered keys are ignored', async () => {
      const res = await send('POST', '/posts', {
        title: 'Rated',
        meta: {
          rating: '4',
          featured: true,
          seen_by: ['ann', 'bob'],
          release: { version: '1.0', artist: 'X' },
          shout: '  hello ',
          hidden: 'no',
          nobody: 'knows',
        },
      });
      expect(res.status).toBe(201);
      const expected = {
        rating: 4,
        mood: 'calm',
        seen_by: ['ann', 'bob'],
        featured: true,
        release: { version: '1.0', artist: 'X' },
        shout: 'HELLO',
      };
      expect(res.body.meta).toMatchObject(expected);
      expect((await get(`/posts/${res.body.id}`)).body.meta).toMatchObject(expected);
      expect(await stored(res.body.id, 'rating')).toMatchObject([{ value: '4' }]);
      expect(await stored(res.body.id, 'featured')).toMatchObject([{ value: '1' }]);
      expect(await stored(res.body.id, 'shout')).toMatchObject([{ value: 'hello' }]);
      expect([await stored(res.body.id, 'hidden'), await stored(res.body.id, 'nobody')]).toEqual([[], []]);
      // The records of a list are read with their meta, each its own.
      const other = await create({ rating: 1 });
      const list = await get(`/posts?include=${res.body.id},${other}&status=draft&orderby=include`);
      expect(list.body.map((record: { meta: { rating: number } }) => record.meta.rating)).toEqual([4, 1]);
      expect(list.body[0].meta).toMatchObject(expected);
    });

    it('deletes a key sent as null, and replaces the values of a non-single key keeping those it still has', async () => {
      const id = await create({ mood: 'happy', seen_by: ['ann', 'bob'], featured: false });
      const [, bob] = await stored(id, 'seen_by');
      const res = await send('POST', `/posts/${id}`, { meta: { mood: null, seen_by: ['bob', 'cy'] } });
      expect(res.status).toBe(200);
      expect(res.body.meta).toMatchObject({ mood: 'calm', seen_by: ['bob', 'cy'], featured: false });
      expect(await stored(id, 'mood')).toEqual([]);
      const rows = await stored(id, 'seen_by');
      expect(rows.map((row) => row.value)).toEqual(['bob', 'cy']);
      expect(rows[0]?.id).toBe(bob?.id);
      const cleared = await send('PATCH', `/posts/${id}`, { meta: { seen_by: [] } });
      expect(cleared.body.meta.seen_by).toEqual([]);
      expect(await stored(id, 'seen_by')).toEqual([]);
    });

    it('refuses a value that does not fit its schema with the original error, and stores nothing', async () => {
      const before = await postCount();
      const bad = await send('POST', '/posts', { title: 'Bad', meta: { mood: 'ok', rating: 'lots' } });
      expect([bad.status, bad.body]).toEqual([
        400,
        {
          code: 'rest_invalid_type',
          message: 'meta.rating is not of type integer.',
          data: { status: 400 },
          additional_data: [{ param: 'meta.rating' }],
        },
      ]);
      expect(await postCount()).toBe(before);
      const id = await create({ mood: 'happy' });
      const extra = await send('POST', `/posts/${id}`, { title: 'Changed', meta: { mood: 'sad', release: { label: 'EMI' } } });
      expect([extra.status, extra.body.code, extra.body.message]).toEqual([
        400,
        'rest_additional_properties_forbidden',
        'label is not a valid property of Object.',
      ]);
      const nullItem = await send('POST', `/posts/${id}`, { meta: { seen_by: ['ann', null] } });
      expect([nullItem.status, nullItem.body.code, nullItem.body.message]).toEqual([
        500,
        'rest_invalid_stored_value',
        'The seen_by property has an invalid stored value, and cannot be updated to null.',
      ]);
      const notObject = await send('POST', `/posts/${id}`, { meta: 'mood' });
      expect([notObject.status, notObject.body]).toEqual([
        400,
        {
          code: 'rest_invalid_param',
          message: 'Invalid parameter(s): meta',
          data: { status: 400, params: { meta: 'Invalid parameter.' }, details: [] },
        },
      ]);
      const list = await send('POST', `/posts/${id}`, { meta: ['sad'] });
      expect([list.status, list.body.meta.mood]).toEqual([200, 'happy']);
      const after = (await get(`/posts/${id}?context=edit`)).body;
      expect([after.title.raw, after.meta.mood, after.meta.seen_by]).toEqual(['With meta', 'happy', []]);
    });

    it('reads a stored value that does not fit as null, and refuses to delete it', async () => {
      const id = await create();
      await site.database.db.insertInto('post_meta').values({ post_id: id, meta_key: 'rating', meta_value: 'many' }).execute();
      expect((await get(`/posts/${id}`)).body.meta.rating).toBeNull();
      const res = await send('POST', `/posts/${id}`, { meta: { rating: null } });
      expect([res.status, res.body]).toEqual([
        500,
        {
          code: 'rest_invalid_stored_value',
          message: 'The rating property has an invalid stored value, and cannot be updated to null.',
          data: { status: 500 },
        },
      ]);
      expect(await stored(id, 'rating')).toMatchObject([{ value: 'many' }]);
      const fixed = await send('POST', `/posts/${id}`, { meta: { rating: 3 } });
      expect(fixed.body.meta.rating).toBe(3);
      // As the original: `false` is stored as '', which a boolean schema refuses, so it cannot be nulled.
      const flagged = await create({ featured: false });
      const unset = await send('POST', `/posts/${flagged}`, { meta: { featured: null } });
      expect([unset.status, unset.body.code]).toEqual([500, 'rest_invalid_stored_value']);
    });

    it('refuses the keys an authCallback or a leading underscore protects, and changes nothing', async () => {
      const id = await create({ mood: 'happy' });
      const locked = await send('POST', `/posts/${id}`, { title: 'Changed', meta: { mood: 'sad', locked: 'x' } });
      expect([locked.status, locked.body]).toEqual([
        403,
        {
          code: 'rest_cannot_update',
          message: 'Sorry, you are not allowed to edit the locked custom field.',
          data: { status: 403, key: 'locked' },
        },
      ]);
      const deleting = await send('POST', `/posts/${id}`, { meta: { locked: null } });
      expect([deleting.status, deleting.body.code, deleting.body.data]).toEqual([
        403,
        'rest_cannot_delete',
        { status: 403, key: 'locked' },
      ]);
      const secret = await send('POST', `/posts/${id}`, { meta: { _secret: 'x' } });
      expect([secret.status, secret.body.message]).toEqual([403, 'Sorry, you are not allowed to edit the _secret custom field.']);
      const before = await postCount();
      const refusedCreate = await send('POST', '/posts', { title: 'Nope', meta: { locked: 'x' } });
      expect(refusedCreate.status).toBe(403);
      expect(await postCount()).toBe(before);
      const after = (await get(`/posts/${id}?context=edit`)).body;
      expect([after.title.raw, after.meta.mood, after.meta.locked]).toEqual(['With meta', 'happy', '']);
      // The callback decides per caller: an editor may write `_allowed`, an author may not.
      const allowed = await send('POST', `/posts/${id}`, { meta: { _allowed: 'yes' } });
      expect(allowed.body.meta._allowed).toBe('yes');
      const own = await send('POST', '/posts', { title: 'Mine' }, site.people.author.headers);
      const author = await send('POST', `/posts/${own.body.id}`, { meta: { _allowed: 'no' } }, site.people.author.headers);
      expect([author.status, author.body.code]).toEqual([403, 'rest_cannot_update']);
    });

    it('gives a key registered for one post type to that type only, and no meta to a type without custom-fields', async () => {
      const book = await send('POST', '/books', { title: 'Dune', meta: { isbn: '978-0441013593', rating: 5 } });
      expect(book.status).toBe(201);
      // A non-single key with a default reads as a list of the default while nothing is stored.
      expect(book.body.meta).toMatchObject({ isbn: '978-0441013593', rating: 5, tags_seen: ['none'] });
      const trimmed = await get(`/books/${book.body.id}?_fields=id,meta.isbn`);
      expect(trimmed.body).toEqual({ id: book.body.id, meta: { isbn: '978-0441013593' } });
      const post = await create({ isbn: 'ignored' });
      expect((await get(`/posts/${post}`)).body.meta).not.toHaveProperty('isbn');
      expect(await stored(post, 'isbn')).toEqual([]);
      const note = await send('POST', '/notes', { title: 'Memo', meta: { rating: 2 } });
      expect(note.status).toBe(201);
      expect(note.body).not.toHaveProperty('meta');
      const schema = (await site.client.request('OPTIONS', url('/notes'))).body.schema;
      expect(schema.properties).not.toHaveProperty('meta');
    });

    it('reads and writes term meta, narrowed to a taxonomy, and refuses bad values before storing the term', async () => {
      const admin = site.people.administrator.headers;
      const category = await send('POST', '/categories', { name: 'Red things', meta: { color: 'red', weight: 3 } }, admin);
      expect(category.status).toBe(201);
      expect(category.body.meta).toEqual({ color: 'red', weight: 3 });
      expect((await get(`/categories/${category.body.id}`)).body.meta).toEqual({ color: 'red', weight: 3 });
      const tag = await send('POST', '/tags', { name: 'Heavy', meta: { color: 'blue', weight: 9 } }, admin);
      expect(tag.body.meta).toEqual({ weight: 9 });
      const before = await termCount();
      const bad = await send('POST', '/categories', { name: 'Bad', meta: { weight: 'heavy' } }, admin);
      expect([bad.status, bad.body.code, bad.body.message]).toEqual([
        400,
        'rest_invalid_type',
        'meta.weight is not of type integer.',
      ]);
      expect(await termCount()).toBe(before);
      const renamed = await send('POST', `/categories/${category.body.id}`, { name: 'Renamed', meta: { weight: 'x' } }, admin);
      expect(renamed.status).toBe(400);
      expect((await get(`/categories/${category.body.id}`)).body.name).toBe('Red things');
      const cleared = await send('POST', `/categories/${category.body.id}`, { meta: { color: null } }, admin);
      expect(cleared.body.meta).toEqual({ color: '', weight: 3 });
      const schema = (await site.client.request('OPTIONS', url('/categories'))).body.schema;
      expect(Object.keys(schema.properties.meta.properties)).toEqual(['weight', 'color']);
      const list = await get('/categories?per_page=100');
      expect(list.body.find((term: { id: number }) => term.id === category.body.id).meta).toEqual({ color: '', weight: 3 });
    });
  });
}
