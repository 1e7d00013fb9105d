/**
 * What the dispatcher and the pipeline stages read from the server. An interface, so the
 * stages depend on this shape and not on the server module.
 *
 * @module
 */
import type { DispatchOptions } from './dispatch.js';
import type { CurieRegistry } from './links/curies.js';
import type { LinkContext } from './links/link.js';
import type { CompiledRoute } from './namespace.js';
import type { RequestScope, RestRequest, RestRequestInit } from './request.js';
import type { RestResponse } from './response.js';
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

/** The server as the dispatcher and the stages see it. */
export interface ServerContext {
  readonly names: PrefixNames;
  readonly router: Router<CompiledRoute>;
  readonly curies: CurieRegistry;
  readonly curieBase: string;
  readonly linkContext: LinkContext;
  /** What requests see of the server. */
  readonly scope: RequestScope;
  /** The absolute URL of a path under the REST root, with an optional query. */
  restUrl(path: string, query?: Readonly<Record<string, unknown>>): string;
  /** The route description of the index and of OPTIONS. */
  describeRoute(route: CompiledRoute, options: { withSchema: boolean }): Record<string, unknown>;
  /** Reports an unexpected failure (logged; never sent to the client). */
  reportError(error: unknown, request: RestRequest): void;
  /** In-process dispatch, used by `_embed` and the pipeline; `allow: false` skips the `Allow` header. */
  dispatch(init: RestRequestInit | RestRequest, options?: DispatchOptions): Promise<RestResponse>;
  /** Many GETs without `Allow`, grouped by endpoints that load many at once (`_embed`); one answer each, in order. */
  dispatchMany(requests: readonly RestRequest[]): Promise<RestResponse>[];
  /**
   * The pipeline's dispatch of a request: the response itself when nothing was pending (no
   * route, a synchronous handler), so that it costs no turn of the microtask queue; else a
   * promise of it. Never throws.
   */
  answer(request: RestRequest, options: DispatchOptions): RestResponse | Promise<RestResponse>;
  /** A fresh copy of the standard headers of an API response (precomputed per site URL). */
  standardHeaders(jsonp: boolean): Record<string, string | string[]>;
  /** Builds a request for an absolute URL under the REST root, or `undefined`. */
  requestFromUrl(url: string): RestRequest | undefined;
}
