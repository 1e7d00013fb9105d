/**
 * Reading and writing one of WordPress's options (`<prefix>options`) as WordPress's
 * `get_option` and `update_option` do: values PHP-serialized when they are not strings, new
 * options added with `autoload` `yes`. The stores share these; the options store
 * (`options/options-store.ts`) maps the settings onto them.
 *
 * @module
 */
import type { Database } from '@cms-json/database';
import { maybeSerialize, maybeUnserialize, type PhpValue } from './php-serialized.js';
import type { WordPressTables } from './tables.js';

/**
 * The value of an option, unserialized, or `undefined` when the site has no such option.
 *
 * @example
 * const sticky = await getOption(database, 'sticky_posts'); // [1, 4] or undefined
 */
export async function getOption(database: Database<WordPressTables>, name: string): Promise<PhpValue | undefined> {
  const row = await database.db.selectFrom('options').select('option_value').where('option_name', '=', name).executeTakeFirst();
  return row === undefined ? undefined : maybeUnserialize(row.option_value);
}

/**
 * The values of some options at once (the ones the site lacks are left out).
 *
 * @example
 * const { home, siteurl } = await getOptions(database, ['home', 'siteurl']);
 */
export async function getOptions<N extends string>(
  database: Database<WordPressTables>,
  names: readonly N[],
): Promise<Partial<Record<N, PhpValue>>> {
  if (names.length === 0) return {};
  const rows = await database.db
    .selectFrom('options')
    .select(['option_name', 'option_value'])
    .where('option_name', 'in', [...names])
    .execute();
  const out: Partial<Record<N, PhpValue>> = {};
  for (const row of rows) out[row.option_name as N] = maybeUnserialize(row.option_value);
  return out;
}

/**
 * Stores an option as `update_option` does: the value serialized when it is not a string, the
 * row added (autoloaded) when the site had none.
 *
 * @example
 * await setOption(database, 'sticky_posts', [1, 4]);
 */
export async function setOption(database: Database<WordPressTables>, name: string, value: PhpValue): Promise<void> {
  const stored = maybeSerialize(value);
  const result = await database.db
    .updateTable('options')
    .set({ option_value: stored })
    .where('option_name', '=', name)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return;
  const exists = await database.db.selectFrom('options').select('option_id').where('option_name', '=', name).executeTakeFirst();
  // MySQL counts a row set to the value it had as not updated: it is there already.
  if (exists !== undefined) return;
  await database.db.insertInto('options').values({ option_name: name, option_value: stored, autoload: 'yes' }).execute();
}

/**
 * Removes an option (`delete_option`).
 *
 * @example
 * await deleteOption(database, 'my_plugin_state');
 */
export async function deleteOption(database: Database<WordPressTables>, name: string): Promise<void> {
  await database.db.deleteFrom('options').where('option_name', '=', name).execute();
}
