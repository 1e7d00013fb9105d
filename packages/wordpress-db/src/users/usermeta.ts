/**
 * A user's meta rows (`<prefix>usermeta`) read and written as WordPress's `get_user_meta`,
 * `update_user_meta` and `delete_user_meta` do for one key: the first row of a key is its
 * value; an update changes every row of the key, or adds one when there is none.
 *
 * @module
 */
import type { Database } from '@cms-json/database';
import type { WordPressTables } from '../tables.js';

/**
 * The stored text of one meta key of a user (the first row), `undefined` without one. With
 * `lock`, the row is locked to the end of the ambient transaction (`SELECT … FOR UPDATE`), for
 * a read-modify-write of a serialized value.
 *
 * @example
 * const tokens = await userMetaValue(database, 1, 'session_tokens');
 */
export async function userMetaValue(
  database: Database<WordPressTables>,
  userId: number,
  key: string,
  options: { lock?: boolean } = {},
): Promise<string | undefined> {
  let query = database.db
    .selectFrom('usermeta')
    .select('meta_value')
    .where('user_id', '=', userId)
    .where('meta_key', '=', key)
    .orderBy('umeta_id')
    .limit(1);
  if (options.lock === true) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row === undefined ? undefined : (row.meta_value ?? '');
}

/**
 * Some meta keys of some users at once: user id → key → value (the first row of a key).
 *
 * @example
 * const meta = await userMetaOf(database, [1, 2], ['first_name', 'last_name']);
 * meta.get(1)?.get('first_name'); // 'Oracle'
 */
export async function userMetaOf(
  database: Database<WordPressTables>,
  userIds: readonly number[],
  keys: readonly string[],
): Promise<Map<number, Map<string, string>>> {
  const out = new Map<number, Map<string, string>>();
  if (userIds.length === 0 || keys.length === 0) return out;
  const rows = await database.db
    .selectFrom('usermeta')
    .select(['user_id', 'meta_key', 'meta_value'])
    .where('user_id', 'in', [...new Set(userIds)])
    .where('meta_key', 'in', [...keys])
    .orderBy('umeta_id')
    .execute();
  for (const row of rows) {
    const userId = Number(row.user_id);
    let meta = out.get(userId);
    if (meta === undefined) {
      meta = new Map();
      out.set(userId, meta);
    }
    const key = row.meta_key ?? '';
    if (!meta.has(key)) meta.set(key, row.meta_value ?? '');
  }
  return out;
}

/**
 * Sets a meta key of a user as `update_user_meta`: every row of the key takes the value, one row
 * is added when there is none.
 *
 * @example
 * await updateUserMeta(database, 1, 'nickname', 'ada');
 */
export async function updateUserMeta(
  database: Database<WordPressTables>,
  userId: number,
  key: string,
  value: string,
): Promise<void> {
  const existing = await database.db
    .selectFrom('usermeta')
    .select('umeta_id')
    .where('user_id', '=', userId)
    .where('meta_key', '=', key)
    .executeTakeFirst();
  if (existing === undefined) {
    await database.db.insertInto('usermeta').values({ user_id: userId, meta_key: key, meta_value: value }).execute();
    return;
  }
  await database.db
    .updateTable('usermeta')
    .set({ meta_value: value })
    .where('user_id', '=', userId)
    .where('meta_key', '=', key)
    .execute();
}

/**
 * Removes every row of a meta key of a user (`delete_user_meta`).
 *
 * @example
 * await deleteUserMeta(database, 1, 'session_tokens');
 */
export async function deleteUserMeta(database: Database<WordPressTables>, userId: number, key: string): Promise<void> {
  await database.db.deleteFrom('usermeta').where('user_id', '=', userId).where('meta_key', '=', key).execute();
}
