/**
 * `@cms-json/database`: a Kysely connection from a URL (embedded SQLite by default,
 * PostgreSQL for scale) and migrations owned by each package or plugin.
 *
 * @example
 * import { openDatabase, runMigrations } from '@cms-json/database';
 * const database = openDatabase({ url: 'sqlite:./data/site.db' });
 * await runMigrations(database, { owner: 'my-plugin', migrations });
 *
 * @packageDocumentation
 */
export {
  type BeforeCommitWork,
  DEFAULT_TRANSACTION_TIMEOUT_MS,
  type TransactionOptions,
  TransactionTimeout,
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
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_DATABASE_URL,
  DEFAULT_POOL_SIZE,
  DEFAULT_STATEMENT_TIMEOUT_MS,
  isDatabaseUnavailable,
  type OpenDatabaseOptions,
  openDatabase,
} from './connect.js';
export { Database, type DatabaseOptions, type Dialect } from './database.js';
export {
  appliedMigrations,
  autoIncrementId,
  MIGRATIONS_TABLE,
  type Migration,
  type MigrationContext,
  type RunMigrationsOptions,
  runMigrations,
} from './migrations.js';
export type { Compilable, NamedQuery } from './named-query.js';
export type { ReadScope, WaitForReplicasOptions } from './read-replicas.js';
export { redactDatabaseUrl } from './redact.js';
export { DEFAULT_REPLICA_HEALTH, type ReplicaHealthOptions, type ReplicaStatus } from './replica.js';
export {
  openSqliteConnection,
  runtimeSqliteDriver,
  SQLITE_DRIVERS,
  type SqliteConnection,
  type SqliteConnectionOptions,
  type SqliteDriverName,
  type SqliteRunResult,
  type SqliteStatement,
} from './sqlite-connection.js';
export { withStartupLock } from './startup-lock.js';
export { compareWalPositions, parseWalPosition } from './wal-position.js';
