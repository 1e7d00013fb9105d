import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import {
  type Dialect as KyselyDialect,
  type LogEvent,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  SqliteDialect,
} from 'kysely';
import type pg from 'pg';
import { Database } from './database.js';
import { loadDriver } from './load-driver.js';
import { ReadReplicas } from './read-replicas.js';
import { redactDatabaseUrl } from './redact.js';
import { Replica, type ReplicaHealthOptions } from './replica.js';
import { openSqliteConnection, type SqliteDriverName } from './sqlite-connection.js';
import { refuseWritesWhenMoved } from './sqlite-moved.js';
import { cacheStatements } from './sqlite-statement-cache.js';

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
  /**
   * SQLite only: the driver that opens the file. Default: the runtime's own, `bun:sqlite` on
   * Bun, `node:sqlite` on Deno, `better-sqlite3` elsewhere (Node). `node:sqlite` also runs on
   * Node 22.5 or later. A driver this runtime does not have throws, saying so.
   */
  sqliteDriver?: SqliteDriverName | undefined;
  /**
   * PostgreSQL only: the `pg` module itself (`import pg from 'pg'`), for a bundle that cannot
   * load it by name (Cloudflare Workers, where `pg` connects through `cloudflare:sockets`).
   * Default: `pg` loaded by name when a `postgres://` URL is opened.
   */
  pg?: object | undefined;
  /**
   * PostgreSQL only: the most connections this process opens. Default
   * {@link DEFAULT_POOL_SIZE}. Size it so that processes × pool size stays below the server's
   * `max_connections` (docs/scaling.md).
   */
  poolSize?: number | undefined;
  /**
   * PostgreSQL only: how long a request waits for a free connection, or for a new one to
   * connect, before it fails as unavailable (503). Default {@link DEFAULT_CONNECT_TIMEOUT_MS}.
   */
  connectTimeoutMs?: number | undefined;
  /**
   * PostgreSQL only: the server cancels a statement that runs longer (`statement_timeout`);
   * the request then fails as unavailable (503). Default {@link DEFAULT_STATEMENT_TIMEOUT_MS}.
   */
  statementTimeoutMs?: number | undefined;
  /**
   * PostgreSQL only: called when the server ends an idle pooled connection (a restart, a
   * failover, `pg_terminate_backend`). The pool drops that connection and opens a new one
   * when needed; the process goes on. Default: one line on stderr.
   */
  onIdleConnectionError?: ((error: Error) => void) | undefined;
  /**
   * Called with the text of every SQL statement the database runs for this process: for logging, or to count the statements a request costs. On SQLite it sees every
   * statement, prepared ones and transaction control included (with values inlined); on
   * PostgreSQL every statement sent through Kysely (all of this package's are), with `$n`
   * placeholders.
   *
   * @example
   * const seen: string[] = [];
   * openDatabase({ url: 'sqlite::memory:', onStatement: (text) => seen.push(text) });
   */
  onStatement?: ((sql: string) => void) | undefined;
  /** Called once, after {@link Database.close} closed the connection (a test database drops its schema). */
  afterClose?: (() => Promise<void>) | undefined;
  /**
   * PostgreSQL only: the URLs of streaming read replicas of `url` (hot standbys). Reads in a
   * {@link Database.readScope} that allows it go to a healthy one; writes, transactions and
   * everything else to `url` (docs/database.md, "Read replicas"). Each gets a pool of
   * `poolSize` connections with the same timeouts. With a SQLite `url` it throws.
   */
  replicas?: readonly string[] | undefined;
  /** PostgreSQL with `replicas` only: how replicas are polled and when one leaves rotation. */
  replicaHealth?: ReplicaHealthOptions | undefined;
}

/** Connections a PostgreSQL pool opens at most, per process, unless `poolSize` says otherwise. */
export const DEFAULT_POOL_SIZE = 10;

/** How long a query waits for a PostgreSQL connection before it fails as unavailable. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

/** How long one PostgreSQL statement may run before the server cancels it. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

/**
 * Marks an error that means "the database cannot be reached now" (down, restarting, every
 * connection busy, a statement timed out): the core answers it with 503
 * `rest_database_unavailable` instead of a 500. Shared by name across copies of the packages.
 */
export const DATABASE_UNAVAILABLE = Symbol.for('cms-json.database-unavailable');

/**
 * `true` when an error means the database cannot be reached now (see {@link DATABASE_UNAVAILABLE}).
 *
 * @example
 * try { await db.selectFrom('notes').selectAll().execute(); }
 * catch (error) { if (isDatabaseUnavailable(error)) retryLater(); }
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && Reflect.get(error, DATABASE_UNAVAILABLE) === true;
}

/** What a parsed database URL names. */
type Target = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; connectionString: string };

/**
 * Opens a database from a URL: a {@link Database} with a typed Kysely instance over it.
 *
 * SQLite (the runtime's driver, see {@link OpenDatabaseOptions.sqliteDriver}) is opened with `journal_mode = WAL`, `busy_timeout = 5000`,
 * `foreign_keys = ON` and `synchronous = FULL` (see {@link OpenDatabaseOptions.synchronous}); the parent
 * directory of the file is created. PostgreSQL uses a `pg` pool of `poolSize` connections with a
 * statement timeout; `bigint` values (such as `count(*)`) are returned as numbers on both
 * engines, so one query reads the same everywhere. Each driver is loaded only for its URL scheme.
 *
 * @throws Error when the URL's scheme is neither `sqlite:` nor `postgres(ql)://`, when the
 *   driver of the scheme is not installed (the message names the package), or when the
 *   SQLite file cannot be opened.
 * @example
 * interface Tables { notes: { id: number; text: string } }
 * const { db, dialect, close } = openDatabase<Tables>({ url: 'sqlite:./data/site.db' });
 * const notes = await db.selectFrom('notes').selectAll().execute();
 * await close();
 */
export function openDatabase<DB>(options: OpenDatabaseOptions = {}): Database<DB> {
  const target = parseDatabaseUrl(options.url ?? DEFAULT_DATABASE_URL);
  const replicas = options.replicas ?? [];
  if (replicas.length > 0 && target.dialect !== 'postgres') {
    throw new Error('Read replicas need a PostgreSQL database: the primary URL is not postgres://….');
  }
  for (const replica of replicas) {
    if (!/^postgres(ql)?:\/\//.test(replica)) {
      throw new Error(`Invalid replica URL "${redactDatabaseUrl(replica)}": a read replica is a postgres://… URL.`);
    }
  }
  return target.dialect === 'sqlite' ? openSqlite<DB>(target.file, options) : openPostgres<DB>(target.connectionString, options);
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
    `Unsupported database URL "${redactDatabaseUrl(url)}": use sqlite:<file>, sqlite::memory: or postgres://user:password@host/database.`,
  );
}

function openSqlite<DB>(file: string, options: OpenDatabaseOptions): Database<DB> {
  const { synchronous = 'full', onStatement } = options;
  const memory = file === ':memory:';
  const path = memory ? file : resolve(file);
  if (!memory) mkdirSync(dirname(path), { recursive: true });
  let connection = openSqliteConnection(path, { driver: options.sqliteDriver, onStatement, url: `sqlite:${file}` });
  try {
    connection.exec('pragma journal_mode = WAL');
    connection.exec('pragma busy_timeout = 5000');
    connection.exec('pragma foreign_keys = ON');
    connection.exec(`pragma synchronous = ${synchronous === 'normal' ? 'NORMAL' : 'FULL'}`);
  } catch (error) {
    connection.close();
    throw error;
  }
  if (!memory) connection = refuseWritesWhenMoved(connection, path);
  connection = cacheStatements(connection);
  return new Database<DB>(new SqliteDialect({ database: connection }), {
    dialect: 'sqlite',
    sqlite: connection,
    afterClose: options.afterClose,
  });
}

/** PostgreSQL type id of `int8`/`bigint`, the type of `count(*)` and `bigserial`. */
const INT8_OID = 20;

function openPostgres<DB>(connectionString: string, options: OpenDatabaseOptions): Database<DB> {
  const dialect = new PostgresDialect({ pool: unavailableAware(postgresPool(connectionString, options)) });
  const replicaUrls = options.replicas ?? [];
  const readReplicas =
    replicaUrls.length === 0
      ? undefined
      : new ReadReplicas(
          dialect.createDriver(),
          replicaUrls.map(
            (url) =>
              new Replica(
                redactDatabaseUrl(url),
                new PostgresDialect({ pool: unavailableAware(postgresPool(url, options)) }).createDriver(),
              ),
          ),
          options.replicaHealth,
        );
  const onStatement = options.onStatement;
  return new Database<DB>(readReplicas === undefined ? dialect : routedDialect(dialect, readReplicas), {
    dialect: 'postgres',
    afterClose: options.afterClose,
    readReplicas,
    log:
      onStatement === undefined
        ? undefined
        : (event: LogEvent) => {
            if (event.level === 'query') onStatement(event.query.sql);
          },
  });
}

/** `dialect` with the router's driver in place of its own. */
function routedDialect(dialect: PostgresDialect, router: ReadReplicas): KyselyDialect {
  return {
    createDriver: () => router.driver,
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

/** A `pg` pool of the options' size and timeouts, `bigint` read as numbers. */
function postgresPool(connectionString: string, options: OpenDatabaseOptions): pg.Pool {
  const { Pool, types } =
    options.pg === undefined ? loadDriver<typeof pg>('pg', redactDatabaseUrl(connectionString)) : pgModule(options.pg);
  const onIdleError =
    options.onIdleConnectionError ??
    ((error: Error) => console.warn(`cms-json: a pooled PostgreSQL connection was closed by the server: ${error.message}`));
  const pool = new Pool({
    connectionString,
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    statement_timeout: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
    types: {
      // Per pool, not global: `bigint` becomes a number, as SQLite returns it. Counts and ids
      // stay far below 2^53, where the conversion is exact.
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID && format !== 'binary'
          ? (value: string) => Number(value)
          : types.getTypeParser(oid, format)) as typeof types.getTypeParser,
    },
  });
  // Without a listener, a server that ends an idle pooled connection (57P01 on a restart or
  // `pg_terminate_backend`) kills the process with an unhandled 'error' event. The pool has
  // already dropped that client; the next query opens a new one.
  pool.on('error', onIdleError);
  return pool;
}

/** The `pg` module given as an option, checked to be one. */
function pgModule(module: object): typeof pg {
  const given: unknown =
    'default' in module && typeof module.default === 'object' && module.default !== null ? module.default : module;
  if (typeof given !== 'object' || given === null || typeof Reflect.get(given, 'Pool') !== 'function' || !('types' in given)) {
    throw new Error("The option pg is not the pg module: pass it as imported, import pg from 'pg'; openDatabase({ url, pg }).");
  }
  // Checked above: the module's Pool and types, as `pg` exports them.
  return given as typeof pg;
}

/**
 * SQLSTATE classes and codes that mean "the database cannot serve now", not "this query is
 * wrong": connection exceptions (08), insufficient resources (53), operator intervention
 * (57: shutdown, cannot connect now, query canceled by `statement_timeout`).
 */
function meansUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (/^(08|53|57)/.test(code)) return true;
    // Node's socket errors: refused, reset, unreachable, timed out.
    if (/^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)$/.test(code)) return true;
  }
  const message = (error as { message?: unknown }).message;
  // pg's own messages when the pool is exhausted or a connection dies under a query.
  return (
    typeof message === 'string' &&
    /timeout exceeded when trying to connect|Connection terminated|connection timeout|Client has encountered a connection error/i.test(
      message,
    )
  );
}

/** Marks an error as {@link DATABASE_UNAVAILABLE} when it means so; returns it. */
function classify(error: unknown): unknown {
  if (meansUnavailable(error) && typeof error === 'object' && error !== null && Object.isExtensible(error)) {
    Object.defineProperty(error, DATABASE_UNAVAILABLE, { value: true });
  }
  return error;
}

/** The pool as Kysely sees it, with connection failures marked as unavailable. */
function unavailableAware(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw classify(error);
      }
      // The pool listens for errors of idle clients only. A connection that dies under a
      // query (a restart mid-request) emits 'error' on the checked-out client too, which would
      // kill the process unheard: the query in flight already fails with it; remember it so
      // that the client is destroyed, not reused, on release.
      let broken: Error | undefined;
      const onError = (error: Error) => {
        broken = error;
      };
      client.on('error', onError);
      return {
        // biome-ignore lint/suspicious/noExplicitAny: Kysely's client interface is overloaded (SQL text or a cursor); both go through unchanged.
        query: ((...args: any[]) => {
          // biome-ignore lint/suspicious/noExplicitAny: see above.
          const result = (client.query as (...a: any[]) => unknown)(...args);
          if (result instanceof Promise) return result.catch((error: unknown) => Promise.reject(classify(error)));
          return result;
        }) as PostgresPoolClient['query'],
        release: () => {
          client.off('error', onError);
          client.release(broken);
        },
      };
    },
    end: () => pool.end(),
  };
}
