/**
 * A query built and compiled once, run many times with new parameter values. Building and
 * compiling a Kysely query costs more than SQLite takes to run a small one, so a hot query
 * (a page of a list, a record by id) is worth compiling once.
 *
 * @module
 */
import type { CompiledQuery, Kysely } from 'kysely';
import { sqliteHandleOf } from './connect.js';

/** Runs a compiled query with parameters in the order the query uses them. */
export type PreparedQuery<Row> = (parameters: readonly unknown[]) => Promise<Row[]>;

/**
 * Compiles `query` once and returns a function that runs it with new parameter values.
 * Build the query with placeholder values where the parameters go; their order is the
 * order of `parameters` (Kysely numbers them as they appear in the SQL, on every engine).
 *
 * @example
 * ```ts
 * const byId = prepareQuery(db, db.selectFrom('notes').selectAll().where('id', '=', 0).compile());
 * const [note] = await byId([42]);
 * ```
 */
export function prepareQuery<DB, Row>(db: Kysely<DB>, query: CompiledQuery<Row>): PreparedQuery<Row> {
  const viaKysely: PreparedQuery<Row> = async (parameters) => (await db.executeQuery<Row>({ ...query, parameters })).rows;
  const sqlite = sqliteHandleOf(db);
  if (sqlite === undefined || !query.sql.trimStart().toLowerCase().startsWith('select')) return viaKysely;
  // On embedded SQLite a read runs synchronously on the prepared statement, without Kysely's
  // connection queue: under many concurrent requests that queue costs more than the read.
  // While a transaction is open on the connection, reads wait their turn through Kysely, so
  // nobody sees another request's uncommitted writes.
  const statement = sqlite.prepare(query.sql);
  return (parameters) => {
    if (sqlite.inTransaction) return viaKysely(parameters);
    try {
      return Promise.resolve(statement.all(...parameters) as Row[]);
    } catch (error) {
      return Promise.reject(error);
    }
  };
}
