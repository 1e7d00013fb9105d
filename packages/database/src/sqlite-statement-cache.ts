/**
 * Kysely's SQLite driver calls `prepare(sql)` for every query, and preparing costs about as
 * much as running a small query. {@link cacheStatements} hands out the statement already
 * prepared for the same SQL text: statements are reusable on every driver, and `all`/`get`/
 * `run` finish synchronously. A statement still iterating (a streamed query) is busy and is not
 * handed out twice.
 *
 * @module
 */
import type { SqliteConnection, SqliteStatement } from './sqlite-connection.js';

/** How many prepared statements a connection keeps by default; Kysely sends one SQL text per query shape. */
export const STATEMENT_CACHE_SIZE = 200;

/**
 * `connection` with its `prepare` answering the statement prepared last for the same SQL text
 * when that one is not busy (at most `size` kept, the oldest dropped first).
 *
 * @example
 * const cached = cacheStatements(openSqliteConnection(':memory:'));
 * cached.prepare('select 1') === cached.prepare('select 1'); // true
 */
export function cacheStatements(connection: SqliteConnection, size = STATEMENT_CACHE_SIZE): SqliteConnection {
  const cache = new Map<string, SqliteStatement>();
  return withPrepare(connection, (sql) => {
    let statement = cache.get(sql);
    if (statement === undefined || statement.busy) {
      statement = connection.prepare(sql);
      if (cache.size >= size) cache.delete(cache.keys().next().value as string);
      cache.set(sql, statement);
    }
    return statement;
  });
}

/**
 * `connection` with another `prepare`, everything else its own.
 *
 * @example
 * const logged = withPrepare(connection, (sql) => { console.log(sql); return connection.prepare(sql); });
 */
export function withPrepare(connection: SqliteConnection, prepare: (sql: string) => SqliteStatement): SqliteConnection {
  return {
    driver: connection.driver,
    get inTransaction() {
      return connection.inTransaction;
    },
    prepare,
    exec: (sql) => connection.exec(sql),
    function: (name, options, fn) => connection.function(name, options, fn),
    rowReader: (sql) => connection.rowReader(sql),
    valueReader: (sql) => connection.valueReader(sql),
    close: () => connection.close(),
  };
}
