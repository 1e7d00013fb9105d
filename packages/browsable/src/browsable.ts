/**
 * The browsable API as a plugin: when a browser asks a REST URL ({@link wantsHtml}), the
 * answer, complete with its status and headers, is shown as an HTML page instead of sent as
 * JSON. It renders every answer of the server (plugins' routes too), through the core's
 * public `server.renderWith`.
 *
 * @module
 */
import { type HttpResponse, type Plugin, type RenderableAnswer, type RestServer, stringifyQuery } from '@cms-json/core';
import { wantsHtml } from './negotiate.js';
import { browsablePage } from './page.js';

/** Options of {@link browsable}. */
export interface BrowsableOptions {
  /** The site's name, shown in the page's title and header. @default the server's `site.name`, else 'cms-json' */
  readonly siteName?: string;
  /**
   * An OpenAPI viewer page the pages link to as "API reference", such as the one
   * `apiViewer()` of `@cms-json/openapi/viewer` serves at `/<prefix>-json-viewer/`. A path
   * (`/cms-json-viewer/`) is a site page's: it is linked under the site URL the request came
   * to (the adapter's mount path too), as the server's pages are served.
   * @default none
   */
  readonly viewerUrl?: string;
  /**
   * Whether the pages link the OpenAPI document, `/<prefix>-json/openapi.json`.
   * @default whether the server answers that path (the `openapi()` plugin of `@cms-json/openapi` is used)
   */
  readonly openapi?: boolean;
}

/** The query as the page's heading shows it; a value with a lone surrogate (which cannot be percent-encoded) leaves it out. */
function shownQuery(query: Readonly<Record<string, unknown>>): string {
  try {
    return stringifyQuery(query);
  } catch {
    return '';
  }
}

/** The HTML page of an answer, when the request wants it. */
function renderPage(server: RestServer, options: BrowsableOptions, answer: RenderableAnswer): HttpResponse | undefined {
  const { request } = answer;
  if (!wantsHtml(request)) return undefined;
  const sessionPath = `/${answer.names.prefix}-auth/v1/session`;
  const search = shownQuery(request.query);
  const headers: Record<string, string | string[]> = { ...answer.headers };
  for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-type') delete headers[name];
  const openapi = options.openapi ?? server.match('/openapi.json') !== undefined;
  const body = browsablePage({
    method: request.method,
    path: request.path + (search === '' ? '' : `?${search}`),
    url: answer.restUrl(request.path),
    status: answer.status,
    headers,
    data: answer.data,
    route: server.match(request.path)?.route,
    names: answer.names,
    restRootUrl: answer.restUrl('/'),
    siteName: options.siteName ?? server.options.site?.name ?? 'cms-json',
    signedIn: request.user !== null,
    openApiUrl: openapi ? answer.restUrl('/openapi.json') : undefined,
    viewerUrl:
      options.viewerUrl?.startsWith('/') === true && !options.viewerUrl.startsWith('//')
        ? answer.siteUrl + options.viewerUrl
        : options.viewerUrl,
    sessionUrl: server.match(sessionPath) === undefined ? undefined : answer.restUrl(sessionPath),
  });
  return {
    status: answer.status,
    headers: { ...headers, 'Content-Type': 'text/html; charset=UTF-8', 'Cache-Control': 'no-store', Vary: 'Accept' },
    body,
  };
}

/**
 * The browsable API: a browser that opens a REST URL (`Accept: text/html` first) gets a page
 * of the answer (status, headers, the JSON with every URL a link, paging, forms for the
 * methods the caller may use, sign-in through the cookie session route) instead of raw JSON.
 * API clients get JSON as before.
 *
 * @example
 * ```ts
 * import { browsable } from '@cms-json/browsable';
 * await server.use(browsable());
 * // a browser at http://localhost:8080/cms-json/ sees the REST root as a page
 * ```
 */
export function browsable(options: BrowsableOptions = {}): Plugin {
  return (server) => {
    server.renderWith((answer) => renderPage(server, options, answer));
  };
}
