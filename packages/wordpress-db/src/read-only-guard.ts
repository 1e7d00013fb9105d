/**
 * The read-only guard of a WordPress site: every request that could write (any method but
 * `GET`, `HEAD` and `OPTIONS`, after `_method`/`X-HTTP-Method-Override`; a batch is a `POST`)
 * is refused before it reaches a route or a store, with WordPress's error shape. It is a
 * server-level guard, an authenticator registered before every other: one place, no store
 * half-way through a write, and no request body read.
 *
 * @module
 */
import { CONTENT_ERROR_CODES, contentError } from '@cms-json/content';
import type { Authenticator, RestError } from '@cms-json/core';

/** The methods that never write. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The message of the refusal. */
export const READ_ONLY_MESSAGE: string = CONTENT_ERROR_CODES['rest_forbidden.read_only'].message;

/**
 * The error a write gets on a read-only site: `rest_forbidden`, 403, for everyone (signed in
 * or not: no one may write); the content table's `rest_forbidden.read_only`.
 *
 * @example
 * readOnlyError().toBody(); // { code: 'rest_forbidden', message: 'This site is read-only: …', data: { status: 403 } }
 */
export function readOnlyError(): RestError {
  return contentError('rest_forbidden.read_only');
}

/**
 * An authenticator that refuses every write; register it before the site's other
 * authenticators (before `contentPlugin`). Reads pass on to them.
 *
 * @example
 * server.authenticate(readOnlyGuard());
 * await server.use(contentPlugin({ auth }));
 */
export function readOnlyGuard(): Authenticator {
  return (request) => (SAFE_METHODS.has(request.method.toUpperCase()) ? null : { user: null, error: readOnlyError() });
}
