/**
 * The purger: delivers the surrogate keys a write changed to the shared caches in front of the
 * site (Varnish over HTTP, a CDN through a webhook), after the commit, without ever blocking
 * the answer.
 *
 * - Keys are queued, deduplicated, and sent together on a later tick (one batch holds every
 *   write committed meanwhile).
 * - A failed delivery is retried with a growing delay, a bounded number of times; then the
 *   keys are dropped with a warning. The queue is bounded too. A cache that stays down for
 *   long therefore serves what it holds until its TTL (`s-maxage`) runs out: the TTL is the
 *   bound on staleness when purges are lost (docs/caching.md, "Purging").
 * - **The race**: a read computed at the origin before a write committed, but stored by the
 *   cache after the purge arrived, would stay stale. Every batch is therefore purged a second
 *   time `repeatAfterMs` later (default 1 s): any read in flight at the first purge that ended
 *   before the second is gone from the cache then.
 * - `beforePurge` runs before each batch is sent: with read replicas, it waits for the replicas
 *   to replay the writes, so that the cache does not refetch old rows from a lagging replica.
 *
 * @module
 */
import type { CacheKey } from './keys.js';

/**
 * One place purges go: a cache or a CDN. `send` delivers one batch of keys, or rejects (the
 * purger retries it).
 *
 * @example
 * const target: PurgeTarget = { name: 'my-cdn', send: async (keys) => { await cdn.purgeTags(keys); } };
 */
export interface PurgeTarget {
  /** A short name for warnings (`varnish http://127.0.0.1:6081`). */
  readonly name: string;
  /** Delivers one batch of keys; rejects when it did not. */
  send(keys: readonly CacheKey[]): Promise<void>;
}

/** What a purger did, for tests, logs and the closing note's figures. */
export interface PurgeStats {
  /** Keys handed to {@link Purger.purge} (before deduplication). */
  requested: number;
  /** Deliveries that succeeded (one batch to one target, second purges included). */
  sent: number;
  /** Delivery attempts that failed (each retry counts). */
  failed: number;
  /** Keys given up on: retries spent, or the queue full. */
  dropped: number;
}

/**
 * Delivers purges after the commit (see the module comment).
 *
 * @example
 * const purger = createPurger({ targets: [varnishPurgeTarget({ urls: ['http://127.0.0.1:6081'] })] });
 * purger.purge(['post-12', 'posts-post']);
 * await purger.settled();
 */
export interface Purger {
  /** Queues keys to purge; never throws, never waits. */
  purge(keys: Iterable<CacheKey>): void;
  /** Resolves once everything queued so far was delivered or given up on (second purges included). */
  settled(): Promise<void>;
  /** Sends what is queued now (second purges without their delay) and stops taking keys. */
  close(): Promise<void>;
  /** What the purger did so far. */
  readonly stats: Readonly<PurgeStats>;
}

/** Options of {@link createPurger}. */
export interface PurgerOptions {
  /** Where purges go: Varnish servers, CDN webhooks. */
  targets: readonly PurgeTarget[];
  /** Runs before each batch is sent (wait for read replicas to replay the writes); its failure is logged and the batch sent anyway. */
  beforePurge?: (() => Promise<void>) | undefined;
  /** The delay of the second purge of each batch (the race of a read in flight); default 1000 ms; 0: no second purge. */
  repeatAfterMs?: number | undefined;
  /** Attempts per delivery to one target, the first included; default 5. */
  maxAttempts?: number | undefined;
  /** The delay before the first retry, doubled at each next one (at most 30 s); default 200 ms. */
  retryDelayMs?: number | undefined;
  /** How many keys may wait at most; more are dropped with a warning; default 10,000. */
  maxQueuedKeys?: number | undefined;
  /** Where warnings go; default `console.warn`. */
  warn?: ((message: string) => void) | undefined;
}

const MAX_RETRY_DELAY_MS = 30_000;

/**
 * Makes a purger (see {@link Purger}).
 *
 * @throws Error for a bad option (a negative delay, no target, a count that is not a whole number).
 * @example
 * const purger = createPurger({
 *   targets: [varnishPurgeTarget({ urls: ['http://127.0.0.1:6081'] }), webhookPurgeTarget(async (keys) => cdn.purge(keys))],
 *   beforePurge: async () => { await database.waitForReplicas(await database.writePosition()); },
 * });
 */
export function createPurger(options: PurgerOptions): Purger {
  const targets = [...options.targets];
  if (targets.length === 0) throw new Error('createPurger: give at least one target.');
  const repeatAfterMs = wholeNumber('repeatAfterMs', options.repeatAfterMs ?? 1000, 0);
  const maxAttempts = wholeNumber('maxAttempts', options.maxAttempts ?? 5, 1);
  const retryDelayMs = wholeNumber('retryDelayMs', options.retryDelayMs ?? 200, 0);
  const maxQueuedKeys = wholeNumber('maxQueuedKeys', options.maxQueuedKeys ?? 10_000, 1);
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const stats: PurgeStats = { requested: 0, sent: 0, failed: 0, dropped: 0 };
  let queued = new Set<CacheKey>();
  let flushScheduled = false;
  let closed = false;
  /** Every delivery under way (first and second purges, with their retries). */
  const running = new Set<Promise<void>>();
  /** The timers of second purges not yet sent, with their keys, for `close()`. */
  const repeats = new Map<ReturnType<typeof setTimeout>, readonly CacheKey[]>();
  /** Wakes up a `settled()` waiting for a repeat's timer. */
  let repeatWaiters: (() => void)[] = [];

  function track(work: Promise<void>): void {
    running.add(work);
    void work.finally(() => running.delete(work));
  }

  async function deliver(target: PurgeTarget, keys: readonly CacheKey[]): Promise<void> {
    let delay = retryDelayMs;
    for (let attempt = 1; ; attempt++) {
      try {
        await target.send(keys);
        stats.sent++;
        return;
      } catch (error) {
        stats.failed++;
        if (attempt >= maxAttempts) {
          stats.dropped += keys.length;
          warn(
            `cms-json purge: ${target.name} failed ${attempt} times (${describe(error)}); ${keys.length} keys dropped, the cache keeps them until their s-maxage.`,
          );
          return;
        }
      }
      if (!closed) await sleep(delay);
      delay = Math.min(delay * 2, MAX_RETRY_DELAY_MS);
    }
  }

  async function send(
    keys: readonly CacheKey[],
    step: { repeat: boolean; beforePurge: (() => Promise<void>) | undefined },
  ): Promise<void> {
    if (step.beforePurge !== undefined) {
      try {
        await step.beforePurge();
      } catch (error) {
        warn(`cms-json purge: waiting before the purge failed (${describe(error)}); purging anyway.`);
      }
    }
    await Promise.all(targets.map((target) => deliver(target, keys)));
    if (step.repeat && repeatAfterMs > 0 && !closed) {
      const timer = setTimeout(() => {
        repeats.delete(timer);
        track(send(keys, { repeat: false, beforePurge: undefined }));
        wake();
      }, repeatAfterMs);
      repeats.set(timer, keys);
    }
  }

  function wake(): void {
    const waiters = repeatWaiters;
    repeatWaiters = [];
    for (const waiter of waiters) waiter();
  }

  function flush(): void {
    flushScheduled = false;
    if (queued.size === 0) return;
    const keys = [...queued];
    queued = new Set();
    track(send(keys, { repeat: true, beforePurge: options.beforePurge }));
  }

  return {
    stats,
    purge(keys) {
      for (const key of keys) {
        stats.requested++;
        if (queued.has(key)) continue;
        if (closed || queued.size >= maxQueuedKeys) {
          stats.dropped++;
          if (stats.dropped === 1 || stats.dropped % 1000 === 0)
            warn(
              `cms-json purge: ${closed ? 'the purger is closed' : 'the purge queue is full'}; key "${key}" dropped (${stats.dropped} so far).`,
            );
          continue;
        }
        queued.add(key);
      }
      if (queued.size > 0 && !flushScheduled) {
        flushScheduled = true;
        setTimeout(flush, 0);
      }
    },
    async settled() {
      for (;;) {
        if (flushScheduled || queued.size > 0) flush();
        if (running.size > 0) await Promise.all(running);
        else if (repeats.size > 0) await new Promise<void>((resolve) => repeatWaiters.push(resolve));
        else return;
      }
    },
    async close() {
      closed = true;
      for (const [timer, keys] of repeats) {
        clearTimeout(timer);
        track(send(keys, { repeat: false, beforePurge: undefined }));
      }
      repeats.clear();
      wake();
      flush();
      while (running.size > 0) await Promise.all(running);
    },
  };
}

/** `value` when it is a whole number of at least `min`; else a clear error. */
function wholeNumber(name: string, value: number, min: number): number {
  if (!Number.isSafeInteger(value) || value < min)
    throw new Error(`createPurger: ${name} must be a whole number of at least ${min}, not ${value}.`);
  return value;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A short text of an error for a warning. */
function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
