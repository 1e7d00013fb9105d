/**
 * What the dispatcher and the pipeline stages read from the server. An interface, so the
 * stages depend on this shape and not on the server module.
 *
 * @module
 */
import type { CurieRegistry } from './links/curies.js';
import type { LinkContext } from './links/link.js';
import type { LruMap } from './lru-map.js';
import type { CompiledRoute } from './namespace.js';
import type { RequestScope, RestRequest } from './request.js';
import type { Router } from './router/router.js';

/** The names that follow the product prefix. */
export interface PrefixNames {
  /** `cms` or `wp`. */
  readonly prefix: string;
  /** The REST root path segment: `/cms-json`. */
  readonly restRoot: string;
  /** The header prefix: `X-CMS-`. */
  readonly headerPrefix: string;
  /** The nonce header: `X-CMS-Nonce`. */
  readonly nonceHeader: string;
  /** The nonce parameter: `_cmsnonce`. */
  readonly nonceParam: string;
}

/** A tag the server gave: the tag of the answer to one caller's `GET` of one URL, and the version read before it. */
export interface KnownTag {
  readonly version: string;
  readonly tag: string;
}

/**
 * The server as the dispatcher and the stages see it, for one site (the address a request
 * came to). What is expensive (the router, the ETag memory) is the server's, shared by every
 * site; what is the site's own is small: its URLs and its standard headers.
 */
export interface ServerContext {
  readonly names: PrefixNames;
  /** The server's router (shared by every site). */
  readonly router: Router<CompiledRoute>;
  readonly curies: CurieRegistry;
  readonly curieBase: string;
  /**
   * The server's memory of the tags it gave (shared by every site, keyed by caller, path and
   * query): what lets a revalidation answer 304 without building the answer (`conditional.ts`).
   */
  readonly knownTags: LruMap<string, KnownTag>;
  readonly linkContext: LinkContext;
  /** What requests see of the server. */
  readonly scope: RequestScope;
  /** The absolute URL of a path under the REST root, with an optional query. */
  restUrl(path: string, query?: Readonly<Record<string, unknown>>): string;
  /** The route description of the index and of OPTIONS. */
  describeRoute(route: CompiledRoute, options: { withSchema: boolean }): Record<string, unknown>;
  /** Reports an unexpected failure (logged; never sent to the client). */
  reportError(error: unknown, request: RestRequest): void;
  /** A fresh copy of the standard headers of an API response (made once per site). */
  standardHeaders(jsonp: boolean): Record<string, string | string[]>;
  /** Builds a request for an absolute URL under the REST root, or `undefined`. */
  requestFromUrl(url: string): RestRequest | undefined;
}
