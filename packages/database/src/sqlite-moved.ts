/**
 * A SQLite file deleted or replaced under a running site. SQLite keeps writing to the
 * deleted file in WAL mode (only a rollback journal makes it refuse with
 * `SQLITE_READONLY_DBMOVED`), so a write would be answered as stored and be gone at the next
 * start. {@link refuseWritesWhenMoved} makes every write statement check first that the path
 * still names the file that was opened, and fail when it does not.
 *
 * @module
 */
import { type Stats, statSync } from 'node:fs';
import type { SqliteConnection } from './sqlite-connection.js';
import { withPrepare } from './sqlite-statement-cache.js';

/** The message of the error a write meets once the file is gone (SQLite's own code, in its words). */
export const DATABASE_MOVED_MESSAGE =
  'SQLITE_READONLY_DBMOVED: attempt to write a readonly database (the database file was deleted or replaced while open)';

/** Whether `now` is not the file `opened` was (gone, or another inode). */
function moved(opened: Stats, now: Stats | undefined): boolean {
  return now === undefined || now.ino !== opened.ino || now.dev !== opened.dev;
}

/**
 * `connection` (opened from `path`) with its writes failing once `path` no longer names the
 * opened file. Costs one `stat` per write statement run (microseconds, beside the write's
 * own sync); reads are untouched.
 *
 * @example
 * const connection = refuseWritesWhenMoved(openSqliteConnection(path), path);
 */
export function refuseWritesWhenMoved(connection: SqliteConnection, path: string): SqliteConnection {
  const opened = statSync(path);
  const check = () => {
    if (moved(opened, statSync(path, { throwIfNoEntry: false }))) {
      throw Object.assign(new Error(DATABASE_MOVED_MESSAGE), { code: 'SQLITE_READONLY_DBMOVED' });
    }
  };
  return withPrepare(connection, (sql) => {
    const statement = connection.prepare(sql);
    // `readonly`: reads and transaction control (BEGIN, COMMIT…) run. A write with RETURNING
    // is run with `all` or `get`, the others with `run`.
    if (statement.readonly) return statement;
    return {
      get reader() {
        return statement.reader;
      },
      readonly: false,
      get busy() {
        return statement.busy;
      },
      all: (parameters) => {
        check();
        return statement.all(parameters);
      },
      get: (parameters) => {
        check();
        return statement.get(parameters);
      },
      run: (parameters) => {
        check();
        return statement.run(parameters);
      },
      iterate: (parameters) => {
        check();
        return statement.iterate(parameters);
      },
    };
  });
}
