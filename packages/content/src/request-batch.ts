/**
 * Loading for many records at once, per request: the records of one response ask for their
 * values in the same tick (the core prepares a list's records together), so the keys asked
 * for before the next microtask are loaded by one call, with no N+1 queries.
 *
 * @module
 */
import { type RestRequest, requestLocal } from '@cms-json/core';

/** One load: keys join it until it starts. */
interface Batch<K, V> {
  readonly keys: Set<K>;
  started: boolean;
  readonly result: Promise<Map<K, V>>;
}

/**
 * A loader whose calls in the same tick of a request share one `load`.
 *
 * @example
 * const termIds = requestBatch('post-terms.category', (ids: number[]) => store.termsOf('category', ids));
 * await termIds(request, post.id); // [3, 5]
 */
export function requestBatch<K, V>(
  name: string,
  load: (keys: K[]) => Promise<Map<K, V>>,
): (request: RestRequest, key: K) => Promise<V | undefined> {
  const open = requestLocal<Batch<K, V>>(name);
  return (request, key) => {
    let batch = open.get(request);
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
      open.set(request, batch);
    }
    batch.keys.add(key);
    return batch.result.then((values) => values.get(key));
  };
}
