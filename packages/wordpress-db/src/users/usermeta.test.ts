import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { WordPressDatabase } from '../connection.js';
import { openFixtureDatabase } from '../testing.js';
import { deleteUserMeta, updateUserMeta, userMetaOf, userMetaValue } from './usermeta.js';

const serverUrl = inject('mysqlUrl');

describe.skipIf(serverUrl === '')("a user's meta rows as get_user_meta / update_user_meta / delete_user_meta", () => {
  let wordpress: WordPressDatabase;
  beforeAll(async () => {
    wordpress = await openFixtureDatabase({ serverUrl });
  });
  afterAll(() => wordpress.close());

  it('reads the first row of a key, and several users and keys at once', async () => {
    const { database } = wordpress;
    expect(await userMetaValue(database, 1, 'nickname')).toBe('oracle-admin');
    expect(await userMetaValue(database, 1, 'no_such_key')).toBeUndefined();
    const meta = await userMetaOf(database, [1, 2, 999_999], ['first_name', 'last_name']);
    expect(meta.get(1)).toEqual(
      new Map([
        ['first_name', 'Oracle'],
        ['last_name', 'Admin'],
      ]),
    );
    expect(meta.get(2)?.get('first_name')).toBe('Ada');
    expect(meta.has(999_999)).toBe(false);
    expect(await userMetaOf(database, [], ['first_name'])).toEqual(new Map());
  });

  it('updates every row of a key, adds one when there is none, and deletes them all', async () => {
    const { database } = wordpress;
    await database.db
      .insertInto('usermeta')
      .values([
        { user_id: 2, meta_key: 'twice', meta_value: 'a' },
        { user_id: 2, meta_key: 'twice', meta_value: 'b' },
      ])
      .execute();
    expect(await userMetaValue(database, 2, 'twice')).toBe('a');
    await updateUserMeta(database, 2, 'twice', 'c');
    const rows = await database.db
      .selectFrom('usermeta')
      .select('meta_value')
      .where('user_id', '=', 2)
      .where('meta_key', '=', 'twice')
      .execute();
    expect(rows).toEqual([{ meta_value: 'c' }, { meta_value: 'c' }]);
    await updateUserMeta(database, 2, 'fresh', 'new');
    expect(await userMetaValue(database, 2, 'fresh')).toBe('new');
    await deleteUserMeta(database, 2, 'twice');
    expect(await userMetaValue(database, 2, 'twice')).toBeUndefined();
  });

  it('locks the row for a read-modify-write inside a transaction', async () => {
    const { database } = wordpress;
    const value = await database.transaction(() => userMetaValue(database, 1, 'nickname', { lock: true }));
    expect(value).toBe('oracle-admin');
  });
});
