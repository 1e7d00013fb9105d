import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR } from '../../test/helpers.js';
import { type ContentSite, contentSite } from '../../test/site.js';

let site: ContentSite;
beforeAll(async () => {
  site = await contentSite();
});
afterAll(async () => {
  await site.close();
});

/** Logs in through the route and returns the cookie header and nonce. */
async function login(username: string, password: string) {
  const res = await site.client.post('/cms-auth/v1/session', { body: { username, password } });
  const setCookie = res.header('Set-Cookie') ?? '';
  const cookie = setCookie.split(';')[0] ?? '';
  return { res, cookie, nonce: res.body.nonce as string };
}

describe('cookie login, nonce and logout', () => {
  it('logs in: sets an HttpOnly session cookie and answers the user and a nonce', async () => {
    const { res, cookie, nonce } = await login('editor', 'editor-password');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: site.people.editor.id,
      username: 'editor',
      name: 'editor',
      expires: '2030-01-03T00:00:00.000Z',
    });
    expect(nonce).toMatch(/^[0-9a-f]{10}$/);
    expect(res.header('Set-Cookie')).toMatch(/^cms_logged_in=\d+\|[\w-]+; Max-Age=172800; .*HttpOnly; SameSite=Lax$/);
    expect(res.header('Cache-Control')).toContain('no-store');
    expect(res.text).not.toContain('editor-password');

    const me = await site.client.get('/cms/v2/users/me', { headers: { cookie, 'X-CMS-Nonce': nonce } });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(site.people.editor.id);
    expect(me.header('X-CMS-Nonce')).toMatch(/^[0-9a-f]{10}$/);
  });

  it('treats the cookie without a nonce as anonymous, and a wrong nonce as 403', async () => {
    const { cookie } = await login('editor', 'editor-password');
    const without = await site.client.get('/cms/v2/users/me', { headers: { cookie } });
    expect([without.status, without.body.code]).toEqual([401, 'rest_not_logged_in']);
    const wrong = await site.client.get('/cms/v2/users/me', { headers: { cookie, 'X-CMS-Nonce': '0123456789' } });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed', data: { status: 403 } });
  });

  it('accepts the nonce as _cmsnonce in the query or a form body', async () => {
    const { cookie, nonce } = await login('author', 'author-password');
    expect((await site.client.get(`/cms/v2/users/me?_cmsnonce=${nonce}`, { headers: { cookie } })).status).toBe(200);
    const form = await site.client.post('/cms/v2/users/me', {
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: `_cmsnonce=${nonce}&description=from+a+form`,
    });
    expect([form.status, form.body.description]).toEqual([200, 'from a form']);
  });

  it('hands out a fresh nonce for the session cookie, and refuses other origins', async () => {
    const { cookie } = await login('author', 'author-password');
    site.clock.advance(30 * HOUR);
    const fresh = await site.client.get('/cms-auth/v1/nonce', { headers: { cookie } });
    expect(fresh.status).toBe(200);
    expect(fresh.body.nonce).toMatch(/^[0-9a-f]{10}$/);
    const me = await site.client.get('/cms/v2/users/me', { headers: { cookie, 'x-cms-nonce': fresh.body.nonce } });
    expect(me.status).toBe(200);
    const foreign = await site.client.get('/cms-auth/v1/nonce', { headers: { cookie, origin: 'https://evil.test' } });
    expect([foreign.status, foreign.body.code]).toEqual([403, 'rest_cross_origin']);
    const own = await site.client.get('/cms-auth/v1/nonce', { headers: { cookie, origin: 'http://site.test' } });
    expect(own.status).toBe(200);
    const anonymous = await site.client.get('/cms-auth/v1/nonce');
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'rest_not_logged_in']);
  });

  it('expires nonces after two ticks: the old one fails, a new one works', async () => {
    const { cookie, nonce } = await login('subscriber', 'subscriber-password');
    site.clock.advance(24 * HOUR + 1);
    const stale = await site.client.get('/cms/v2/users/me', { headers: { cookie, 'x-cms-nonce': nonce } });
    expect([stale.status, stale.body.code]).toEqual([403, 'rest_cookie_invalid_nonce']);
  });

  it("refuses wrong credentials with the original's codes", async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ username: 'editor', password: 'wrong' }, 401, 'incorrect_password'],
      [{ username: 'ghost', password: 'x' }, 401, 'invalid_username'],
      [{ username: 'ghost@example.com', password: 'x' }, 401, 'invalid_email'],
      [{ username: 'editor', password: '' }, 400, 'empty_password'],
      [{ username: 'editor' }, 400, 'rest_missing_callback_param'],
    ];
    for (const [body, status, code] of cases) {
      const res = await site.client.post('/cms-auth/v1/session', { body });
      expect([res.status, res.body.code]).toEqual([status, code]);
      expect(res.header('Set-Cookie')).toBeUndefined();
    }
    const foreign = await site.client.post('/cms-auth/v1/session', {
      headers: { origin: 'https://evil.test' },
      body: { username: 'editor', password: 'editor-password' },
    });
    expect([foreign.status, foreign.body.code]).toEqual([403, 'rest_cross_origin']);
  });

  it('logs out the session of the request and clears the cookie', async () => {
    const { cookie, nonce } = await login('contributor', 'contributor-password');
    const out = await site.client.delete('/cms-auth/v1/session', { headers: { cookie, 'x-cms-nonce': nonce } });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ deleted: true });
    expect(out.header('Set-Cookie')).toMatch(/^cms_logged_in=; Max-Age=0;/);
    const after = await site.client.get('/cms/v2/users/me', { headers: { cookie, 'x-cms-nonce': nonce } });
    expect([after.status, after.body.code]).toEqual([403, 'rest_cookie_invalid_nonce']);
    expect((await site.client.get('/cms-auth/v1/nonce', { headers: { cookie } })).status).toBe(401);
  });

  it('needs a cookie session to log out', async () => {
    const anonymous = await site.client.delete('/cms-auth/v1/session');
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'rest_not_logged_in']);
    const basic = await site.client.delete('/cms-auth/v1/session', { headers: site.people.editor.headers });
    expect([basic.status, basic.body.code]).toEqual([400, 'rest_no_session']);
  });
});

describe('the nonce refresh page of @wordpress/api-fetch', () => {
  it('answers the nonce as text for the session cookie, 0 otherwise', async () => {
    const { cookie } = await login('editor', 'editor-password');
    const page = await site.client.get('//cms-admin/admin-ajax.php?action=rest-nonce', { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/^[0-9a-f]{10}$/);
    expect(page.header('X-Robots-Tag')).toBe('noindex');
    const me = await site.client.get('/cms/v2/users/me', { headers: { cookie, 'x-cms-nonce': String(page.text) } });
    expect(me.status).toBe(200);
    for (const [url, headers] of [
      ['//cms-admin/admin-ajax.php?action=rest-nonce', {}],
      ['//cms-admin/admin-ajax.php?action=other', { cookie }],
      ['//cms-admin/admin-ajax.php?action=rest-nonce', { cookie, origin: 'https://evil.test' }],
    ] as const) {
      const refused = await site.client.get(url, { headers });
      expect([refused.status, refused.text]).toEqual([400, '0']);
      expect(refused.header('X-Robots-Tag'), 'never indexed, as admin-ajax.php').toBe('noindex');
    }
  });
});
