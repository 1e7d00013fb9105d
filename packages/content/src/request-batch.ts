/**
 * Loading for many records at once: the records of one response ask for their values in
 * the same tick (the core prepares a list's records together), and so do the requests
 * answered together (the links of one `_embed` share a {@link RestRequest.batchScope}), so
 * the keys asked for before the next microtask are loaded by one call, with no N+1 queries.
 *
 * @module
 */
import { type BatchScope, batchSlot, type RestRequest } from '@cms-json/core';

/** One load: keys join it until it starts. */
interface Batch<K, V> {
  readonly keys: Set<K>;
  started: boolean;
  readonly result: Promise<Map<K, V>>;
}

/** A batch that loads the keys it gathered at the next microtask. */
function newBatch<K, V>(load: (keys: K[]) => Promise<Map<K, V>>): Batch<K, V> {
  const keys = new Set<K>();
  const batch: Batch<K, V> = {
    keys,
    started: false,
    result: Promise.resolve().then(() => {
      batch.started = true;
      return load([...keys]);
    }),
  };
  return batch;
}

/** The batch of `slot` in `open` that keys may still join, made anew once the last one started. */
function openBatch<S, K, V>(
  open: { get(slot: S): Batch<K, V> | undefined; set(slot: S, batch: Batch<K, V>): unknown },
  slot: S,
  load: (keys: K[]) => Promise<Map<K, V>>,
): Batch<K, V> {
  let batch = open.get(slot);
  if (batch === undefined || batch.started) open.set(slot, (batch = newBatch(load)));
  return batch;
}

/**
 * A value for each owner and batch scope, made at its first use: kept in the scope (a slot of
 * this loader's), so it goes with the scope.
 */
function perOwnerAndScope<O extends object, V>(name: string, make: () => V): (owner: O, scope: BatchScope) => V {
  const slot = batchSlot<Map<O, V>>(name);
  return (owner, scope) => {
    const owners = scope.get(slot, () => new Map<O, V>());
    let value = owners.get(owner);
    if (value === undefined) owners.set(owner, (value = make()));
    return value;
  };
}

/**
 * A loader whose calls in the same tick of a request (or of requests answered together)
 * share one `load`.
 *
 * @example
 * const termIds = requestBatch((ids: number[]) => store.termsOf('category', ids));
 * await termIds(request, post.id); // [3, 5]
 */
export function requestBatch<K, V>(
  load: (keys: K[]) => Promise<Map<K, V>>,
): (request: RestRequest, key: K) => Promise<V | undefined> {
  // The scope's open batch of this loader (one slot, so one key: the loader itself).
  const slot = batchSlot<Map<null, Batch<K, V>>>('requestBatch');
  return (request, key) => {
    const batch = openBatch(
      request.batchScope.get(slot, () => new Map()),
      null,
      load,
    );
    batch.keys.add(key);
    return batch.result.then((values) => values.get(key));
  };
}

/**
 * A {@link requestBatchPer} whose values are kept for the rest of the batch scope: a key
 * asked for again (by a later step of the same request, or by another of the requests
 * answered together) is answered by the first load, with no new one. For reads that cannot
 * change within a scope's requests (what a GET's check and its handler both read).
 *
 * @example
 * const carried = keptBatchPer((store: TermStore, ids: number[]) => store.carriedTerms(ids));
 * await carried(store, request, 5); // the permission check loads it…
 * await carried(store, request, 5); // …and the handler finds it
 */
export function keptBatchPer<O extends object, K, V>(
  load: (owner: O, keys: K[]) => Promise<Map<K, V>>,
): (owner: O, request: RestRequest, key: K) => Promise<V | undefined> {
  const batched = requestBatchPer(load);
  const kept = perOwnerAndScope<O, Map<K, Promise<V | undefined>>>('keptBatchPer', () => new Map());
  return (owner, request, key) => {
    const values = kept(owner, request.batchScope);
    let value = values.get(key);
    if (value === undefined) values.set(key, (value = batched(owner, request, key)));
    return value;
  };
}

/**
 * A {@link requestBatch} per owner (a store, a registry), made at its first use: the loads
 * of one owner are batched together, never with another's.
 *
 * @example
 * const userById = requestBatchPer((users: UserStore, ids: number[]) => users.findByIds(ids).then(byId));
 * await userById(context.users, request, 3);
 */
export function requestBatchPer<O extends object, K, V>(
  load: (owner: O, keys: K[]) => Promise<Map<K, V>>,
): (owner: O, request: RestRequest, key: K) => Promise<V | undefined> {
  // Per owner, per batch scope: the owner's open batch.
  const open = perOwnerAndScope<O, Map<null, Batch<K, V>>>('requestBatchPer', () => new Map());
  return (owner, request, key) => {
    const batch = openBatch(open(owner, request.batchScope), null, (keys: K[]) => load(owner, keys));
    batch.keys.add(key);
    return batch.result.then((values) => values.get(key));
  };
}

/** Options of {@link listsPerObject}. */
export interface ListsPerObjectOptions<Q> {
  /**
   * The shape of a query: two queries of the same shape must read the same (they are read
   * as one, with the first one's values). Default: the query's JSON text, which separates
   * every query; a cheaper one (a few fields joined) saves that cost on every call.
   */
  readonly shapeOf?: ((query: Q) => string) | undefined;
}

/**
 * A loader of one object's page of a list (the terms of post 5, the comments of post 5),
 * read with the pages of the other objects asked for in the same tick with a query of the
 * same shape (the links of one `_embed`): one `load` for each shape, whatever the number of
 * objects.
 *
 * @example
 * const termsOfPost = listsPerObject((store: TermStore, query, ids) => store.listForObjects(query, ids), () => ({ terms: [], total: 0 }));
 * const { terms, total } = await termsOfPost(store, request, query, 5);
 */
export function listsPerObject<O extends object, Q, R>(
  /** Reads the pages; `request` is the first of those asking (they share its batch scope). */
  load: (owner: O, query: Q, ids: number[], request: RestRequest) => Promise<Map<number, R>>,
  empty: () => R,
  options: ListsPerObjectOptions<Q> = {},
): (owner: O, request: RestRequest, query: Q, id: number) => Promise<R> {
  const shapeOf = options.shapeOf ?? ((query: Q) => JSON.stringify(query));
  // Per owner, per batch scope: the open load of each shape (the first query of it read for all).
  const shapes = perOwnerAndScope<O, Map<string, Batch<number, R>>>('listsPerObject', () => new Map());
  return (owner, request, query, id) => {
    const batch = openBatch(shapes(owner, request.batchScope), shapeOf(query), (ids) => load(owner, query, ids, request));
    batch.keys.add(id);
    return batch.result.then((pages) => pages.get(id) ?? empty());
  };
}
