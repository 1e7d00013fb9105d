import { sql } from 'kysely';
import type { Database } from './database.js';

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
 * await withStartupLock(database, async () => {
 *   await runMigrations(database, { owner: 'notes', migrations });
 *   if ((await countNotes(database.db)) === 0) await seedNotes(database.db);
 * });
 */
export async function withStartupLock<DB, T>(database: Database<DB>, run: () => Promise<T>): Promise<T> {
  if (database.dialect !== 'postgres') return run();
  return database.db.connection().execute(async (connection) => {
    const key = sql`hashtext('cms-json startup ' || current_database() || '.' || current_schema())`;
    await sql`select pg_advisory_lock(${key})`.execute(connection);
    try {
      return await run();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection);
    }
  });
}
