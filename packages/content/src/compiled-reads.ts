/**
 * The content layer's hot reads (a record by id, an option, the terms, revision counts and
 * featured images of a response's records), built and compiled by Kysely once per database
 * and run many times with new values through `prepareQuery`. Building and compiling a small
 * query costs more than SQLite takes to run it; a single post runs seven of them.
 *
 * A read with a list of ids (`in (?, ?, …)`) is compiled once per length of the list, up
 * to {@link MAX_COMPILED_IDS} ids; a longer list is built per call as before.
 *
 * @module
 */
import { type PreparedQuery, prepareQuery } from '@cms-json/database';
import type { CompiledQuery, Kysely } from 'kysely';

/** The longest id list a compiled read is kept for (a page holds at most 100 records). */
export const MAX_COMPILED_IDS = 100;

/** The compiled reads of each database, by name. Keyed weakly: nothing outlives the database. */
const compiled = new WeakMap<object, Map<string, PreparedQuery<unknown>>>();

/**
 * The read named `name` on `db`, compiled by `build` the first time it is asked for. `build`
 * makes the query with placeholder values; the values of each run are passed in the order
 * the SQL uses them. The name must tell apart every query shape (include a list's length).
 *
 * @example
 * const byId = compiledRead(db, 'posts.find', () => db.selectFrom('posts').selectAll().where('id', '=', 0).compile());
 * const [post] = await byId([42]);
 */
// biome-ignore lint/suspicious/noExplicitAny: any table types will do; only the instance is a key.
export function compiledRead<Row>(db: Kysely<any>, name: string, build: () => CompiledQuery<Row>): PreparedQuery<Row> {
  let reads = compiled.get(db);
  if (reads === undefined) {
    reads = new Map();
    compiled.set(db, reads);
  }
  let read = reads.get(name) as PreparedQuery<Row> | undefined;
  if (read === undefined) {
    read = prepareQuery(db, build());
    reads.set(name, read as PreparedQuery<unknown>);
  }
  return read;
}

/** `length` placeholder ids (zeros), for building a read with an `in (…)` list of that length. */
export function placeholderIds(length: number): number[] {
  return new Array<number>(length).fill(0);
}

/**
 * Runs a read of a list of ids, `query(ids)`, compiled once per length of the list under
 * `name` (up to {@link MAX_COMPILED_IDS} ids; a longer list is built per call).
 *
 * @example
 * const users = await readByIds(db, 'users.by-ids', ids, (values) => db.selectFrom('users').selectAll().where('id', 'in', values));
 */
export function readByIds<Row>(
  // biome-ignore lint/suspicious/noExplicitAny: any table types will do; only the instance is a key.
  db: Kysely<any>,
  name: string,
  ids: readonly number[],
  query: (ids: number[]) => { compile(): CompiledQuery<Row>; execute(): Promise<Row[]> },
): Promise<Row[]> {
  if (ids.length > MAX_COMPILED_IDS) return query([...ids]).execute();
  return compiledRead(db, `${name}.${ids.length}`, () => query(placeholderIds(ids.length)).compile())(ids);
}
