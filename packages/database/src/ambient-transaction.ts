/**
 * Ambient transactions: while `Database.transaction` runs its work, every query of that
 * work made through the same Kysely instance (`db`, held by any store) runs inside one
 * database transaction, on one connection, without the code passing a transaction object
 * around. A transaction the work opens itself (`db.transaction().execute(…)`) becomes a
 * savepoint of it. This is what atomic batches need (docs/batch.md).
 *
 * How: a `Database` wraps its engine's Kysely driver in an {@link AmbientDriver}.
 * It hands the transaction's connection to queries made inside the work (found through
 * `AsyncLocalStorage`, which follows the work's promises and timers), and any other
 * connection to everything else. The storage is made at the first transaction, from the
 * runtime's `node:async_hooks` (Node, Bun, Deno; workerd with `nodejs_compat`): a database
 * that never opens one (D1's, `transactions: 'none'`) needs no Node compatibility.
 *
 * Others meanwhile: on PostgreSQL the transaction holds one pooled connection; other
 * requests use the others and see none of its writes until it commits (READ COMMITTED),
 * waiting only on rows it has written. On SQLite there is one connection: other requests'
 * queries wait their turn until the transaction ends (they never see its writes either:
 * `Database.prepare` reads go through the queue while a transaction is open). A transaction
 * lasts at most `timeoutMs`: past it, it is rolled back, the connection is freed, and the
 * work's later queries fail instead of running outside it.
 *
 * @module
 */
import type { AsyncLocalStorage } from 'node:async_hooks';
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

/**
 * A new `AsyncLocalStorage` of the runtime's `node:async_hooks`, reached through
 * `process.getBuiltinModule` (Node ≥ 20.16, Bun, Deno, workerd with `nodejs_compat`) so that
 * the module is imported only by a database that opens a transaction.
 */
function newAsyncLocalStorage<T>(): AsyncLocalStorage<T> {
  const process: { getBuiltinModule?: (id: 'node:async_hooks') => typeof import('node:async_hooks') | undefined } | undefined =
    Reflect.get(globalThis, 'process');
  const hooks = process?.getBuiltinModule?.('node:async_hooks');
  if (hooks === undefined) {
    throw new Error(
      'Database.transaction needs AsyncLocalStorage (node:async_hooks), which this runtime lacks: on workerd, set the compatibility flag nodejs_compat.',
    );
  }
  return new hooks.AsyncLocalStorage<T>();
}

function endedError(how: string): Error {
  const error = new Error(`The transaction this query belongs to has ended (${how}).`);
  Object.defineProperty(error, DATABASE_UNAVAILABLE, { value: true });
  return error;
}

/** A Kysely driver that runs the queries of an ambient transaction's work on its connection. */
export class AmbientDriver implements Driver {
  #init: Promise<void> | undefined;
  /** The transaction's connection of the work running here, if any: this driver's own storage, made at the first transaction. */
  #storage: AsyncLocalStorage<AmbientConnection> | undefined;
  /** How many works run inside a transaction of this driver (their promises not settled yet). */
  #running = 0;

  constructor(readonly inner: Driver) {}

  init(): Promise<void> {
    this.#init ??= this.inner.init();
    return this.#init;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // An ended transaction's connection is still handed out: its queries then fail rather
    // than run outside the transaction.
    return this.#storage?.getStore() ?? this.inner.acquireConnection();
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

  /** The connection of this driver's transaction open here, if any. */
  #ambient(): AmbientConnection | undefined {
    return this.#storage?.getStore();
  }

  /**
   * Runs `work` with `connection` as its transaction, and switches the storage off again once
   * no work runs in a transaction of this driver. On Node 20 a storage in use makes V8 call a
   * hook for every promise the process creates, whatever it does: left on after the first
   * write, it made every later read slower (a single post 1.34x the CPU, a list of ten 1.06x,
   * `bench/` in process). A work's later queries still find their transaction (and fail once
   * it ended) while the work runs, a timed-out one included; a task the work started without
   * waiting for it, and that outlives it, runs outside once no transaction is open.
   */
  #runTracked<T>(connection: AmbientConnection, work: () => Promise<T>): Promise<T> {
    this.#running += 1;
    const done = (): void => {
      this.#running -= 1;
      if (this.#running === 0) storage.disable();
    };
    const storage = (this.#storage ??= newAsyncLocalStorage<AmbientConnection>());
    let result: Promise<T>;
    try {
      result = storage.run(connection, work);
    } catch (error) {
      done();
      throw error;
    }
    result.then(done, done);
    return result;
  }

  /** `Database.beforeCommit`: the state of `key` in the transaction open here, made by `start` at its first use. */
  beforeCommit<S extends BeforeCommitWork>(key: object, start: () => S): S | undefined {
    const ambient = this.#ambient();
    if (ambient === undefined) return undefined;
    const kept = ambient.beforeCommit;
    const existing = kept.get(key);
    // Made by `start` of the same key, which the caller names for one kind of state.
    if (existing !== undefined) return existing as S;
    const made = start();
    kept.set(key, made);
    return made;
  }

  /** `Database.afterCommit`: `work` once the transaction open here committed, or at once. */
  async afterCommit(work: () => Promise<void> | void): Promise<void> {
    const ambient = this.#ambient();
    if (ambient === undefined) await work();
    else ambient.afterCommit.push(work);
  }

  /** Runs `work` in a transaction of its own connection (see `Database.transaction`). */
  async run<T>(work: () => Promise<T>, timeoutMs: number): Promise<T> {
    // Already inside one: the work simply joins it (its failure fails the outer one).
    if (this.#ambient() !== undefined) return work();
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
        result = await Promise.race([this.#runTracked(connection, workThenEnd), timedOut]);
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

/** Options of `Database.transaction` and `Database.transactionRunner`. */
export interface TransactionOptions {
  /** How long the transaction may last before it is rolled back. @default 30000 */
  readonly timeoutMs?: number;
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
