/**
 * The `node:sqlite` driver of {@link SqliteConnection}: Deno's SQLite (Deno 2.2 and later
 * implement Node's `node:sqlite`), and Node's own from 22.5 when asked for. Its statements
 * bind parameters as separate arguments, answer rows as objects without a prototype, and do
 * not tell whether they answer rows or write: this driver spreads the parameters, answers
 * plain objects (read as arrays and named here where the columns are fixed, else copied; as
 * the other drivers answer them), reads `reader` from the statement's columns and `readonly`
 * from the SQL text.
 *
 * @module
 */
import { iterationEnd } from './iteration-end.js';
import { fixedColumnNames, objectOf, objectsOf } from './row-objects.js';
import type { SqliteConnection, SqliteStatement } from './sqlite-connection.js';

/** The part of a `node:sqlite` statement used here (`columns()`, `setReturnArrays()`: Deno, Node ≥ 24). */
interface NodeStatement {
  all(...parameters: unknown[]): unknown[];
  get(...parameters: unknown[]): unknown;
  run(...parameters: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate(...parameters: unknown[]): IterableIterator<unknown>;
  columns?: (() => readonly { readonly name: string }[]) | undefined;
  setReturnArrays?: ((enabled: boolean) => void) | undefined;
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
      const names = arrayColumns(statement, sql);
      if (names === undefined) {
        return (parameters) => {
          log(sql);
          return plainRows(statement.all(...parameters));
        };
      }
      return (parameters) => {
        log(sql);
        return objectsOf(statement.all(...parameters) as unknown[][], names);
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

/**
 * The statement's column names when its rows can be read as arrays and named here (see
 * `row-objects.ts`: twice as fast as copying `node:sqlite`'s objects), the statement switched
 * to arrays; `undefined` when not (a `*`, a driver without `setReturnArrays`).
 */
function arrayColumns(statement: NodeStatement, sql: string): readonly string[] | undefined {
  if (statement.columns === undefined || statement.setReturnArrays === undefined) return undefined;
  const names = statement.columns().map((column) => column.name);
  if (names.length === 0 || !fixedColumnNames(sql, names)) return undefined;
  statement.setReturnArrays(true);
  return names;
}

/** Rows without a prototype copied into plain objects (a `__proto__` column stays a column). */
function plainRows(rows: unknown[]): unknown[] {
  for (let i = 0; i < rows.length; i++) rows[i] = { ...(rows[i] as object) };
  return rows;
}

/** `node:sqlite`'s statement in {@link SqliteStatement}'s shape, its rows plain objects. */
function statementOf(statement: NodeStatement, sql: string, log: (sql: string) => void): SqliteStatement {
  let busy = false;
  const reader = statement.columns === undefined ? READS_ROWS.test(sql) : statement.columns().length > 0;
  const names = reader ? arrayColumns(statement, sql) : undefined;
  const rowOf = (row: unknown): unknown =>
    row === undefined || row === null
      ? undefined
      : names === undefined
        ? { ...(row as object) }
        : objectOf(row as unknown[], names);
  return {
    reader,
    readonly: WRITES_NOTHING.test(sql),
    get busy() {
      return busy;
    },
    all: (parameters) => {
      log(sql);
      const rows = statement.all(...parameters);
      return names === undefined ? plainRows(rows) : objectsOf(rows as unknown[][], names);
    },
    get: (parameters) => {
      log(sql);
      return rowOf(statement.get(...parameters));
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
        for (const row of rows) yield rowOf(row);
      })();
    },
  };
}
