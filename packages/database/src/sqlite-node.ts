/**
 * The `node:sqlite` driver of {@link SqliteConnection}: Deno's SQLite (Deno 2.2 and later
 * implement Node's `node:sqlite`), and Node's own from 22.5 when asked for. Its statements
 * bind parameters as separate arguments, answer rows as objects without a prototype, and do
 * not tell whether they answer rows or write: this driver spreads the parameters, copies each
 * row into a plain object (as the other drivers answer them), reads `reader` from the
 * statement's columns and `readonly` from the SQL text.
 *
 * @module
 */
import { iterationEnd } from './iteration-end.js';
import type { SqliteConnection, SqliteStatement } from './sqlite-connection.js';

/** The part of a `node:sqlite` statement used here (`columns()`: Deno, Node ≥ 23.11). */
interface NodeStatement {
  all(...parameters: unknown[]): unknown[];
  get(...parameters: unknown[]): unknown;
  run(...parameters: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate(...parameters: unknown[]): IterableIterator<unknown>;
  columns?: (() => readonly unknown[]) | undefined;
}

/** The part of a `node:sqlite` database used here (`isTransaction`: Deno, Node ≥ 22.16). */
interface NodeDatabase {
  readonly isTransaction?: boolean | undefined;
  prepare(sql: string): NodeStatement;
  exec(sql: string): void;
  function(name: string, options: { deterministic: boolean }, fn: (value: unknown) => unknown): void;
  close(): void;
}

/**
 * The `node:sqlite` module, as {@link loadRuntimeModule} answers it.
 *
 * @example
 * const module = loadRuntimeModule<NodeSqliteModule>('node:sqlite');
 */
export interface NodeSqliteModule {
  readonly DatabaseSync: new (path: string) => NodeDatabase;
}

/** SQL that answers rows, for a driver without `columns()`. */
const READS_ROWS = /^\s*(?:select|with|values|pragma|explain)\b|\breturning\b/i;

/**
 * SQL that writes nothing: reads, a pragma read, and transaction control. A `with` may write:
 * it counts as a write, as does a pragma that sets.
 */
const WRITES_NOTHING =
  /^\s*(?:(?:select|values|explain|begin|commit|end|rollback|savepoint|release)\b|pragma\s+[\w.]+\s*;?\s*$)/i;

/**
 * Opens `path` with `node:sqlite` (the module given, loaded by the caller).
 *
 * @example
 * const connection = openNodeSqlite(loadRuntimeModule('node:sqlite'), ':memory:', {});
 */
export function openNodeSqlite(
  module: NodeSqliteModule,
  path: string,
  options: { readonly onStatement?: ((sql: string) => void) | undefined },
): SqliteConnection {
  const database = new module.DatabaseSync(path);
  const log = options.onStatement ?? (() => {});
  return {
    driver: 'node:sqlite',
    get inTransaction() {
      // Without `isTransaction` (Node < 22.16): as if always in one, so every query goes through Kysely's queue.
      return database.isTransaction ?? true;
    },
    prepare: (sql) => statementOf(database.prepare(sql), sql, log),
    exec: (sql) => {
      log(sql);
      database.exec(sql);
    },
    function: (name, functionOptions, fn) => {
      database.function(name, { deterministic: functionOptions.deterministic }, fn);
    },
    rowReader: (sql) => {
      const statement = database.prepare(sql);
      return (parameters) => {
        log(sql);
        return plainRows(statement.all(...parameters));
      };
    },
    valueReader: (sql) => {
      const statement = database.prepare(sql);
      return (parameters) => {
        log(sql);
        const row = statement.get(...parameters);
        return row === undefined || row === null ? undefined : Object.values(row)[0];
      };
    },
    close: () => {
      database.close();
    },
  };
}

/** Rows without a prototype copied into plain objects (a `__proto__` column stays a column). */
function plainRows(rows: unknown[]): unknown[] {
  for (let i = 0; i < rows.length; i++) rows[i] = { ...(rows[i] as object) };
  return rows;
}

/** `node:sqlite`'s statement in {@link SqliteStatement}'s shape. */
function statementOf(statement: NodeStatement, sql: string, log: (sql: string) => void): SqliteStatement {
  let busy = false;
  return {
    reader: statement.columns === undefined ? READS_ROWS.test(sql) : statement.columns().length > 0,
    readonly: WRITES_NOTHING.test(sql),
    get busy() {
      return busy;
    },
    all: (parameters) => {
      log(sql);
      return plainRows(statement.all(...parameters));
    },
    get: (parameters) => {
      log(sql);
      const row = statement.get(...parameters);
      return row === undefined || row === null ? undefined : { ...row };
    },
    run: (parameters) => {
      log(sql);
      return statement.run(...parameters);
    },
    iterate: (parameters) => {
      log(sql);
      busy = true;
      const rows = iterationEnd(statement.iterate(...parameters), () => {
        busy = false;
      });
      return (function* () {
        for (const row of rows) yield { ...(row as object) };
      })();
    },
  };
}
