/**
 * Who is looking at a page of the authoring area: the user of the session cookie the browser
 * sent, with a fresh REST nonce for the page's scripts.
 *
 * Pages are read with the cookie alone, as WordPress's `wp-admin` pages are: a page only shows
 * what its user may see and every change it offers goes through the REST API, where the
 * cookie counts only with the nonce (`auth.sessionOf` is the content package's lookup of the
 * cookie without a nonce, the one the nonce endpoints use).
 *
 * @module
 */
import type { Session, User } from '@cms-json/content';
import { type PageRequest, type PageResponse, stringifyQuery } from '@cms-json/core';
import type { AreaContext } from './area-context.js';
import { messagePage } from './html.js';

/** A signed-in visitor of the area. */
export interface Visitor {
  readonly user: User;
  readonly session: Session;
  /** A REST nonce for the session (`X-CMS-Nonce`, `X-WP-Nonce`). */
  readonly nonce: string;
  /** The request's cookie header, to make internal HTTP requests as the visitor. */
  readonly cookie: string;
}

/**
 * The visitor signed in with the session cookie of this request, or `undefined`.
 *
 * @example
 * const visitor = await signedInVisitor(area, request);
 */
export async function signedInVisitor(area: AreaContext, request: PageRequest): Promise<Visitor | undefined> {
  const found = await area.auth.sessionOf(request.headers);
  if (found === undefined) return undefined;
  return { ...found, nonce: area.auth.createNonce(found.session), cookie: request.headers.cookie ?? '' };
}

/** The absolute URL of this request (site URL, path and query), for `redirect_to`. */
export function requestUrl(request: PageRequest): string {
  const query = stringifyQuery(request.query);
  return `${request.siteUrl}${request.path}${query === '' ? '' : `?${query}`}`;
}

/** The address of the area's sign-in page, with `redirect_to` when given. */
export function signInUrl(area: AreaContext, siteUrl: string, redirectTo?: string): string {
  const query = redirectTo === undefined ? '' : `?${stringifyQuery({ redirect_to: redirectTo })}`;
  return `${siteUrl}${area.path}sign-in${query}`;
}

/**
 * The visitor of a page that needs `edit_posts`, or the answer instead of the page: a 302 to
 * the sign-in page (with `redirect_to` back here) when nobody is signed in, a 403 page in the
 * original's words when the user may not edit posts.
 *
 * @example
 * const gate = await requireAuthor(area, request);
 * if ('response' in gate) return gate.response;
 */
export async function requireAuthor(
  area: AreaContext,
  request: PageRequest,
): Promise<{ visitor: Visitor } | { response: PageResponse }> {
  const visitor = await signedInVisitor(area, request);
  if (visitor === undefined) {
    return {
      response: {
        status: 302,
        headers: { Location: signInUrl(area, request.siteUrl, requestUrl(request)), ...NO_STORE },
        body: '',
      },
    };
  }
  if (!visitor.user.can('edit_posts')) {
    return {
      response: messagePage(area, {
        status: 403,
        title: 'Forbidden',
        message: 'Sorry, you are not allowed to access this page.',
      }),
    };
  }
  return { visitor };
}

/** The area's pages are the user's own: never stored by a cache. */
export const NO_STORE = { 'Cache-Control': 'no-cache, must-revalidate, max-age=0, no-store, private' } as const;
