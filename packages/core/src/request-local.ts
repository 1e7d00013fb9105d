/**
 * Per-request state, typed: a {@link RequestLocal} is a key that a permission check, an
 * argument check and a handler of the same request share (the record an id check found,
 * the proof an authenticator saw). The values live on the request and go with it; nothing
 * is kept in a side table.
 *
 * @module
 */
import type { RestRequest } from './request.js';

/**
 * A typed slot of per-request state. Make one per concept, at module or plugin level; the
 * values it holds belong to each request.
 *
 * @example
 * ```ts
 * const found = requestLocal<Link>('tel.found-link');
 * found.set(request, link);   // in the id check
 * found.get(request);         // in the handler: the same link, no second query
 * ```
 */
export interface RequestLocal<T> {
  /** A name for debugging; two locals of the same name are still two slots. */
  readonly name: string;
  /** The value set for this request, or `undefined`. */
  get(request: RestRequest): T | undefined;
  /** Sets the value for this request. */
  set(request: RestRequest, value: T): void;
  /** The value for this request, made by `init` the first time it is asked for. */
  ensure(request: RestRequest, init: () => T): T;
}

/**
 * Makes a {@link RequestLocal}.
 *
 * @example
 * ```ts
 * const loaded = requestLocal<Map<number, Promise<User | undefined>>>('users.loaded');
 * const cache = loaded.ensure(request, () => new Map());
 * ```
 */
export function requestLocal<T>(name: string): RequestLocal<T> {
  const key: RequestLocal<T> = {
    name,
    get: (request) => request.locals.get(key) as T | undefined,
    set: (request, value) => {
      request.locals.set(key, value);
    },
    ensure: (request, init) => {
      const locals = request.locals;
      if (locals.has(key)) return locals.get(key) as T;
      const value = init();
      locals.set(key, value);
      return value;
    },
  };
  return key;
}
