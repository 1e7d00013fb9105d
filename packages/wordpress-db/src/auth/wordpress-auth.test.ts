/**
 * Content's authentication (`createAuth`) over the WordPress stores: cookie login with each
 * kind of WordPress password hash, by login or email, HTTP Basic with the application
 * passwords WordPress made, and logout, all kept in WordPress's own rows.
 */
import { type Auth, createAuth } from '@cms-json/content';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { WordPressDatabase } from '../connection.js';
import { openWordPressStorage } from '../storage.js';
import { openFixtureDatabase } from '../testing.js';
import { userMetaValue } from '../users/usermeta.js';

const serverUrl = inject('mysqlUrl');
const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

describe.skipIf(serverUrl === '')("content's auth over WordPress's users", () => {
  let wordpress: WordPressDatabase;
  let auth: Auth;
  beforeAll(async () => {
    wordpress = await openFixtureDatabase({ serverUrl });
    const storage = await openWordPressStorage({ wordpress });
    auth = createAuth({ storage, secret: 'wordpress-auth-test-secret-0123', prefix: 'wp' });
  });
  afterAll(() => wordpress.close());

  const hashOf = async (id: number) =>
    (await wordpress.database.db.selectFrom('users').select('user_pass').where('ID', '=', id).executeTakeFirstOrThrow())
      .user_pass;

  it("signs in the MD5 user, upgrading the hash to phpass, and keeps the session in WordPress's session_tokens", async () => {
    const result = await auth.login('legacy', 'md5-password');
    if ('error' in result) throw result.error;
    expect(result.user).toMatchObject({ id: 6, login: 'legacy', roles: ['subscriber'] });
    expect(await hashOf(6)).toMatch(/^\$P\$B/);
    expect(await userMetaValue(wordpress.database, 6, 'session_tokens')).toMatch(
      /^a:1:\{s:64:"[0-9a-f]{64}";a:4:\{s:10:"expiration";i:\d+;/,
    );
    expect(await auth.sessions.find(result.session.cookie)).toMatchObject({ userId: 6 });
    expect(await auth.logout(result.session.cookie)).toBe(true);
    expect(await userMetaValue(wordpress.database, 6, 'session_tokens')).toBeUndefined();
  });

  it("signs in by email with WordPress 6.8's bcrypt hash and leaves it as it is", async () => {
    const before = await hashOf(7);
    const result = await auth.login('modern@example.test', 'bcrypt-password');
    if ('error' in result) throw result.error;
    expect(result.user.id).toBe(7);
    expect(await hashOf(7)).toBe(before);
  });

  it("refuses a wrong password and an unknown user with the original's codes", async () => {
    const wrong = await auth.login('author', 'not-the-password');
    expect('error' in wrong && wrong.error.code).toBe('incorrect_password');
    const unknown = await auth.login('nobody', 'x');
    expect('error' in unknown && unknown.error.code).toBe('invalid_username');
  });

  it('authenticates HTTP Basic with the application password WordPress made, with the user’s own grant', async () => {
    const result = await auth.authenticate({
      headers: { authorization: basic('grantee', 'oraclegranteeapppasswd01') },
      ip: '192.0.2.7',
    });
    if (result === null || 'error' in result) throw new Error('not authenticated');
    expect(result.method).toBe('application-password');
    expect(result.user).toMatchObject({ id: 4, roles: ['contributor'], grants: { edit_others_posts: true } });
    expect(result.user.can('edit_others_posts')).toBe(true);
    expect(await userMetaValue(wordpress.database, 4, '_application_passwords')).toContain('s:7:"last_ip";s:9:"192.0.2.7";');
    const refused = await auth.authenticate({ headers: { authorization: basic('grantee', 'wrongwrongwrongwrongwron') } });
    expect(refused !== null && 'error' in refused && refused.error.code).toBe('incorrect_password');
  });
});
