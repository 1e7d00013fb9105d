/**
 * Loading for many records at once: the records of one response ask for their values in
 * the same tick (the core prepares a list's records together), and so do the requests
 * answered together (the links of one `_embed` share a {@link RestRequest.batchScope}), so
 * the keys asked for before the next microtask are loaded by one call, with no N+1 queries.
 *
 * @module
 */
import type { RestRequest } from '@cms-json/core';

/** One load: keys join it until it starts. */
interface Batch<K, V> {
  readonly keys: Set<K>;
  started: boolean;
  readonly result: Promise<Map<K, V>>;
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
  const open = new WeakMap<object, Batch<K, V>>();
  return (request, key) => {
    const scope = request.batchScope;
    let batch = open.get(scope);
    if (batch === undefined || batch.started) {
      const keys = new Set<K>();
      const fresh: Batch<K, V> = {
        keys,
        started: false,
        result: Promise.resolve().then(() => {
          fresh.started = true;
          return load([...keys]);
        }),
      };
      batch = fresh;
      open.set(scope, batch);
    }
    batch.keys.add(key);
    return batch.result.then((values) => values.get(key));
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
  const loaders = new WeakMap<O, (request: RestRequest, key: K) => Promise<V | undefined>>();
  return (owner, request, key) => {
    let loader = loaders.get(owner);
    if (loader === undefined) {
      loader = requestBatch((keys: K[]) => load(owner, keys));
      loaders.set(owner, loader);
    }
    return loader(request, key);
  };
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
  load: (owner: O, query: Q, ids: number[]) => Promise<Map<number, R>>,
  empty: () => R,
): (owner: O, request: RestRequest, query: Q, id: number) => Promise<R> {
  type Key = { shape: string; query: Q; id: number };
  const batched = requestBatchPer(async (owner: O, keys: Key[]) => {
    const shapes = new Map<string, { query: Q; ids: number[] }>();
    for (const key of keys) {
      const shape = shapes.get(key.shape) ?? { query: key.query, ids: [] };
      shape.ids.push(key.id);
      shapes.set(key.shape, shape);
    }
    const pages = new Map<string, Map<number, R>>();
    await Promise.all(
      [...shapes].map(async ([shape, { query, ids }]) => {
        pages.set(shape, await load(owner, query, ids));
      }),
    );
    return new Map(keys.map((key) => [key, pages.get(key.shape)?.get(key.id) ?? empty()]));
  });
  return async (owner, request, query, id) =>
    (await batched(owner, request, { shape: JSON.stringify(query), query, id })) ?? empty();
}
