/**
 * The request a load case sends to one server: as the case declares it, or, for a
 * revalidation case, with `If-None-Match` set to the tag the server answers the same request
 * with (read once, before the load).
 *
 * @module
 */
import type { LoadCase } from './cases.js';
import type { LoadRequest } from './load.js';
import { capture } from './verify.js';

/**
 * The case's request for the server at `baseUrl`.
 *
 * @example
 * const request = await requestFor(ITEM_304, child.url); // { path, headers: { 'if-none-match': 'W/"0.…"' } }
 */
export async function requestFor(loadCase: LoadCase, baseUrl: string): Promise<LoadRequest> {
  if (loadCase.revalidates !== true) return loadCase.request;
  const full = await capture(baseUrl, loadCase.request);
  const line = full.headers.find((header) => header.toLowerCase().startsWith('etag: '));
  if (full.status !== 200 || line === undefined)
    throw new Error(`${loadCase.id}: the full GET answered ${full.status}${line === undefined ? ' without an ETag' : ''}.`);
  return { ...loadCase.request, headers: { ...loadCase.request.headers, 'if-none-match': line.slice('etag: '.length) } };
}
