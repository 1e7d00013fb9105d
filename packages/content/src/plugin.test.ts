import { createRestServer } from '@cms-json/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openContentDatabase } from '../test/helpers.js';
import { basic, type ContentSite, contentSite, SECRET } from '../test/site.js';
import { contentPlugin, createAuth } from './index.js';

describe('contentPlugin', () => {
  it("refuses an auth whose prefix is not the server's", async () => {
    const database = await openContentDatabase();
    const auth = createAuth({ database: database, secret: SECRET, prefix: 'wp' });
    await expect(createRestServer({ prefix: 'cms' }).use(contentPlugin({ auth }))).rejects.toThrow(
      'the server\'s prefix is "cms" but createAuth was given "wp"',
    );
    await database.close();
  });
});

describe('contentPlugin in the WordPress profile', () => {
  let site: ContentSite;
  beforeAll(async () => {
    site = await contentSite({ prefix: 'wp' });
  });
  afterAll(async () => {
    await site.close();
  });

  it('serves wp/v2/users with X-WP-* headers and lists its namespaces', async () => {
    const res = await site.client.get('/wp/v2/users', { headers: site.people.administrator.headers });
    expect(res.status).toBe(200);
    expect(res.header('X-WP-Total')).toBe('5');
    expect(res.body[0]._links.self[0].href).toMatch(/^http:\/\/site\.test\/wp-json\/wp\/v2\/users\/\d+$/);
    const index = await site.client.get('/');
    expect(index.body.namespaces).toEqual(expect.arrayContaining(['wp/v2', 'wp-auth/v1']));
  });

  it('authenticates Basic application passwords and wp_logged_in cookies with X-WP-Nonce or _wpnonce', async () => {
    const { editor } = site.people;
    expect(
      (await site.client.get('/wp/v2/users/me', { headers: { authorization: basic('editor', editor.password) } })).body.id,
    ).toBe(editor.id);
    const login = await site.client.post('/wp-auth/v1/session', { body: { username: 'editor', password: 'editor-password' } });
    const cookie = (login.header('Set-Cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(/^wp_logged_in=/);
    const byHeader = await site.client.get('/wp/v2/users/me', { headers: { cookie, 'X-WP-Nonce': login.body.nonce } });
    expect([byHeader.status, typeof byHeader.header('X-WP-Nonce')]).toEqual([200, 'string']);
    expect((await site.client.get(`/wp/v2/users/me?_wpnonce=${login.body.nonce}`, { headers: { cookie } })).status).toBe(200);
    const page = await site.client.get('//wp-admin/admin-ajax.php?action=rest-nonce', { headers: { cookie } });
    expect(page.text).toMatch(/^[0-9a-f]{10}$/);
  });

  it('answers failed Basic credentials with 401 before any route runs', async () => {
    const res = await site.client.get('/wp/v2/users', { headers: { authorization: basic('editor', 'wrong') } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      code: 'incorrect_password',
      message: 'The provided password is an invalid application password.',
      data: { status: 401 },
    });
    const malformed = await site.client.get('/wp/v2/users', { headers: { authorization: 'Basic %%%' } });
    expect([malformed.status, malformed.body.code]).toEqual([401, 'invalid_username']);
  });
});
