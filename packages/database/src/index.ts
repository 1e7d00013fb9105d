/**
 * `@cms-json/database`: a Kysely connection from a URL (embedded SQLite by default,
 * PostgreSQL for scale) and migrations owned by each package or plugin.
 *
 * @example
 * import { openDatabase, runMigrations } from '@cms-json/database';
 * const { db } = openDatabase({ url: 'sqlite:./data/site.db' });
 * await runMigrations(db, { owner: 'my-plugin', migrations });
 *
 * @packageDocumentation
 */
export {
  type Database,
  DEFAULT_DATABASE_URL,
  type Dialect,
  dialectOf,
  type OpenDatabaseOptions,
  openDatabase,
  sqliteHandleOf,
} from './connect.js';
export {
  appliedMigrations,
  autoIncrementId,
  MIGRATIONS_TABLE,
  type Migration,
  type MigrationContext,
  type RunMigrationsOptions,
  runMigrations,
} from './migrations.js';
export { type PreparedQuery, prepareQuery } from './prepared-query.js';
export { redactDatabaseUrl } from './redact.js';
