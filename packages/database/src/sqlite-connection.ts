/**
 * One embedded SQLite connection, whatever the driver: better-sqlite3 on Node, `bun:sqlite`
 * on Bun, `node:sqlite` on Deno (and on Node ≥ 22.5 when asked). It is what Kysely's
 * `SqliteDialect` takes as its `database` (`prepare` → `reader`, `all`, `run`, `iterate`;
 * `close`), plus the few operations this package needs past Kysely: `exec` for pragmas, a
 * deterministic function (`lowerText`'s), whether a transaction is open, and the fast
 * synchronous readers of `Database.prepare` and the change versions.
 *
 * Every method takes its parameters as one array, as Kysely passes them.
 *
 * @module
 */
import { loadRuntimeModule, runtimeName } from './load-driver.js';
import { openBetterSqlite3 } from './sqlite-better-sqlite3.js';
import { openBunSqlite } from './sqlite-bun.js';
import { openNodeSqlite } from './sqlite-node.js';

/**
 * The SQLite drivers {@link openSqliteConnection} can open a file with: the npm package
 * `better-sqlite3` (Node), or the runtime's own module `bun:sqlite` (Bun) or `node:sqlite`
 * (Deno, Node ≥ 22.5).
 *
 * @example
 * const driver: SqliteDriverName = 'node:sqlite';
 */
export type SqliteDriverName = 'better-sqlite3' | 'bun:sqlite' | 'node:sqlite';

/** Every {@link SqliteDriverName}, in the order the docs list them. */
export const SQLITE_DRIVERS: readonly SqliteDriverName[] = ['better-sqlite3', 'bun:sqlite', 'node:sqlite'];

/**
 * What a write statement answers (Kysely reads both).
 *
 * @example
 * const { changes } = statement.run([1]);
 */
export interface SqliteRunResult {
  readonly changes: number | bigint;
  readonly lastInsertRowid: number | bigint;
}

/**
 * A prepared statement: run many times, with its parameters as one array.
 *
 * @example
 * const rows = connection.prepare('select * from notes where id > ?').all([10]);
 */
export interface SqliteStatement {
  /** Whether it answers rows (a `select`, a write with `RETURNING`): run it with `all`, else `run`. */
  readonly reader: boolean;
  /** Whether it writes nothing (SQLite's own verdict where the driver tells it, else read from the SQL text). */
  readonly readonly: boolean;
  /** Whether an iteration of it is still open: it cannot run again meanwhile. */
  readonly busy: boolean;
  /** Its rows, as objects. */
  all(parameters: readonly unknown[]): unknown[];
  /** Its first row, or `undefined`. */
  get(parameters: readonly unknown[]): unknown;
  /** Runs it; what it changed. */
  run(parameters: readonly unknown[]): SqliteRunResult;
  /** Its rows one at a time. */
  iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
}

/**
 * An open SQLite connection (see the module's description).
 *
 * @example
 * const connection = openSqliteConnection(':memory:');
 * connection.exec('create table notes (id integer primary key, text text)');
 * connection.prepare('insert into notes (text) values (?)').run(['one']);
 * connection.close();
 */
export interface SqliteConnection {
  /** The driver behind it. */
  readonly driver: SqliteDriverName;
  /** Whether a transaction is open on it. */
  readonly inTransaction: boolean;
  /** A statement for `sql` (Kysely prepares every query with it). */
  prepare(sql: string): SqliteStatement;
  /** Runs SQL text without parameters (pragmas, schema), answering nothing. */
  exec(sql: string): void;
  /** Registers a scalar function of one argument, deterministic as SQLite needs for indexes. */
  function(name: string, options: { readonly deterministic: boolean }, fn: (value: unknown) => unknown): void;
  /**
   * A reader for one `select` on statements of its own, the fastest way this driver has to
   * answer row objects (keys in column order): `Database.prepare`'s fast path.
   */
  rowReader(sql: string): (parameters: readonly unknown[]) => unknown[];
  /** A reader of the first column of the first row of one `select`, on a statement of its own (`undefined` when no row). */
  valueReader(sql: string): (parameters: readonly unknown[]) => unknown;
  /** Closes it. */
  close(): void;
}

/**
 * Options of {@link openSqliteConnection}.
 *
 * @example
 * const options: SqliteConnectionOptions = { driver: 'bun:sqlite' };
 */
export interface SqliteConnectionOptions {
  /** The driver; default {@link runtimeSqliteDriver}'s. */
  readonly driver?: SqliteDriverName | undefined;
  /** Called with the SQL text of every statement run (with values inlined on better-sqlite3 only). */
  readonly onStatement?: ((sql: string) => void) | undefined;
  /** The URL that names the file, for messages. */
  readonly url?: string | undefined;
}

/**
 * The SQLite driver of the runtime this process runs on: `bun:sqlite` on Bun, `node:sqlite`
 * on Deno (better-sqlite3, a native addon of the nan kind, does not load there), else
 * `better-sqlite3`.
 *
 * @example
 * runtimeSqliteDriver(); // 'better-sqlite3' on Node
 */
export function runtimeSqliteDriver(): SqliteDriverName {
  if (Reflect.get(globalThis, 'Bun') !== undefined) return 'bun:sqlite';
  if (Reflect.get(globalThis, 'Deno') !== undefined) return 'node:sqlite';
  return 'better-sqlite3';
}

/**
 * Opens the SQLite file at `path` (or `:memory:`) with a driver: the runtime's
 * ({@link runtimeSqliteDriver}) unless `options.driver` names one.
 *
 * @throws Error when the driver is unknown, does not exist on this runtime, is not installed,
 *   or cannot open the file.
 * @example
 * const connection = openSqliteConnection('/srv/site.db', { driver: 'node:sqlite' });
 */
export function openSqliteConnection(path: string, options: SqliteConnectionOptions = {}): SqliteConnection {
  const driver = options.driver ?? runtimeSqliteDriver();
  const url = options.url ?? `sqlite:${path}`;
  switch (driver) {
    case 'better-sqlite3':
      return openBetterSqlite3(path, { url, onStatement: options.onStatement });
    case 'bun:sqlite':
      return openBunSqlite(loadRuntimeModule('bun:sqlite'), path, { onStatement: options.onStatement });
    case 'node:sqlite':
      return openNodeSqlite(loadRuntimeModule('node:sqlite'), path, { onStatement: options.onStatement });
    default:
      throw new Error(
        `Unknown SQLite driver "${String(driver)}": use one of ${SQLITE_DRIVERS.map((name) => `"${name}"`).join(', ')} ` +
          `(or leave sqliteDriver out for this runtime's, here "${runtimeSqliteDriver()}" on ${runtimeName()}).`,
      );
  }
}
