import { RestError } from '@cms-json/core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { WordPressDatabase } from '../connection.js';
import { maybeUnserialize } from '../php-serialized.js';
import { openFixtureDatabase } from '../testing.js';
import { updateUserMeta, userMetaValue } from '../users/usermeta.js';
import { deleteOption, getOption } from '../wordpress-options.js';
import { WordPressApplicationPasswordStore } from './application-passwords.js';

const serverUrl = inject('mysqlUrl');

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RestError) return error.code;
    throw error;
  }
  return 'no error';
}

describe.skipIf(serverUrl === '')("WordPressApplicationPasswordStore over WordPress's _application_passwords", () => {
  let wordpress: WordPressDatabase;
  let passwords: WordPressApplicationPasswordStore;
  let clock = Date.parse('2026-01-01T00:00:00Z');

  beforeAll(async () => {
    wordpress = await openFixtureDatabase({ serverUrl });
    passwords = new WordPressApplicationPasswordStore(wordpress, { now: () => clock });
  });
  afterAll(() => wordpress.close());

  const stored = async (userId: number) =>
    maybeUnserialize((await userMetaValue(wordpress.database, userId, '_application_passwords')) ?? '');

  it('lists and verifies the passwords WordPress made, recording their use once a day as WordPress does', async () => {
    expect(await passwords.list(1)).toEqual([
      {
        uuid: '00000000-0000-4000-8000-000000000001',
        appId: '',
        userId: 1,
        name: 'oracle',
        created: '2023-01-01T00:00:00.000Z',
        lastUsed: null,
        lastIp: null,
      },
    ]);
    expect(await passwords.verify(1, 'wrong-password-000000000')).toBeUndefined();
    expect(await passwords.verify(2, 'oracleadminapppassword01')).toBeUndefined();
    const used = await passwords.verify(1, 'orac leadm inap ppas swor d01', { ip: '203.0.113.9' });
    expect(used).toMatchObject({
      uuid: '00000000-0000-4000-8000-000000000001',
      lastUsed: '2026-01-01T00:00:00.000Z',
      lastIp: '203.0.113.9',
    });
    expect(await stored(1)).toEqual([expect.objectContaining({ last_used: 1767225600, last_ip: '203.0.113.9' })]);
    clock += 60 * 60 * 1000;
    expect((await passwords.verify(1, 'oracleadminapppassword01', { ip: '198.51.100.1' }))?.lastIp).toBe('203.0.113.9');
    clock += 24 * 60 * 60 * 1000;
    expect((await passwords.verify(1, 'oracleadminapppassword01', { ip: '198.51.100.1' }))?.lastIp).toBe('198.51.100.1');
    expect(await passwords.verify(2, 'oracleauthorapppasswd001')).toMatchObject({ userId: 2, name: 'oracle' });
  });

  it('gives an item stored without a uuid one, saved, as get_user_application_passwords does', async () => {
    const hash = '$P$B93A7l4l0jBKHNxUB7dky.au259mzo.'; // WordPress's hash of oracleadminapppassword01
    const old = `a:1:{i:0;a:3:{s:4:"name";s:3:"old";s:8:"password";s:34:"${hash}";s:7:"created";i:1600000000;}}`;
    await updateUserMeta(wordpress.database, 7, '_application_passwords', old);
    const [item] = await passwords.list(7);
    expect(item).toMatchObject({ name: 'old', created: '2020-09-13T12:26:40.000Z', appId: '' });
    expect(item?.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(await userMetaValue(wordpress.database, 7, '_application_passwords')).toContain(`s:4:"uuid";s:36:"${item?.uuid}"`);
    expect((await passwords.list(7))[0]?.uuid).toBe(item?.uuid);
    expect(await passwords.verify(7, 'oracleadminapppassword01')).toMatchObject({ uuid: item?.uuid });
  });

  it('records nothing on a read-only site', async () => {
    const readOnly = new WordPressApplicationPasswordStore(wordpress, { readOnly: true, now: () => clock + 10 * 86_400_000 });
    const before = await userMetaValue(wordpress.database, 4, '_application_passwords');
    expect(await readOnly.verify(4, 'oraclegranteeapppasswd01', { ip: '192.0.2.1' })).toMatchObject({
      userId: 4,
      lastUsed: null,
    });
    expect(await userMetaValue(wordpress.database, 4, '_application_passwords')).toBe(before);
  });

  it('creates a 24-character password hashed with phpass, which verifies, and marks application passwords in use', async () => {
    await deleteOption(wordpress.database, 'using_application_passwords');
    const { password, formatted, item } = await passwords.create(2, { name: '  Deploy <b>script</b> ', appId: 'app-1' });
    expect(password).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(formatted).toBe(password.match(/.{4}/g)?.join(' '));
    expect(item).toMatchObject({ userId: 2, name: 'Deploy script', appId: 'app-1', lastUsed: null, lastIp: null });
    const items = await stored(2);
    expect(Array.isArray(items) && items.length).toBe(2);
    expect(items).toEqual([
      expect.objectContaining({ name: 'oracle' }),
      expect.objectContaining({
        uuid: item.uuid,
        name: 'Deploy script',
        app_id: 'app-1',
        created: Math.floor(clock / 1000),
        last_used: null,
      }),
    ]);
    expect(Array.isArray(items) ? items[1] : undefined).toMatchObject({ password: expect.stringMatching(/^\$P\$B/) });
    expect(await passwords.verify(2, formatted)).toMatchObject({ uuid: item.uuid });
    expect(await getOption(wordpress.database, 'using_application_passwords')).toBe('1');
    expect(await passwords.get(2, item.uuid)).toMatchObject({ name: 'Deploy script' });
    expect(await passwords.get(2, 'nope')).toBeUndefined();
  });

  it("refuses an empty or taken name and a weak preset with the original's codes, writing nothing", async () => {
    const before = await userMetaValue(wordpress.database, 1, '_application_passwords');
    expect(await codeOf(passwords.create(1, { name: '   ' }))).toBe('application_password_empty_name');
    expect(await codeOf(passwords.create(1, { name: 'ORACLE' }))).toBe('application_password_duplicate_name');
    expect(await codeOf(passwords.create(1, { name: 'preset', password: 'short' }))).toBe('application_password_too_weak');
    expect(await userMetaValue(wordpress.database, 1, '_application_passwords')).toBe(before);
    const preset = await passwords.create(1, { name: 'preset', password: 'abcd EFGH ijkl MNOP qrst UVWX' });
    expect(preset.password).toBe('abcdEFGHijklMNOPqrstUVWX');
    expect(await passwords.verify(1, 'abcdEFGHijklMNOPqrstUVWX')).toMatchObject({ name: 'preset' });
  });

  it('renames, refusing a taken name, and answers undefined for an unknown uuid', async () => {
    const { item } = await passwords.create(3, { name: 'first' });
    expect(await passwords.update(3, item.uuid, { name: 'renamed', appId: 'x' })).toMatchObject({ name: 'renamed', appId: 'x' });
    expect(await codeOf(passwords.update(3, item.uuid, { name: 'Oracle' }))).toBe('application_password_duplicate_name');
    expect(await codeOf(passwords.update(3, item.uuid, { name: '' }))).toBe('application_password_empty_name');
    expect(await passwords.update(3, 'nope', { name: 'z' })).toBeUndefined();
    expect((await passwords.list(3)).map((listed) => listed.name)).toEqual(['oracle', 'renamed']);
  });

  it("revokes one as WordPress's unset leaves the list (keys kept), then all, as a:0:{}", async () => {
    const { item } = await passwords.create(5, { name: 'second' });
    expect(await passwords.revoke(5, '00000000-0000-4000-8000-000000000005')).toBe(true);
    expect(await userMetaValue(wordpress.database, 5, '_application_passwords')).toMatch(/^a:1:\{i:1;a:7:/);
    expect((await passwords.list(5)).map((listed) => listed.uuid)).toEqual([item.uuid]);
    expect(await passwords.revoke(5, '00000000-0000-4000-8000-000000000005')).toBe(false);
    const third = await passwords.create(5, { name: 'third' });
    expect(await userMetaValue(wordpress.database, 5, '_application_passwords')).toMatch(/^a:2:\{i:1;a:7:.*i:2;a:7:/);
    expect(await passwords.verify(5, third.password)).toMatchObject({ name: 'third' });
    expect(await passwords.revokeAll(5)).toBe(2);
    expect(await userMetaValue(wordpress.database, 5, '_application_passwords')).toBe('a:0:{}');
    expect(await passwords.revokeAll(5)).toBe(0);
    expect(await passwords.list(5)).toEqual([]);
    expect(await passwords.list(999_999)).toEqual([]);
  });
});
