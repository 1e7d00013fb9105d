import { createHash, createHmac } from 'node:crypto';
import { RestError } from '@cms-json/core';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { WordPressDatabase } from '../connection.js';
import { maybeSerialize } from '../php-serialized.js';
import { openFixtureDatabase } from '../testing.js';
import { setOption } from '../wordpress-options.js';
import { readWordPressRoles } from './roles.js';
import { WordPressUserStore } from './user-store.js';
import { updateUserMeta } from './usermeta.js';

const serverUrl = inject('mysqlUrl');

/** The error code a promise rejects with. */
async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RestError) return error.code;
    throw error;
  }
  return 'no error';
}

/** The capabilities WordPress 6.1 shows for the fixture's author (`/wp/v2/users/2?context=edit`). */
const AUTHOR_CAPABILITIES = [
  'upload_files',
  'edit_posts',
  'edit_published_posts',
  'publish_posts',
  'read',
  'level_2',
  'level_1',
  'level_0',
  'delete_posts',
  'delete_published_posts',
  'author',
];

describe.skipIf(serverUrl === '')("WordPressUserStore over WordPress's users", () => {
  let wordpress: WordPressDatabase;
  let users: WordPressUserStore;
  let clock = Date.parse('2026-03-04T05:06:07Z');

  beforeAll(async () => {
    wordpress = await openFixtureDatabase({ serverUrl });
    users = new WordPressUserStore(wordpress, { roles: await readWordPressRoles(wordpress), now: () => clock });
  });
  afterAll(() => wordpress.close());

  /** The meta rows of a user, in their order. */
  async function metaRows(id: number): Promise<[string | null, string | null][]> {
    const rows = await wordpress.database.db
      .selectFrom('usermeta')
      .select(['meta_key', 'meta_value'])
      .where('user_id', '=', id)
      .orderBy('umeta_id')
      .execute();
    return rows.map((row) => [row.meta_key, row.meta_value]);
  }

  async function setHash(id: number, hash: string): Promise<void> {
    await wordpress.database.db.updateTable('users').set({ user_pass: hash }).where('ID', '=', id).execute();
  }

  async function hashOf(id: number): Promise<string> {
    const row = await wordpress.database.db
      .selectFrom('users')
      .select('user_pass')
      .where('ID', '=', id)
      .executeTakeFirstOrThrow();
    return row.user_pass;
  }

  it('reads the seeded users as WordPress shows them', async () => {
    const admin = await users.findById(1);
    expect(admin).toMatchObject({
      id: 1,
      login: 'admin',
      email: 'admin@example.test',
      displayName: 'Oracle Admin',
      firstName: 'Oracle',
      lastName: 'Admin',
      nickname: 'oracle-admin',
      slug: 'admin',
      url: 'https://example.com/admin',
      description: 'Administrator of the reference site.',
      locale: '',
      registered: '2023-01-01T00:00:00.000Z',
      roles: ['administrator'],
    });
    expect(admin?.grants).toBeUndefined();
    expect(admin?.can('manage_options')).toBe(true);
    const author = await users.findById(2);
    expect(author).toMatchObject({ login: 'author', displayName: 'Ada Author', nickname: 'ada', roles: ['author'] });
    expect(new Set(author?.capabilities)).toEqual(new Set(AUTHOR_CAPABILITIES));
    expect(author?.can('edit_others_posts')).toBe(false);
    expect(await users.count()).toBeGreaterThanOrEqual(2);
  });

  it('finds users by login and email without case, by slug, and several by id', async () => {
    expect((await users.findByLogin('ADMIN'))?.id).toBe(1);
    expect((await users.findByLogin(' author '))?.id).toBe(2);
    expect((await users.findByEmail('Author@Example.TEST'))?.id).toBe(2);
    expect((await users.findBySlug('admin'))?.id).toBe(1);
    expect((await users.findByIds([2, 1, 2, 999_999])).map((user) => user.id).sort()).toEqual([1, 2]);
    expect(await users.findById(999_999)).toBeUndefined();
    expect(await users.findById(-1)).toBeUndefined();
    expect(await users.findByLogin('nobody')).toBeUndefined();
    expect(await users.findByIds([])).toEqual([]);
  });

  it('lists with every filter, order and page', async () => {
    const page = await users.list({ include: [1, 2] });
    expect(page.users.map((user) => user.login)).toEqual(['author', 'admin']); // by display name: Ada, Oracle
    expect(page.total).toBe(2);
    expect((await users.list({ include: [1, 2], order: 'desc' })).users.map((user) => user.id)).toEqual([1, 2]);
    expect((await users.list({ include: [1, 2], orderBy: 'id' })).users.map((user) => user.id)).toEqual([1, 2]);
    expect((await users.list({ include: [2, 1], orderBy: 'include' })).users.map((user) => user.id)).toEqual([2, 1]);
    expect((await users.list({ slugs: ['admin', 'author'], orderBy: 'include_slugs' })).users.map((user) => user.id)).toEqual([
      1, 2,
    ]);
    expect((await users.list({ include: [1, 2], orderBy: 'registered_date', order: 'desc' })).users[0]?.id).toBe(2);
    expect((await users.list({ include: [1, 2], orderBy: 'email' })).users[0]?.id).toBe(1);
    expect((await users.list({ include: [1, 2], exclude: [1] })).users.map((user) => user.id)).toEqual([2]);
    expect(await users.list({ include: [] })).toEqual({ users: [], total: 0 });
    const second = await users.list({ include: [1, 2], perPage: 1, page: 2 });
    expect(second.users.map((user) => user.id)).toEqual([1]);
    expect(second.total).toBe(2);
    expect((await users.list({ include: [1, 2], perPage: 1, offset: 1 })).users.map((user) => user.id)).toEqual([1]);
  });

  it('searches login, email, URL, slug and display name without case, and only the fields asked', async () => {
    expect((await users.list({ search: 'ORACLE', include: [1, 2] })).users.map((user) => user.id)).toEqual([1]);
    expect((await users.list({ search: 'example.com/ada', include: [1, 2] })).users.map((user) => user.id)).toEqual([2]);
    expect((await users.list({ search: 'ada', searchIn: ['login'], include: [1, 2] })).total).toBe(0);
    expect((await users.list({ search: '%', include: [1, 2] })).total).toBe(0);
    expect((await users.list({ search: 'x'.repeat(300) })).total).toBe(0);
  });

  it('filters by role as WordPress does, the quoted role name and not a role inside another', async () => {
    const trap = await users.create({ login: 'trap', email: 'trap@example.test', password: 'trap-pass' });
    await updateUserMeta(wordpress.database, trap.id, 'wp_capabilities', maybeSerialize({ xeditor: true, subscriber: true }));
    const authors = (await users.list({ roles: ['author'], perPage: 100 })).users.map((user) => user.id);
    expect(authors).toEqual(expect.arrayContaining([2, 5]));
    expect(authors).not.toContain(1);
    expect(authors).not.toContain(trap.id);
    const editors = (await users.list({ roles: ['editor'], perPage: 100 })).users.map((user) => user.id);
    expect(editors).toContain(7);
    expect(editors).not.toContain(trap.id);
    const some = (await users.list({ roles: ['administrator', 'author'], orderBy: 'id', perPage: 100 })).users.map(
      (user) => user.id,
    );
    expect(some.slice(0, 2)).toEqual([1, 2]);
    expect((await users.list({ roles: ['subscriber'] })).users.map((user) => user.id)).toContain(trap.id);
    expect((await users.list({ roles: ['edi_or'] })).total).toBe(0);
    expect((await users.list({ roles: ['reviewer'] })).users.map((user) => user.id)).toEqual([3]);
    expect((await users.list({ roles: [] })).total).toBe(0);
    // The key that is not a role is the user's own capability.
    expect((await users.findById(trap.id))?.grants).toEqual({ xeditor: true });
    expect(await users.delete(trap.id)).toBe(true);
  });

  it('creates a user as wp_insert_user writes one', async () => {
    clock = Date.parse('2026-03-04T05:06:07Z');
    const user = await users.create({
      login: 'Grace',
      email: 'grace@example.test',
      password: 'grace-password',
      firstName: 'Grace',
      lastName: 'Hopper',
      description: '<b>Admiral</b>',
      roles: ['editor'],
    });
    expect(user).toMatchObject({
      login: 'Grace',
      slug: 'grace',
      displayName: 'Grace Hopper',
      nickname: 'Grace',
      description: 'Admiral',
      registered: '2026-03-04T05:06:07.000Z',
      roles: ['editor'],
    });
    const row = await wordpress.database.db.selectFrom('users').selectAll().where('ID', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_login: 'Grace',
      user_nicename: 'grace',
      user_email: 'grace@example.test',
      user_url: '',
      user_registered: '2026-03-04 05:06:07',
      user_activation_key: '',
      user_status: 0,
      display_name: 'Grace Hopper',
    });
    expect(row.user_pass).toMatch(/^\$P\$B[./0-9A-Za-z]{30}$/);
    expect(await metaRows(user.id)).toEqual([
      ['nickname', 'Grace'],
      ['first_name', 'Grace'],
      ['last_name', 'Hopper'],
      ['description', 'Admiral'],
      ['rich_editing', 'true'],
      ['syntax_highlighting', 'true'],
      ['comment_shortcuts', 'false'],
      ['admin_color', 'fresh'],
      ['use_ssl', '0'],
      ['show_admin_bar_front', 'true'],
      ['locale', ''],
      ['wp_capabilities', 'a:1:{s:6:"editor";b:1;}'],
      ['wp_user_level', '7'],
      ['dismissed_wp_pointers', ''],
    ]);
    expect(await users.verifyPassword(user.id, 'grace-password')).toBe(true);
    // A second user of the same slug gets `-2`, as wp_insert_user makes it unique.
    const other = await users.create({ login: 'grace.h', email: 'gh@example.test', password: 'x', slug: 'grace' });
    expect(other.slug).toBe('grace-2');
    expect(other.roles).toEqual(['subscriber']);
    // Without roles, the site's default_role, as wp_insert_user.
    await setOption(wordpress.database, 'default_role', 'contributor');
    const third = await users.create({ login: 'grace3', email: 'g3@example.test', password: 'x' });
    await setOption(wordpress.database, 'default_role', 'subscriber');
    expect(third.roles).toEqual(['contributor']);
    expect(await metaRows(other.id)).toContainEqual(['wp_user_level', '0']);
  });

  it("refuses bad input with the original's codes and writes nothing", async () => {
    const before = await users.count();
    expect(await codeOf(users.create({ login: 'admin', email: 'new@example.test', password: 'x' }))).toBe('existing_user_login');
    expect(await codeOf(users.create({ login: 'ADMIN', email: 'new@example.test', password: 'x' }))).toBe('existing_user_login');
    expect(await codeOf(users.create({ login: 'fresh', email: 'ADMIN@example.test', password: 'x' }))).toBe(
      'existing_user_email',
    );
    expect(await codeOf(users.create({ login: 'fresh', email: 'not-an-email', password: 'x' }))).toBe('rest_user_invalid_email');
    expect(await codeOf(users.create({ login: 'fresh', email: 'f@example.test', password: '' }))).toBe(
      'rest_user_invalid_password',
    );
    expect(await codeOf(users.create({ login: 'fresh', email: 'f@example.test', password: 'a\\b' }))).toBe(
      'rest_user_invalid_password',
    );
    expect(await codeOf(users.create({ login: 'fresh', email: 'f@example.test', password: 'x', roles: ['king'] }))).toBe(
      'rest_user_invalid_role',
    );
    expect(await codeOf(users.create({ login: '', email: 'f@example.test', password: 'x' }))).toBe('empty_user_login');
    expect(await codeOf(users.create({ login: 'bad<login>', email: 'f@example.test', password: 'x' }))).toBe(
      'rest_user_invalid_username',
    );
    expect(await codeOf(users.create({ login: 'fresh', email: 'f@example.test', passwordHash: 'plain' }))).toBe(
      'rest_invalid_param',
    );
    expect(await users.count()).toBe(before);
    expect(await codeOf(users.update(999_999, { nickname: 'x' }))).toBe('rest_user_invalid_id');
    expect(await codeOf(users.update(2, { email: 'admin@example.test' }))).toBe('rest_user_invalid_email');
    expect(await codeOf(users.update(2, { slug: 'admin' }))).toBe('rest_user_invalid_slug');
    expect(await codeOf(users.update(2, { roles: ['king'] }))).toBe('rest_user_invalid_role');
    expect(await users.findById(2)).toMatchObject({ email: 'author@example.test', slug: 'author', roles: ['author'] });
  });

  it('updates as wp_update_user: the row, the changed meta, roles with the user level, the password', async () => {
    const user = await users.create({ login: 'linus', email: 'linus@example.test', password: 'old-pass', roles: ['author'] });
    await updateUserMeta(
      wordpress.database,
      user.id,
      'wp_capabilities',
      maybeSerialize({ author: true, moderate_comments: true }),
    );
    const updated = await users.update(user.id, {
      email: 'LINUS@example.test',
      displayName: 'Linus T.',
      firstName: 'Linus',
      url: 'https://linux.example',
      roles: ['editor'],
      password: 'new-pass',
      slug: 'torvalds',
    });
    expect(updated).toMatchObject({
      email: 'LINUS@example.test',
      displayName: 'Linus T.',
      firstName: 'Linus',
      url: 'https://linux.example',
      slug: 'torvalds',
      roles: ['editor'],
      grants: { moderate_comments: true },
    });
    const meta = new Map(await metaRows(user.id));
    // set_role keeps the user's own capabilities and puts the role after them.
    expect(meta.get('wp_capabilities')).toBe('a:2:{s:17:"moderate_comments";b:1;s:6:"editor";b:1;}');
    expect(meta.get('wp_user_level')).toBe('7');
    expect(await users.verifyPassword(user.id, 'new-pass')).toBe(true);
    expect(await users.verifyPassword(user.id, 'old-pass')).toBe(false);
    expect((await users.update(user.id, { displayName: '' })).displayName).toBe('linus');
  });

  it("honours the fixture's per-user grant and denial as WordPress's WP_User does", async () => {
    const [reviewer, grantee, denied] = await Promise.all([users.findById(3), users.findById(4), users.findById(5)]);
    // The custom role `reviewer` of the site's `wp_user_roles`.
    expect(reviewer?.roles).toEqual(['reviewer']);
    expect(new Set(reviewer?.capabilities)).toEqual(
      new Set(['read', 'edit_posts', 'edit_others_posts', 'moderate_comments', 'reviewer']),
    );
    // A contributor granted edit_others_posts (WordPress: capabilities.edit_others_posts true).
    expect(grantee?.roles).toEqual(['contributor']);
    expect(grantee?.grants).toEqual({ edit_others_posts: true });
    expect(grantee?.can('edit_others_posts')).toBe(true);
    expect(grantee?.can('publish_posts')).toBe(false);
    // An author denied edit_posts (WordPress: capabilities.edit_posts false).
    expect(denied?.roles).toEqual(['author']);
    expect(denied?.grants).toEqual({ edit_posts: false });
    expect(denied?.can('edit_posts')).toBe(false);
    expect(denied?.can('publish_posts')).toBe(true);
  });

  it('deletes the user with every meta row', async () => {
    const user = await users.create({ login: 'gone', email: 'gone@example.test', password: 'x' });
    await updateUserMeta(wordpress.database, user.id, 'session_tokens', 'a:0:{}');
    expect(await users.delete(user.id)).toBe(true);
    expect(await users.findById(user.id)).toBeUndefined();
    expect(await metaRows(user.id)).toEqual([]);
    expect(await users.delete(user.id)).toBe(false);
  });

  it("checks WordPress's own hashes of the fixture's passwords: phpass, WordPress 6.8's bcrypt, MD5", async () => {
    const authorHash = await hashOf(2);
    expect(await users.verifyPassword(2, 'author-password')).toBe(true);
    expect(await users.verifyPassword(2, 'author-passwor')).toBe(false);
    expect(await users.verifyPassword(1, 'admin-password')).toBe(true);
    expect(await users.verifyPassword(999_999, 'author-password')).toBe(false);
    // A phpass hash stays as it is (WordPress 6.1 keeps it), and so does a bcrypt one.
    expect(await hashOf(2)).toBe(authorHash);
    expect(await users.verifyPassword(7, 'bcrypt-password')).toBe(true);
    expect(await users.verifyPassword(7, 'bcrypt-passwor')).toBe(false);
    expect(await hashOf(7)).toMatch(/^\$wp\$2y\$/);
    // The MD5 row of user 6 becomes phpass at its first successful login.
    expect(await users.verifyPassword(6, 'not-it')).toBe(false);
    expect(await hashOf(6)).toBe('14b94f2bc9a25d8b183218dd7c45feb8');
    expect(await users.verifyPassword(6, 'md5-password')).toBe(true);
    expect(await hashOf(6)).toMatch(/^\$P\$B/);
    expect(await users.verifyPassword(6, 'md5-password')).toBe(true);
  });

  it('checks each kind of WordPress hash, and upgrades a matching MD5 one to phpass as wp_check_password', async () => {
    const user = await users.create({ login: 'hashes', email: 'hashes@example.test', password: 'x' });
    const prehash = createHmac('sha384', 'wp-sha384').update('bcrypt-pass').digest('base64');
    await setHash(user.id, `$wp${bcrypt.hashSync(prehash, 4).replace(/^\$2[ab]\$/, '$2y$')}`);
    expect(await users.verifyPassword(user.id, 'bcrypt-pass')).toBe(true);
    expect(await users.verifyPassword(user.id, 'other')).toBe(false);
    await setHash(user.id, bcrypt.hashSync('plain-bcrypt', 4).replace(/^\$2[ab]\$/, '$2y$'));
    expect(await users.verifyPassword(user.id, 'plain-bcrypt')).toBe(true);
    const md5 = createHash('md5').update('very-old').digest('hex');
    await setHash(user.id, md5);
    expect(await users.verifyPassword(user.id, 'wrong')).toBe(false);
    expect(await hashOf(user.id)).toBe(md5);
    expect(await users.verifyPassword(user.id, 'very-old')).toBe(true);
    const upgraded = await hashOf(user.id);
    expect(upgraded).toMatch(/^\$P\$B/);
    expect(await users.verifyPassword(user.id, 'very-old')).toBe(true);
    // A read-only site checks the MD5 hash without writing.
    await setHash(user.id, md5);
    const readOnly = new WordPressUserStore(wordpress, { roles: users.roles, readOnly: true });
    expect(await readOnly.verifyPassword(user.id, 'very-old')).toBe(true);
    expect(await hashOf(user.id)).toBe(md5);
    await setHash(user.id, '');
    expect(await users.verifyPassword(user.id, '')).toBe(false);
  });
});
