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
 * On embedded SQLite the query runs synchronously on a statement prepared once, without
 * Kysely's connection queue: under many concurrent requests that queue (and building the
 * query) costs more than SQLite takes to run it. A read's rows are read as arrays and made
 * objects here, and a statement with a `LIMIT ?` or `OFFSET ?` is kept bound per set of
 * values, which SQLite would otherwise compile again at each new binding (see
 * {@link rowReader}). A write (`INSERT`, `UPDATE`, `DELETE`) runs on the connection's own
 * statement, with the connection's checks (a database file moved away refuses it); it
 * answers the rows of its `RETURNING` clause, or none.
 *
 * While a transaction is open on the connection, the query waits its turn through Kysely
 * instead: nobody reads another request's uncommitted writes or writes into its transaction,
 * and the queries of an ambient transaction's own work (`runInTransaction`) run in it.
 *
 * @example
 * ```ts
 * const byId = prepareQuery(db, db.selectFrom('notes').selectAll().where('id', '=', 0).compile());
 * const [note] = await byId([42]);
 * const insert = prepareQuery(db, db.insertInto('notes').values({ text: '' }).returning(['id']).compile());
 * const [{ id }] = await insert(['Hello']);
 * ```
 */
export function prepareQuery<DB, Row>(db: Kysely<DB>, query: CompiledQuery<Row>): PreparedQuery<Row> {
  const eager = prepareEagerQuery(db, query);
  return (parameters) => {
    try {
      const rows = eager(parameters);
      return rows instanceof Promise ? rows : Promise.resolve(rows);
    } catch (error) {
      return Promise.reject(error);
    }
  };
}

/**
 * Runs a compiled query with parameters in the order the query uses them: its rows at once
 * when the database answers at once, else a promise of them. A failure at once is thrown.
 */
export type EagerQuery<Row> = (parameters: readonly unknown[]) => Row[] | Promise<Row[]>;

/**
 * {@link prepareQuery} without the promise where none is needed: on embedded SQLite, while
 * no transaction is open on the connection, the rows are returned at once (and a failure is
 * thrown at once); otherwise (PostgreSQL, an open transaction) a promise of them, through
 * Kysely, exactly as `prepareQuery`. A caller that handles both (a request check, a handler)
 * then answers a read with no turn of the microtask queue.
 *
 * @example
 * ```ts
 * const byId = prepareEagerQuery(db, db.selectFrom('notes').selectAll().where('id', '=', 0).compile());
 * const rows = byId([42]);
 * const [note] = rows instanceof Promise ? await rows : rows;
 * ```
 */
export function prepareEagerQuery<DB, Row>(db: Kysely<DB>, query: CompiledQuery<Row>): EagerQuery<Row> {
  const viaKysely = async (parameters: readonly unknown[]): Promise<Row[]> =>
    (await db.executeQuery<Row>({ ...query, parameters })).rows;
  const sqlite = sqliteHandleOf(db);
  if (sqlite === undefined) return viaKysely;
  const run = query.sql.trimStart().toLowerCase().startsWith('select')
    ? rowReader<Row>(sqlite, query.sql)
    : rowWriter<Row>(sqlite, query.sql);
  return (parameters) => (sqlite.inTransaction ? viaKysely(parameters) : run(parameters));
}

/**
 * Runs a write on the statement the connection hands out for its SQL text (the one Kysely
 * would run, with the checks `openDatabase` adds to writes): the rows of its `RETURNING`
 * clause, as objects, or none.
 */
function rowWriter<Row>(sqlite: SqliteDatabase.Database, sql: string): (parameters: readonly unknown[]) => Row[] {
  const statement = sqlite.prepare<unknown[]>(sql);
  if (statement.reader) return (parameters) => statement.all(...parameters) as Row[];
  return (parameters) => {
    statement.run(...parameters);
    return [];
  };
}

/** A `LIMIT ?` or `OFFSET ?`, as Kysely compiles `.limit()` and `.offset()` on SQLite. */
const PAGING_PARAMETER = /\b(?:limit|offset)\s+\?/i;

/** How many sets of parameter values keep a bound statement each (see {@link rowReader}). */
const BOUND_STATEMENTS = 32;

/**
 * Runs one SQL text on statements of its own and returns its rows as objects, as
 * better-sqlite3's `all()` would. Two costs of a plain `statement.all(...parameters)` are
 * avoided here; both were measured with `bench/`'s list query on Node 20 (SQLite 3.53).
 *
 * **Row objects.** better-sqlite3 builds a row object through V8's C++ API, one property at a
 * time; a page of ten rows took 17 µs against 13 µs as arrays made objects in a loop. So the
 * statement answers arrays (`raw` mode) and the objects are made here, keys in column order, a
 * later duplicate name winning as in `all()`. Arrays are used only when the column names are
 * fixed by the SQL text: a `*` (other than `count(*)`) expands to whatever the table holds
 * when SQLite re-prepares the statement after a schema change, and a `__proto__` column would
 * be an assignment to the prototype here. Such statements keep better-sqlite3's objects.
 *
 * **Paging parameters.** SQLite plans a `LIMIT ?` or `OFFSET ?` with the value bound (its
 * `sqlite3ExprIsInteger` marks the parameter in the statement's `expmask`), so every new
 * binding makes it compile the statement again: binding the page's limit and offset cost
 * a third of the page query (12.5 µs against 8.6 µs for the same statement bound once). A
 * statement with paging parameters is therefore bound once per set of values, and the bound
 * statements of the last {@link BOUND_STATEMENTS} sets are kept; other values (a buffer, say)
 * run on the unbound statement.
 */
function rowReader<Row>(sqlite: SqliteDatabase.Database, sql: string): (parameters: readonly unknown[]) => Row[] {
  // Statements of its own: the connection's cache (connect.ts) shares statements with Kysely,
  // and raw mode and bindings belong to the statement.
  const open = (): SqliteDatabase.Statement<unknown[]> => SqliteDatabase.prototype.prepare.call(sqlite, sql);
  const unbound = open();
  const names = unbound.columns().map((column) => column.name);
  const asArrays = !sql.replaceAll('(*)', '').includes('*') && !names.includes('__proto__');
  const rowsOf = (statement: SqliteDatabase.Statement<unknown[]>, parameters: readonly unknown[]): Row[] =>
    asArrays ? objectsOf<Row>(statement.all(...parameters) as unknown[][], names) : (statement.all(...parameters) as Row[]);
  if (asArrays) unbound.raw(true);
  if (!PAGING_PARAMETER.test(sql)) return (parameters) => rowsOf(unbound, parameters);
  const bound = new Map<string, SqliteDatabase.Statement<unknown[]>>();
  return (parameters) => {
    const key = valuesKey(parameters);
    if (key === undefined) return rowsOf(unbound, parameters);
    let statement = bound.get(key);
    if (statement === undefined) {
      statement = open();
      if (asArrays) statement.raw(true);
      statement.bind(...parameters);
      if (bound.size >= BOUND_STATEMENTS) bound.delete(bound.keys().next().value as string);
      bound.set(key, statement);
    }
    return rowsOf(statement, NO_PARAMETERS);
  };
}

const NO_PARAMETERS: readonly unknown[] = [];

/** Rows read as arrays, made objects with the column names in order. */
function objectsOf<Row>(rows: readonly unknown[][], names: readonly string[]): Row[] {
  const out = new Array<Row>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const values = rows[i] as unknown[];
    const row: Record<string, unknown> = {};
    for (let k = 0; k < names.length; k++) row[names[k] as string] = values[k];
    out[i] = row as Row;
  }
  return out;
}

/**
 * A key for a set of parameter values that tells apart every binding (`1` from `'1'`, `1n`
 * and `null`), or `undefined` when a value is of another kind.
 */
function valuesKey(parameters: readonly unknown[]): string | undefined {
  let key = '';
  for (const value of parameters) {
    if (typeof value === 'number') key += `n${value};`;
    else if (typeof value === 'string') key += `s${value.length}:${value}`;
    else if (typeof value === 'bigint') key += `b${value};`;
    else if (value === null) key += 'z';
    else return undefined;
  }
  return key;
}
