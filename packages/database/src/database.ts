/**
 * `Database`: an open database as one object. The Kysely instance (`db`), the engine behind
 * it, its ambient transactions and their hooks, its `lower()`, and the queries compiled once
 * on it all live here, as members, instead of in tables keyed by the Kysely instance.
 *
 * @module
 */
import {
  type Expression,
  Kysely,
  type Dialect as KyselyDialect,
  type KyselyPlugin,
  type LogConfig,
  type RawBuilder,
  sql,
} from 'kysely';
import {
  type AmbientDriver,
  ambientDialect,
  type BeforeCommitWork,
  DEFAULT_TRANSACTION_TIMEOUT_MS,
  type TransactionOptions,
} from './ambient-transaction.js';
import { type Compilable, type NamedQuery, namedQuery } from './named-query.js';
import type { ReadReplicas, ReadScope, WaitForReplicasOptions } from './read-replicas.js';
import type { ReplicaStatus } from './replica.js';
import type { SqliteConnection } from './sqlite-connection.js';

/**
 * The database engines cms-json runs on: its own schema on `sqlite` and `postgres`; `mysql`
 * (MySQL or MariaDB) holds WordPress's own tables only (`@cms-json/wordpress-db`), never the
 * project's schema or its migrations.
 *
 * @example
 * const dialect: Dialect = openDatabase({ url: 'sqlite::memory:' }).dialect; // 'sqlite'
 */
export type Dialect = 'sqlite' | 'postgres' | 'mysql';

/** The Unicode-aware `lower()` registered on the SQLite connections of a {@link Database}. */
const SQLITE_LOWER = 'cms_lower';

/**
 * Options of the {@link Database} constructor.
 *
 * @example
 * const options: DatabaseOptions = { dialect: 'sqlite', sqlite: openSqliteConnection(':memory:') };
 */
export interface DatabaseOptions {
  /** The engine behind the Kysely dialect. */
  readonly dialect: Dialect;
  /**
   * SQLite only: the connection behind the Kysely dialect (better-sqlite3, `bun:sqlite` or
   * `node:sqlite`, see `openSqliteConnection`). With it, `lowerText` folds every letter (a
   * function registered on it) and the queries of {@link Database.prepare} run synchronously on
   * statements of their own (the store's reads seam, docs/performance.md).
   */
  readonly sqlite?: SqliteConnection | undefined;
  /** Kysely plugins of the instance. */
  readonly plugins?: readonly KyselyPlugin[] | undefined;
  /** Kysely's log option. */
  readonly log?: LogConfig | undefined;
  /** Called once, after the connection is closed (a test database drops its schema). */
  readonly afterClose?: (() => Promise<void>) | undefined;
  /**
   * PostgreSQL only: the router whose driver the dialect gives (`openDatabase({ replicas })`
   * builds both); {@link Database.readScope} and the positions go through it.
   */
  readonly readReplicas?: ReadReplicas | undefined;
  /**
   * `'none'` for an engine without interactive transactions (D1, `@cms-json/database/d1`):
   * each statement commits on its own, {@link Database.transaction} runs its work as it is,
   * {@link Database.beforeCommit} answers `undefined` (its callers do their work at once) and
   * {@link Database.afterCommit} runs its work at once (what it waits for is already stored).
   * @default 'ambient'
   */
  readonly transactions?: 'ambient' | 'none' | undefined;
  /**
   * Replaces how {@link Database.atomicWrites} makes its work atomic (D1: the work's statements
   * are recorded and sent as one `batch()`); by default, one Kysely transaction.
   */
  readonly writeBatch?: (<T>(work: (db: Kysely<T>) => Promise<void>) => Promise<void>) | undefined;
  /** Replaces {@link Database.lowerText}'s SQL (D1, which runs no user functions, folds with `replace`). */
  readonly lowerText?: ((expression: RawBuilder<unknown> | Expression<unknown>) => RawBuilder<string>) | undefined;
}

/**
 * An open database: the Kysely instance (`db`), the engine behind it, ambient transactions
 * (`transaction`, `beforeCommit`, `afterCommit`), and the queries compiled once on it
 * (`prepare`). {@link openDatabase} makes one from a URL; a Kysely dialect built by the caller
 * (a SQLite or PostgreSQL dialect of its own) is wrapped with the constructor, which builds
 * the Kysely instance itself so that its transactions reach every query (atomic batches).
 *
 * @example
 * const connection = openSqliteConnection(':memory:');
 * const database = new Database<Tables>(new SqliteDialect({ database: connection }), { dialect: 'sqlite', sqlite: connection });
 * await database.transaction(async () => {
 *   await database.db.insertInto('notes').values({ text: 'one' }).execute();
 * });
 */
export class Database<DB> {
  /** The query builder; write queries once and they run on both engines. */
  readonly db: Kysely<DB>;
  /** The engine behind `db`. */
  readonly dialect: Dialect;
  readonly #driver: AmbientDriver;
  readonly #sqlite: SqliteConnection | undefined;
  readonly #afterClose: (() => Promise<void>) | undefined;
  /** False for a view of another database ({@link withPlugin}), whose closing closes that one. */
  readonly #ownsConnection: boolean;
  /** The queries of {@link prepare}, by name. */
  readonly #prepared = new Map<string, unknown>();
  readonly #replicas: ReadReplicas | undefined;
  /** False when the engine has no interactive transactions (`transactions: 'none'`). */
  readonly #atomic: boolean;
  readonly #lowerText: DatabaseOptions['lowerText'];
  readonly #writeBatch: DatabaseOptions['writeBatch'];
  #closing: Promise<void> | undefined;

  /**
   * @param dialect The Kysely dialect of the engine (its driver is wrapped for ambient transactions).
   * @param options The engine and Kysely's options.
   * @param shared Internal ({@link withPlugin}): the Kysely instance and driver of another `Database`.
   */
  constructor(
    dialect: KyselyDialect,
    options: DatabaseOptions,
    shared?: { readonly db: Kysely<DB>; readonly driver: AmbientDriver; readonly replicas: ReadReplicas | undefined },
  ) {
    let driver = shared?.driver;
    this.db =
      shared?.db ??
      new Kysely<DB>({
        dialect: ambientDialect(dialect, (made) => {
          driver = made;
        }),
        ...(options.plugins === undefined ? {} : { plugins: [...options.plugins] }),
        ...(options.log === undefined ? {} : { log: options.log }),
      });
    // Kysely makes its driver in its constructor.
    if (driver === undefined) throw new Error('Database: Kysely made no driver.');
    this.#driver = driver;
    this.dialect = options.dialect;
    this.#sqlite = options.dialect === 'sqlite' ? options.sqlite : undefined;
    this.#afterClose = options.afterClose;
    this.#replicas = shared === undefined ? options.readReplicas : shared.replicas;
    this.#ownsConnection = shared === undefined;
    this.#atomic = options.transactions !== 'none';
    this.#lowerText = options.lowerText;
    this.#writeBatch = options.writeBatch;
    // SQLite's own `lower()` folds ASCII letters only; PostgreSQL's folds every letter of a
    // UTF-8 database. `lowerText` calls this one on SQLite, so searches agree.
    this.#sqlite?.function(SQLITE_LOWER, { deterministic: true }, (value: unknown) =>
      typeof value === 'string' ? value.toLowerCase() : value,
    );
  }

  /**
   * The same database seen through a Kysely plugin (Kysely's `withPlugin`): the same
   * connections and transactions, every query through the plugin. Its `prepare` runs through
   * Kysely too (no statements of its own), so the plugin sees every query; closing it closes
   * the database.
   *
   * @example
   * const logged = database.withPlugin(new CamelCasePlugin());
   */
  withPlugin(plugin: KyselyPlugin): Database<DB> {
    const unused = (): never => {
      throw new Error('Database.withPlugin: the dialect of a shared database is never used.');
    };
    const dialect: KyselyDialect = {
      createAdapter: unused,
      createDriver: unused,
      createIntrospector: unused,
      createQueryCompiler: unused,
    };
    return new Database<DB>(
      dialect,
      {
        dialect: this.dialect,
        afterClose: () => this.close(),
        transactions: this.#atomic ? 'ambient' : 'none',
        lowerText: this.#lowerText,
        writeBatch: this.#writeBatch,
      },
      { db: this.db.withPlugin(plugin), driver: this.#driver, replicas: this.#replicas },
    );
  }

  /**
   * The SQLite connection behind `db` when one was given (SQLite), else `undefined`: for the
   * store's reads seam and tests that write past Kysely.
   */
  get sqlite(): SqliteConnection | undefined {
    return this.#sqlite;
  }

  /**
   * Closes the connection (SQLite file handle or PostgreSQL pool). Safe to call twice, and
   * bound: `const { db, close } = openDatabase(…)` works.
   */
  readonly close = (): Promise<void> => {
    this.#closing ??= (this.#ownsConnection ? this.db.destroy() : Promise.resolve()).then(() => this.#afterClose?.());
    return this.#closing;
  };

  /**
   * Runs `work` in a read context: with `mayUseReplica`, its statements outside a transaction
   * may go to a read replica in rotation (`openDatabase({ replicas })`) that has replayed
   * `notBefore` (a position from {@link writePosition}: read-your-writes); a `notBefore`
   * that is not a position sends them to the primary. Transactions, and work outside any
   * scope, always use the primary. Without replicas it just runs `work`.
   *
   * @example
   * const list = await database.readScope({ mayUseReplica: true, notBefore: cookie }, () => posts.list());
   */
  readScope<T>(scope: ReadScope, work: () => Promise<T>): Promise<T> {
    return this.#replicas === undefined ? work() : this.#replicas.readScope(scope, work);
  }

  /**
   * The primary's current write-ahead-log position (`pg_current_wal_lsn()`, text such as
   * `'0/3000148'`), asked on a primary connection of its own: call it after a write committed
   * and hand it to readers as their `notBefore`. `undefined` when the database has no replicas.
   *
   * @example
   * const position = await database.writePosition(); // after the transaction returned
   */
  async writePosition(): Promise<string | undefined> {
    return this.#replicas?.writePosition();
  }

  /**
   * Resolves `true` once every replica in rotation has replayed `position` (at once without
   * replicas or without a position), `false` after `timeoutMs` (default 2000): the replicas
   * still behind then leave rotation until they replayed it, as do those already out. Never
   * rejects. What a cache purge waits for, so that the next fill cannot read the old row.
   *
   * @example
   * await database.waitForReplicas(await database.writePosition(), { timeoutMs: 1_000 });
   */
  async waitForReplicas(position: string | undefined, options: WaitForReplicasOptions = {}): Promise<boolean> {
    return this.#replicas === undefined ? true : this.#replicas.waitForReplicas(position, options);
  }

  /**
   * What the router knows of each replica (rotation, replayed position, lag, reads served);
   * empty without replicas.
   *
   * @example
   * for (const replica of database.replicaStatus()) console.log(replica.name, replica.inRotation, replica.lagMs);
   */
  replicaStatus(): readonly ReplicaStatus[] {
    return this.#replicas?.status() ?? [];
  }

  /**
   * Runs `work` in one transaction: every query the work makes through `db`, at any depth, is
   * part of it. Commits when the work resolves; rolls every write back when it rejects (the
   * rejection is passed on) or outlasts `timeoutMs`. Called inside such work, it joins the
   * transaction already open.
   *
   * @example
   * await database.transaction(async () => {
   *   await notes.create({ text: 'one' });  // a store holding the database
   *   await notes.create({ text: 'two' });  // both or neither
   * });
   */
  transaction<T>(work: () => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    if (!this.#atomic) return work();
    return this.#driver.run(work, options.timeoutMs ?? DEFAULT_TRANSACTION_TIMEOUT_MS);
  }

  /**
   * Whether {@link transaction} is atomic (every engine but D1, whose `transactions: 'none'`
   * runs the work statement by statement): a site gives the core its transactions for atomic
   * batches only when it is, so that a D1 site answers them 501 `rest_batch_atomic_unavailable`.
   *
   * @example
   * if (database.atomicTransactions) server.provideTransactions(database.transactionRunner());
   */
  get atomicTransactions(): boolean {
    return this.#atomic;
  }

  /**
   * Runs `work`, whose statements all write (it reads nothing), as one atomic unit: one Kysely
   * transaction on SQLite and PostgreSQL; on D1, which has no interactive transactions, its
   * statements are recorded and sent as one `batch()`, and a read in it throws. What
   * `runMigrations` applies a migration and its record with.
   *
   * @example
   * await database.atomicWrites(async (db) => {
   *   await db.insertInto('notes').values({ text: 'one' }).execute();
   *   await db.insertInto('notes').values({ text: 'two' }).execute(); // both or neither, on every engine
   * });
   */
  async atomicWrites(work: (db: Kysely<DB>) => Promise<void>): Promise<void> {
    if (this.#writeBatch !== undefined) return this.#writeBatch<DB>(work);
    await this.db.transaction().execute(work);
  }

  /**
   * {@link transaction} in the shape the core's server takes: atomic batches then run in one
   * transaction of this database.
   *
   * @example
   * server.provideTransactions(database.transactionRunner());
   */
  transactionRunner(options: TransactionOptions = {}): <T>(work: () => Promise<T>) => Promise<T> {
    return (work) => this.transaction(work, options);
  }

  /**
   * The state of `key` in the transaction open here, for work that must wait for the end of
   * the transaction (after everything else it does, just before it commits): the first call
   * with `key` in a transaction makes it with `start`, and the transaction calls its
   * `beforeCommit()` once when its work resolved; later calls with the same key in the same
   * transaction answer the same state, for the caller to add to (ids to recount, say). Outside
   * a transaction it answers `undefined`: the caller does its work at once.
   *
   * What it is for: locks taken only at the end, all in one statement and one order, so that
   * concurrent transactions never hold some of them while waiting for the others (the term
   * counts of a post write on PostgreSQL, docs/database.md). The work runs even when the
   * savepoint that asked for it was rolled back: make it harmless then (a recount is). It is
   * not run when the transaction fails before the commit.
   *
   * @example
   * const pending = database.beforeCommit(RECOUNT, () => {
   *   const ids = new Set<number>();
   *   return { ids, beforeCommit: () => recount([...ids]) };
   * });
   * if (pending === undefined) await recount(ids); else for (const id of ids) pending.ids.add(id);
   */
  beforeCommit<S extends BeforeCommitWork>(key: object, start: () => S): S | undefined {
    if (!this.#atomic) return undefined;
    return this.#driver.beforeCommit(key, start);
  }

  /**
   * Runs `work` once the transaction open here has committed, or at once when none is open:
   * for what cannot be rolled back, so it happens only to data that is really gone (a deleted
   * upload's files). It does not run when the transaction is rolled back. It does run when
   * only the savepoint that asked for it was rolled back, as {@link beforeCommit}'s work does.
   * Its failure fails the call that opened the transaction (the data stays committed); later
   * works still run.
   *
   * @example
   * await database.afterCommit(() => files.remove(paths)); // after the record's delete is stored
   */
  async afterCommit(work: () => Promise<void> | void): Promise<void> {
    if (!this.#atomic) {
      await work();
      return;
    }
    await this.#driver.afterCommit(work);
  }

  /**
   * `lower(expression)` that folds every letter (`'ÉCOLE'` → `'école'`) on both engines: on
   * SQLite a function of the connection (SQLite's own `lower()` folds ASCII only), elsewhere
   * the engine's `lower()` (PostgreSQL folds by the database's `LC_CTYPE`: any UTF-8 locale
   * folds every letter; `C` folds ASCII only). Compare it with a pattern lower-cased by
   * JavaScript's `toLowerCase()`.
   *
   * @example
   * db.selectFrom('notes').where(sql`${database.lowerText(sql.ref('title'))} like ${pattern}`);
   */
  lowerText(expression: RawBuilder<unknown> | Expression<unknown>): RawBuilder<string> {
    if (this.#lowerText !== undefined) return this.#lowerText(expression);
    const name = this.#sqlite === undefined ? 'lower' : SQLITE_LOWER;
    return sql<string>`${sql.raw(name)}(${expression})`;
  }

  /**
   * A query built and compiled once under `name`, run many times with new values bound by
   * name. `parameters` gives each parameter's name and a sample value (an array for an `in`
   * list, of the length the query is compiled for); `build` receives stand-ins of the same
   * shape and builds the query with them where the values go. A run binds each stand-in's
   * position to the value of its name, so moving a `where` cannot swap two values. The name
   * must tell apart every query shape (include a list's length); the first `build` of a name
   * is the one kept.
   *
   * On embedded SQLite (a `sqlite` connection given), outside a transaction, the query runs
   * on a statement of its own without Kysely's queue (the store's reads seam); otherwise
   * through Kysely, in the transaction open here if any.
   *
   * @example
   * const byId = database.prepare('notes.byId', { id: 0 }, (p) => db.selectFrom('notes').selectAll().where('id', '=', p.id));
   * const [note] = await byId({ id: 42 });
   */
  prepare<Args extends Record<string, unknown>, Row>(
    name: string,
    parameters: Args,
    build: (parameters: Args) => Compilable<Row>,
  ): NamedQuery<Args, Row> {
    const kept = this.#prepared.get(name);
    // Kept under its name by the first call, with the types of that call's `build`.
    if (kept !== undefined) return kept as NamedQuery<Args, Row>;
    const made = namedQuery(this.db, this.#sqlite, parameters, build);
    this.#prepared.set(name, made);
    return made;
  }
}
