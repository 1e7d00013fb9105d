/**
 * The better-sqlite3 driver of {@link SqliteConnection} (Node). Its statements already have
 * the shape Kysely and this package need (`reader`, `readonly`, `busy`, and `all`/`run`/…
 * binding an array's items), so they are handed out as they are: nothing is added to a query
 * on Node. Its row reader is tuned for better-sqlite3 (rows read as arrays, paging parameters
 * bound once).
 *
 * better-sqlite3 does not load on Bun (its error: "'better-sqlite3' is not yet supported in
 * Bun") nor on Deno ("built against the legacy Node.js native addon API (NODE_MODULE / nan),
 * which Deno does not support"): those use `bun:sqlite` and `node:sqlite`.
 *
 * @module
 */
import type SqliteDatabase from 'better-sqlite3';
import { loadDriver, runtimeName } from './load-driver.js';
import { fixedColumnNames, objectsOf } from './row-objects.js';
import type { SqliteConnection } from './sqlite-connection.js';

/**
 * Opens `path` with better-sqlite3.
 *
 * @throws Error naming the package to install when it is missing, or saying to use the
 *   runtime's own driver on Bun and Deno.
 * @example
 * const connection = openBetterSqlite3(':memory:', { url: 'sqlite::memory:' });
 */
export function openBetterSqlite3(
  path: string,
  options: { readonly url: string; readonly onStatement?: ((sql: string) => void) | undefined },
): SqliteConnection {
  const { onStatement } = options;
  let database: SqliteDatabase.Database;
  try {
    const Sqlite = loadDriver<typeof SqliteDatabase>('better-sqlite3', options.url);
    database = new Sqlite(path, onStatement === undefined ? {} : { verbose: (text) => onStatement(String(text)) });
  } catch (error) {
    const runtime = runtimeName();
    if (runtime.startsWith('Bun') || runtime.startsWith('Deno')) {
      throw new Error(
        `The SQLite driver "better-sqlite3" does not load on ${runtime} (${error instanceof Error ? error.message.split('\n')[0] : String(error)}). ` +
          `Leave the option sqliteDriver out to use ${runtime.startsWith('Bun') ? 'bun:sqlite' : 'node:sqlite'}.`,
        { cause: error },
      );
    }
    throw error;
  }
  return {
    driver: 'better-sqlite3',
    get inTransaction() {
      return database.inTransaction;
    },
    // better-sqlite3's statements bind an array's items: Kysely's shape as they are.
    prepare: (sql) => database.prepare<unknown[]>(sql),
    exec: (sql) => {
      database.exec(sql);
    },
    function: (name, functionOptions, fn) => {
      database.function(name, { deterministic: functionOptions.deterministic }, fn);
    },
    rowReader: (sql) => rowReader(database, sql),
    valueReader: (sql) => {
      const statement = database.prepare<unknown[]>(sql);
      statement.pluck(true);
      return (parameters) => statement.get(...parameters);
    },
    close: () => {
      database.close();
    },
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
function rowReader(database: SqliteDatabase.Database, sql: string): (parameters: readonly unknown[]) => unknown[] {
  const open = (): SqliteDatabase.Statement<unknown[]> => database.prepare<unknown[]>(sql);
  const unbound = open();
  const names = unbound.columns().map((column) => column.name);
  const asArrays = fixedColumnNames(sql, names);
  const rowsOf = (statement: SqliteDatabase.Statement<unknown[]>, parameters: readonly unknown[]): unknown[] =>
    asArrays ? objectsOf(statement.all(...parameters) as unknown[][], names) : statement.all(...parameters);
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
