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
  afterCommit,
  type BeforeCommitWork,
  beforeCommit,
  DEFAULT_TRANSACTION_TIMEOUT_MS,
  runInTransaction,
  type TransactionOptions,
  TransactionTimeout,
  transactionRunner,
} from './ambient-transaction.js';
export {
  CHANGE_VERSIONS_TABLE,
  type ChangeVersionOptions,
  changeVersion,
  type TrackChangesOptions,
  trackChanges,
} from './change-versions.js';
export {
  DATABASE_UNAVAILABLE,
  type Database,
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_DATABASE_URL,
  DEFAULT_POOL_SIZE,
  DEFAULT_STATEMENT_TIMEOUT_MS,
  type Dialect,
  dialectOf,
  isDatabaseUnavailable,
  lowerText,
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
export { type EagerQuery, type PreparedQuery, prepareEagerQuery, prepareQuery } from './prepared-query.js';
export { redactDatabaseUrl } from './redact.js';
export { withStartupLock } from './startup-lock.js';
