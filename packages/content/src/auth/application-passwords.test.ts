import { randomUUID } from 'node:crypto';
import { RestError } from '@cms-json/core';
import { type Database, openDatabase } from '@cms-json/database';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY, manualClock, openContentDatabase } from '../../test/helpers.js';
import {
  type ApplicationPasswordStore,
  type ContentTables,
  createApplicationPasswords,
  formatApplicationPassword,
  generateApplicationPassword,
  SqlUserStore,
} from '../index.js';

let database: Database<ContentTables>;
let passwords: ApplicationPasswordStore;
let clock: ReturnType<typeof manualClock>;
let userId: number;
let otherId: number;

beforeEach(async () => {
  database = await openContentDatabase();
  clock = manualClock();
  passwords = createApplicationPasswords(database.db, { now: clock.now });
  const users = new SqlUserStore(database);
  userId = (await users.create({ login: 'admin', email: 'admin@example.com', password: 'pw' })).id;
  otherId = (await users.create({ login: 'other', email: 'other@example.com', password: 'pw' })).id;
});
afterEach(async () => {
  await database.close();
});

describe('generateApplicationPassword', () => {
  it('gives 24 letters and digits, different every time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const password = generateApplicationPassword();
      expect(password).toMatch(/^[A-Za-z0-9]{24}$/);
      seen.add(password);
    }
    expect(seen.size).toBe(200);
  });

  it('uses the whole alphabet', () => {
    const characters = new Set(Array.from({ length: 100 }, generateApplicationPassword).join(''));
    expect(characters.size).toBe(62);
  });
});

describe('formatApplicationPassword', () => {
  it('groups by four', () => {
    expect(formatApplicationPassword('abcdEFGH1234ijklMNOP5678')).toBe('abcd EFGH 1234 ijkl MNOP 5678');
    expect(formatApplicationPassword('')).toBe('');
  });
});

describe('ApplicationPasswordStore', () => {
  it('returns the password once and stores only a hash', async () => {
    const created = await passwords.create(userId, { name: 'cli' });
    expect(created.password).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(created.formatted).toBe(formatApplicationPassword(created.password));
    expect(created.item).toMatchObject({
      userId,
      name: 'cli',
      appId: '',
      created: '2030-01-01T00:00:00.000Z',
      lastUsed: null,
      lastIp: null,
    });
    expect(created.item.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const row = await database.db.selectFrom('application_passwords').selectAll().executeTakeFirstOrThrow();
    expect(row.hash).not.toContain(created.password);
    expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await passwords.list(userId))).not.toMatch(new RegExp(`${created.password}|hash`));
  });

  it('verifies with or without the spaces, and ignores other non-alphanumerics', async () => {
    const { password, formatted, item } = await passwords.create(userId, { name: 'cli' });
    expect((await passwords.verify(userId, formatted))?.uuid).toBe(item.uuid);
    expect((await passwords.verify(userId, password))?.uuid).toBe(item.uuid);
    expect((await passwords.verify(userId, formatted.replaceAll(' ', '-')))?.uuid).toBe(item.uuid);
  });

  it("rejects a wrong password, another user's password, and the login password", async () => {
    const { password } = await passwords.create(userId, { name: 'cli' });
    const wrong = `${password.slice(0, -1)}${password.endsWith('a') ? 'b' : 'a'}`;
    expect(await passwords.verify(userId, wrong)).toBeUndefined();
    expect(await passwords.verify(otherId, password)).toBeUndefined();
    expect(await passwords.verify(userId, 'pw')).toBeUndefined();
    expect(await passwords.verify(userId, '')).toBeUndefined();
    expect(
      password.toLowerCase() === password ? undefined : await passwords.verify(userId, password.toLowerCase()),
    ).toBeUndefined();
  });

  it('records last_used and last_ip, at most once a day', async () => {
    const { password, item } = await passwords.create(userId, { name: 'cli' });
    clock.advance(1000);
    expect(await passwords.verify(userId, password, { ip: '203.0.113.7' })).toMatchObject({
      lastUsed: '2030-01-01T00:00:01.000Z',
      lastIp: '203.0.113.7',
    });
    clock.advance(DAY / 2);
    await passwords.verify(userId, password, { ip: '198.51.100.1' });
    expect(await passwords.get(userId, item.uuid)).toMatchObject({ lastUsed: '2030-01-01T00:00:01.000Z', lastIp: '203.0.113.7' });
    clock.advance(DAY);
    await passwords.verify(userId, password);
    expect(await passwords.get(userId, item.uuid)).toMatchObject({ lastUsed: '2030-01-02T12:00:01.000Z', lastIp: '203.0.113.7' });
  });

  it('fails once revoked', async () => {
    const { password, item } = await passwords.create(userId, { name: 'cli' });
    const kept = await passwords.create(userId, { name: 'kept' });
    expect(await passwords.revoke(otherId, item.uuid)).toBe(false);
    expect(await passwords.revoke(userId, item.uuid)).toBe(true);
    expect(await passwords.revoke(userId, item.uuid)).toBe(false);
    expect(await passwords.verify(userId, password)).toBeUndefined();
    expect(await passwords.get(userId, item.uuid)).toBeUndefined();
    expect((await passwords.verify(userId, kept.password))?.name).toBe('kept');
    expect(await passwords.revokeAll(userId)).toBe(1);
    expect(await passwords.list(userId)).toEqual([]);
  });

  it("lists a user's passwords only", async () => {
    await passwords.create(userId, { name: 'one' });
    await passwords.create(userId, { name: 'two', appId: '1b4e28ba-2fa1-11d2-883f-0016d3cca427' });
    await passwords.create(otherId, { name: 'theirs' });
    const list = await passwords.list(userId);
    expect(list.map((item) => item.name)).toEqual(['one', 'two']);
    expect(list[1]?.appId).toBe('1b4e28ba-2fa1-11d2-883f-0016d3cca427');
    expect(await passwords.get(otherId, String(list[0]?.uuid))).toBeUndefined();
  });

  it('requires a name that is unique for the user', async () => {
    await expect(passwords.create(userId, { name: '  ' })).rejects.toMatchObject({
      code: 'application_password_empty_name',
      status: 400,
    });
    await passwords.create(userId, { name: 'cli' });
    await expect(passwords.create(userId, { name: 'cli ' })).rejects.toMatchObject({
      code: 'application_password_duplicate_name',
      status: 409,
    });
    await expect(passwords.create(otherId, { name: 'cli' })).resolves.toBeDefined();
  });

  it('accepts a preset password of 24 letters and digits or more, and refuses a shorter one', async () => {
    const preset = await passwords.create(userId, { name: 'preset', password: 'abcd ABCD 1234 efgh EFGH 5678' });
    expect(preset.password).toBe('abcdABCD1234efghEFGH5678');
    expect((await passwords.verify(userId, 'abcdABCD1234efghEFGH5678'))?.name).toBe('preset');
    await expect(passwords.create(userId, { name: 'short', password: 'tooshort-1234' })).rejects.toMatchObject({
      code: 'application_password_too_weak',
      status: 400,
    });
    expect((await passwords.list(userId)).map((item) => item.name)).toEqual(['preset']);
  });

  it('renames a password, keeping names unique', async () => {
    const { item } = await passwords.create(userId, { name: 'one' });
    await passwords.create(userId, { name: 'two' });
    expect(await passwords.update(userId, item.uuid, { name: ' uno ', appId: 'app' })).toMatchObject({
      name: 'uno',
      appId: 'app',
    });
    expect(await passwords.update(userId, item.uuid, { name: 'uno' })).toMatchObject({ name: 'uno' });
    await expect(passwords.update(userId, item.uuid, { name: 'two' })).rejects.toMatchObject({
      code: 'application_password_duplicate_name',
    });
    await expect(passwords.update(userId, item.uuid, { name: '' })).rejects.toMatchObject({
      code: 'application_password_empty_name',
    });
    expect(await passwords.update(otherId, item.uuid, { name: 'x' })).toBeUndefined();
    expect((await passwords.get(userId, item.uuid))?.name).toBe('uno');
  });

  it('disappear with their user', async () => {
    const { password } = await passwords.create(userId, { name: 'cli' });
    await new SqlUserStore(database).delete(userId);
    expect(await passwords.verify(userId, password)).toBeUndefined();
    expect(await database.db.selectFrom('application_passwords').selectAll().where('user_id', '=', userId).execute()).toEqual([]);
  });
});

// The race of BUG-3, on SQLite always and on PostgreSQL when CONTENT_TEST_POSTGRES_URL names a
// scratch database (its public schema is emptied before each test).
const engines: [string, string][] = [['sqlite', 'sqlite::memory:']];
if (process.env.CONTENT_TEST_POSTGRES_URL) engines.push(['postgres', process.env.CONTENT_TEST_POSTGRES_URL]);

describe.each(engines)('unique names under concurrency (%s)', (engine, url) => {
  let scratch: Database<ContentTables>;
  let store: ApplicationPasswordStore;
  let owner: number;
  let other: number;

  beforeEach(async () => {
    if (engine === 'postgres') {
      const reset = openDatabase({ url });
      await sql`drop schema public cascade`.execute(reset.db);
      await sql`create schema public`.execute(reset.db);
      await reset.close();
    }
    scratch = await openContentDatabase(url);
    store = createApplicationPasswords(scratch.db);
    const users = new SqlUserStore(scratch);
    owner = (await users.create({ login: 'owner', email: 'owner@example.com', password: 'pw' })).id;
    other = (await users.create({ login: 'other', email: 'other@example.com', password: 'pw' })).id;
  });
  afterEach(async () => {
    await scratch.close();
  });

  const names = async (userId: number) =>
    (await scratch.db.selectFrom('application_passwords').select('name').where('user_id', '=', userId).execute()).map(
      (row) => row.name,
    );

  it('lets exactly one of ten concurrent creates with one name succeed; the others get 409', async () => {
    const settled = await Promise.allSettled(Array.from({ length: 10 }, () => store.create(owner, { name: 'dup' })));
    expect(settled.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of settled) {
      if (result.status === 'rejected') {
        expect(result.reason).toBeInstanceOf(RestError);
        expect(result.reason).toMatchObject({ code: 'application_password_duplicate_name', status: 409 });
      }
    }
    expect(await names(owner)).toEqual(['dup']);
  });

  it('lets exactly one of concurrent renames to one name succeed', async () => {
    const created = await Promise.all(['a', 'b', 'c', 'd'].map((name) => store.create(owner, { name })));
    const settled = await Promise.allSettled(created.map(({ item }) => store.update(owner, item.uuid, { name: 'same' })));
    expect(settled.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(settled.filter((result) => result.status === 'rejected').map((result) => result.reason)).toEqual(
      Array(3).fill(expect.objectContaining({ code: 'application_password_duplicate_name', status: 409 })),
    );
    expect((await names(owner)).filter((name) => name === 'same')).toHaveLength(1);
  });

  it('has the database itself refuse a duplicate name for one user, but not across users', async () => {
    const row = { user_id: owner, name: 'cli', hash: 'x'.repeat(64), created: '2030-01-01T00:00:00.000Z' };
    await scratch.db
      .insertInto('application_passwords')
      .values({ ...row, uuid: randomUUID() })
      .execute();
    await expect(
      scratch.db
        .insertInto('application_passwords')
        .values({ ...row, uuid: randomUUID() })
        .execute(),
    ).rejects.toThrow();
    await scratch.db
      .insertInto('application_passwords')
      .values({ ...row, uuid: randomUUID(), user_id: other })
      .execute();
    await expect(store.create(other, { name: 'another' })).resolves.toBeDefined();
    expect(await names(other)).toEqual(expect.arrayContaining(['cli', 'another']));
  });

  it('still reports other database errors as they are', async () => {
    await expect(store.create(999_999, { name: 'orphan' })).rejects.not.toBeInstanceOf(RestError);
  });
});
