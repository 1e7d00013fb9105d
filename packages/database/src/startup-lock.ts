import { type Kysely, sql } from 'kysely';
import { type Dialect, dialectOf } from './connect.js';

/**
 * Runs `run` while holding the site's startup lock, so that several processes starting at
 * once on an empty database migrate and seed one after another, never side by side.
 *
 * On PostgreSQL it is a session advisory lock on one pooled connection, keyed by the database
 * and schema (sites in other schemas do not wait for each other); it is released when `run`
 * settles, or by the server if the process dies. On SQLite `run` runs as it is: a file has
 * one writer at a time, and migrations already skip what another process applied.
 *
 * @throws whatever `run` throws (the lock is released first).
 * @example
 * await withStartupLock(db, async () => {
 *   await runMigrations(db, { owner: 'notes', migrations });
 *   if ((await countNotes(db)) === 0) await seedNotes(db);
 * });
 */
export async function withStartupLock<T>(
  // biome-ignore lint/suspicious/noExplicitAny: any table types will do; the lock touches no table.
  db: Kysely<any>,
  run: () => Promise<T>,
  options: { dialect?: Dialect | undefined } = {},
): Promise<T> {
  const dialect = options.dialect ?? dialectOf(db);
  if (dialect !== 'postgres') return run();
  return db.connection().execute(async (connection) => {
    const key = sql`hashtext('cms-json startup ' || current_database() || '.' || current_schema())`;
    await sql`select pg_advisory_lock(${key})`.execute(connection);
    try {
      return await run();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection);
    }
  });
}
