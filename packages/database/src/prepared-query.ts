/**
 * A query built and compiled once, run many times with new parameter values. Building and
 * compiling a Kysely query costs more than SQLite takes to run a small one, so a hot query
 * (a page of a list, a record by id) is worth compiling once.
 *
 * @module
 */
import type { CompiledQuery, Kysely } from 'kysely';

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
  return async (parameters) => (await db.executeQuery<Row>({ ...query, parameters })).rows;
}
