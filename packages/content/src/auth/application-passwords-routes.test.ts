import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, type ContentSite, contentSite } from '../../test/site.js';

let site: ContentSite;
beforeAll(async () => {
  site = await contentSite();
});
afterAll(async () => {
  await site.close();
});

const path = (user: number | 'me', rest = '') => `/cms/v2/users/${user}/application-passwords${rest}`;

describe('application-password routes', () => {
  it('creates a password for oneself and shows it once, in groups of four', async () => {
    const { author } = site.people;
    const res = await site.client.post(path('me'), { headers: author.headers, body: { name: 'phone' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'phone', app_id: '', last_used: null, last_ip: null, created: '2030-01-01T00:00:00' });
    expect(res.body.password).toMatch(/^([A-Za-z0-9]{4} ){5}[A-Za-z0-9]{4}$/);
    expect(res.header('Location')).toBe(
      `http://site.test/cms-json/cms/v2/users/${author.id}/application-passwords/${res.body.uuid}`,
    );
    expect(res.body._links.self[0].href).toBe(res.header('Location'));

    const works = await site.client.get('/cms/v2/users/me', { headers: { authorization: basic('author', res.body.password) } });
    expect(works.body.id).toBe(author.id);

    const list = await site.client.get(path(author.id), { headers: author.headers });
    expect(list.status).toBe(200);
    expect(list.body.map((item: { name: string }) => item.name).sort()).toEqual(['phone', 'tests']);
    expect(list.text).not.toContain(res.body.password);
    expect(list.text).not.toMatch(/"password"|hash/);
    const phone = list.body.find((item: { name: string }) => item.name === 'phone');
    expect(phone._links.self[0].href).toBe(res.header('Location'));

    const one = await site.client.get(path('me', `/${res.body.uuid}`), { headers: author.headers });
    expect(one.body).toMatchObject({ uuid: res.body.uuid, name: 'phone' });
    expect(one.body.password).toBeUndefined();
  });

  it('records the last use', async () => {
    const { editor } = site.people;
    await site.client.get('/cms/v2/users/me', { headers: editor.headers });
    const list = await site.client.get(path('me'), { headers: editor.headers });
    expect(list.body[0].last_used).toBe('2030-01-01T00:00:00');
  });

  it('revokes one password, and then it no longer authenticates', async () => {
    const { contributor } = site.people;
    const created = await site.client.post(path(contributor.id), { headers: contributor.headers, body: { name: 'laptop' } });
    const headers = { authorization: basic('contributor', created.body.password) };
    const revoked = await site.client.delete(path(contributor.id, `/${created.body.uuid}`), { headers: contributor.headers });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ deleted: true, previous: { uuid: created.body.uuid, name: 'laptop' } });
    expect(revoked.text).not.toContain(created.body.password);
    const after = await site.client.get('/cms/v2/users/me', { headers });
    expect([after.status, after.body.code]).toEqual([401, 'incorrect_password']);
    const again = await site.client.delete(path(contributor.id, `/${created.body.uuid}`), { headers: contributor.headers });
    expect([again.status, again.body.code]).toEqual([404, 'rest_application_password_not_found']);
  });

  it('renames a password', async () => {
    const { subscriber } = site.people;
    const created = await site.client.post(path('me'), { headers: subscriber.headers, body: { name: 'old name' } });
    const renamed = await site.client.put(path('me', `/${created.body.uuid}`), {
      headers: subscriber.headers,
      body: { name: 'new name' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ uuid: created.body.uuid, name: 'new name' });
    const duplicate = await site.client.put(path('me', `/${created.body.uuid}`), {
      headers: subscriber.headers,
      body: { name: 'tests' },
    });
    expect([duplicate.status, duplicate.body.code]).toEqual([409, 'application_password_duplicate_name']);
  });

  it('revokes all passwords of a user', async () => {
    const id = (await site.auth.users.create({ login: 'many', email: 'many@example.com', password: 'pw' })).id;
    const first = await site.auth.applicationPasswords.create(id, { name: 'a' });
    await site.auth.applicationPasswords.create(id, { name: 'b' });
    const headers = { authorization: basic('many', first.password) };
    const res = await site.client.delete(path('me'), { headers });
    expect(res.body).toEqual({ deleted: true, count: 2 });
    expect((await site.client.get(path(id), { headers: site.people.administrator.headers })).body).toEqual([]);
  });

  it("lets administrators manage others' passwords, and nobody else", async () => {
    const { administrator, editor, subscriber } = site.people;
    const made = await site.client.post(path(subscriber.id), { headers: administrator.headers, body: { name: 'by admin' } });
    expect(made.status).toBe(201);
    const cases: [string, 'get' | 'post' | 'delete', string][] = [
      [path(subscriber.id), 'get', 'rest_cannot_list_application_passwords'],
      [path(subscriber.id), 'post', 'rest_cannot_create_application_passwords'],
      [path(subscriber.id), 'delete', 'rest_cannot_delete_application_passwords'],
      [path(subscriber.id, `/${made.body.uuid}`), 'get', 'rest_cannot_read_application_password'],
      [path(subscriber.id, `/${made.body.uuid}`), 'post', 'rest_cannot_edit_application_password'],
      [path(subscriber.id, `/${made.body.uuid}`), 'delete', 'rest_cannot_delete_application_password'],
    ];
    for (const [url, method, code] of cases) {
      const asEditor = await site.client[method](url, {
        headers: editor.headers,
        body: method === 'post' ? { name: 'x' } : undefined,
      });
      expect([url, method, asEditor.status, asEditor.body.code]).toEqual([url, method, 403, code]);
      const anonymous = await site.client[method](url, { body: method === 'post' ? { name: 'x' } : undefined });
      expect([url, method, anonymous.status, anonymous.body.code]).toEqual([url, method, 401, code]);
    }
  });

  it("answers the original's errors for unknown users, anonymous me, bad names and unknown uuids", async () => {
    const { administrator, author } = site.people;
    expect((await site.client.get(path(999), { headers: administrator.headers })).body.code).toBe('rest_user_invalid_id');
    const me = await site.client.get(path('me'));
    expect([me.status, me.body.code]).toEqual([401, 'rest_not_logged_in']);
    expect((await site.client.get('/cms/v2/users/abc/application-passwords')).body.code).toBe('rest_no_route');
    expect((await site.client.post(path('me'), { headers: author.headers, body: {} })).body.code).toBe(
      'rest_missing_callback_param',
    );
    expect((await site.client.post(path('me'), { headers: author.headers, body: { name: '   ' } })).body.code).toBe(
      'rest_invalid_param',
    );
    const taken = await site.client.post(path('me'), { headers: author.headers, body: { name: 'tests' } });
    expect([taken.status, taken.body.code]).toEqual([409, 'application_password_duplicate_name']);
    expect((await site.client.post(path('me'), { headers: author.headers, body: { name: 'x', app_id: 'nope' } })).body.code).toBe(
      'rest_invalid_param',
    );
    const unknown = await site.client.get(path('me', '/00000000-0000-4000-8000-000000000000'), { headers: author.headers });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'rest_application_password_not_found']);
  });

  it('introspects the password of the current request only', async () => {
    const { author, administrator } = site.people;
    const res = await site.client.get(path('me', '/introspect'), { headers: author.headers });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('tests');
    const other = await site.client.get(path(author.id, '/introspect'), { headers: administrator.headers });
    expect([other.status, other.body.code]).toEqual([403, 'rest_cannot_introspect_app_password_for_non_authenticated_user']);
    const login = await site.auth.login('author', 'author-password');
    if ('error' in login) throw new Error(login.error.message);
    const byCookie = await site.client.get(path('me', '/introspect'), {
      headers: { cookie: `cms_logged_in=${login.session.cookie}`, 'x-cms-nonce': login.nonce },
    });
    expect([byCookie.status, byCookie.body.code]).toEqual([404, 'rest_no_authenticated_app_password']);
  });
});
