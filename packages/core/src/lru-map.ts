/**
 * A map of at most `limit` entries that forgets the least recently used one when full: the
 * server's per-site contexts and its memory of ETags, bounded without dropping every entry
 * at once.
 *
 * @module
 */

/**
 * A bounded map, least recently used out first. Reading an entry with {@link get} makes it
 * the most recent.
 *
 * @example
 * ```ts
 * const sites = new LruMap<string, Site>(32);
 * sites.set('https://a.example', site);
 * sites.get('https://a.example'); // the site, now the most recent
 * ```
 */
export class LruMap<K, V> {
  // A Map keeps insertion order: the first key is the least recently used.
  readonly #entries = new Map<K, V>();
  /** The key read or written last: reading it again needs no reordering. */
  #last: K | undefined;

  constructor(readonly limit: number) {
    if (!(limit >= 1)) throw new Error(`An LruMap holds at least one entry (limit ${limit}).`);
  }

  /** The number of entries. */
  get size(): number {
    return this.#entries.size;
  }

  /** The value of a key, made the most recently used; `undefined` when absent. */
  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value === undefined || key === this.#last) return value;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    this.#last = key;
    return value;
  }

  /** Sets a key's value, the most recently used; the least recently used entry goes when the map is full. */
  set(key: K, value: V): this {
    if (this.#entries.has(key)) this.#entries.delete(key);
    else if (this.#entries.size >= this.limit) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, value);
    this.#last = key;
    return this;
  }

  /** Forgets every entry. */
  clear(): void {
    this.#entries.clear();
    this.#last = undefined;
  }
}
