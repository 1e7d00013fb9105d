import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { refuseWritesWhenMoved } from './sqlite-moved.js';

/**
 * The database engines cms-json runs on.
 *
 * @example
 * const dialect: Dialect = openDatabase({ url: 'sqlite::memory:' }).dialect; // 'sqlite'
 */
export type Dialect = 'sqlite' | 'postgres';

/**
 * The URL `openDatabase` uses when none is given: an embedded SQLite file under `./data`.
 *
 * @example
 * openDatabase({ url: process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL });
 */
export const DEFAULT_DATABASE_URL = 'sqlite:./data/site.db';

/**
 * Options of {@link openDatabase}.
 *
 * @example
 * const options: OpenDatabaseOptions = { url: 'sqlite::memory:' };
 */
export interface OpenDatabaseOptions {
  /**
   * Where the data lives: `sqlite:<file>` (relative to the working directory, or absolute),
   * `sqlite::memory:`, or `postgres://…` / `postgresql://…`. Default {@link DEFAULT_DATABASE_URL}.
   */
  url?: string | undefined;
  /**
   * SQLite only: when a commit counts as stored. `'full'` (default) syncs the write-ahead log
   * at every commit, so a write answered 201 survives a power cut or an OS crash, as MySQL and
   * PostgreSQL do by default. `'normal'` syncs only at checkpoints: faster writes, but the last
   * commits before a power cut, an OS crash or a file system turning read-only may be lost
   * although they were acknowledged (a crash of the process alone loses nothing). Ignored by
   * PostgreSQL.
   */
  synchronous?: 'full' | 'normal' | undefined;
}

/**
 * An open database: the Kysely instance, the engine behind it, and the way to close it.
 *
 * @example
 * const database: Database<MyTables> = openDatabase<MyTables>({ url: 'sqlite::memory:' });
 * await database.db.selectFrom('notes').selectAll().execute();
 * await database.close();
 */
export interface Database<DB> {
  /** The query builder; write queries once and they run on both engines. */
  readonly db: Kysely<DB>;
  /** The engine behind `db`. */
  readonly dialect: Dialect;
  /** Closes the connection (SQLite file handle or PostgreSQL pool). Safe to call twice. */
  close(): Promise<void>;
}

/** What a parsed database URL names. */
type Target = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; connectionString: string };

/**
 * The engine of each Kysely instance opened here, so that `runMigrations(db, …)` can find it
 * without the caller repeating it. Keyed weakly by the instance: no global state survives it.
 */
const dialects = new WeakMap<object, Dialect>();

/** The better-sqlite3 handle behind each SQLite Kysely instance opened here. */
const sqliteHandles = new WeakMap<object, SqliteDatabase.Database>();

/**
 * The better-sqlite3 handle behind a Kysely instance that {@link openDatabase} opened on
 * SQLite, or `undefined` (PostgreSQL, or an instance built elsewhere, such as one with plugins).
 * For the few hot reads that {@link prepareQuery} runs synchronously.
 */
export function sqliteHandleOf(db: object): SqliteDatabase.Database | undefined {
  return sqliteHandles.get(db);
}

/**
 * The engine of a Kysely instance returned by {@link openDatabase}, or `undefined` for an
 * instance built elsewhere.
 *
 * @example
 * const { db } = openDatabase({ url: 'sqlite::memory:' });
 * dialectOf(db); // 'sqlite'
 */
export function dialectOf(db: object): Dialect | undefined {
  return dialects.get(db);
}

/**
 * Opens a database from a URL and returns a typed Kysely instance over it.
 *
 * SQLite (`better-sqlite3`) is opened with `journal_mode = WAL`, `busy_timeout = 5000`,
 * `foreign_keys = ON` and `synchronous = FULL` (see {@link OpenDatabaseOptions.synchronous}); the parent directory of the file is created.
 * PostgreSQL uses a `pg` pool; `bigint` values (such as `count(*)`) are returned as numbers on
 * both engines, so one query reads the same everywhere.
 *
 * @throws Error when the URL's scheme is neither `sqlite:` nor `postgres(ql)://`, or when the
 *   SQLite file cannot be opened.
 * @example
 * interface Tables { notes: { id: number; text: string } }
 * const { db, dialect, close } = openDatabase<Tables>({ url: 'sqlite:./data/site.db' });
 * const notes = await db.selectFrom('notes').selectAll().execute();
 * await close();
 */
export function openDatabase<DB>(options: OpenDatabaseOptions = {}): Database<DB> {
  const target = parseDatabaseUrl(options.url ?? DEFAULT_DATABASE_URL);
  const db =
    target.dialect === 'sqlite'
      ? openSqlite<DB>(target.file, options.synchronous ?? 'full')
      : openPostgres<DB>(target.connectionString);
  dialects.set(db, target.dialect);
  let closing: Promise<void> | undefined;
  return {
    db,
    dialect: target.dialect,
    close() {
      closing ??= db.destroy();
      return closing;
    },
  };
}

function parseDatabaseUrl(url: string): Target {
  if (url.startsWith('sqlite:')) {
    let file = url.slice('sqlite:'.length);
    // Accept `sqlite://./x.db` and `sqlite:///abs/x.db` as well as `sqlite:./x.db`.
    if (file.startsWith('//')) file = file.slice(2);
    if (file === '') throw new Error(`Invalid database URL "${url}": the SQLite file path is empty.`);
    return { dialect: 'sqlite', file };
  }
  if (/^postgres(ql)?:\/\//.test(url)) return { dialect: 'postgres', connectionString: url };
  throw new Error(
    `Unsupported database URL "${redact(url)}": use sqlite:<file>, sqlite::memory: or postgres://user:password@host/database.`,
  );
}

/** Hides a password in a URL before it goes into an error message. */
function redact(url: string): string {
  return url.replace(/\/\/([^:/@]*):[^@/]*@/, '//$1:***@');
}

function openSqlite<DB>(file: string, synchronous: 'full' | 'normal'): Kysely<DB> {
  const memory = file === ':memory:';
  const path = memory ? file : resolve(file);
  if (!memory) mkdirSync(dirname(path), { recursive: true });
  const database = new SqliteDatabase(path);
  try {
    database.pragma('journal_mode = WAL');
    database.pragma('busy_timeout = 5000');
    database.pragma('foreign_keys = ON');
    database.pragma(`synchronous = ${synchronous === 'normal' ? 'NORMAL' : 'FULL'}`);
  } catch (error) {
    database.close();
    throw error;
  }
  if (!memory) refuseWritesWhenMoved(database, path);
  cacheStatements(database);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database }) });
  sqliteHandles.set(db, database);
  return db;
}

/** How many prepared statements a connection keeps; Kysely sends one SQL text per query shape. */
const STATEMENT_CACHE_SIZE = 200;

/**
 * Kysely's SQLite driver calls `prepare(sql)` for every query, and preparing costs about as
 * much as running a small query. Hand out the statement already prepared for the same SQL
 * text: better-sqlite3 statements are reusable, and `all`/`get`/`run` finish synchronously.
 * A statement still iterating (a streamed query) is busy and is not handed out twice.
 */
function cacheStatements(database: SqliteDatabase.Database): void {
  const prepare = database.prepare.bind(database);
  const cache = new Map<string, SqliteDatabase.Statement>();
  database.prepare = ((sql: string) => {
    let statement = cache.get(sql);
    if (statement === undefined || statement.busy) {
      statement = prepare(sql);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      cache.set(sql, statement);
    }
    return statement;
  }) as typeof database.prepare;
}

/** PostgreSQL type id of `int8`/`bigint`, the type of `count(*)` and `bigserial`. */
const INT8_OID = 20;

function openPostgres<DB>(connectionString: string): Kysely<DB> {
  const pool = new pg.Pool({
    connectionString,
    types: {
      // Per pool, not global: `bigint` becomes a number, as SQLite returns it. Counts and ids
      // stay far below 2^53, where the conversion is exact.
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID && format !== 'binary'
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}
