/**
 * The content layer's hot reads of lists of ids (the terms, revision counts, featured images
 * and authors of a response's records), built and compiled once per database and length of
 * the list (`Database.prepare`, values bound by name). Building and compiling a small query
 * costs more than SQLite takes to run it; a single post runs seven of them. A longer list than
 * {@link MAX_COMPILED_IDS} is built per call.
 *
 * @module
 */
import type { Compilable, Database } from '@cms-json/database';

/** The longest id list a compiled read is kept for (a page holds at most 100 records). */
export const MAX_COMPILED_IDS = 100;

/** `length` placeholder ids (zeros): the sample of an `in (…)` list of that length for `Database.prepare`. */
export function placeholderIds(length: number): number[] {
  return new Array<number>(length).fill(0);
}

/**
 * Runs a read of a list of ids, `query(ids)`, compiled once per length of the list under
 * `name` (up to {@link MAX_COMPILED_IDS} ids; a longer list is built per call).
 *
 * @example
 * const users = await readByIds(database, 'users.by-ids', ids, (values) => db.selectFrom('users').selectAll().where('id', 'in', values));
 */
export async function readByIds<DB, Row>(
  database: Database<DB>,
  name: string,
  ids: readonly number[],
  query: (ids: number[]) => Compilable<Row> & { execute(): Promise<Row[]> },
): Promise<Row[]> {
  if (ids.length > MAX_COMPILED_IDS) return query([...ids]).execute();
  return database.prepare(`${name}.${ids.length}`, { ids: placeholderIds(ids.length) }, (p) => query(p.ids))({ ids: [...ids] });
}
