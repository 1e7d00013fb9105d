/**
 * `OptionCache`: the site options a request reads (the time zone, sticky posts, the permalink
 * structure…) kept for at most `ttlMs` (1 s by default) per process, so a busy site reads its
 * options table once a second instead of once or twice per request.
 *
 * What it may serve, and never beyond: what was committed at most `ttlMs` ago. WordPress's PHP
 * (or another cms-json process) may change an option behind us: cms-json sees it at most
 * `ttlMs` later. The store's own writes clear it at once and again when their transaction
 * commits, and a read that started before a write is not kept. Reads made inside a
 * transaction never use it (they must see the transaction's own writes). Options are
 * site-wide: nothing in it depends on the user.
 *
 * @module
 */
import type { PhpValue } from '../php-serialized.js';

/** The stored values of a set of WordPress options (missing ones left out). */
export type StoredOptions = Readonly<Partial<Record<string, PhpValue>>>;

/**
 * Options of {@link OptionCache}.
 *
 * @example
 * const options: OptionCacheOptions = { ttlMs: 1000 };
 */
export interface OptionCacheOptions {
  /** How long a read is kept, in milliseconds; `0` keeps nothing. @default 1000 */
  ttlMs?: number | undefined;
  /** The clock (milliseconds). @default Date.now */
  now?: (() => number) | undefined;
}

/** The longest a read may be kept: WordPress's own writes must show within a second. */
export const OPTION_CACHE_TTL_MS = 1000;

/**
 * A snapshot of some options, kept for a short time. `read(load)` answers the snapshot when
 * it is fresh, else runs `load` and keeps its answer unless a write began meanwhile;
 * `invalidate()` forgets it (every write calls it when it starts and when it commits).
 *
 * @example
 * const cache = new OptionCache({ ttlMs: 1000 });
 * const stored = await cache.read(() => getOptions(database, names));
 * cache.invalidate(); // after a write
 */
export class OptionCache {
  readonly #ttlMs: number;
  readonly #now: () => number;
  #snapshot: { values: StoredOptions; at: number } | undefined;
  /** Bumped by every invalidation: a load that saw another generation at its start is not kept. */
  #generation = 0;

  constructor(options: OptionCacheOptions = {}) {
    const ttl = options.ttlMs ?? OPTION_CACHE_TTL_MS;
    this.#ttlMs = Number.isFinite(ttl) && ttl > 0 ? Math.min(ttl, OPTION_CACHE_TTL_MS) : 0;
    this.#now = options.now ?? Date.now;
  }

  /** The snapshot when it is younger than the TTL, else `load`'s answer (kept when no write began meanwhile). */
  async read(load: () => Promise<StoredOptions>): Promise<StoredOptions> {
    const started = this.#now();
    const snapshot = this.#snapshot;
    if (snapshot !== undefined && started - snapshot.at < this.#ttlMs && started >= snapshot.at) return snapshot.values;
    const generation = this.#generation;
    const values = await load();
    // Aged from when the load started: what it read may have changed since then.
    if (this.#ttlMs > 0 && generation === this.#generation) this.#snapshot = { values, at: started };
    return values;
  }

  /** Forgets the snapshot; a load under way is not kept either. */
  invalidate(): void {
    this.#snapshot = undefined;
    this.#generation += 1;
  }
}
