/**
 * Answers for shared caches (the server's `sharedCache` option, off by default): a cacheable
 * answer gets `Cache-Control: public, max-age=0, s-maxage=N, stale-while-revalidate=M` and
 * its surrogate keys (`xkey`, `Surrogate-Key`); every other answer under the REST root gets
 * the no-cache set (`private, no-store`). docs/caching.md, "Shared caches and surrogate keys".
 *
 * An answer is cacheable when all of these hold:
 * - a `GET` or `HEAD` answered 200 (a 304 standing for one keeps its headers);
 * - anonymous: no authenticated user, no nonce (header or `_<prefix>nonce`), nothing marked
 *   it private (the site's session cookie, password-protected content);
 * - not `_jsonp` (a browser sends its cookies with it), not `_envelope` (it answers errors
 *   with 200), not `context=edit`, no `password` argument, no `Set-Cookie`, not a renderer's
 *   page (an HTML form of the same URL);
 * - it declared what it was built from: keys, or `markStatic()` (see `cache-keys.ts`), and
 *   every embedded answer did too;
 * - its key header fits in `maxKeyHeaderBytes`: a longer one would be cut by the cache, which
 *   would then miss purges, so such an answer is not shared.
 *
 * @module
 */
import type { HttpResponse } from '../http.js';
import { NO_CACHE_HEADERS } from './headers.js';
import type { ServeState } from './state.js';

/** The `sharedCache` option of `createRestServer`: how cacheable answers are marked. */
export interface SharedCacheOptions {
  /** How long a shared cache may keep an answer, in seconds (`s-maxage`). @default 300 */
  sMaxAge?: number;
  /** How long a shared cache may serve an expired answer while it fetches a new one, in seconds. @default 30 */
  staleWhileRevalidate?: number;
  /** How long a browser may keep an answer, in seconds (`max-age`): browsers cannot be purged. @default 0 */
  maxAge?: number;
  /** The headers that carry the keys, space-separated. @default ['xkey', 'Surrogate-Key'] */
  keyHeaders?: readonly string[];
  /** The longest key header value shared; an answer with more keys is not shared. @default 8000 */
  maxKeyHeaderBytes?: number;
}

/** The shared-cache policy, checked and with its defaults: what the pipeline reads. */
export interface SharedCachePolicy {
  /** The `Cache-Control` of a cacheable answer. */
  readonly cacheControl: string;
  readonly keyHeaders: readonly string[];
  readonly maxKeyHeaderBytes: number;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function seconds(name: string, value: number | undefined, fallback: number): number {
  const chosen = value ?? fallback;
  if (!Number.isSafeInteger(chosen) || chosen < 0)
    throw new Error(`sharedCache.${name} must be a whole number of seconds ≥ 0, not ${value}.`);
  return chosen;
}

/**
 * Checks the option and fills in its defaults; a bad setting throws at start-up.
 *
 * @example
 * ```ts
 * sharedCachePolicy({ sMaxAge: 600 }).cacheControl; // 'public, max-age=0, s-maxage=600, stale-while-revalidate=30'
 * ```
 */
export function sharedCachePolicy(options: SharedCacheOptions): SharedCachePolicy {
  const sMaxAge = seconds('sMaxAge', options.sMaxAge, 300);
  const swr = seconds('staleWhileRevalidate', options.staleWhileRevalidate, 30);
  const maxAge = seconds('maxAge', options.maxAge, 0);
  const keyHeaders = options.keyHeaders ?? ['xkey', 'Surrogate-Key'];
  for (const name of keyHeaders)
    if (!TOKEN.test(name)) throw new Error(`sharedCache.keyHeaders: "${name}" is not a header name.`);
  const maxKeyHeaderBytes = options.maxKeyHeaderBytes ?? 8000;
  if (!Number.isSafeInteger(maxKeyHeaderBytes) || maxKeyHeaderBytes < 1)
    throw new Error(`sharedCache.maxKeyHeaderBytes must be a positive whole number, not ${options.maxKeyHeaderBytes}.`);
  return {
    cacheControl: `public, max-age=${maxAge}, s-maxage=${sMaxAge}, stale-while-revalidate=${swr}`,
    keyHeaders: [...keyHeaders],
    maxKeyHeaderBytes,
  };
}

/** Marks an answer of the pipeline for shared caches: public with its keys, or private. */
export function markForSharedCache(state: ServeState, response: HttpResponse, policy: SharedCachePolicy): HttpResponse {
  const headers = { ...response.headers };
  for (const name of policy.keyHeaders) delete headers[name];
  const keys = shareableKeys(state, response);
  const value = keys?.join(' ');
  if (value === undefined || value.length > policy.maxKeyHeaderBytes) {
    Object.assign(headers, NO_CACHE_HEADERS);
    return { ...response, headers };
  }
  delete headers.Expires;
  headers['Cache-Control'] = policy.cacheControl;
  if (value !== '') for (const name of policy.keyHeaders) headers[name] = value;
  return { ...response, headers };
}

/** The keys of a cacheable answer, or `undefined` when it must not be shared. */
function shareableKeys(state: ServeState, response: HttpResponse): string[] | undefined {
  const { request } = state;
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  if (state.status !== 200 || (response.status !== 200 && response.status !== 304)) return undefined;
  if (request.user !== null || state.jsonp !== undefined || state.enveloped) return undefined;
  const names = state.context.names;
  if (request.headers[names.nonceHeader.toLowerCase()] !== undefined) return undefined;
  const query = request.query;
  if (Object.hasOwn(query, names.nonceParam) || Object.hasOwn(query, 'password') || query.context === 'edit') return undefined;
  if (Object.hasOwn(query, '_jsonp') || Object.hasOwn(query, '_envelope')) return undefined;
  for (const name in response.headers) if (name.toLowerCase() === 'set-cookie') return undefined;
  const collected = request.cacheKeys;
  if (collected.isPrivate || !collected.declared) return undefined;
  return collected.values();
}

/** The no-cache set on an answer the pipeline could not finish (its state unknown): never shared. */
export function markPrivate(response: HttpResponse): HttpResponse {
  return { ...response, headers: { ...response.headers, ...NO_CACHE_HEADERS } };
}
