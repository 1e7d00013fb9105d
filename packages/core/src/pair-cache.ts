/**
 * Values computed once per pair of keys, the first held weakly: a route's links made ready
 * for a site URL, a schema's plan for a context.
 *
 * @module
 */

/**
 * A cache by two keys. The first key is an object, held weakly: when it goes, its values go.
 * `make` is called once per pair, with the two keys (a function made once, not a closure per
 * call: the cache is read on every request).
 *
 * @example
 * ```ts
 * const plans = new PairCache<JsonSchema, string, Plan>();
 * const plan = plans.get(schema, 'view', planOf);
 * ```
 */
export class PairCache<A extends object, B, V> {
  readonly #byFirst = new WeakMap<A, Map<B, V>>();
  readonly #limit: number;

  /**
   * @param options.limit How many values to keep per first key; beyond it, values are made
   * and not kept (for second keys a request chooses). @default unlimited
   */
  constructor(options: { limit?: number } = {}) {
    this.#limit = options.limit ?? Number.POSITIVE_INFINITY;
  }

  /** The value for `(first, second)`, made by `make(first, second)` the first time. */
  get(first: A, second: B, make: (first: A, second: B) => V): V {
    let bySecond = this.#byFirst.get(first);
    if (bySecond === undefined) {
      bySecond = new Map();
      this.#byFirst.set(first, bySecond);
    }
    const found = bySecond.get(second);
    if (found !== undefined || bySecond.has(second)) return found as V;
    const made = make(first, second);
    if (bySecond.size < this.#limit) bySecond.set(second, made);
    return made;
  }
}
