/**
 * Change versions: a counter per tracked table, bumped by the database's own triggers on
 * every insert, update and delete (and `TRUNCATE` on PostgreSQL), in the transaction of the
 * write. Whoever writes (this process, another one, raw SQL in a console) moves the counter,
 * and a reader sees the new counter exactly when it can see the write. A route reads the sum
 * of the counters of the tables its answers depend on with one small query and makes its
 * `ETag` from it (the core's `validator`, see docs/caching.md).
 *
 * Counters only grow, so their sum changes whenever any of them does. On SQLite the triggers
 * run for each row written (a statement that writes no row bumps nothing; SQLite has one
 * writer at a time anyway). On PostgreSQL they are constraint triggers deferred to the
 * commit, bumping each table's counter once per transaction, under a transaction-level
 * advisory lock taken first: writers wait for each other only while committing, and never
 * deadlock over the counters.
 *
 * @module
 */
import { type Kysely, sql } from 'kysely';
import type { Database, Dialect } from './database.js';
import type { SqliteConnection } from './sqlite-connection.js';

/**
 * The table of counters: one row per tracked table, `name` and `version`.
 *
 * @example
 * await db.selectFrom(CHANGE_VERSIONS_TABLE).selectAll().execute(); // [{ name: 'posts', version: 12 }, …]
 */
export const CHANGE_VERSIONS_TABLE = 'cms_change_versions';

/** The PostgreSQL function the triggers call (the counter's name is its argument). */
const BUMP_FUNCTION = 'cms_bump_change_version';

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/i;

/**
 * Options of {@link trackChanges}.
 *
 * @example
 * const options: TrackChangesOptions = { tables: ['notes'], dialect: 'sqlite' };
 */
export interface TrackChangesOptions {
  /** The tables whose writes move their counter (plain names: letters, digits, `_`). */
  readonly tables: readonly string[];
  /** The engine: the migration context's `dialect`. */
  readonly dialect: Dialect;
}

/**
 * Creates the counters table if needed, a counter for each table, and the triggers that bump
 * it. Call it in a migration (it runs in the migration's transaction); calling it again for
 * the same tables changes nothing.
 *
 * @throws Error on a table name that is not a plain identifier, or an unknown engine.
 * @example
 * ```ts
 * const track: Migration = { id: '0002-track-notes', up: (db, { dialect }) => trackChanges(db, { tables: ['notes'], dialect }) };
 * ```
 */
export async function trackChanges(
  // biome-ignore lint/suspicious/noExplicitAny: it runs in migrations, whose databases are untyped.
  db: Kysely<any>,
  options: TrackChangesOptions,
): Promise<void> {
  const { dialect } = options;
  for (const table of options.tables) {
    if (!IDENTIFIER.test(table)) throw new Error(`trackChanges: "${table}" is not a plain table name.`);
  }
  await db.schema
    .createTable(CHANGE_VERSIONS_TABLE)
    .ifNotExists()
    .addColumn('name', 'varchar(191)', (column) => column.primaryKey())
    .addColumn('version', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
  if (dialect === 'postgres') {
    // Once per table and transaction (a transaction-local flag), at commit: the advisory lock
    // is taken before any counter, so committing writers queue on it rather than lock
    // counters in different orders (no deadlock), and only while they commit.
    await sql
      .raw(
        `create or replace function ${BUMP_FUNCTION}() returns trigger language plpgsql as $$
declare
  flag text := 'cms_changes.' || TG_ARGV[0];
begin
  if current_setting(flag, true) = '1' then
    return null;
  end if;
  perform set_config(flag, '1', true);
  perform pg_advisory_xact_lock(hashtext('${CHANGE_VERSIONS_TABLE}'));
  update ${CHANGE_VERSIONS_TABLE} set version = version + 1 where name = TG_ARGV[0];
  return null;
end
$$`,
      )
      .execute(db);
  }
  for (const table of options.tables) {
    await db
      .insertInto(CHANGE_VERSIONS_TABLE)
      .values({ name: table, version: 0 })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    if (dialect === 'postgres') await postgresTriggers(db, table);
    else await sqliteTriggers(db, table);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: as trackChanges.
async function sqliteTriggers(db: Kysely<any>, table: string): Promise<void> {
  for (const event of ['insert', 'update', 'delete']) {
    await sql
      .raw(
        `create trigger if not exists cms_changes_${table}_${event} after ${event} on ${table} for each row begin ` +
          `update ${CHANGE_VERSIONS_TABLE} set version = version + 1 where name = '${table}'; end`,
      )
      .execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: as trackChanges.
async function postgresTriggers(db: Kysely<any>, table: string): Promise<void> {
  for (const name of [`cms_changes_${table}`, `cms_changes_${table}_truncate`])
    await sql.raw(`drop trigger if exists ${name} on ${table}`).execute(db);
  // A constraint trigger deferred to the commit (it must be per row; the function bumps once).
  await sql
    .raw(
      `create constraint trigger cms_changes_${table} after insert or update or delete on ${table} ` +
        `deferrable initially deferred for each row execute procedure ${BUMP_FUNCTION}('${table}')`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger cms_changes_${table}_truncate after truncate on ${table} ` +
        `for each statement execute procedure ${BUMP_FUNCTION}('${table}')`,
    )
    .execute(db);
}

/**
 * Options of {@link changeVersion}.
 *
 * @example
 * const options: ChangeVersionOptions = { tables: ['outgoing_links'] };
 */
export interface ChangeVersionOptions {
  /** The tables to read the counters of; every tracked table when left out. */
  readonly tables?: readonly string[];
}

/**
 * A function that reads the change version of some tracked tables: the sum of their
 * counters, as a string, with one small query compiled once. It changes whenever any of those
 * tables is written (see {@link trackChanges}). Read it before the data it stands for.
 *
 * On embedded SQLite it reads on statements of its own (the store's reads seam), except while
 * a transaction is open on the connection: then it waits its turn through Kysely, so it never
 * counts another request's uncommitted writes.
 *
 * On SQLite the sum is kept between calls and read again only when the database may have
 * changed: when another connection committed since (SQLite's `PRAGMA data_version`, which
 * moves exactly then) or this connection changed any row (`total_changes()`, which counts the
 * rows its statements and their triggers wrote, even rolled back). Both are read before the
 * counters, so a commit that lands in between is seen at the next call. That costs about
 * two thirds of reading the counters, and never answers a stale version (docs/caching.md).
 *
 * @example
 * ```ts
 * const version = changeVersion(database, { tables: ['notes'] });
 * await version(); // '12'
 * ```
 */
export function changeVersion<DB>(database: Database<DB>, options: ChangeVersionOptions = {}): () => Promise<string> {
  if (options.tables?.length === 0) throw new Error('changeVersion: name at least one table, or leave tables out for all.');
  // biome-ignore lint/suspicious/noExplicitAny: the counters table is not among the caller's table types.
  const counters: Kysely<any> = database.db;
  let query = counters.selectFrom(CHANGE_VERSIONS_TABLE).select(sql<number | string>`coalesce(sum(version), 0)`.as('version'));
  if (options.tables !== undefined) query = query.where('name', 'in', [...options.tables]);
  const compiled = query.compile();
  const viaKysely = async (): Promise<string> => {
    const { rows } = await counters.executeQuery<{ version: number | string | bigint }>(compiled);
    return String(rows[0]?.version ?? 0);
  };
  const sqlite = database.sqlite;
  if (sqlite === undefined) return viaKysely;
  return cachedVersion(sqlite, { text: compiled.sql, parameters: [...compiled.parameters], viaKysely });
}

const NO_PARAMETERS: readonly unknown[] = [];

/**
 * The counters' sum on an embedded SQLite connection, read again only when another
 * connection committed (`data_version` moved) or this one wrote a row (`total_changes()`
 * moved) since the last read; inside a transaction, through Kysely as any query.
 */
function cachedVersion(
  sqlite: SqliteConnection,
  query: { readonly text: string; readonly parameters: readonly unknown[]; readonly viaKysely: () => Promise<string> },
): () => Promise<string> {
  const { text, parameters, viaKysely } = query;
  const counters = sqlite.valueReader(text);
  const dataVersion = sqlite.valueReader('pragma data_version');
  const totalChanges = sqlite.valueReader('select total_changes()');
  let version: string | undefined;
  let seenData: unknown;
  let seenChanges: unknown;
  return async () => {
    if (sqlite.inTransaction) return viaKysely();
    // Before the counters: a commit between the two reads moves them for the next call.
    const data = dataVersion(NO_PARAMETERS);
    const changes = totalChanges(NO_PARAMETERS);
    if (version !== undefined && data === seenData && changes === seenChanges) return version;
    version = String(counters(parameters) ?? 0);
    seenData = data;
    seenChanges = changes;
    return version;
  };
}
