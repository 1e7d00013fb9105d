/**
 * What the requests answered together share: the links of one `_embed`, dispatched side by
 * side, have one {@link BatchScope}, and a request answered alone has its own. A loader keeps
 * its open batch in the scope (a {@link BatchSlot} of it), so the keys its requests ask for in
 * one tick are read by one query; the state goes with the scope, in no table of the loader's.
 *
 * @module
 */

/**
 * A typed place in every batch scope: make one per loader, at module or plugin level; the
 * value it holds belongs to each scope.
 *
 * @example
 * ```ts
 * const openLoad = batchSlot<{ batch?: Batch }>('users.byId');
 * const state = request.batchScope.get(openLoad, () => ({}));
 * ```
 */
export interface BatchSlot<T> {
  /** A name for debugging; two slots of the same name are still two slots. */
  readonly name: string;
  /** Never set: it carries the slot's value type. */
  readonly valueType?: T;
}

/** Makes a {@link BatchSlot}. */
export function batchSlot<T>(name: string): BatchSlot<T> {
  return { name };
}

/** The state that loaders keep for the requests answered together. See the module's comment. */
export class BatchScope {
  readonly #values = new Map<BatchSlot<unknown>, unknown>();

  /** The value of `slot` in this scope, made by `make` at its first use. */
  get<T>(slot: BatchSlot<T>, make: () => T): T {
    if (this.#values.has(slot)) {
      // Set below by `make` of this same slot, whose type says what it holds.
      return this.#values.get(slot) as T;
    }
    const made = make();
    this.#values.set(slot, made);
    return made;
  }
}
