/**
 * One PostgreSQL read replica as the router sees it: its driver, what its last health poll
 * found (replayed position, lag), and whether it is in rotation (receives reads).
 *
 * @module
 */
import { CompiledQuery, type Driver } from 'kysely';
import { walPositionBytes } from './wal-position.js';

/**
 * How replicas are watched and when one is taken out of rotation.
 *
 * @example
 * const health: ReplicaHealthOptions = { pollIntervalMs: 200, maxLagMs: 1_000 };
 */
export interface ReplicaHealthOptions {
  /** How often each replica (and the primary's position) is polled. @default 500 */
  readonly pollIntervalMs?: number | undefined;
  /** A poll that takes longer counts as failed: the replica leaves rotation. @default 1000 */
  readonly pollTimeoutMs?: number | undefined;
  /**
   * A replica whose replay trails a position the primary had this long ago leaves rotation;
   * it is back once within it. @default 5000
   */
  readonly maxLagMs?: number | undefined;
  /** A replica this many bytes of log behind the primary's position leaves rotation. @default 16 MiB */
  readonly maxLagBytes?: number | undefined;
}

/** The defaults of {@link ReplicaHealthOptions}, filled in. */
export const DEFAULT_REPLICA_HEALTH: Required<{ [K in keyof ReplicaHealthOptions]: number }> = {
  pollIntervalMs: 500,
  pollTimeoutMs: 1_000,
  maxLagMs: 5_000,
  maxLagBytes: 16 * 1024 * 1024,
};

/**
 * What the router knows of one replica, as `Database.replicaStatus()` reports it.
 *
 * @example
 * const status: ReplicaStatus = { name: 'postgres://reader@10.0.0.2/site', inRotation: true, replayed: '0/3000148', lagBytes: 0, lagMs: 0, failure: undefined, reads: 12 };
 */
export interface ReplicaStatus {
  /** The replica's URL without its password. */
  readonly name: string;
  /** Whether it receives reads now. */
  readonly inRotation: boolean;
  /** The log position it had replayed at its last poll. */
  readonly replayed: string | undefined;
  /** Bytes of log it was behind the primary at its last poll. */
  readonly lagBytes: number | undefined;
  /** How far behind the primary it was, in time, at its last poll (see {@link ReplicaHealthOptions.maxLagMs}). */
  readonly lagMs: number | undefined;
  /** Why it is out of rotation, when it is. */
  readonly failure: string | undefined;
  /** Statements it answered since the database was opened. */
  readonly reads: number;
}

/** A primary position and when it was seen, for lag in time. */
export interface PrimarySample {
  readonly at: number;
  readonly position: bigint;
}

/** Runs `work`, or rejects once `ms` passed (the work's own failure is then ignored). */
export async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took more than ${ms} ms`)), ms);
  });
  work.catch(() => {});
  try {
    return await Promise.race([work, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs one SQL text on a connection of `driver` and answers the first row. */
export async function queryOne(driver: Driver, text: string): Promise<Record<string, unknown> | undefined> {
  const connection = await driver.acquireConnection();
  try {
    const result = await connection.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text));
    return result.rows[0];
  } finally {
    await driver.releaseConnection(connection);
  }
}

/** One replica: its driver and its health. */
export class Replica {
  /** Whether it receives reads: set by polls, cleared by a failure. Out until its first poll. */
  inRotation = false;
  /** The position it replayed at its last successful poll (only ever grows). */
  replayed: bigint | undefined;
  replayedText: string | undefined;
  lagBytes: number | undefined;
  lagMs: number | undefined;
  failure: string | undefined = 'not polled yet';
  /** Out of rotation until it has replayed this position (a wait for it timed out). */
  outUntil: bigint | undefined;
  reads = 0;

  constructor(
    readonly name: string,
    readonly driver: Driver,
  ) {}

  /** Takes it out of rotation at once (a statement failed on it); the next good poll decides again. */
  fail(reason: string): void {
    this.inRotation = false;
    this.failure = reason;
  }

  /** Keeps it out of rotation until it replayed `position`. */
  holdUntil(position: bigint): void {
    if (this.outUntil === undefined || this.outUntil < position) this.outUntil = position;
    if (this.replayed === undefined || this.replayed < position) {
      this.inRotation = false;
      this.failure = 'behind a write it was waited for';
    }
  }

  /** Its replay position now, asked of the server (not the last poll's). */
  async replayPosition(timeoutMs: number): Promise<bigint | undefined> {
    const row = await withTimeout(
      queryOne(this.driver, 'select pg_last_wal_replay_lsn()::text as replayed'),
      timeoutMs,
      'asking the replay position',
    );
    const text = row?.replayed;
    if (typeof text !== 'string') return undefined;
    this.#sawReplayed(text);
    return this.replayed;
  }

  #sawReplayed(text: string): void {
    const position = walPositionBytes(text);
    if (this.replayed === undefined || position > this.replayed) {
      this.replayed = position;
      this.replayedText = text;
    }
  }

  /**
   * Polls it: still a standby, its replay position, its lag against the primary's recent
   * positions (`samples`, oldest first); decides whether it is in rotation.
   */
  async poll(samples: readonly PrimarySample[], health: Required<{ [K in keyof ReplicaHealthOptions]: number }>): Promise<void> {
    let row: Record<string, unknown> | undefined;
    try {
      row = await withTimeout(
        queryOne(this.driver, 'select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replayed'),
        health.pollTimeoutMs,
        'the health poll',
      );
    } catch (error) {
      this.fail(`poll failed: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    if (row?.standby !== true || typeof row.replayed !== 'string') {
      // A promoted replica is a primary of its own: its data no longer follows this one's.
      this.fail('not a standby (promoted, or not a replica)');
      return;
    }
    this.#sawReplayed(row.replayed);
    const replayed = this.replayed ?? 0n;
    const latest = samples.at(-1);
    this.lagBytes = latest === undefined || latest.position <= replayed ? 0 : Number(latest.position - replayed);
    // Behind since the first primary position it has not replayed was seen.
    const firstAhead = samples.find((sample) => sample.position > replayed);
    this.lagMs = firstAhead === undefined ? 0 : Date.now() - firstAhead.at;
    if (this.outUntil !== undefined && replayed >= this.outUntil) this.outUntil = undefined;
    if (this.outUntil !== undefined) {
      this.fail('behind a write it was waited for');
    } else if (this.lagBytes > health.maxLagBytes) {
      this.fail(`${this.lagBytes} bytes behind the primary`);
    } else if (this.lagMs > health.maxLagMs) {
      this.fail(`${this.lagMs} ms behind the primary`);
    } else {
      this.inRotation = true;
      this.failure = undefined;
    }
  }

  /** Whether it may answer a read that must see `notBefore`. */
  serves(notBefore: bigint | undefined): boolean {
    if (!this.inRotation) return false;
    return notBefore === undefined || (this.replayed !== undefined && this.replayed >= notBefore);
  }

  status(): ReplicaStatus {
    return {
      name: this.name,
      inRotation: this.inRotation,
      replayed: this.replayedText,
      lagBytes: this.lagBytes,
      lagMs: this.lagMs,
      failure: this.failure,
      reads: this.reads,
    };
  }
}
