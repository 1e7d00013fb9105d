/**
 * Read replicas: a Kysely driver that sends each connection's statements to the PostgreSQL
 * primary or to a streaming replica, decided when the connection is first used, not by
 * reading SQL. Every store gets it unchanged, because every store asks the driver for its
 * connections.
 *
 * - Outside a read scope ({@link ReadReplicas.readScope}), everything goes to the primary.
 * - In a scope that allows it, a connection goes to a replica in rotation that replayed the
 *   scope's `notBefore` position (read-your-writes); else to the primary.
 * - A transaction (ambient or Kysely's) moves its connection to the primary before `begin`.
 * - A statement a replica refuses (a write, `for update`: read-only transaction; a conflict
 *   with recovery; the replica gone mid-request) is run again once on the primary, and a
 *   replica that failed leaves rotation until its next good poll.
 *
 * @module
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { CompiledQuery, DatabaseConnection, Driver, QueryCompiler, QueryResult, TransactionSettings } from 'kysely';
import {
  DEFAULT_REPLICA_HEALTH,
  type PrimarySample,
  queryOne,
  type Replica,
  type ReplicaHealthOptions,
  type ReplicaStatus,
  withTimeout,
} from './replica.js';
import { parseWalPosition, walPositionBytes } from './wal-position.js';

/**
 * The read context of some work: may its reads use a replica, and which write must they see.
 *
 * @example
 * await database.readScope({ mayUseReplica: true, notBefore: cookiePosition }, () => posts.list());
 */
export interface ReadScope {
  /** Whether reads outside a transaction may go to a replica. */
  readonly mayUseReplica: boolean;
  /**
   * A log position (from `Database.writePosition()`, e.g. echoed by the client) the reads must
   * see: only a replica that replayed it serves them. A value that is not a position is
   * ignored and the reads go to the primary.
   */
  readonly notBefore?: string | undefined;
}

/** Options of `Database.waitForReplicas`. */
export interface WaitForReplicasOptions {
  /** How long to wait at most. @default 2000 */
  readonly timeoutMs?: number | undefined;
}

/** The scope as the driver keeps it: the position parsed, and the replica its reads went to. */
interface HeldScope {
  readonly mayUseReplica: boolean;
  readonly notBefore: bigint | undefined;
  /**
   * The replica the scope's first replica read went to: its later reads go there too while it
   * serves, so that one request never reads a newer replica, then an older one (an `ETag`
   * from one and rows from the other).
   */
  replica?: Replica | undefined;
}

/**
 * SQLSTATEs after which a statement sent to a replica is run again on the primary:
 * 25006 read-only transaction (a write, `for update`, `nextval`), 40001 canceled by a
 * conflict with recovery. Connection failures are found with {@link isDatabaseUnavailable}'s
 * mark, set by the pool wrapper.
 */
const RETRY_ON_PRIMARY = new Set(['25006', '40001']);

/** Marked on errors that mean "the database cannot be reached now" (connect.ts). */
const DATABASE_UNAVAILABLE = Symbol.for('cms-json.database-unavailable');

function isUnavailable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && Reflect.get(error, DATABASE_UNAVAILABLE) === true;
}

function codeOf(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? Reflect.get(error, 'code') : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** Where a routed connection's statements go, once decided. */
interface Target {
  readonly connection: DatabaseConnection;
  readonly driver: Driver;
  readonly replica: Replica | undefined;
}

/** A connection whose server is chosen at its first statement (or `begin`). */
class RoutedConnection implements DatabaseConnection {
  #target: Promise<Target> | undefined;

  constructor(
    readonly router: ReadReplicas,
    readonly scope: HeldScope | undefined,
  ) {}

  #acquire(): Promise<Target> {
    this.#target ??= this.router.connect(this.scope);
    return this.#target;
  }

  /** Moves the connection to the primary (a transaction begins, or the replica failed). */
  async toPrimary(): Promise<Target> {
    // Not used yet (a transaction's `begin`): straight to the primary, no replica connection taken.
    if (this.#target === undefined) {
      this.#target = this.router.connect(undefined);
      return this.#target;
    }
    const target = await this.#target;
    if (target.replica === undefined) return target;
    this.#target = this.router.connect(undefined);
    await target.driver.releaseConnection(target.connection).catch(() => {});
    return this.#target;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const target = await this.#acquire();
    if (target.replica === undefined) return target.connection.executeQuery<R>(query);
    try {
      const result = await target.connection.executeQuery<R>(query);
      target.replica.reads += 1;
      return result;
    } catch (error) {
      const code = codeOf(error);
      const unavailable = isUnavailable(error);
      if (!unavailable && (code === undefined || !RETRY_ON_PRIMARY.has(code))) throw error;
      if (unavailable) target.replica.fail(`a statement failed: ${error instanceof Error ? error.message : String(error)}`);
      this.router.retriedOnPrimary += 1;
      const primary = await this.toPrimary();
      return primary.connection.executeQuery<R>(query);
    }
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    const target = await this.#acquire();
    yield* target.connection.streamQuery<R>(query, chunkSize);
  }

  async release(): Promise<void> {
    if (this.#target === undefined) return;
    const target = await this.#target.catch(() => undefined);
    if (target !== undefined) await target.driver.releaseConnection(target.connection);
  }
}

/** The driver Kysely sees: connections routed by {@link ReadReplicas}, transactions on the primary. */
class RoutingDriver implements Driver {
  constructor(readonly router: ReadReplicas) {}

  init(): Promise<void> {
    return this.router.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this.router, this.router.currentScope());
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (connection instanceof RoutedConnection) await connection.toPrimary();
    await this.router.primary.beginTransaction(connection, settings);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.router.primary.commitTransaction(connection);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.router.primary.rollbackTransaction(connection);
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.router.primary.savepoint?.(connection, name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.router.primary.rollbackToSavepoint?.(connection, name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.router.primary.releaseSavepoint?.(connection, name, compile);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    if (connection instanceof RoutedConnection) await connection.release();
  }

  destroy(): Promise<void> {
    return this.router.destroy();
  }
}

/**
 * A PostgreSQL primary and its read replicas behind one Kysely driver ({@link driver}), with
 * the replicas' health polled in the background. `openDatabase({ url, replicas })` builds it;
 * a `Database` exposes its scope and positions.
 *
 * @example
 * const router = new ReadReplicas(primaryDriver, [new Replica('postgres://…', replicaDriver)], {});
 * new Database(routedDialect(dialect, router), { dialect: 'postgres', readReplicas: router });
 */
export class ReadReplicas {
  /** The driver to give Kysely. */
  readonly driver: Driver;
  /** Statements that failed on a replica and were run again on the primary. */
  retriedOnPrimary = 0;
  readonly #health: Required<{ [K in keyof ReplicaHealthOptions]: number }>;
  readonly #scope = new AsyncLocalStorage<HeldScope>();
  /** The primary's recent positions, oldest first, for lag in time. */
  #samples: PrimarySample[] = [];
  #next = 0;
  #init: Promise<void> | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #stopped = false;

  constructor(
    readonly primary: Driver,
    readonly replicas: readonly Replica[],
    health: ReplicaHealthOptions = {},
  ) {
    this.#health = {
      pollIntervalMs: health.pollIntervalMs ?? DEFAULT_REPLICA_HEALTH.pollIntervalMs,
      pollTimeoutMs: health.pollTimeoutMs ?? DEFAULT_REPLICA_HEALTH.pollTimeoutMs,
      maxLagMs: health.maxLagMs ?? DEFAULT_REPLICA_HEALTH.maxLagMs,
      maxLagBytes: health.maxLagBytes ?? DEFAULT_REPLICA_HEALTH.maxLagBytes,
    };
    for (const [name, value] of Object.entries(this.#health)) {
      if (!Number.isFinite(value) || value <= 0)
        throw new Error(`replicaHealth.${name} must be a positive number, not ${value}.`);
    }
    this.driver = new RoutingDriver(this);
  }

  /** Initializes the drivers and starts polling (once). */
  init(): Promise<void> {
    this.#init ??= (async () => {
      await this.primary.init();
      for (const replica of this.replicas) await replica.driver.init();
      this.#schedule(0);
    })();
    return this.#init;
  }

  #schedule(delay: number): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      void this.pollOnce().finally(() => this.#schedule(this.#health.pollIntervalMs));
    }, delay);
    this.#timer.unref();
  }

  /** One round of polls: the primary's position, then every replica. Never rejects. */
  async pollOnce(): Promise<void> {
    try {
      const row = await withTimeout(
        queryOne(this.primary, 'select pg_current_wal_lsn()::text as position'),
        this.#health.pollTimeoutMs,
        "asking the primary's position",
      );
      const text = row?.position;
      if (typeof text === 'string') {
        const now = Date.now();
        this.#samples.push({ at: now, position: walPositionBytes(text) });
        // Keep what lag in time needs: positions up to twice the bound old, and at least one.
        const oldest = now - 2 * this.#health.maxLagMs;
        while (this.#samples.length > 1 && (this.#samples[0]?.at ?? now) < oldest) this.#samples.shift();
      }
    } catch {
      // The primary is away: the replicas are judged against the positions seen before.
    }
    await Promise.all(this.replicas.map((replica) => replica.poll(this.#samples, this.#health)));
  }

  /** The scope of the work running here, if any. */
  currentScope(): HeldScope | undefined {
    return this.#scope.getStore();
  }

  /** Runs `work` in a read scope (see `Database.readScope`). */
  readScope<T>(scope: ReadScope, work: () => Promise<T>): Promise<T> {
    let held: HeldScope;
    if (!scope.mayUseReplica) held = { mayUseReplica: false, notBefore: undefined };
    else if (scope.notBefore === undefined) held = { mayUseReplica: true, notBefore: undefined };
    else {
      const position = parseWalPosition(scope.notBefore);
      // A position that is not one cannot be honoured: the primary has every write.
      held =
        position === undefined
          ? { mayUseReplica: false, notBefore: undefined }
          : { mayUseReplica: true, notBefore: walPositionBytes(position) };
    }
    return this.#scope.run(held, work);
  }

  /** A connection for a scope: a replica that serves it, else the primary. */
  async connect(scope: HeldScope | undefined): Promise<Target> {
    await this.init();
    if (scope?.mayUseReplica === true) {
      const kept = scope.replica;
      if (kept?.serves(scope.notBefore) === true) {
        try {
          return { connection: await kept.driver.acquireConnection(), driver: kept.driver, replica: kept };
        } catch (error) {
          kept.fail(`connecting failed: ${error instanceof Error ? error.message : String(error)}`);
          this.retriedOnPrimary += 1;
          return { connection: await this.primary.acquireConnection(), driver: this.primary, replica: undefined };
        }
      }
      const count = this.replicas.length;
      for (let i = 0; i < count; i++) {
        const replica = this.replicas[(this.#next + i) % count];
        if (replica === undefined || !replica.serves(scope.notBefore)) continue;
        this.#next = (this.#next + i + 1) % count;
        try {
          const connection = await replica.driver.acquireConnection();
          scope.replica = replica;
          return { connection, driver: replica.driver, replica };
        } catch (error) {
          replica.fail(`connecting failed: ${error instanceof Error ? error.message : String(error)}`);
          this.retriedOnPrimary += 1;
        }
      }
    }
    return { connection: await this.primary.acquireConnection(), driver: this.primary, replica: undefined };
  }

  /** The primary's current log position, asked on a connection of its own. */
  async writePosition(): Promise<string | undefined> {
    await this.init();
    const row = await queryOne(this.primary, 'select pg_current_wal_lsn()::text as position');
    return typeof row?.position === 'string' ? row.position : undefined;
  }

  /** See `Database.waitForReplicas`. */
  async waitForReplicas(position: string | undefined, options: WaitForReplicasOptions = {}): Promise<boolean> {
    const parsed = position === undefined ? undefined : parseWalPosition(position);
    if (parsed === undefined) return true;
    await this.init();
    const target = walPositionBytes(parsed);
    const deadline = Date.now() + (options.timeoutMs ?? 2_000);
    const waiting: Replica[] = [];
    for (const replica of this.replicas) {
      // One out of rotation must not come back before it has the write.
      if (replica.inRotation) waiting.push(replica);
      else replica.holdUntil(target);
    }
    const results = await Promise.all(
      waiting.map(async (replica) => {
        for (;;) {
          if (replica.replayed !== undefined && replica.replayed >= target) return true;
          const left = deadline - Date.now();
          if (left <= 0) break;
          try {
            const replayed = await replica.replayPosition(Math.min(left, this.#health.pollTimeoutMs));
            if (replayed !== undefined && replayed >= target) return true;
          } catch {
            break;
          }
          await new Promise((done) => setTimeout(done, Math.min(10, Math.max(0, deadline - Date.now()))));
        }
        replica.holdUntil(target);
        return false;
      }),
    );
    return results.every(Boolean);
  }

  status(): readonly ReplicaStatus[] {
    return this.replicas.map((replica) => replica.status());
  }

  async destroy(): Promise<void> {
    this.#stopped = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    await Promise.all([this.primary.destroy(), ...this.replicas.map((replica) => replica.driver.destroy())]);
  }
}
