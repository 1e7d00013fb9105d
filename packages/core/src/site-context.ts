/**
 * The server as one site sees it: the {@link ServerContext} the pipeline and dispatch read,
 * made once per site URL (the server's `siteUrl`, or the URL a request came to). What is the
 * server's (the router, the CURIEs, the memory of the ETags it gave) is shared; what is the
 * site's is only its URLs and its standard headers.
 *
 * @module
 */
import { describeRoute } from './discovery.js';
import { requestFromInit } from './incoming.js';
import type { CurieRegistry } from './links/curies.js';
import type { LinkContext } from './links/link.js';
import type { LruMap } from './lru-map.js';
import type { CompiledRoute } from './namespace.js';
import { standardHeaders } from './pipeline/headers.js';
import type { RestRequest } from './request.js';
import type { Router } from './router/router.js';
import type { KnownTag, PrefixNames, ServerContext } from './server-context.js';

/** What {@link siteContext} takes from the server. */
export interface SiteContextParts {
  readonly siteUrl: string;
  readonly names: PrefixNames;
  readonly router: Router<CompiledRoute>;
  readonly curies: CurieRegistry;
  readonly curieBase: string;
  readonly knownTags: LruMap<string, KnownTag>;
  /** The server's `restUrl` at this site URL. */
  restUrl(path: string, query?: Readonly<Record<string, unknown>>): string;
  reportError(error: unknown, request: RestRequest): void;
}

/** The context of one site URL (see the module's comment). */
export function siteContext(parts: SiteContextParts): ServerContext {
  const { siteUrl, names, restUrl } = parts;
  const rootUrl = restUrl('/');
  const base = rootUrl.slice(0, -1);
  // restUrl without a query, written out: one string per link target, not three.
  const linkContext: LinkContext = {
    url: (path) => base + (path.startsWith('/') ? path : `/${path}`),
    prefix: names.prefix,
  };
  const headerSets = [false, true].map((jsonp) =>
    standardHeaders(names, { restRootUrl: rootUrl, curieBase: parts.curieBase, jsonp }),
  ) as [Record<string, string | string[]>, Record<string, string | string[]>];
  return {
    names,
    router: parts.router,
    curies: parts.curies,
    curieBase: parts.curieBase,
    knownTags: parts.knownTags,
    linkContext,
    scope: { prefix: names.prefix, headerPrefix: names.headerPrefix, restUrl, siteUrl },
    restUrl,
    describeRoute: (route, options) => describeRoute(route, { ...options, restUrl }),
    reportError: parts.reportError,
    standardHeaders: (jsonp) => {
      // Not a spread: on Node 20 an object made by spreading takes V8's slow path for every
      // member added later, and the pipeline adds several.
      const headers = Object.assign({}, headerSets[jsonp ? 1 : 0]);
      headers.Link = [...(headers.Link as string[])];
      return headers;
    },
    requestFromUrl: (url) => {
      if (!url.startsWith(base)) return undefined;
      const rest = url.slice(base.length);
      if (rest !== '' && !rest.startsWith('/') && !rest.startsWith('?')) return undefined;
      return requestFromInit({ path: rest === '' || rest.startsWith('?') ? `/${rest}` : rest });
    },
  };
}
