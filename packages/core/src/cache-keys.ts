/**
 * The surrogate keys of one answer: what a shared cache (Varnish `xkey`, a CDN's
 * `Surrogate-Key`) files the answer under, so that a write can purge exactly the answers built
 * from what it changed (docs/caching.md, "Shared caches and surrogate keys").
 *
 * Every request has a {@link CacheKeys} (`request.cacheKeys`). When the server's `sharedCache`
 * option is off it is {@link IGNORED_CACHE_KEYS}, which keeps nothing: declaring costs a call.
 * When it is on, the pipeline gives each outside request a collector of its own, and the
 * requests answered for it (the links of `_embed`) merge theirs into it.
 *
 * @module
 */

/**
 * The keys an answer was built from, and whether it may be shared at all.
 *
 * A route says what its answer was built from by adding keys (`post-12`, `posts-post`); a
 * route built from no records (a list of types) says so with {@link markStatic}. An answer
 * that declared neither is never shared: a plugin route that forgot its keys is computed by
 * the origin, never served stale from a cache.
 *
 * @example
 * ```ts
 * request.cacheKeys.add(`link-${link.id}`, 'links');
 * ```
 */
export class CacheKeys {
  #keys: Set<string> | undefined;
  #static = false;
  #private = false;
  #undeclared = false;
  /** Whether keys are kept (the shared cache is on); `false` for {@link IGNORED_CACHE_KEYS}. */
  readonly collecting: boolean;

  /** A collector; `collecting: false` makes one that keeps nothing. */
  constructor(options: { collecting: boolean } = { collecting: true }) {
    this.collecting = options.collecting;
  }

  /** Declares keys the answer was built from (tokens without spaces: `post-12`, `option-title`). */
  add(...keys: readonly string[]): void {
    if (!this.collecting) return;
    this.#keys ??= new Set();
    for (const key of keys) this.#keys.add(key);
  }

  /** Declares the answer built from no record (it changes only with the code): it may be shared with no keys. */
  markStatic(): void {
    if (this.collecting) this.#static = true;
  }

  /** Declares that the answer must never be shared (a session cookie was sent, protected content is shown). */
  markPrivate(): void {
    if (this.collecting) this.#private = true;
  }

  /** Whether the answer said what it was built from: keys, or {@link markStatic}. */
  get declared(): boolean {
    return this.#static || (this.#keys !== undefined && this.#keys.size > 0);
  }

  /** Whether something marked the answer private, or a part of it came from a route that declared nothing. */
  get isPrivate(): boolean {
    return this.#private || this.#undeclared;
  }

  /** The keys declared, in the order first declared. */
  values(): string[] {
    return this.#keys === undefined ? [] : [...this.#keys];
  }

  /**
   * Takes in the keys of an answer built for this one (an embedded link's): its keys, its
   * private mark, and, when it declared nothing and was a success, the
   * mark that a part of this answer is undeclared.
   */
  merge(other: CacheKeys, options: { success: boolean }): void {
    if (!this.collecting || other === this) return;
    if (other.#keys !== undefined) this.add(...other.#keys);
    if (other.#private || other.#undeclared) this.#private = true;
    if (options.success && !other.declared) this.#undeclared = true;
  }
}

/** The collector of a request whose server keeps no keys (`sharedCache` off): it keeps nothing, so one serves every request. */
export const IGNORED_CACHE_KEYS: CacheKeys = new CacheKeys({ collecting: false });
