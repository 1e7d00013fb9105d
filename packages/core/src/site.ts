/**
 * The site outside the REST root: pages a site registers (`/out/:slug`, the front page),
 * and discovery: `HEAD /` answers the `Link` header pointing at the REST root, and
 * `GET /xmlrpc.php?rsd` answers the RSD 1.0 document.
 *
 * @module
 */
import { toRestError } from './errors.js';
import { escapeHtml } from './escape-html.js';
import type { HttpResponse } from './http.js';
import type { QueryMap } from './query-string.js';
import { DEFAULT_PARAM_PATTERN, parsePattern, toOriginalForm } from './router/pattern.js';
import { Router } from './router/router.js';

/** A request for a site page. */
export interface PageRequest {
  readonly method: string;
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
  readonly query: QueryMap;
  readonly headers: Readonly<Record<string, string>>;
  /**
   * The site's address the request came to, without a trailing slash: the server's `siteUrl`,
   * else the adapter's mount URL (`http://127.0.0.1:8080/api`). Pass the request as `from`
   * to `server.dispatch` to make an internal request on the same site.
   */
  readonly siteUrl: string;
}

/** What a page handler answers; `status` defaults to 200 and the type to HTML. */
export interface PageResponse {
  status?: number;
  headers?: Record<string, string | string[]>;
  body?: string | null;
}

/** A page of the site, registered with {@link RestServer.page}. */
export interface PageDefinition {
  /** `GET` (default; HEAD is answered by it too) or another method. */
  method?: string;
  /** The path, with `:name` parameters matching one segment: `/out/:slug`. */
  path: string;
  handler: (request: PageRequest) => PageResponse | Promise<PageResponse>;
}

/** The registered pages. */
export class PageRegistry {
  readonly #router = new Router<PageDefinition[]>();
  readonly #byKey = new Map<string, PageDefinition[]>();

  add(page: PageDefinition): void {
    const pattern = parsePattern(toOriginalForm(page.path, () => DEFAULT_PARAM_PATTERN));
    let list = this.#byKey.get(pattern.key);
    if (list === undefined) {
      list = [];
      this.#byKey.set(pattern.key, list);
      this.#router.add(pattern, list);
    }
    list.push(page);
  }

  /** The page for a method and path, with its parameters. */
  match(method: string, path: string): { page: PageDefinition; params: Record<string, string> } | undefined {
    const found = this.#router.match(path);
    if (found === undefined) return undefined;
    const wanted = method === 'HEAD' ? 'GET' : method;
    const page = found.value.find((p) => (p.method ?? 'GET').toUpperCase() === wanted);
    return page === undefined ? undefined : { page, params: found.params };
  }
}

/**
 * The discovery `<link>` element for a site's pages.
 *
 * @example
 * ```ts
 * discoveryLinkElement({ restRootUrl: 'https://example.com/cms-json/', curieBase: 'https://api.cms-json.org/' });
 * // <link rel="https://api.cms-json.org/" href="https://example.com/cms-json/" />
 * ```
 */
export function discoveryLinkElement(options: { restRootUrl: string; curieBase: string }): string {
  return `<link rel="${escapeHtml(options.curieBase)}" href="${escapeHtml(options.restRootUrl)}" />`;
}

/** The discovery `Link` header value. */
export function discoveryLinkHeader(options: { restRootUrl: string; curieBase: string }): string {
  return `<${options.restRootUrl}>; rel="${options.curieBase}"`;
}

/** The RSD 1.0 document with one `api` element whose `apiLink` is the REST root. */
export function rsdDocument(options: { restRootUrl: string; siteUrl: string; apiName: string }): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rsd version="1.0" xmlns="http://archipelago.phrasewise.com/rsd">',
    '\t<service>',
    '\t\t<engineName>cms-json</engineName>',
    `\t\t<homePageLink>${escapeHtml(options.siteUrl)}</homePageLink>`,
    '\t\t<apis>',
    `\t\t\t<api name="${escapeHtml(options.apiName)}" blogID="1" preferred="false" apiLink="${escapeHtml(options.restRootUrl)}" />`,
    '\t\t</apis>',
    '\t</service>',
    '</rsd>',
    '',
  ].join('\n');
}

/**
 * Answers a path outside the REST root: a registered page, `HEAD /` (discovery), or
 * `GET /xmlrpc.php?rsd`; `null` for anything else (the adapter passes it on).
 */
export async function answerSitePath(
  pages: PageRegistry,
  request: Omit<PageRequest, 'params'>,
  site: { siteUrl: string; restRootUrl: string; curieBase: string; rsd: boolean; apiName: string },
  reportError: (error: unknown) => void,
): Promise<HttpResponse | null> {
  const { method, path, query } = request;
  const discoveryLink = discoveryLinkHeader(site);
  const found = pages.match(method, path);
  if (found !== undefined) {
    let answer: PageResponse;
    try {
      answer = await found.page.handler({ ...request, params: found.params });
    } catch (error) {
      // As for REST routes: the failure is reported, the visitor gets a plain 500 page; a
      // database that cannot be reached now is a 503 page, asking to retry shortly.
      if (toRestError(error).code === 'rest_database_unavailable') {
        answer = {
          status: 503,
          headers: { 'Retry-After': '5' },
          body: '<!doctype html><title>Service Unavailable</title><h1>Service Unavailable</h1><p>Try again shortly.</p>\n',
        };
      } else {
        reportError(error);
        answer = { status: 500, body: '<!doctype html><title>Internal Server Error</title><h1>Internal Server Error</h1>\n' };
      }
    }
    return pageResponse(answer, { method, discoveryLink });
  }
  if (path === '/' && method === 'HEAD') return pageResponse({ body: null }, { method, discoveryLink });
  if (path === '/xmlrpc.php' && Object.hasOwn(query, 'rsd') && site.rsd && (method === 'GET' || method === 'HEAD')) {
    const body = rsdDocument(site);
    return pageResponse({ headers: { 'Content-Type': 'text/xml; charset=UTF-8' }, body }, { method, discoveryLink });
  }
  return null;
}

/** Turns a page's answer into an HTTP response, with the discovery `Link` header added. */
export function pageResponse(answer: PageResponse, options: { method: string; discoveryLink: string }): HttpResponse {
  const headers: Record<string, string | string[]> = {
    'Content-Type': 'text/html; charset=UTF-8',
    'X-Content-Type-Options': 'nosniff',
    ...answer.headers,
  };
  const link = headers.Link;
  headers.Link = [options.discoveryLink, ...(link === undefined ? [] : Array.isArray(link) ? link : [link])];
  return { status: answer.status ?? 200, headers, body: options.method === 'HEAD' ? null : (answer.body ?? '') };
}
