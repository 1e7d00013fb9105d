/**
 * A query built and compiled once, run many times with new parameter values. Building and
 * compiling a Kysely query costs more than SQLite takes to run a small one, so a hot query
 * (a page of a list, a record by id) is worth compiling once.
 *
 * @module
 */
import SqliteDatabase from 'better-sqlite3';
import type { CompiledQuery, Kysely } from 'kysely';
import { sqliteHandleOf } from './connect.js';

/** Runs a compiled query with parameters in the order the query uses them. */
export type PreparedQuery<Row> = (parameters: readonly unknown[]) => Promise<Row[]>;

/**
 * Compiles `query` once and returns a function that runs it with new parameter values.
 * Build the query with placeholder values where the parameters go; their order is the
 * order of `parameters` (Kysely numbers them as they appear in the SQL, on every engine).
 *
 * On embedded SQLite a read runs synchronously on a statement prepared once, and its rows
 * are read as arrays and made objects here, which is cheaper than better-sqlite3 building
 * each row object (see {@link rowReader}).
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
  const read = rowReader<Row>(sqlite, query.sql);
  return (parameters) => {
    if (sqlite.inTransaction) return viaKysely(parameters);
    try {
      return Promise.resolve(read(parameters));
    } catch (error) {
      return Promise.reject(error);
    }
  };
}

/**
 * Runs one SQL text on its own statement and returns its rows as objects, as better-sqlite3's
 * `all()` would.
 *
 * better-sqlite3 builds a row object through V8's C++ API, one property at a time; for a page
 * of ten rows that took a quarter of the query (17 µs against 13 µs with arrays, measured
 * with `bench/`'s SQL on Node 20). So the statement answers arrays (`raw` mode) and the
 * objects are made here, keys in column order, a later duplicate name winning as in `all()`.
 *
 * Arrays are used only when the column names are fixed by the SQL text: a `*` (other than
 * `count(*)`) expands to whatever the table holds when SQLite re-prepares the statement after
 * a schema change, and a `__proto__` column would be an assignment to the prototype here.
 * Such statements keep better-sqlite3's objects.
 */
function rowReader<Row>(sqlite: SqliteDatabase.Database, sql: string): (parameters: readonly unknown[]) => Row[] {
  // A statement of its own: the connection's cache (connect.ts) shares statements with Kysely,
  // and raw mode belongs to the statement.
  const statement: SqliteDatabase.Statement<unknown[]> = SqliteDatabase.prototype.prepare.call(sqlite, sql);
  const names = statement.columns().map((column) => column.name);
  if (sql.replaceAll('(*)', '').includes('*') || names.includes('__proto__'))
    return (parameters) => statement.all(...parameters) as Row[];
  statement.raw(true);
  return (parameters) => {
    const rows = statement.all(...parameters) as unknown[][];
    const out = new Array<Row>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const values = rows[i] as unknown[];
      const row: Record<string, unknown> = {};
      for (let k = 0; k < names.length; k++) row[names[k] as string] = values[k];
      out[i] = row as Row;
    }
    return out;
  };
}
