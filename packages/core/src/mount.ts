/**
 * Where the API is: the one answer, for the server and every adapter, to "is this URL the
 * API's?" (under the REST root, or the original's `/?rest_route=` form), and the mount-path
 * helpers adapters share.
 *
 * @module
 */
import type { QueryMap } from './query-string.js';

/**
 * Normalises a mount path: a leading `/`, no trailing `/`; `''` and `'/'` mean the root.
 *
 * @example
 * ```ts
 * normalizeBasePath('api/'); // '/api'
 * ```
 */
export function normalizeBasePath(basePath: string | undefined): string {
  if (basePath === undefined) return '';
  const trimmed = basePath.replace(/\/+$/, '');
  return trimmed === '' || trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/**
 * The URL relative to the mount point, or `undefined` when `url` is not under `basePath`.
 * `/api?x` under `/api` is `/?x`; `/apix` is not under `/api`.
 *
 * @example
 * ```ts
 * stripBasePath('/api/cms-json?x=1', '/api'); // '/cms-json?x=1'
 * ```
 */
export function stripBasePath(url: string, basePath: string): string | undefined {
  if (basePath === '') return url;
  if (!url.startsWith(basePath)) return undefined;
  const next = url.charCodeAt(basePath.length);
  if (Number.isNaN(next)) return '/';
  if (next === 47 /* / */) return url.slice(basePath.length);
  if (next === 63 /* ? */) return `/${url.slice(basePath.length)}`;
  return undefined;
}

/** Whether a path (no query) is the REST root or under it: `/cms-json`, `/cms-json/tel/v1`. */
export function isUnderRestRoot(pathname: string, restRoot: string): boolean {
  return pathname.length === restRoot.length ? pathname === restRoot : pathname.startsWith(`${restRoot}/`);
}

/** Whether a path (no query) is one the original takes a `rest_route` query on: `/` or `/index.php`. */
export function takesRestRoute(pathname: string): boolean {
  return pathname === '/' || pathname === '/index.php';
}

/**
 * The route path a request names: the part after the REST root, or the `rest_route` query
 * value on `/` and `/index.php`; `undefined` when the URL is not the API's (a site page, or
 * a path the host serves).
 *
 * @example
 * ```ts
 * apiRoutePath('/cms-json/tel/v1', {}, '/cms-json');            // '/tel/v1'
 * apiRoutePath('/', { rest_route: '/tel/v1' }, '/cms-json');    // '/tel/v1'
 * apiRoutePath('/out/x', {}, '/cms-json');                      // undefined
 * ```
 */
export function apiRoutePath(pathname: string, query: QueryMap, restRoot: string): string | undefined {
  if (isUnderRestRoot(pathname, restRoot)) return pathname.slice(restRoot.length);
  if (takesRestRoute(pathname) && typeof query.rest_route === 'string') return query.rest_route;
  return undefined;
}
