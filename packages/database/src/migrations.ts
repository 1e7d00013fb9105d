import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Database, Dialect } from './database.js';

/**
 * The table that records which migration of which owner has been applied.
 *
 * @example
 * await db.selectFrom(MIGRATIONS_TABLE).selectAll().execute(); // [{ owner, id, applied_at }, …]
 */
export const MIGRATIONS_TABLE = 'cms_migrations';

/**
 * What a migration's `up` receives besides the database.
 *
 * @example
 * const context: MigrationContext = { dialect: 'sqlite' };
 */
export interface MigrationContext {
  /** The engine the migration runs on, for the few statements that differ (see {@link autoIncrementId}). */
  readonly dialect: Dialect;
}

/**
 * One schema change, owned by a package or plugin. Its `id` never changes once released;
 * new changes are new migrations appended to the owner's list.
 *
 * @example
 * const createNotes: Migration = {
 *   id: '0001-notes',
 *   async up(db, { dialect }) {
 *     await db.schema
 *       .createTable('notes')
 *       .$call((table) => autoIncrementId(table, dialect))
 *       .addColumn('text', 'text', (column) => column.notNull())
 *       .execute();
 *   },
 * };
 */
export interface Migration {
  /** Unique within its owner; recorded once applied. */
  readonly id: string;
  /**
   * Applies the change. It runs inside a transaction (both engines have transactional DDL),
   * so a failure leaves nothing half done. `db` is untyped on purpose: a migration sees the
   * schema as it was at its point in history, not the current table types.
   */
  // biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema of its own time, which no current table type describes.
  up(db: Kysely<any>, context: MigrationContext): Promise<void>;
}

/**
 * Options of {@link runMigrations}.
 *
 * @example
 * const options: RunMigrationsOptions = { owner: 'my-plugin', migrations: [createNotes] };
 */
export interface RunMigrationsOptions {
  /** The package or plugin that owns the migrations, e.g. `content` or `tel`. */
  owner: string;
  /** The owner's migrations, in the order they must apply. */
  migrations: readonly Migration[];
}

/**
 * Applies the owner's pending migrations in order and returns the ids it applied (none when
 * everything is up to date). Each migration and its record in `cms_migrations` commit together
 * in one transaction; a migration another process applied meanwhile is skipped, so several
 * app processes may start at once.
 *
 * @throws Error on an empty owner, duplicate or empty ids, or when a
 *   migration fails (the error of the failing migration, with its id in the message; the
 *   migrations before it stay applied).
 * @example
 * const database = openDatabase({ url: 'sqlite:./data/site.db' });
 * const applied = await runMigrations(database, { owner: 'my-plugin', migrations: [createNotes] });
 * // ['0001-notes'] the first time, [] afterwards
 */
export async function runMigrations<DB>(database: Database<DB>, options: RunMigrationsOptions): Promise<string[]> {
  const { owner, migrations } = options;
  if (owner.trim() === '') throw new Error('runMigrations: the owner must not be empty.');
  const seen = new Set<string>();
  for (const migration of migrations) {
    if (migration.id.trim() === '') throw new Error(`runMigrations(${owner}): a migration has an empty id.`);
    if (seen.has(migration.id)) throw new Error(`runMigrations(${owner}): duplicate migration id "${migration.id}".`);
    seen.add(migration.id);
  }
  // The migrations table is not among the caller's table types: reached untyped.
  // biome-ignore lint/suspicious/noExplicitAny: see above.
  const db: Kysely<any> = database.db;
  await ensureMigrationsTable(db);
  const done = new Set(await appliedMigrations(db, owner));
  const applied: string[] = [];
  for (const migration of migrations) {
    if (done.has(migration.id)) continue;
    if (await applyOne(database, owner, migration)) applied.push(migration.id);
  }
  return applied;
}

/**
 * The ids of the owner's applied migrations, ordered by when they were applied.
 *
 * @example
 * await appliedMigrations(db, 'content'); // ['0001-users', …]
 */
// biome-ignore lint/suspicious/noExplicitAny: any table types will do; the migrations table is reached untyped.
export async function appliedMigrations(db: Kysely<any>, owner: string): Promise<string[]> {
  await ensureMigrationsTable(db);
  const rows = await db
    .selectFrom(MIGRATIONS_TABLE)
    .select('id')
    .where('owner', '=', owner)
    .orderBy('applied_at')
    .orderBy('id')
    .execute();
  return rows.map((row: { id: string }) => row.id);
}

/**
 * Adds an auto-increment integer primary key column (default `id`) to a table being created:
 * `integer primary key autoincrement` on SQLite, `serial primary key` on PostgreSQL. Columns
 * that refer to it are plain `integer` on both.
 *
 * @example
 * await db.schema
 *   .createTable('notes')
 *   .$call((table) => autoIncrementId(table, dialect))
 *   .addColumn('text', 'text')
 *   .execute();
 */
export function autoIncrementId<TB extends string, C extends string, CN extends string = 'id'>(
  table: CreateTableBuilder<TB, C>,
  dialect: Dialect,
  column: CN = 'id' as CN,
): CreateTableBuilder<TB, C | CN> {
  return dialect === 'sqlite'
    ? table.addColumn(column, 'integer', (col) => col.primaryKey().autoIncrement())
    : table.addColumn(column, 'serial', (col) => col.primaryKey());
}

// biome-ignore lint/suspicious/noExplicitAny: the migrations table is not part of the caller's table types.
async function ensureMigrationsTable(db: Kysely<any>): Promise<void> {
  const create = () =>
    db.schema
      .createTable(MIGRATIONS_TABLE)
      .ifNotExists()
      .addColumn('owner', 'varchar(191)', (col) => col.notNull())
      .addColumn('id', 'varchar(191)', (col) => col.notNull())
      .addColumn('applied_at', 'varchar(32)', (col) => col.notNull())
      .addPrimaryKeyConstraint(`${MIGRATIONS_TABLE}_pk`, ['owner', 'id'])
      .execute();
  try {
    await create();
  } catch {
    // Two PostgreSQL processes creating the table at once: one of them loses with a
    // duplicate-type error although the table now exists. Once more settles it.
    await create();
  }
}

/**
 * Applies one migration and its record atomically (`Database.atomicWrites`: a transaction, or
 * on D1 one batch); false when another process applied it first.
 */
async function applyOne<DB>(database: Database<DB>, owner: string, migration: Migration): Promise<boolean> {
  const { dialect } = database;
  // biome-ignore lint/suspicious/noExplicitAny: see runMigrations.
  const db: Kysely<any> = database.db;
  try {
    // biome-ignore lint/suspicious/noExplicitAny: see runMigrations.
    await database.atomicWrites(async (trx: Kysely<any>) => {
      // The record goes first: it takes the write lock (SQLite) or the key lock (PostgreSQL),
      // so a second process waits here, then fails on the primary key instead of running `up`.
      await trx.insertInto(MIGRATIONS_TABLE).values({ owner, id: migration.id, applied_at: new Date().toISOString() }).execute();
      await migration.up(trx, { dialect });
    });
    return true;
  } catch (error) {
    const recorded = await db
      .selectFrom(MIGRATIONS_TABLE)
      .select('id')
      .where('owner', '=', owner)
      .where('id', '=', migration.id)
      .executeTakeFirst();
    if (recorded) return false;
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${owner}/${migration.id} failed: ${reason}`, { cause: error });
  }
}
