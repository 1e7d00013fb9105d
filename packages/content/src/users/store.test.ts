import { RestError } from '@cms-json/core';
import type { Database } from '@cms-json/database';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { manualClock, openContentDatabase } from '../../test/helpers.js';
import { hashPassword } from '../auth/password.js';
import { type ContentTables, type NewUser, SqlUserStore, type UserStore } from '../index.js';

// The real hash, watched: invalid input must be refused before the (slow) hash is computed.
vi.mock('../auth/password.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../auth/password.js')>();
  return { ...actual, hashPassword: vi.fn(actual.hashPassword) };
});

let database: Database<ContentTables>;
let users: UserStore;
const clock = manualClock();

beforeEach(async () => {
  database = await openContentDatabase();
  users = new SqlUserStore(database, { now: clock.now });
});
afterEach(async () => {
  await database.close();
});

const rejects = async (promise: Promise<unknown>, code: string, status = 400) => {
  const error = await promise.then(
    () => expect.unreachable('expected a RestError'),
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(RestError);
  expect(error).toMatchObject({ code, status });
};

describe('UserStore.create', () => {
  it('creates a subscriber with WordPress defaults and no secret in the result', async () => {
    const user = await users.create({ login: 'Jane.Doe', email: 'jane@example.com', password: 's3cret!' });
    expect(user).toMatchObject({
      id: 1,
      login: 'Jane.Doe',
      email: 'jane@example.com',
      displayName: 'Jane.Doe',
      nickname: 'Jane.Doe',
      slug: 'jane-doe',
      url: '',
      description: '',
      locale: '',
      registered: '2030-01-01T00:00:00.000Z',
      roles: ['subscriber'],
    });
    expect(user.can('read')).toBe(true);
    expect(JSON.stringify(user)).not.toMatch(/s3cret|scrypt|pass/);
    const { pass_hash } = await database.db.selectFrom('users').select('pass_hash').executeTakeFirstOrThrow();
    expect(pass_hash).not.toBe('s3cret!');
    expect(await users.verifyPassword(user.id, 's3cret!')).toBe(true);
    expect(await users.verifyPassword(user.id, 'wrong')).toBe(false);
    expect(await users.verifyPassword(99, 's3cret!')).toBe(false);
  });

  it('builds the display name from first and last name and keeps given fields', async () => {
    const user = await users.create({
      login: 'jd',
      email: 'jd@example.com',
      password: 'pw',
      firstName: 'Jane',
      lastName: 'Doe',
      url: 'example.com/jane',
      description: 'Writes.',
      locale: 'de_DE',
      roles: ['editor', 'author'],
    });
    expect(user).toMatchObject({ displayName: 'Jane Doe', url: 'http://example.com/jane', roles: ['editor', 'author'] });
    expect(user.can('edit_others_posts')).toBe(true);
  });

  it('makes slugs unique with a numeric suffix', async () => {
    await users.create({ login: 'sam', email: 'a@example.com', password: 'pw' });
    const second = await users.create({ login: 'Sam ', email: 'b@example.com', password: 'pw', slug: 'sam' }).catch((e) => e);
    expect(second).toMatchObject({ code: 'existing_user_login' });
    const other = await users.create({ login: 'samuel', email: 'c@example.com', password: 'pw', slug: 'Sam' });
    const third = await users.create({ login: 'sammy', email: 'd@example.com', password: 'pw', slug: 'sam' });
    expect([other.slug, third.slug]).toEqual(['sam-2', 'sam-3']);
  });

  it('rejects a taken login or email whatever the case', async () => {
    await users.create({ login: 'admin', email: 'admin@example.com', password: 'pw' });
    await rejects(users.create({ login: 'ADMIN', email: 'x@example.com', password: 'pw' }), 'existing_user_login');
    await rejects(users.create({ login: 'other', email: 'Admin@Example.com', password: 'pw' }), 'existing_user_email');
  });

  it('rejects bad logins, emails, passwords, roles, URLs and slugs', async () => {
    const base = { login: 'ok', email: 'ok@example.com', password: 'pw' };
    await rejects(users.create({ ...base, login: '  ' }), 'empty_user_login');
    await rejects(users.create({ ...base, login: 'x'.repeat(61) }), 'user_login_too_long');
    await rejects(users.create({ ...base, login: 'bad<script>' }), 'rest_user_invalid_username');
    await rejects(users.create({ ...base, login: 'two  spaces' }), 'rest_user_invalid_username');
    await rejects(users.create({ ...base, email: 'not-an-email' }), 'rest_user_invalid_email');
    await rejects(users.create({ ...base, email: 'a@b' }), 'rest_user_invalid_email');
    await rejects(users.create({ ...base, password: '' }), 'rest_user_invalid_password');
    await rejects(users.create({ ...base, password: 'back\\slash' }), 'rest_user_invalid_password');
    await rejects(users.create({ ...base, roles: ['ghost'] }), 'rest_user_invalid_role');
    await rejects(users.create({ ...base, roles: ['__proto__'] }), 'rest_user_invalid_role');
    await rejects(users.create({ ...base, url: `https://example.com/${'x'.repeat(100)}` }), 'user_url_too_long');
    await rejects(users.create({ ...base, slug: '!!!' }), 'rest_user_invalid_slug');
    await rejects(users.create({ ...base, locale: 'not a locale' }), 'rest_invalid_param');
    expect(await users.count()).toBe(0);
  });

  it('strips tags and extra whitespace from names and tags from the description', async () => {
    const user = await users.create({
      login: 'tagged',
      email: 'tagged@example.com',
      password: 'pw',
      displayName: '<b>Jane</b>\n  Doe',
      nickname: '<script>alert(1)</script>JD',
      description: '<script>alert(1)</script>Hi <a href="https://x.test">there</a>\nsecond line',
    });
    expect(user).toMatchObject({ displayName: 'Jane Doe', nickname: 'JD', description: 'Hi there\nsecond line' });
  });

  it('drops URLs with a scheme other than http(s)', async () => {
    const user = await users.create({ login: 'x', email: 'x@example.com', password: 'pw', url: 'javascript:alert(1)' });
    expect(user.url).toBe('');
  });
});

describe('UserStore lookups', () => {
  it('finds by id, login and email case-insensitively, and by slug', async () => {
    const user = await users.create({ login: 'Admin', email: 'Admin@Example.com', password: 'pw' });
    expect((await users.findById(user.id))?.login).toBe('Admin');
    expect((await users.findByLogin('admin'))?.id).toBe(user.id);
    expect((await users.findByEmail(' admin@example.COM '))?.id).toBe(user.id);
    expect((await users.findBySlug('admin'))?.id).toBe(user.id);
    expect(await users.findById(2)).toBeUndefined();
    expect(await users.findByLogin('nobody')).toBeUndefined();
  });
});

describe('UserStore.update', () => {
  it('changes the given fields only and re-hashes a new password', async () => {
    const user = await users.create({ login: 'jane', email: 'jane@example.com', password: 'old', description: 'kept' });
    const updated = await users.update(user.id, { displayName: 'J.', password: 'new', roles: ['author'] });
    expect(updated).toMatchObject({ displayName: 'J.', description: 'kept', roles: ['author'], login: 'jane' });
    expect(await users.verifyPassword(user.id, 'old')).toBe(false);
    expect(await users.verifyPassword(user.id, 'new')).toBe(true);
    expect(await users.update(user.id, {})).toMatchObject({ displayName: 'J.' });
  });

  it('refuses an email or slug of another user, and an unknown id', async () => {
    const jane = await users.create({ login: 'jane', email: 'jane@example.com', password: 'pw' });
    await users.create({ login: 'john', email: 'john@example.com', password: 'pw' });
    await rejects(users.update(jane.id, { email: 'JOHN@example.com' }), 'rest_user_invalid_email');
    await rejects(users.update(jane.id, { slug: 'john' }), 'rest_user_invalid_slug');
    await rejects(users.update(jane.id, { roles: ['ghost'] }), 'rest_user_invalid_role');
    await rejects(users.update(jane.id, { password: '' }), 'rest_user_invalid_password');
    await rejects(users.update(99, { displayName: 'x' }), 'rest_user_invalid_id', 404);
    expect(await users.update(jane.id, { email: 'Jane@example.com', slug: 'jane' })).toMatchObject({ email: 'Jane@example.com' });
  });
});

describe('UserStore.delete', () => {
  it('deletes a user once', async () => {
    const user = await users.create({ login: 'gone', email: 'gone@example.com', password: 'pw' });
    expect(await users.delete(user.id)).toBe(true);
    expect(await users.delete(user.id)).toBe(false);
    expect(await users.findById(user.id)).toBeUndefined();
  });
});

describe('UserStore.list', () => {
  beforeEach(async () => {
    await users.create({ login: 'carol', email: 'carol@example.com', password: 'pw', displayName: 'Carol', roles: ['editor'] });
    await users.create({ login: 'alice', email: 'alice@example.org', password: 'pw', displayName: 'Alice', roles: ['author'] });
    await users.create({
      login: 'bob_1',
      email: 'bob@example.com',
      password: 'pw',
      displayName: 'Bob',
      url: 'https://bob.example/100%',
    });
  });

  it('orders by name ascending by default and counts all matches', async () => {
    const { users: page, total } = await users.list();
    expect(page.map((user) => user.login)).toEqual(['alice', 'bob_1', 'carol']);
    expect(total).toBe(3);
  });

  it('pages with page, per_page and offset', async () => {
    const second = await users.list({ perPage: 1, page: 2 });
    const offset = await users.list({ perPage: 1, offset: 1, page: 1 });
    expect(second.users.map((user) => user.login)).toEqual(['bob_1']);
    expect(offset.users.map((user) => user.login)).toEqual(['bob_1']);
    expect(second.total).toBe(3);
  });

  it('searches case-insensitively and treats % and _ literally', async () => {
    expect((await users.list({ search: 'EXAMPLE.ORG' })).users.map((user) => user.login)).toEqual(['alice']);
    expect((await users.list({ search: '100%' })).users.map((user) => user.login)).toEqual(['bob_1']);
    expect((await users.list({ search: 'b_1' })).total).toBe(1);
    expect((await users.list({ search: '_' })).total).toBe(1);
  });

  it('folds every letter, not only ASCII, on both engines', async () => {
    await users.create({ login: 'elodie', email: 'elodie@example.com', password: 'pw', displayName: 'Élodie Ørsted' });
    expect((await users.list({ search: 'élodie' })).users.map((user) => user.login)).toEqual(['elodie']);
    expect((await users.list({ search: 'ØRSTED' })).users.map((user) => user.login)).toEqual(['elodie']);
  });

  it('matches nothing, without an error, for a term longer than any field (past the LIKE limits too)', async () => {
    const name = 'x'.repeat(250);
    await users.create({ login: 'long', email: 'long@example.com', password: 'pw', displayName: name });
    expect((await users.list({ search: name.toUpperCase() })).users.map((user) => user.login)).toEqual(['long']);
    expect(await users.list({ search: `${name}x` })).toEqual({ users: [], total: 0 });
    expect(await users.list({ search: '%'.repeat(60_000) })).toEqual({ users: [], total: 0 });
    expect(await users.list({ search: 'a'.repeat(1_000_000) })).toEqual({ users: [], total: 0 });
  });

  it('filters by roles, include, exclude and slugs', async () => {
    expect((await users.list({ roles: ['editor', 'author'] })).users.map((user) => user.login)).toEqual(['alice', 'carol']);
    expect((await users.list({ roles: ['administrator'] })).total).toBe(0);
    expect((await users.list({ include: [3, 1], orderBy: 'include' })).users.map((user) => user.id)).toEqual([3, 1]);
    expect((await users.list({ include: [] })).total).toBe(0);
    expect((await users.list({ exclude: [1, 2] })).users.map((user) => user.id)).toEqual([3]);
    expect((await users.list({ slugs: ['carol', 'alice'], orderBy: 'include_slugs' })).users.map((user) => user.slug)).toEqual([
      'carol',
      'alice',
    ]);
  });

  it('orders by id, email and registration date in either direction', async () => {
    expect((await users.list({ orderBy: 'id', order: 'desc' })).users.map((user) => user.id)).toEqual([3, 2, 1]);
    expect((await users.list({ orderBy: 'email' })).users.map((user) => user.login)).toEqual(['alice', 'bob_1', 'carol']);
    expect((await users.list({ orderBy: 'registered_date' })).users.map((user) => user.id)).toEqual([1, 2, 3]);
  });
});

describe('UserStore password hashing', () => {
  beforeEach(() => {
    vi.mocked(hashPassword).mockClear();
  });

  it('checks every other field of a new user before hashing the password', async () => {
    const base = { login: 'hash', email: 'hash@example.com', password: 'pw' };
    await users.create({ login: 'taken', email: 'taken@example.com', password: 'pw' });
    vi.mocked(hashPassword).mockClear();
    const invalid: Partial<NewUser>[] = [
      { login: 'bad<name>' },
      { email: 'not-an-email' },
      { password: 'a\\b' },
      { roles: ['ghost'] },
      { login: 'taken' },
      { email: 'TAKEN@example.com' },
      { firstName: 'f'.repeat(251) },
      { lastName: 'l'.repeat(251) },
      { displayName: 'd'.repeat(251) },
      { nickname: 'n'.repeat(251) },
      { slug: '!!!' },
      { locale: 'not a locale' },
    ];
    for (const fields of invalid) await expect(users.create({ ...base, ...fields })).rejects.toBeInstanceOf(RestError);
    expect(hashPassword).not.toHaveBeenCalled();
    await users.create(base);
    expect(hashPassword).toHaveBeenCalledTimes(1);
  });

  it('checks every other change before hashing a new password', async () => {
    const { id } = await users.create({ login: 'hash', email: 'hash@example.com', password: 'pw' });
    vi.mocked(hashPassword).mockClear();
    for (const changes of [{ locale: 'not a locale' }, { nickname: 'n'.repeat(251) }, { roles: ['ghost'] }]) {
      await expect(users.update(id, { ...changes, password: 'new' })).rejects.toBeInstanceOf(RestError);
    }
    expect(hashPassword).not.toHaveBeenCalled();
    await users.update(id, { password: 'new' });
    expect(hashPassword).toHaveBeenCalledTimes(1);
    expect(await users.verifyPassword(id, 'new')).toBe(true);
  });
});
