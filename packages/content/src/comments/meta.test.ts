import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, contentSite } from '../../test/site.js';
import { registerMeta } from '../meta/registry.js';
import { SqlOptionsStore } from '../options/options.js';

for (const prefix of ['cms', 'wp'] as const) {
  describe(`comment meta in the ${prefix} profile`, () => {
    let site: ContentSite;
    const ids: Record<string, number> = {};
    const admin = () => site.people.administrator.headers;
    const send = (method: string, path: string, body: unknown, headers: Record<string, string> = admin()) =>
      site.client.request(method, `${site.ns}${path}`, {
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const get = (path: string, headers: Record<string, string> = admin()) => site.client.get(`${site.ns}${path}`, { headers });
    /** A create a minute after the last one (no flood), with words of its own (no duplicate). */
    let made = 0;
    const comment = (body: Record<string, unknown>, headers: Record<string, string> = admin()) => {
      site.clock.advance(60_000);
      made += 1;
      return send('POST', '/comments', { post: ids.hello, content: `Comment ${made}`, ...body }, headers);
    };
    const stored = async (commentId: number, key: string) =>
      (
        await site.database.db
          .selectFrom('comment_meta')
          .select(['id', 'meta_value'])
          .where('comment_id', '=', commentId)
          .where('meta_key', '=', key)
          .orderBy('id')
          .execute()
      ).map((row) => ({ id: Number(row.id), value: row.meta_value }));
    const commentCount = async () =>
      Number(
        (
          await site.database.db
            .selectFrom('comments')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const metaRowCount = async () =>
      Number(
        (
          await site.database.db
            .selectFrom('comment_meta')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    beforeAll(async () => {
      site = await contentSite({ prefix });
      const { server } = site;
      registerMeta(server, 'comment', 'stars', { type: 'integer', single: true, showInRest: true, description: 'Stars.' });
      registerMeta(server, 'comment', 'mood', { type: 'string', single: true, default: 'calm', showInRest: true });
      registerMeta(server, 'comment', 'liked_by', { type: 'string', showInRest: true, subtype: 'comment' });
      registerMeta(server, 'comment', 'verified', { type: 'boolean', single: true, showInRest: true });
      registerMeta(server, 'comment', '_secret', { type: 'string', single: true, showInRest: true });
      registerMeta(server, 'comment', 'locked', { type: 'string', single: true, showInRest: true, authCallback: () => false });
      registerMeta(server, 'comment', 'hidden', { type: 'string', single: true });
      registerMeta(server, 'post', 'rating', { type: 'integer', single: true, showInRest: true });
      const post = async (key: string, fields: Record<string, unknown>) => {
        const res = await send('POST', '/posts', { status: 'publish', ...fields });
        expect(res.status, key).toBe(201);
        ids[key] = res.body.id;
      };
      await post('hello', { title: 'Hello' });
      await post('own', { title: 'By the author', author: site.people.author.id });
    });
    afterAll(async () => {
      await site.close();
    });

    it('publishes the registered comment keys in the schema of the records and of the write arguments', async () => {
      const res = await site.client.request('OPTIONS', `${site.ns}/comments`);
      const meta = res.body.schema.properties.meta;
      expect(meta).toMatchObject({ description: 'Meta fields.', type: 'object', context: ['view', 'edit'] });
      expect(Object.keys(meta.properties)).toEqual(['stars', 'mood', 'verified', '_secret', 'locked', 'liked_by']);
      expect(meta.properties.stars).toEqual({ description: 'Stars.', type: 'integer', default: 0 });
      expect(meta.properties.liked_by).toEqual({ type: 'array', items: { description: '', type: 'string', default: '' } });
      const create = res.body.endpoints.find((endpoint: { methods: string[] }) => endpoint.methods.includes('POST'));
      expect(create.args.meta).toMatchObject({ description: 'Meta fields.', type: 'object' });
      expect(Object.keys(create.args.meta.properties)).toEqual(Object.keys(meta.properties));
      const item = await site.client.request('OPTIONS', `${site.ns}/comments/1`);
      const update = item.body.endpoints.find((endpoint: { methods: string[] }) => endpoint.methods.includes('PATCH'));
      expect(Object.keys(update.args.meta.properties)).toEqual(Object.keys(meta.properties));
      // Post meta stays the posts' own.
      expect(meta.properties).not.toHaveProperty('rating');
    });

    it('reads the defaults of the keys of a comment with nothing stored', async () => {
      const res = await comment({});
      expect(res.status).toBe(201);
      const expected = { stars: 0, mood: 'calm', verified: false, _secret: '', locked: '', liked_by: [] };
      expect(res.body.meta).toEqual(expected);
      expect((await get(`/comments/${res.body.id}`)).body.meta).toEqual(expected);
    });

    it('writes meta with a create, stores it in comment_meta and reads each value cast to its type', async () => {
      const res = await comment({ meta: { stars: '4', verified: true, liked_by: ['ann', 'bob'], hidden: 'no', nobody: 'x' } });
      expect(res.status).toBe(201);
      const expected = { stars: 4, mood: 'calm', verified: true, liked_by: ['ann', 'bob'] };
      expect(res.body.meta).toMatchObject(expected);
      const id = res.body.id as number;
      expect((await get(`/comments/${id}`)).body.meta).toMatchObject(expected);
      expect(await stored(id, 'stars')).toMatchObject([{ value: '4' }]);
      expect(await stored(id, 'verified')).toMatchObject([{ value: '1' }]);
      expect((await stored(id, 'liked_by')).map((row) => row.value)).toEqual(['ann', 'bob']);
      expect([await stored(id, 'hidden'), await stored(id, 'nobody')]).toEqual([[], []]);
      // The comments of a list are read with their meta, each its own; anyone sees it in the view context.
      const other = (await comment({ meta: { stars: 1 } })).body.id as number;
      const list = await get(`/comments?post=${ids.hello}&include=${id},${other}&orderby=include`, {});
      expect(list.body.map((record: { meta: { stars: number } }) => record.meta.stars)).toEqual([4, 1]);
      const trimmed = await get(`/comments/${id}?_fields=id,meta.stars`);
      expect(trimmed.body).toEqual({ id, meta: { stars: 4 } });
    });

    it('updates meta: null deletes a key, a list replaces the values of a non-single key keeping those it still has', async () => {
      const created = await comment({ meta: { mood: 'happy', liked_by: ['ann', 'bob'] } });
      const id = created.body.id as number;
      const [, bob] = await stored(id, 'liked_by');
      const res = await send('POST', `/comments/${id}`, { meta: { mood: null, liked_by: ['bob', 'cy'] } });
      expect(res.status).toBe(200);
      expect(res.body.meta).toMatchObject({ mood: 'calm', liked_by: ['bob', 'cy'] });
      expect(await stored(id, 'mood')).toEqual([]);
      const rows = await stored(id, 'liked_by');
      expect(rows.map((row) => row.value)).toEqual(['bob', 'cy']);
      expect(rows[0]?.id).toBe(bob?.id);
      const cleared = await send('PATCH', `/comments/${id}`, { meta: { liked_by: [] } });
      expect(cleared.body.meta.liked_by).toEqual([]);
      expect(await stored(id, 'liked_by')).toEqual([]);
    });

    it('refuses a value that does not fit its schema with the original error, and stores nothing', async () => {
      const [comments, metaRows] = [await commentCount(), await metaRowCount()];
      const bad = await comment({ meta: { mood: 'ok', stars: 'lots' } });
      expect([bad.status, bad.body]).toEqual([
        400,
        {
          code: 'rest_invalid_type',
          message: 'meta.stars is not of type integer.',
          data: { status: 400 },
          additional_data: [{ param: 'meta.stars' }],
        },
      ]);
      expect([await commentCount(), await metaRowCount()]).toEqual([comments, metaRows]);
      const id = (await comment({ meta: { mood: 'happy' } })).body.id as number;
      const changed = await send('POST', `/comments/${id}`, { content: 'Changed', meta: { mood: 'sad', stars: 'x' } });
      expect([changed.status, changed.body.code]).toEqual([400, 'rest_invalid_type']);
      const notObject = await send('POST', `/comments/${id}`, { meta: 'mood' });
      expect([notObject.status, notObject.body]).toEqual([
        400,
        {
          code: 'rest_invalid_param',
          message: 'Invalid parameter(s): meta',
          data: { status: 400, params: { meta: 'Invalid parameter.' }, details: [] },
        },
      ]);
      const after = (await get(`/comments/${id}?context=edit`)).body;
      expect([after.content.raw, after.meta.mood, after.meta.stars]).toEqual([`Comment ${made}`, 'happy', 0]);
    });

    it('refuses the keys an authCallback or a leading underscore protects, and changes nothing', async () => {
      const id = (await comment({ meta: { mood: 'happy' } })).body.id as number;
      const locked = await send('POST', `/comments/${id}`, { content: 'Changed', meta: { mood: 'sad', locked: 'x' } });
      expect([locked.status, locked.body]).toEqual([
        403,
        {
          code: 'rest_cannot_update',
          message: 'Sorry, you are not allowed to edit the locked custom field.',
          data: { status: 403, key: 'locked' },
        },
      ]);
      const deleting = await send('POST', `/comments/${id}`, { meta: { locked: null } });
      expect([deleting.status, deleting.body.code, deleting.body.data]).toEqual([
        403,
        'rest_cannot_delete',
        { status: 403, key: 'locked' },
      ]);
      const secret = await send('POST', `/comments/${id}`, { meta: { _secret: 'x' } });
      expect([secret.status, secret.body.message]).toEqual([403, 'Sorry, you are not allowed to edit the _secret custom field.']);
      const before = await commentCount();
      const refusedCreate = await comment({ meta: { _secret: 'x' } });
      expect([refusedCreate.status, refusedCreate.body.code]).toEqual([403, 'rest_cannot_update']);
      expect(await commentCount()).toBe(before);
      const after = (await get(`/comments/${id}?context=edit`)).body;
      expect([after.meta.mood, after.meta.locked, after.meta._secret]).toEqual(['happy', '', '']);
      expect(after.content.raw).not.toBe('Changed');
    });

    it('lets only those who may edit the comment write its meta, as edit_comment_meta maps to editing its post', async () => {
      const { subscriber, author } = site.people;
      const before = await commentCount();
      const subscribed = await comment({ meta: { stars: 5 } }, subscriber.headers);
      expect([subscribed.status, subscribed.body]).toEqual([
        403,
        {
          code: 'rest_cannot_update',
          message: 'Sorry, you are not allowed to edit the stars custom field.',
          data: { status: 403, key: 'stars' },
        },
      ]);
      expect(await commentCount()).toBe(before);
      // Without meta the same comment is taken; its meta reads as the defaults.
      const plain = await comment({}, subscriber.headers);
      expect([plain.status, plain.body.meta.stars]).toEqual([201, 0]);
      // The author of a post may edit its comments, so may write their meta.
      const mine = await comment({ post: ids.own, meta: { stars: 3 } }, author.headers);
      expect([mine.status, mine.body.meta.stars]).toEqual([201, 3]);
      const onOthers = await comment({ meta: { stars: 3 } }, author.headers);
      expect([onOthers.status, onOthers.body.code]).toEqual([403, 'rest_cannot_update']);
      const options = new SqlOptionsStore(site.database);
      await options.set('allow_anonymous_comments', true);
      try {
        const anonymous = await comment({ author_name: 'Ann', author_email: 'ann@example.com', meta: { stars: 2 } }, {});
        expect([anonymous.status, anonymous.body.code, anonymous.body.data]).toEqual([
          401,
          'rest_cannot_update',
          { status: 401, key: 'stars' },
        ]);
      } finally {
        await options.set('allow_anonymous_comments', false);
      }
      expect(await commentCount()).toBe(before + 2);
    });

    it('keeps the meta of a trashed comment, hides the trash bookkeeping, and deletes the meta with the comment', async () => {
      const id = (await comment({ meta: { stars: 2, liked_by: ['ann'] } })).body.id as number;
      const trashed = await send('DELETE', `/comments/${id}`, undefined);
      expect([trashed.status, trashed.body.status]).toEqual([200, 'trash']);
      expect(trashed.body.meta).toEqual({ stars: 2, mood: 'calm', verified: false, _secret: '', locked: '', liked_by: ['ann'] });
      expect(await stored(id, '_wp_trash_meta_status')).toHaveLength(1);
      const deleted = await send('DELETE', `/comments/${id}?force=true`, undefined);
      expect([deleted.status, deleted.body.previous.meta.stars]).toEqual([200, 2]);
      expect([await stored(id, 'stars'), await stored(id, 'liked_by')]).toEqual([[], []]);
    });
  });
}
