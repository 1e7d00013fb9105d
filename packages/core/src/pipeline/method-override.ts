/**
 * Method override: `_method` (query, or a form or JSON body field) or the
 * `X-HTTP-Method-Override` header turn a POST into the named method (upper-cased; a name
 * no route serves ends in 404 `rest_no_route`). Only a POST is ever overridden: a GET stays
 * a GET, so a link or an image tag can never delete anything (the original accepts any
 * method here; this is a deliberate difference).
 *
 * @module
 */
import type { RestRequest } from '../request.js';

/** How the method was overridden, if it was. */
export type OverrideSource = 'param' | 'header' | undefined;

/** Applies the override in place. Returns where the new method came from, or `undefined`. */
export function applyMethodOverride(request: RestRequest): OverrideSource {
  if (request.method !== 'POST') return undefined;
  let source: OverrideSource = 'param';
  let wanted: unknown = request.query._method;
  if (wanted === undefined) wanted = request.form._method;
  if (wanted === undefined) wanted = request.json?._method;
  if (typeof wanted !== 'string' || wanted.trim() === '') {
    wanted = request.header('x-http-method-override');
    source = 'header';
  }
  if (typeof wanted !== 'string') return undefined;
  const method = wanted.trim().toUpperCase();
  if (method === '') return undefined;
  request.method = method;
  return source;
}
