import { join } from 'node:path';
import type { Database } from '@cms-json/database';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY, HOUR, manualClock, openContentDatabase, temporaryDirectory } from '../../test/helpers.js';
import { type Auth, type AuthResult, type ContentTables, createAuth, type Session } from '../index.js';
import { looksLikeEmail } from './auth.js';

const secret = 'a site secret of some length';
const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

let database: Database<ContentTables>;
let clock: ReturnType<typeof manualClock>;
let auth: Auth;

beforeEach(async () => {
  database = await openContentDatabase();
  clock = manualClock();
  auth = createAuth({ database: database, secret, now: clock.now });
  await auth.users.create({ login: 'admin', email: 'admin@example.com', password: 'login-password', roles: ['administrator'] });
  await auth.users.create({ login: 'sub', email: 'sub@example.com', password: 'sub-password' });
});
afterEach(async () => {
  await database.close();
});

// The error as its wire body shows it: code, message, status.
const errorOf = (result: AuthResult) => {
  const error = result && 'error' in result ? result.error : undefined;
  return error && { code: error.code, message: error.message, status: error.status };
};
const userOf = (result: AuthResult) => (result && 'user' in result ? result.user : undefined);

describe('createAuth', () => {
  it('names everything after the prefix', () => {
    expect(auth).toMatchObject({
      prefix: 'cms',
      nonceAction: 'cms_rest',
      nonceHeader: 'X-CMS-Nonce',
      nonceParam: '_cmsnonce',
      cookieName: 'cms_logged_in',
    });
    const wp = createAuth({ database: database, secret, prefix: 'wp' });
    expect(wp).toMatchObject({
      prefix: 'wp',
      nonceAction: 'wp_rest',
      nonceHeader: 'X-WP-Nonce',
      nonceParam: '_wpnonce',
      cookieName: 'wp_logged_in',
    });
  });

  it('refuses a short secret and a bad prefix', () => {
    expect(() => createAuth({ database: database, secret: 'short' })).toThrow('at least 16 characters');
    expect(() => createAuth({ database: database, secret, prefix: 'Bad-Prefix' })).toThrow('invalid prefix');
  });
});

describe('authenticate with an application password', () => {
  it('accepts the password with spaces, by login or email, and records the use', async () => {
    const admin = await auth.users.findByLogin('admin');
    const { formatted, item } = await auth.applicationPasswords.create(Number(admin?.id), { name: 'cli' });
    const result = await auth.authenticate({ headers: { authorization: basic('admin', formatted) }, ip: '203.0.113.9' });
    expect(result).toMatchObject({ method: 'application-password', headers: {}, applicationPassword: { uuid: item.uuid } });
    expect(userOf(result)?.login).toBe('admin');
    expect(userOf(result)?.can('list_users')).toBe(true);
    expect(await auth.applicationPasswords.get(Number(admin?.id), item.uuid)).toMatchObject({ lastIp: '203.0.113.9' });
    const byEmail = await auth.authenticate({
      headers: { Authorization: basic('Admin@Example.com', formatted.replaceAll(' ', '')) },
    });
    expect(userOf(byEmail)?.login).toBe('admin');
  });

  it("answers the original's 401 codes for an unknown login or email and a wrong password", async () => {
    const admin = await auth.users.findByLogin('admin');
    const { password } = await auth.applicationPasswords.create(Number(admin?.id), { name: 'cli' });
    expect(errorOf(await auth.authenticate({ headers: { authorization: basic('nobody', password) } }))).toEqual({
      code: 'invalid_username',
      message: '<strong>Error</strong>: Unknown username. Check again or try your email address.',
      status: 401,
    });
    expect(errorOf(await auth.authenticate({ headers: { authorization: basic('nobody@example.com', password) } }))).toMatchObject(
      { code: 'invalid_email', status: 401 },
    );
    expect(errorOf(await auth.authenticate({ headers: { authorization: basic('admin', 'x'.repeat(24)) } }))).toEqual({
      code: 'incorrect_password',
      message: 'The provided password is an invalid application password.',
      status: 401,
    });
    // The login password is not an application password.
    expect(errorOf(await auth.authenticate({ headers: { authorization: basic('admin', 'login-password') } }))?.code).toBe(
      'incorrect_password',
    );
    // Another user's application password does not work for this login.
    expect(errorOf(await auth.authenticate({ headers: { authorization: basic('sub', password) } }))?.code).toBe(
      'incorrect_password',
    );
  });

  it('fails once the password is revoked', async () => {
    const admin = await auth.users.findByLogin('admin');
    const { password, item } = await auth.applicationPasswords.create(Number(admin?.id), { name: 'cli' });
    await auth.applicationPasswords.revoke(Number(admin?.id), item.uuid);
    expect(errorOf(await auth.authenticate({ headers: { authorization: basic('admin', password) } }))?.code).toBe(
      'incorrect_password',
    );
  });

  it('answers a clear 401 for a malformed Basic header and never throws', async () => {
    for (const authorization of ['Basic', 'Basic %%%', 'Basic YWRtaW4=', ['Basic ???', 'Basic x']]) {
      const error = errorOf(await auth.authenticate({ headers: { authorization } }));
      expect(error).toMatchObject({ code: 'invalid_username', status: 401 });
      expect(error?.message).toMatch(/Authorization header/);
    }
  });

  it('leaves other schemes and absent headers anonymous', async () => {
    expect(await auth.authenticate({ headers: { authorization: 'Bearer abc' } })).toBeNull();
    expect(await auth.authenticate({ headers: {} })).toBeNull();
    expect(await auth.authenticate({ headers: { authorization: undefined } })).toBeNull();
  });
});

describe('login and logout', () => {
  it('starts a session and returns a nonce for it', async () => {
    const result = await auth.login('admin', 'login-password');
    if ('error' in result) throw new Error(result.error.message);
    expect(result.user.login).toBe('admin');
    expect(result.session.cookie).toMatch(/^1\|/);
    expect(auth.verifyNonce(result.nonce, result.session)).toBe(1);
  });

  it('accepts the email and rejects wrong credentials with their codes', async () => {
    expect('user' in (await auth.login('ADMIN@example.com', 'login-password'))).toBe(true);
    expect(await auth.login('admin', 'wrong')).toMatchObject({ error: { code: 'incorrect_password', status: 401 } });
    expect(await auth.login('nobody', 'x')).toMatchObject({ error: { code: 'invalid_username', status: 401 } });
    expect(await auth.login('nobody@example.com', 'x')).toMatchObject({ error: { code: 'invalid_email', status: 401 } });
    expect(await auth.login(' ', 'x')).toMatchObject({ error: { code: 'empty_username', status: 400 } });
    expect(await auth.login('admin', '')).toMatchObject({ error: { code: 'empty_password', status: 400 } });
  });

  it('ends the session on logout', async () => {
    const result = await auth.login('admin', 'login-password');
    if ('error' in result) throw new Error(result.error.message);
    expect(await auth.logout(result.session.cookie)).toBe(true);
    const after = await auth.authenticate({
      headers: { cookie: `cms_logged_in=${result.session.cookie}`, 'x-cms-nonce': result.nonce },
    });
    expect(errorOf(after)).toMatchObject({ code: 'rest_cookie_invalid_nonce', status: 403 });
  });

  it('builds Set-Cookie values', async () => {
    const result = await auth.login('admin', 'login-password');
    if ('error' in result) throw new Error(result.error.message);
    expect(auth.sessionCookie(result.session, { secure: true })).toBe(
      `cms_logged_in=${result.session.cookie}; Max-Age=172800; Expires=Thu, 03 Jan 2030 00:00:00 GMT; Path=/; HttpOnly; SameSite=Lax; Secure`,
    );
    expect(auth.clearSessionCookie()).toBe(
      'cms_logged_in=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; HttpOnly; SameSite=Lax',
    );
  });
});

describe('authenticate with a cookie and a nonce', () => {
  let session: Session;
  let nonce: string;
  let cookie: string;
  beforeEach(async () => {
    const result = await auth.login('admin', 'login-password');
    if ('error' in result) throw new Error(result.error.message);
    ({ session, nonce } = result);
    cookie = `other=1; cms_logged_in=${encodeURIComponent(session.cookie)}; theme=dark`;
  });

  it('accepts the nonce from the header, the query or the body, and sends a fresh one', async () => {
    for (const request of [
      { headers: { cookie, 'X-CMS-Nonce': nonce } },
      { headers: { cookie }, query: { _cmsnonce: nonce } },
      { headers: { cookie }, body: { _cmsnonce: nonce } },
      { headers: { cookie: ['other=1', `cms_logged_in=${session.cookie}`], 'x-cms-nonce': nonce } },
    ]) {
      const result = await auth.authenticate(request);
      expect(result).toMatchObject({ method: 'cookie', session: { userId: session.userId } });
      expect(userOf(result)?.login).toBe('admin');
      const fresh = result && 'headers' in result ? result.headers['X-CMS-Nonce'] : undefined;
      expect(auth.verifyNonce(String(fresh), session)).toBe(1);
    }
  });

  it('treats a cookie without a nonce as anonymous, as the original does', async () => {
    expect(await auth.authenticate({ headers: { cookie } })).toBeNull();
  });

  it('refuses a wrong nonce with 403 rest_cookie_invalid_nonce', async () => {
    expect(errorOf(await auth.authenticate({ headers: { cookie, 'x-cms-nonce': 'deadbeef00' } }))).toEqual({
      code: 'rest_cookie_invalid_nonce',
      message: 'Cookie check failed',
      status: 403,
    });
  });

  it('refuses a nonce of another user or another session', async () => {
    const other = await auth.login('sub', 'sub-password');
    if ('error' in other) throw new Error(other.error.message);
    const second = await auth.login('admin', 'login-password');
    if ('error' in second) throw new Error(second.error.message);
    expect(errorOf(await auth.authenticate({ headers: { cookie, 'x-cms-nonce': other.nonce } }))?.code).toBe(
      'rest_cookie_invalid_nonce',
    );
    expect(errorOf(await auth.authenticate({ headers: { cookie, 'x-cms-nonce': second.nonce } }))?.code).toBe(
      'rest_cookie_invalid_nonce',
    );
  });

  it('accepts a nonce from the previous tick and refuses it two ticks later', async () => {
    clock.advance(12 * HOUR);
    expect(userOf(await auth.authenticate({ headers: { cookie, 'x-cms-nonce': nonce } }))?.login).toBe('admin');
    clock.advance(12 * HOUR);
    expect(errorOf(await auth.authenticate({ headers: { cookie, 'x-cms-nonce': nonce } }))?.code).toBe(
      'rest_cookie_invalid_nonce',
    );
  });

  it('does not count an expired session', async () => {
    clock.advance(2 * DAY);
    const fresh = auth.createNonce(session);
    expect(errorOf(await auth.authenticate({ headers: { cookie, 'x-cms-nonce': fresh } }))?.code).toBe(
      'rest_cookie_invalid_nonce',
    );
    expect(await auth.authenticate({ headers: { cookie } })).toBeNull();
  });

  it('lets an anonymous visitor through with an anonymous nonce', async () => {
    const anonymous = auth.createNonce({ userId: 0, token: '' });
    expect(await auth.authenticate({ headers: { 'x-cms-nonce': anonymous } })).toBeNull();
    expect(await auth.authenticate({ headers: { cookie: 'cms_logged_in=garbage', 'x-cms-nonce': anonymous } })).toBeNull();
    expect(errorOf(await auth.authenticate({ headers: { 'x-cms-nonce': 'nope' } }))?.code).toBe('rest_cookie_invalid_nonce');
  });

  it('prefers Basic credentials over the cookie', async () => {
    const result = await auth.authenticate({ headers: { cookie, 'x-cms-nonce': nonce, authorization: basic('admin', 'wrong') } });
    expect(errorOf(result)?.code).toBe('incorrect_password');
  });

  it('follows the wp prefix', async () => {
    const wp = createAuth({ database: database, secret, prefix: 'wp', now: clock.now });
    const result = await wp.login('admin', 'login-password');
    if ('error' in result) throw new Error(result.error.message);
    const headers = { cookie: `wp_logged_in=${result.session.cookie}`, 'X-WP-Nonce': result.nonce };
    const authenticated = await wp.authenticate({ headers });
    expect(authenticated && 'headers' in authenticated ? Object.keys(authenticated.headers) : []).toEqual(['X-WP-Nonce']);
    expect(userOf(await wp.authenticate({ headers: { cookie: headers.cookie }, query: { _wpnonce: result.nonce } }))?.login).toBe(
      'admin',
    );
    // A cms nonce is not a wp nonce.
    expect(
      errorOf(await wp.authenticate({ headers: { cookie: headers.cookie, 'X-WP-Nonce': auth.createNonce(result.session) } }))
        ?.code,
    ).toBe('rest_cookie_invalid_nonce');
  });
});

describe('persistence', () => {
  it('keeps users, application passwords and sessions across reopening the SQLite file', async () => {
    const tmp = temporaryDirectory();
    try {
      const url = `sqlite:${join(tmp.dir, 'site.db')}`;
      const first = await openContentDatabase(url);
      const before = createAuth({ database: first, secret, now: clock.now });
      const user = await before.users.create({ login: 'keeper', email: 'keeper@example.com', password: 'pw', roles: ['editor'] });
      const { formatted } = await before.applicationPasswords.create(user.id, { name: 'cli' });
      const login = await before.login('keeper', 'pw');
      if ('error' in login) throw new Error(login.error.message);
      await first.close();

      const second = await openContentDatabase(url);
      const after = createAuth({ database: second, secret, now: clock.now });
      expect(
        userOf(await after.authenticate({ headers: { authorization: basic('keeper', formatted) } }))?.can('edit_others_posts'),
      ).toBe(true);
      const headers = { cookie: `cms_logged_in=${login.session.cookie}`, 'x-cms-nonce': login.nonce };
      expect(userOf(await after.authenticate({ headers }))?.login).toBe('keeper');
      expect(await after.users.verifyPassword(user.id, 'pw')).toBe(true);
      await second.close();
    } finally {
      tmp.remove();
    }
  });
});

describe('hostile logins and nonces', () => {
  it('looksLikeEmail agrees with the expression it replaces, up to 100 characters', () => {
    const before = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
    const text = fc.string({ unit: fc.constantFrom('a', 'é', '@', '.', ' ', '\t', '\n', '\u00a0'), maxLength: 100 });
    fc.assert(
      fc.property(text, (value) => looksLikeEmail(value) === before.test(value)),
      { numRuns: 5_000 },
    );
    expect(looksLikeEmail('a@b.c')).toBe(true);
    expect(looksLikeEmail('a@.b.c')).toBe(true);
    expect(looksLikeEmail('a@b.')).toBe(false);
    expect(looksLikeEmail('a@.b')).toBe(false);
    expect(looksLikeEmail(`${'a'.repeat(96)}@b.cd`)).toBe(false); // 101 characters
  });

  it('refuses a huge email-shaped username as invalid_username, in one pass', async () => {
    // Quadratic with the old expression (about half an hour for this size); the test timeout is the guard.
    const hostile = `a@${'.'.repeat(1_000_000)}@`;
    expect(await auth.login(hostile, 'x')).toMatchObject({ error: { code: 'invalid_username', status: 401 } });
    expect(await auth.login(`${'a'.repeat(200)}@example.com`, 'x')).toMatchObject({ error: { code: 'invalid_username' } });
    const viaBasic = `a@${'.'.repeat(6_000)}@`; // within the 8 KiB a Basic header may have
    expect(errorOf(await auth.authenticate({ headers: { authorization: basic(viaBasic, 'x'.repeat(24)) } }))).toMatchObject({
      code: 'invalid_username',
      status: 401,
    });
  });

  it('still finds a user by an email longer than any login', async () => {
    const email = `${'x'.repeat(80)}@example.com`;
    await auth.users.create({ login: 'longmail', email, password: 'long-password' });
    const result = await auth.login(` ${email.toUpperCase()} `, 'long-password');
    if ('error' in result) throw new Error(result.error.message);
    expect(result.user.login).toBe('longmail');
  });

  it('answers 403 rest_cookie_invalid_nonce, not an exception, for a non-ASCII nonce', async () => {
    const invalid = { error: { code: 'rest_cookie_invalid_nonce', status: 403 } };
    for (const nonce of ['é'.repeat(10), '例'.repeat(10), '😀'.repeat(5)]) {
      await expect(auth.authenticate({ headers: {}, query: { _cmsnonce: nonce } })).resolves.toMatchObject(invalid);
      await expect(auth.authenticate({ headers: { 'x-cms-nonce': nonce } })).resolves.toMatchObject(invalid);
      await expect(auth.authenticate({ headers: {}, body: { _cmsnonce: nonce } })).resolves.toMatchObject(invalid);
    }
  });
});
