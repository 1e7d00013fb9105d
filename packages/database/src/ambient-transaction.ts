/**
 * Ambient transactions: while {@link runInTransaction} runs its work, every query of that
 * work made through the same Kysely instance (`db`, held by any store) runs inside one
 * database transaction, on one connection, without the code passing a transaction object
 * around. A transaction the work opens itself (`db.transaction().execute(…)`) becomes a
 * savepoint of it. This is what atomic batches need (docs/batch.md).
 *
 * How: {@link openDatabase} wraps each engine's Kysely driver in an {@link AmbientDriver}.
 * It hands the transaction's connection to queries made inside the work (found through
 * `AsyncLocalStorage`, which follows the work's promises and timers), and any other
 * connection to everything else.
 *
 * Others meanwhile: on PostgreSQL the transaction holds one pooled connection; other
 * requests use the others and see none of its writes until it commits (READ COMMITTED),
 * waiting only on rows it has written. On SQLite there is one connection: other requests'
 * queries wait their turn until the transaction ends (they never see its writes either:
 * `prepareQuery` reads go through the queue while a transaction is open). A transaction
 * lasts at most `timeoutMs`: past it, it is rolled back, the connection is freed, and the
 * work's later queries fail instead of running outside it.
 *
 * @module
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/** `DATABASE_UNAVAILABLE` of connect.ts, by its shared name (that module imports this one). */
const DATABASE_UNAVAILABLE = Symbol.for('cms-json.database-unavailable');

/** How long an ambient transaction may last before it is rolled back, by default. */
export const DEFAULT_TRANSACTION_TIMEOUT_MS = 30_000;

/** The connection of an ambient transaction, as the work's queries receive it. */
class AmbientConnection implements DatabaseConnection {
  /** Savepoints of the transactions the work opened inside, innermost last. */
  readonly savepoints: string[] = [];
  /** Set when the transaction ended (committed, rolled back or timed out). */
  ended: string | undefined;
  /** The work kept for the end of the transaction ({@link beforeCommit}), by key, in the order asked. */
  readonly beforeCommit = new Map<object, BeforeCommitWork>();
  /** The work kept for after the commit ({@link afterCommit}), in the order asked. */
  readonly afterCommit: (() => Promise<void> | void)[] = [];

  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.ended !== undefined) return Promise.reject(endedError(this.ended));
    return this.inner.executeQuery<R>(query);
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (this.ended !== undefined) throw endedError(this.ended);
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

function endedError(how: string): Error {
  const error = new Error(`The transaction this query belongs to has ended (${how}).`);
  Object.defineProperty(error, DATABASE_UNAVAILABLE, { value: true });
  return error;
}

/** The transaction of the current work, if any. */
interface Ambient {
  readonly driver: AmbientDriver;
  readonly connection: AmbientConnection;
}

const storage = new AsyncLocalStorage<Ambient>();

/** How many works run inside an ambient transaction (their promises not settled yet). */
let running = 0;

/**
 * Runs `work` with `ambient` as its store, and switches the storage off again once no work
 * runs in a transaction. On Node 20 a storage in use makes V8 call a hook for every promise
 * the process creates, whatever it does: left on after the first write, it made every later
 * read slower (a single post 1.34x the CPU, a list of ten 1.06x, `bench/` in process). A
 * work's later queries still find their transaction (and fail once it ended) while the work
 * runs, a timed-out one included; a task the work started without waiting for it, and that
 * outlives it, runs outside once no transaction is open.
 */
function runTracked<T>(ambient: Ambient, work: () => Promise<T>): Promise<T> {
  running += 1;
  const done = (): void => {
    running -= 1;
    if (running === 0) storage.disable();
  };
  let result: Promise<T>;
  try {
    result = storage.run(ambient, work);
  } catch (error) {
    done();
    throw error;
  }
  result.then(done, done);
  return result;
}

/** A Kysely driver that runs the queries of an ambient transaction's work on its connection. */
export class AmbientDriver implements Driver {
  #init: Promise<void> | undefined;

  constructor(readonly inner: Driver) {}

  init(): Promise<void> {
    this.#init ??= this.inner.init();
    return this.#init;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const ambient = storage.getStore();
    // An ended transaction's connection is still handed out: its queries then fail rather
    // than run outside the transaction.
    if (ambient !== undefined && ambient.driver === this) return ambient.connection;
    return this.inner.acquireConnection();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (!(connection instanceof AmbientConnection)) return this.inner.beginTransaction(connection, settings);
    // Named by depth, so the statements are the same few SQL texts every time (each new text
    // would be prepared anew and push a hot statement out of the connection's cache); a name
    // is unique in the stack of open savepoints, which is all SQL asks.
    const name = `cms_nested_${connection.savepoints.length + 1}`;
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${name}`));
    connection.savepoints.push(name);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    if (!(connection instanceof AmbientConnection)) return this.inner.commitTransaction(connection);
    const name = connection.savepoints.pop();
    if (name !== undefined) await connection.executeQuery(CompiledQuery.raw(`release savepoint ${name}`));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!(connection instanceof AmbientConnection)) return this.inner.rollbackTransaction(connection);
    const name = connection.savepoints.pop();
    if (name === undefined) return;
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${name}`));
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${name}`));
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.#required('savepoint')(connection, name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.#required('rollbackToSavepoint')(connection, name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.#required('releaseSavepoint')(connection, name, compile);
  }

  #required(name: 'savepoint' | 'rollbackToSavepoint' | 'releaseSavepoint') {
    const method = this.inner[name];
    if (method === undefined) throw new Error(`The database driver does not support ${name}.`);
    return method.bind(this.inner);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    if (connection instanceof AmbientConnection) return;
    return this.inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }

  /** Runs `work` in a transaction of its own connection (see {@link runInTransaction}). */
  async run<T>(work: () => Promise<T>, timeoutMs: number): Promise<T> {
    const current = storage.getStore();
    // Already inside one: the work simply joins it (its failure fails the outer one).
    if (current !== undefined && current.driver === this) return work();
    const { result, connection } = await this.#transaction(work, timeoutMs);
    // Committed, and the connection free again: the work kept for now may use the database.
    await runAfterCommit(connection);
    return result;
  }

  async #transaction<T>(work: () => Promise<T>, timeoutMs: number): Promise<{ result: T; connection: AmbientConnection }> {
    await this.init();
    const inner = await this.inner.acquireConnection();
    const connection = new AmbientConnection(inner);
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await this.inner.beginTransaction(inner, {});
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new TransactionTimeout(timeoutMs)), timeoutMs);
      });
      let result: T;
      try {
        const workThenEnd = async () => {
          const value = await work();
          await finishBeforeCommit(connection);
          return value;
        };
        result = await Promise.race([runTracked({ driver: this, connection }, workThenEnd), timedOut]);
      } catch (error) {
        connection.ended = error instanceof TransactionTimeout ? 'timed out' : 'rolled back';
        await this.inner.rollbackTransaction(inner);
        throw error;
      }
      connection.ended = 'committed';
      await this.inner.commitTransaction(inner);
      return { result, connection };
    } finally {
      if (timer !== undefined) clearTimeout(timer);
      connection.ended ??= 'failed';
      await this.inner.releaseConnection(inner);
    }
  }
}

/**
 * Runs the work kept for the end of a transaction, each once, in the order it was first asked
 * for; work that one of them asks for while they run is run too (bounded: each key once).
 */
async function finishBeforeCommit(connection: AmbientConnection): Promise<void> {
  const done = new Set<object>();
  for (let round = 0; round < MAX_BEFORE_COMMIT_ROUNDS; round++) {
    const next = [...connection.beforeCommit].find(([key]) => !done.has(key));
    if (next === undefined) return;
    done.add(next[0]);
    await next[1].beforeCommit();
  }
  throw new Error(`More than ${MAX_BEFORE_COMMIT_ROUNDS} kinds of work were kept for the end of one transaction.`);
}

/**
 * Runs the work kept for after the commit, in order. The transaction is committed: a work that
 * fails does not undo it, nor stop the others; the first failure is passed on once all ran.
 */
async function runAfterCommit(connection: AmbientConnection): Promise<void> {
  let failure: { error: unknown } | undefined;
  for (const work of connection.afterCommit) {
    try {
      await work();
    } catch (error) {
      failure ??= { error };
    }
  }
  if (failure !== undefined) throw failure.error;
}

/** How many keys of {@link beforeCommit} one transaction may gather: a loop guard, far above any real use. */
const MAX_BEFORE_COMMIT_ROUNDS = 1000;

/** A transaction that lasted past its time limit; marked as the database being unavailable (503). */
export class TransactionTimeout extends Error {
  constructor(timeoutMs: number) {
    super(`The transaction lasted more than ${timeoutMs} ms and was rolled back.`);
    Object.defineProperty(this, DATABASE_UNAVAILABLE, { value: true });
  }
}

/** A dialect whose driver is wrapped in an {@link AmbientDriver}, kept by the Kysely instance. */
export function ambientDialect(dialect: Dialect, onDriver: (driver: AmbientDriver) => void): Dialect {
  return {
    createDriver: () => {
      const driver = new AmbientDriver(dialect.createDriver());
      onDriver(driver);
      return driver;
    },
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    // biome-ignore lint/suspicious/noExplicitAny: Kysely's own Dialect signature takes any tables.
    createIntrospector: (db: Kysely<any>) => dialect.createIntrospector(db),
  };
}

/** The ambient driver of each Kysely instance opened by `openDatabase`. */
export const ambientDrivers = new WeakMap<object, AmbientDriver>();

/** Options of {@link runInTransaction} and {@link transactionRunner}. */
export interface TransactionOptions {
  /** How long the transaction may last before it is rolled back. @default 30000 */
  readonly timeoutMs?: number;
}

/**
 * Runs `work` in one transaction of `db` (an instance opened by `openDatabase`): every query
 * the work makes through `db`, at any depth, is part of it. Commits when the work resolves;
 * rolls every write back when it rejects (the rejection is passed on) or outlasts
 * `timeoutMs`. Called inside such work, it joins the transaction already open.
 *
 * @throws Error when `db` was not opened by `openDatabase`.
 * @example
 * await runInTransaction(db, async () => {
 *   await notes.create({ text: 'one' });  // a store holding `db`
 *   await notes.create({ text: 'two' });  // both or neither
 * });
 */
export function runInTransaction<T>(db: object, work: () => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  const driver = ambientDrivers.get(db);
  if (driver === undefined) {
    return Promise.reject(new Error('runInTransaction: this Kysely instance was not opened by openDatabase.'));
  }
  return driver.run(work, options.timeoutMs ?? DEFAULT_TRANSACTION_TIMEOUT_MS);
}

/**
 * The transaction capability of a database, in the shape the core's server takes
 * (`server.provideTransactions(transactionRunner(db))`): atomic batches then run in one
 * transaction of `db`.
 *
 * @example
 * const { db } = openDatabase({ url: 'sqlite:./data/site.db' });
 * server.provideTransactions(transactionRunner(db));
 */
export function transactionRunner(db: object, options: TransactionOptions = {}): <T>(work: () => Promise<T>) => Promise<T> {
  return (work) => runInTransaction(db, work, options);
}

/**
 * Work kept for the end of a transaction: its `beforeCommit()` runs once, inside the
 * transaction, after the transaction's work resolved and just before it commits.
 *
 * @example
 * const touched: BeforeCommitWork & { ids: Set<number> } = { ids: new Set(), beforeCommit: async () => {} };
 */
export interface BeforeCommitWork {
  /** Called once before the commit; its rejection rolls the whole transaction back. */
  beforeCommit(): Promise<void>;
}

/**
 * The state of `key` in the ambient transaction of `db` open here, for work that must wait
 * for the end of the transaction (after everything else it does, just before it commits):
 * the first call with `key` in a transaction makes it with `start`, and the transaction calls
 * its `beforeCommit()` once when its work resolved; later calls with the same key in the same
 * transaction answer the same state, for the caller to add to (ids to recount, say). Outside
 * an ambient transaction of `db` it answers `undefined`: the caller does its work at once.
 *
 * What it is for: locks taken only at the end, all in one statement and one order, so that
 * concurrent transactions never hold some of them while waiting for the others (the term
 * counts of a post write on PostgreSQL, docs/database.md). The work runs even when the
 * savepoint that asked for it was rolled back: make it harmless then (a recount is). It is
 * not run when the transaction fails before the commit.
 *
 * @example
 * const pending = beforeCommit(db, RECOUNT, () => {
 *   const ids = new Set<number>();
 *   return { ids, beforeCommit: () => recount([...ids]) };
 * });
 * if (pending === undefined) await recount(ids); else for (const id of ids) pending.ids.add(id);
 */
export function beforeCommit<S extends BeforeCommitWork>(db: object, key: object, start: () => S): S | undefined {
  const ambient = ambientOf(db);
  if (ambient === undefined) return undefined;
  const kept = ambient.connection.beforeCommit;
  const existing = kept.get(key);
  if (existing !== undefined) return existing as S;
  const made = start();
  kept.set(key, made);
  return made;
}

/**
 * Runs `work` once the ambient transaction of `db` open here has committed, or at once when
 * none is open: for what cannot be rolled back, so it happens only to data that is really
 * gone (a deleted upload's files). It does not run when the transaction is rolled back. It
 * does run when only the savepoint that asked for it was rolled back, as {@link beforeCommit}'s
 * work does. Its failure fails the call that opened the transaction (the data stays
 * committed); later works still run.
 *
 * @example
 * await afterCommit(db, () => files.remove(paths)); // after the record's delete is stored
 */
export async function afterCommit(db: object, work: () => Promise<void> | void): Promise<void> {
  const ambient = ambientOf(db);
  if (ambient === undefined) await work();
  else ambient.connection.afterCommit.push(work);
}

/** The ambient transaction of `db` (an instance opened by `openDatabase`) open here, if any. */
function ambientOf(db: object): Ambient | undefined {
  const driver = ambientDrivers.get(db);
  const ambient = storage.getStore();
  return driver !== undefined && ambient?.driver === driver ? ambient : undefined;
}
