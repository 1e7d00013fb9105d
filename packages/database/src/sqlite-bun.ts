/**
 * The `bun:sqlite` driver of {@link SqliteConnection} (Bun). Bun's statements have
 * `reader` and `readonly` and bind an array's items, as better-sqlite3's do; what is added is
 * `busy` (an iteration open), `get` answering `undefined` for no row (Bun answers `null`), and
 * the statement log when asked. The module is Bun's own: {@link loadRuntimeModule} loads it
 * only on Bun, so no other runtime or bundler ever sees its name in an import.
 *
 * @module
 */
import { iterationEnd } from './iteration-end.js';
import type { SqliteConnection, SqliteStatement } from './sqlite-connection.js';

/** The part of a `bun:sqlite` statement used here (Bun's own types are not a dependency). */
interface BunStatement {
  readonly reader: boolean;
  readonly readonly: boolean;
  all(parameters: readonly unknown[]): unknown[];
  get(parameters: readonly unknown[]): unknown;
  run(parameters: readonly unknown[]): { changes: number; lastInsertRowid: number | bigint };
  iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
  values(parameters: readonly unknown[]): unknown[][];
}

/** The part of a `bun:sqlite` database used here. */
interface BunDatabase {
  readonly inTransaction: boolean;
  prepare(sql: string): BunStatement;
  exec(sql: string): void;
  function(name: string, options: { deterministic: boolean }, fn: (value: unknown) => unknown): void;
  close(): void;
}

/**
 * The `bun:sqlite` module, as {@link loadRuntimeModule} answers it.
 *
 * @example
 * const module = loadRuntimeModule<BunSqliteModule>('bun:sqlite');
 */
export interface BunSqliteModule {
  readonly Database: new (path: string, options?: { readonly create?: boolean; readonly readwrite?: boolean }) => BunDatabase;
}

/**
 * Opens `path` with `bun:sqlite` (the module given, loaded by the caller).
 *
 * @example
 * const connection = openBunSqlite(loadRuntimeModule('bun:sqlite'), ':memory:', {});
 */
export function openBunSqlite(
  module: BunSqliteModule,
  path: string,
  options: { readonly onStatement?: ((sql: string) => void) | undefined },
): SqliteConnection {
  const database = new module.Database(path, { create: true, readwrite: true });
  const { onStatement } = options;
  const log = onStatement ?? (() => {});
  return {
    driver: 'bun:sqlite',
    get inTransaction() {
      return database.inTransaction;
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
      if (onStatement === undefined) return (parameters) => statement.all(parameters);
      return (parameters) => {
        onStatement(sql);
        return statement.all(parameters);
      };
    },
    valueReader: (sql) => {
      const statement = database.prepare(sql);
      return (parameters) => {
        log(sql);
        return statement.values(parameters)[0]?.[0];
      };
    },
    close: () => {
      database.close();
    },
  };
}

/** Bun's statement with `busy`, `get`'s `undefined`, and the log. */
function statementOf(statement: BunStatement, sql: string, log: (sql: string) => void): SqliteStatement {
  let busy = false;
  return {
    reader: statement.reader,
    readonly: statement.readonly,
    get busy() {
      return busy;
    },
    all: (parameters) => {
      log(sql);
      return statement.all(parameters);
    },
    get: (parameters) => {
      log(sql);
      return statement.get(parameters) ?? undefined;
    },
    run: (parameters) => {
      log(sql);
      return statement.run(parameters);
    },
    iterate: (parameters) => {
      log(sql);
      busy = true;
      return iterationEnd(statement.iterate(parameters), () => {
        busy = false;
      });
    },
  };
}
