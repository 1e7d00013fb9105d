/**
 * The cookie routes in `<prefix>-auth/v1` (login, logout, a fresh nonce) and the
 * `admin-ajax.php?action=rest-nonce` page `@wordpress/api-fetch` asks for a new nonce.
 *
 * @module
 */
import {
  CREATABLE,
  DELETABLE,
  defineRoute,
  type PageDefinition,
  READABLE,
  RestError,
  type RestRequest,
  type Route,
  requireLogin,
  response,
} from '@cms-json/core';
import { z } from 'zod';
import { contentError } from '../errors.js';
import type { Auth } from './auth.js';
import { authProof } from './authenticator.js';

const NO_CACHE = { 'Cache-Control': 'no-cache, must-revalidate, max-age=0, no-store, private' };

/**
 * Whether a request comes from the site's own pages: no `Origin` header (same-origin GETs and
 * non-browser clients send none) or one naming the site or the `Host` the request was sent
 * to. Nonces and logins are refused to other origins, even when CORS lets them read.
 */
function sameOrigin(headers: Readonly<Record<string, string | undefined>>, siteUrl: string | undefined): boolean {
  const origin = headers.origin;
  if (headers['sec-fetch-site'] === 'cross-site') return false;
  if (origin === undefined) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  if (headers.host !== undefined && host === headers.host) return true;
  if (siteUrl === undefined) return false;
  try {
    return host === new URL(siteUrl).host;
  } catch {
    return false;
  }
}

function assertSameOrigin(request: RestRequest): void {
  if (!sameOrigin(request.headers, request.scope.restUrl('/'))) {
    throw contentError('rest_cross_origin');
  }
}

const secureSite = (request: RestRequest) => request.scope.restUrl('/').startsWith('https:');

/**
 * Cookie sessions under `/<prefix>-auth/v1` (the `X-<PREFIX>-Nonce` scheme of the original):
 *
 * - `POST /session` with `username` (or email) and `password`: starts a session, sets the
 *   `HttpOnly` session cookie and answers `{ id, username, name, expires, nonce }`;
 * - `DELETE /session`: ends the session the request was authenticated with and clears the
 *   cookie (needs the cookie and a nonce, like any cookie-authenticated write);
 * - `GET /nonce`: a fresh nonce for the session cookie sent, for pages that lost theirs.
 *
 * Login and nonce refuse other origins (403 `rest_cross_origin`).
 *
 * @example
 * server.register('cms-auth/v1', ...sessionRoutes(auth));
 */
export function sessionRoutes(auth: Auth): Route[] {
  const session = defineRoute({
    path: '/session',
    endpoints: (endpoint) => [
      endpoint({
        methods: CREATABLE,
        args: {
          username: z.string().meta({ description: 'Login name or email address of the user.' }),
          password: z.string().meta({ description: 'The login password of the user (not an application password).' }),
        },
        permission: 'public',
        handler: async ({ username, password }, request) => {
          assertSameOrigin(request);
          const result = await auth.login(username, password);
          if ('error' in result) throw result.error;
          const { user, session: started, nonce } = result;
          return response(
            { id: user.id, username: user.login, name: user.displayName, expires: started.expires, nonce },
            { raw: true, headers: { 'Set-Cookie': auth.sessionCookie(started, { secure: secureSite(request) }), ...NO_CACHE } },
          );
        },
      }),
      endpoint({
        methods: DELETABLE,
        permission: requireLogin(),
        handler: async (_args, request) => {
          const proof = authProof.get(request);
          if (proof?.method !== 'cookie') {
            throw contentError('rest_no_session');
          }
          await auth.logout(proof.session.token);
          return response(
            { deleted: true },
            { raw: true, headers: { 'Set-Cookie': auth.clearSessionCookie({ secure: secureSite(request) }), ...NO_CACHE } },
          );
        },
      }),
    ],
  });

  const nonce = defineRoute({
    path: '/nonce',
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        permission: 'public',
        handler: async (_args, request) => {
          assertSameOrigin(request);
          const found = await auth.sessionOf(request.headers);
          if (found === undefined) throw new RestError('rest_not_logged_in');
          return response({ nonce: auth.createNonce(found.session) }, { raw: true, headers: NO_CACHE });
        },
      }),
    ],
  });

  return [session, nonce];
}

/**
 * The original's nonce endpoint, `GET /<prefix>-admin/admin-ajax.php?action=rest-nonce`
 * (`/wp-admin/…` in the WordPress profile): the nonce as plain text for the session cookie
 * sent, `0` with status 400 otherwise. `@wordpress/api-fetch` calls it to refresh an expired
 * nonce before retrying once.
 *
 * @example
 * server.page(nonceRefreshPage(auth, server.options.siteUrl));
 */
export function nonceRefreshPage(auth: Auth, siteUrl?: string): PageDefinition {
  // As WordPress's admin-ajax.php: HTML, never cached, never indexed.
  const headers = { 'Content-Type': 'text/html; charset=UTF-8', 'X-Robots-Tag': 'noindex', ...NO_CACHE };
  const refused = { status: 400, headers, body: '0' };
  return {
    path: `/${auth.prefix}-admin/admin-ajax.php`,
    handler: async (request) => {
      if (request.query.action !== 'rest-nonce' || !sameOrigin(request.headers, siteUrl)) return refused;
      const found = await auth.sessionOf(request.headers);
      if (found === undefined) return refused;
      return { headers, body: auth.createNonce(found.session) };
    },
  };
}
