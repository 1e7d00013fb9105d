import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, contentSite } from '../../test/site.js';

const PREFERENCES = { 'core/edit-post': { welcomeGuide: false, fixedToolbar: true }, _modified: '2030-01-01T10:00:00.000Z' };

describe('persisted_preferences, the block editor’s user meta', () => {
  let site: ContentSite;
  const write = (path: string, value: unknown, headers: Record<string, string>) =>
    site.client.post(`/wp/v2/users/${path}?_fields=id,meta`, { headers, body: { meta: { persisted_preferences: value } } });
  const read = async (path: string, headers: Record<string, string>) =>
    (await site.client.get(`/wp/v2/users/${path}?context=edit&_fields=meta`, { headers })).body.meta;

  beforeAll(async () => {
    site = await contentSite({ prefix: 'wp' });
  });
  afterAll(() => site.close());

  it('is [] until the user stores some, and stays out of the view context', async () => {
    const { author } = site.people;
    expect(await read('me', author.headers)).toEqual({ persisted_preferences: [] });
    expect((await site.client.get('/wp/v2/users/me?_fields=meta', { headers: author.headers })).body.meta).toEqual([]);
  });

  it('is written by the user themself and read back in the edit context, stored per user', async () => {
    const { contributor, subscriber } = site.people;
    const res = await write('me', PREFERENCES, contributor.headers);
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ persisted_preferences: PREFERENCES });
    expect(await read('me', contributor.headers)).toEqual({ persisted_preferences: PREFERENCES });
    // Someone else's stays theirs.
    expect(await read('me', subscriber.headers)).toEqual({ persisted_preferences: [] });
    const changed = { ...PREFERENCES, _modified: '2030-01-02T10:00:00.000Z', 'core/edit-post': { welcomeGuide: true } };
    await write('me', changed, contributor.headers);
    expect(await read('me', contributor.headers)).toEqual({ persisted_preferences: changed });
    const rows = await site.database.db
      .selectFrom('user_meta')
      .selectAll()
      .where('user_id', '=', contributor.id)
      .where('meta_key', '=', 'persisted_preferences')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('shows every user’s preferences in an administrator’s list in the edit context', async () => {
    const { administrator, contributor } = site.people;
    const list = await site.client.get('/wp/v2/users?context=edit&_fields=id,meta&per_page=100', {
      headers: administrator.headers,
    });
    expect(list.status).toBe(200);
    const byId = new Map(list.body.map((user: { id: number; meta: unknown }) => [user.id, user.meta]));
    expect(byId.get(contributor.id)).toEqual({
      persisted_preferences: expect.objectContaining({ _modified: expect.any(String) }),
    });
    expect(byId.get(administrator.id)).toEqual({ persisted_preferences: [] });
  });

  it('refuses another user’s preferences to whoever may not edit that user, and lets an administrator', async () => {
    const { administrator, editor, author } = site.people;
    const refused = await write(String(author.id), PREFERENCES, editor.headers);
    expect([refused.status, refused.body]).toEqual([
      403,
      { code: 'rest_cannot_edit', message: 'Sorry, you are not allowed to edit this user.', data: { status: 403 } },
    ]);
    const anonymous = await write(String(author.id), PREFERENCES, {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('rest_cannot_edit');
    expect(await read('me', author.headers)).toEqual({ persisted_preferences: [] });
    const allowed = await write(String(author.id), PREFERENCES, administrator.headers);
    expect(allowed.status).toBe(200);
    expect(await read('me', author.headers)).toEqual({ persisted_preferences: PREFERENCES });
  });

  it('refuses what is not an object, a bad _modified and a meta that is no object, with the original errors', async () => {
    const { subscriber } = site.people;
    const notObject = await write('me', 'dark mode', subscriber.headers);
    expect([notObject.status, notObject.body]).toEqual([
      400,
      {
        code: 'rest_invalid_type',
        message: 'meta.persisted_preferences is not of type object.',
        data: { status: 400 },
        additional_data: [{ param: 'meta.persisted_preferences' }],
      },
    ]);
    const badDate = await write('me', { _modified: 'yesterday' }, subscriber.headers);
    expect([badDate.status, badDate.body]).toEqual([
      400,
      { code: 'rest_invalid_date', message: 'Invalid date.', data: { status: 400 } },
    ]);
    const badMeta = await site.client.post('/wp/v2/users/me', { headers: subscriber.headers, body: { meta: 'x' } });
    expect([badMeta.status, badMeta.body]).toEqual([
      400,
      {
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): meta',
        data: { status: 400, params: { meta: 'Invalid parameter.' }, details: [] },
      },
    ]);
    expect(await read('me', subscriber.headers)).toEqual({ persisted_preferences: [] });
  });

  it('is deleted by null and emptied by [], as the original', async () => {
    const { contributor } = site.people;
    const deleted = await write('me', null, contributor.headers);
    expect(deleted.body.meta).toEqual({ persisted_preferences: [] });
    const emptied = await write('me', [], contributor.headers);
    expect([emptied.status, emptied.body.meta]).toEqual([200, { persisted_preferences: [] }]);
  });

  it('publishes the original schema of the key and takes meta as a write argument', async () => {
    const options = await site.client.options('/wp/v2/users/me');
    expect(options.body.schema.properties.meta).toEqual({
      description: 'Meta fields.',
      type: 'object',
      context: ['view', 'edit'],
      properties: {
        persisted_preferences: {
          type: 'object',
          description: '',
          default: [],
          context: ['edit'],
          properties: {
            _modified: {
              description: 'The date and time the preferences were updated.',
              type: 'string',
              format: 'date-time',
              readonly: false,
            },
          },
          additionalProperties: true,
        },
      },
    });
    const update = options.body.endpoints.find((endpoint: { methods: string[] }) => endpoint.methods.includes('POST'));
    expect(update.args.meta.properties.persisted_preferences.additionalProperties).toBe(true);
  });

  it('is stored with a user an administrator creates, and not when the body is refused', async () => {
    const { administrator } = site.people;
    const body = { username: 'newcomer', email: 'newcomer@example.com', password: 'a long password', roles: ['author'] };
    const created = await site.client.post('/wp/v2/users', {
      headers: administrator.headers,
      body: { ...body, meta: { persisted_preferences: PREFERENCES } },
    });
    expect(created.status).toBe(201);
    expect(created.body.meta).toEqual({ persisted_preferences: PREFERENCES });
    const refused = await site.client.post('/wp/v2/users', {
      headers: administrator.headers,
      body: { ...body, username: 'second', email: 'second@example.com', meta: { persisted_preferences: 7 } },
    });
    expect([refused.status, refused.body.code]).toEqual([400, 'rest_invalid_type']);
    const list = await site.client.get('/wp/v2/users?search=second&context=edit', { headers: administrator.headers });
    expect(list.body).toEqual([]);
  });

  it('goes with its user', async () => {
    const { administrator } = site.people;
    const gone = await site.addPerson('leaving', 'author');
    await write('me', PREFERENCES, gone.headers);
    const deleted = await site.client.delete(`/wp/v2/users/${gone.id}?force=true&reassign=${administrator.id}`, {
      headers: administrator.headers,
    });
    expect(deleted.status).toBe(200);
    const rows = await site.database.db.selectFrom('user_meta').selectAll().where('user_id', '=', gone.id).execute();
    expect(rows).toEqual([]);
  });
});
