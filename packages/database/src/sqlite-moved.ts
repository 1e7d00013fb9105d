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
import type SqliteDatabase from 'better-sqlite3';

/** The message of the error a write meets once the file is gone (SQLite's own code, in its words). */
export const DATABASE_MOVED_MESSAGE =
  'SQLITE_READONLY_DBMOVED: attempt to write a readonly database (the database file was deleted or replaced while open)';

/** Whether `now` is not the file `opened` was (gone, or another inode). */
function moved(opened: Stats, now: Stats | undefined): boolean {
  return now === undefined || now.ino !== opened.ino || now.dev !== opened.dev;
}

/**
 * Makes writes on `database` (opened from `path`) fail once `path` no longer names the
 * opened file. Costs one `stat` per write statement run (microseconds, beside the write's
 * own sync); reads are untouched.
 *
 * @example
 * const database = new SqliteDatabase(path);
 * refuseWritesWhenMoved(database, path);
 */
export function refuseWritesWhenMoved(database: SqliteDatabase.Database, path: string): void {
  const opened = statSync(path);
  const prepare = database.prepare.bind(database);
  database.prepare = ((sql: string) => {
    const statement = prepare(sql);
    // `readonly`: SQLite's own verdict; reads and transaction control (BEGIN, COMMIT…) run.
    // A write with RETURNING is run with `all` or `get`, the others with `run`.
    if (statement.readonly) return statement;
    const check = () => {
      if (moved(opened, statSync(path, { throwIfNoEntry: false }))) {
        throw Object.assign(new Error(DATABASE_MOVED_MESSAGE), { code: 'SQLITE_READONLY_DBMOVED' });
      }
    };
    for (const name of ['run', 'all', 'get', 'iterate'] as const) {
      const original = (statement[name] as (...params: unknown[]) => unknown).bind(statement);
      // The same signature as the method wrapped: only a check is added before it.
      Reflect.set(statement, name, (...params: unknown[]) => {
        check();
        return original(...params);
      });
    }
    return statement;
  }) as typeof database.prepare;
}
