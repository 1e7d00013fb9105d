/**
 * Content negotiation for the browsable API: a browser that asks a REST URL gets an HTML page.
 *
 * @module
 */
import type { RestRequest } from '@cms-json/core';

/**
 * Whether a request wants the HTML page: a `GET` whose `Accept` header names `text/html`
 * first (as browsers do when they navigate), without `_jsonp` or `_envelope` (they ask for
 * a wire format of their own). `fetch()` and API clients send no such header.
 *
 * @example
 * ```ts
 * wantsHtml(new RestRequest({ method: 'GET', path: '/', headers: { accept: 'text/html,application/xhtml+xml' } })); // true
 * ```
 */
export function wantsHtml(request: RestRequest): boolean {
  if (request.method !== 'GET') return false;
  const accept = request.headers.accept;
  if (accept === undefined) return false;
  const first = accept.split(',')[0]?.split(';')[0]?.trim().toLowerCase();
  if (first !== 'text/html') return false;
  return !Object.hasOwn(request.query, '_jsonp') && !Object.hasOwn(request.query, '_envelope');
}
