/**
 * Method override: `_method` (query, or a form or JSON body field) or the
 * `X-HTTP-Method-Override` header turn a POST into the named method. Only a POST is ever
 * overridden: a GET stays a GET, so a link or an image tag can never delete anything.
 *
 * @module
 */
import type { RestRequest } from '../request.js';

const OVERRIDABLE = new Set(['GET', 'PUT', 'PATCH', 'DELETE', 'POST', 'HEAD', 'OPTIONS']);

/** Applies the override in place. Returns whether it was used. */
export function applyMethodOverride(request: RestRequest): boolean {
  if (request.method !== 'POST') return false;
  const fromParam = request.query._method ?? request.form._method ?? request.json?._method;
  const wanted = typeof fromParam === 'string' ? fromParam : request.header('x-http-method-override');
  if (wanted === undefined || wanted === '') return false;
  const method = wanted.trim().toUpperCase();
  if (!OVERRIDABLE.has(method)) return false;
  request.method = method;
  return true;
}
