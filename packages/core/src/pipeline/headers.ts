/**
 * The headers every API response carries, and CORS.
 *
 * - `Content-Type`, `X-Robots-Tag: noindex`, `X-Content-Type-Options: nosniff`;
 * - `Link: <rest root>; rel="{curieBase}"` (replaced by the response's own `Link`, as in the original);
 * - `Access-Control-Expose-Headers` and `Access-Control-Allow-Headers` with the prefix's names;
 * - CORS by an allow-list of origins (default: none), or the original's echo of any origin.
 *
 * @module
 */
import type { PrefixNames } from '../server-context.js';

/** CORS policy: an allow-list of origins, or `'reflect'` (the original: echo any origin). */
export type CorsPolicy = readonly string[] | 'reflect';

/** The no-cache set sent to logged-in users. */
export const NO_CACHE_HEADERS: Readonly<Record<string, string>> = {
  Expires: 'Wed, 11 Jan 1984 05:00:00 GMT',
  'Cache-Control': 'no-cache, must-revalidate, max-age=0, no-store, private',
};

/** The standard headers of an API response. */
export function standardHeaders(
  names: PrefixNames,
  options: { restRootUrl: string; curieBase: string; jsonp: boolean },
): Record<string, string | string[]> {
  return {
    'Content-Type': options.jsonp ? 'application/javascript; charset=UTF-8' : 'application/json; charset=UTF-8',
    'X-Robots-Tag': 'noindex',
    Link: [`<${options.restRootUrl}>; rel="${options.curieBase}"`],
    'X-Content-Type-Options': 'nosniff',
    'Access-Control-Expose-Headers': `${names.headerPrefix}Total, ${names.headerPrefix}TotalPages, Link`,
    'Access-Control-Allow-Headers': `Authorization, ${names.nonceHeader}, Content-Disposition, Content-MD5, Content-Type`,
  };
}

const VARY_ONLY: Readonly<Record<string, string>> = Object.freeze({ Vary: 'Origin' });

/** CORS headers for a request's `Origin`, per the policy (to copy from: the object may be shared). */
export function corsHeaders(origin: string | undefined, policy: CorsPolicy): Readonly<Record<string, string>> {
  if (origin === undefined || origin === '') return VARY_ONLY;
  const allowed = policy === 'reflect' || policy.includes(origin);
  if (!allowed || /[\r\n]/.test(origin)) return VARY_ONLY;
  const headers: Record<string, string> = { Vary: 'Origin' };
  headers['Access-Control-Allow-Origin'] = origin;
  headers['Access-Control-Allow-Methods'] = 'OPTIONS, GET, POST, PUT, PATCH, DELETE';
  headers['Access-Control-Allow-Credentials'] = 'true';
  return headers;
}
