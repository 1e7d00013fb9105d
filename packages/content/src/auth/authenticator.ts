/**
 * The core authenticator over `createAuth`: Basic with an application password, then the
 * session cookie with its nonce. It keeps how each request proved who it is on the request
 * (`authProof`), for the routes that need it.
 *
 * @module
 */
import { type Authenticator, requestLocal } from '@cms-json/core';
import type { ApplicationPassword } from './application-passwords.js';
import { type Auth, readCookie } from './auth.js';
import type { Session } from './sessions.js';

/**
 * How the current request proved who it is: the application password or the cookie session
 * used. Routes read it (application-password introspection, logout).
 *
 * @example
 * const proof: AuthProof = { method: 'cookie', session };
 */
export type AuthProof =
  | { readonly method: 'application-password'; readonly applicationPassword: ApplicationPassword }
  | { readonly method: 'cookie'; readonly session: Session };

/**
 * The proof of a request, kept on the request by the authenticator.
 *
 * @example
 * authProof.get(request)?.method; // 'cookie'
 */
export const authProof = requestLocal<AuthProof>('content.auth-proof');

/**
 * The core authenticator over {@link Auth}: Basic with an application password, then the
 * session cookie with a nonce (`X-<PREFIX>-Nonce` header, or `_<prefix>nonce` in the query
 * or form body). Errors stop the request with the original's codes; a fresh nonce goes out
 * in the response header after a cookie login. `null` (not mine) for anonymous requests. A
 * request with the session cookie is marked private for shared caches, even without a nonce.
 *
 * @example
 * server.authenticate(contentAuthenticator(auth));
 */
export function contentAuthenticator(auth: Auth): Authenticator {
  return async function contentAuthenticate(request) {
    // A signed-in browser's answers are never shared, nonce or not (docs/caching.md).
    if (request.cacheKeys.collecting && readCookie(request.headers.cookie, auth.cookieName) !== undefined)
      request.cacheKeys.markPrivate();
    const result = await auth.authenticate({ headers: request.headers, query: request.query, body: request.form });
    if (result === null) return null;
    if ('error' in result) {
      return { user: null, error: result.error };
    }
    authProof.set(
      request,
      result.method === 'cookie'
        ? { method: 'cookie', session: result.session }
        : { method: 'application-password', applicationPassword: result.applicationPassword },
    );
    return { user: result.user, headers: { ...result.headers } };
  };
}
