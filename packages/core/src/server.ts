/**
 * `createRestServer(options)`: the registry of namespaces, routes, CURIEs, authenticators
 * and site pages, and the two front doors: {@link RestServer.handle} for adapters (an HTTP
 * request in, an HTTP response out) and {@link RestServer.dispatch} for in-process calls.
 * Everything registered lives on the instance; nothing is global.
 *
 * @module
 */
import { describeRoute, type IndexSource, namespaceIndexRoute, rootIndexRoute } from './discovery.js';
import { dispatch as dispatchRequest } from './dispatch.js';
import type { HttpRequest, HttpResponse } from './http.js';
import { CurieRegistry } from './links/curies.js';
import type { LinkContext } from './links/link.js';
import { assertNamespace, type CompiledRoute, compileRoute } from './namespace.js';
import type { CorsPolicy } from './pipeline/headers.js';
import { type Authenticator, runPipeline } from './pipeline/pipeline.js';
import { decodeComponent, parseQueryString, type QueryMap, stringifyQuery } from './query-string.js';
import { RestRequest, type RestRequestInit } from './request.js';
import type { RestResponse } from './response.js';
import type { Route } from './route.js';
import { Router } from './router/router.js';
import type { PrefixNames, ServerContext } from './server-context.js';
import { discoveryLinkHeader, type PageDefinition, PageRegistry, pageResponse, rsdDocument } from './site.js';

/** Options of {@link createRestServer}. */
export interface RestServerOptions {
  /**
   * The product prefix: REST root `/{prefix}-json`, headers `X-{PREFIX}-…`, CURIE `{prefix}:`.
   * `'wp'` is the WordPress profile: relation namespace `https://api.w.org/` and the
   * original's CORS behaviour (echo any origin) unless told otherwise.
   * @default 'cms'
   */
  prefix?: string;
  /** The site's address, without a trailing slash. @default the adapter's mount URL */
  siteUrl?: string;
  /** The base of the relation namespace, ending in `/`. @default 'https://api.w.org/' for `wp`, else 'https://api.cms-json.org/' */
  curieBase?: string;
  /** Whether `_jsonp` is served. @default true */
  jsonp?: boolean;
  /** Allowed CORS origins, or `'reflect'` to echo any origin. @default [] (or 'reflect' for `wp`) */
  cors?: CorsPolicy;
  /** Whether `GET /xmlrpc.php?rsd` answers the RSD document. @default true */
  rsd?: boolean;
  /** The largest request body adapters accept, in bytes. @default 1048576 */
  maxBodyBytes?: number;
  /** The site's name and description for the root index. */
  site?: { name?: string; description?: string };
  /** Receives unexpected failures (500s). @default console.error */
  onError?: (error: unknown, request: RestRequest) => void;
}

/** A plugin: registers namespaces, routes, CURIEs, authenticators or pages. */
export type Plugin = (server: RestServer) => void | Promise<void>;

const MAX_CONTEXTS = 32;

/** The server. Create it with {@link createRestServer}. */
export class RestServer {
  /** The names that follow the prefix. */
  readonly names: PrefixNames;
  readonly curies = new CurieRegistry();
  readonly options: Readonly<Required<Omit<RestServerOptions, 'siteUrl' | 'site' | 'onError'>>> & RestServerOptions;
  readonly #router = new Router<CompiledRoute>();
  readonly #routes = new Map<string, CompiledRoute>();
  readonly #namespaces: string[] = [];
  readonly #authenticators: Authenticator[] = [];
  readonly #pages = new PageRegistry();
  readonly #contexts = new Map<string, ServerContext>();
  #authentication: Record<string, unknown> = {};

  constructor(options: RestServerOptions = {}) {
    const prefix = options.prefix ?? 'cms';
    if (!/^[a-z][a-z0-9_]*$/.test(prefix)) throw new Error(`Invalid prefix "${prefix}": use lower-case letters and digits.`);
    const wp = prefix === 'wp';
    this.options = {
      ...options,
      prefix,
      curieBase: options.curieBase ?? (wp ? 'https://api.w.org/' : 'https://api.cms-json.org/'),
      jsonp: options.jsonp ?? true,
      cors: options.cors ?? (wp ? 'reflect' : []),
      rsd: options.rsd ?? true,
      maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
    };
    const upper = prefix.toUpperCase();
    this.names = {
      prefix,
      restRoot: `/${prefix}-json`,
      headerPrefix: `X-${upper}-`,
      nonceHeader: `X-${upper}-Nonce`,
      nonceParam: `_${prefix}nonce`,
    };
    this.curies.add({ name: prefix, href: `${this.options.curieBase}{rel}` });
    const source: IndexSource = {
      routes: () => [...this.#routes.values()],
      namespaces: () => [...this.#namespaces],
      restUrl: (path) => this.restUrl(path),
      site: {
        name: options.site?.name ?? 'cms-json',
        description: options.site?.description ?? '',
        url: options.siteUrl ?? '',
        home: options.siteUrl ?? '',
      },
      authentication: () => this.#authentication,
    };
    this.#add(compileRoute('', rootIndexRoute(source)));
    this.#indexSource = source;
  }

  readonly #indexSource: IndexSource;

  /**
   * Registers routes under a namespace (`tel/v1`). The first route of a namespace also
   * registers its index, `GET /tel/v1`.
   *
   * @example
   * ```ts
   * server.register('tel/v1', outgoingLinksRoute, outgoingLinkRoute);
   * ```
   */
  register(namespace: string, ...routes: Route[]): this {
    assertNamespace(namespace);
    if (!this.#namespaces.includes(namespace)) {
      this.#namespaces.push(namespace);
      this.#add(compileRoute(namespace, namespaceIndexRoute(namespace, this.#indexSource)));
    }
    for (const route of routes) this.#add(compileRoute(namespace, route));
    return this;
  }

  #add(route: CompiledRoute): void {
    this.#routes.set(route.key, route);
    this.#router.add(route.pattern, route);
  }

  /** Runs a plugin. */
  async use(plugin: Plugin): Promise<this> {
    await plugin(this);
    return this;
  }

  /** Adds an authenticator; the first that recognises a request decides. */
  authenticate(authenticator: Authenticator): this {
    this.#authenticators.push(authenticator);
    return this;
  }

  /** Sets the root index's `authentication` member (application-password endpoints, …). */
  describeAuthentication(description: Record<string, unknown>): this {
    this.#authentication = { ...this.#authentication, ...description };
    return this;
  }

  /** Registers a site page outside the REST root (`/out/:slug`, the front page `/`). */
  page(definition: PageDefinition): this {
    this.#pages.add(definition);
    return this;
  }

  /** The registered namespaces. */
  get namespaces(): readonly string[] {
    return this.#namespaces;
  }

  /** The absolute URL of a path under the REST root: `restUrl('/tel/v1/outgoing-links/3')`. */
  restUrl(path: string, query?: Readonly<Record<string, unknown>>, siteUrl = this.options.siteUrl ?? ''): string {
    const clean = path.startsWith('/') ? path : `/${path}`;
    const qs = query === undefined ? '' : stringifyQuery(query);
    return `${siteUrl}${this.names.restRoot}${clean}${qs === '' ? '' : `?${qs}`}`;
  }

  /** The REST root URL, with its trailing slash. */
  restRootUrl(siteUrl?: string): string {
    return this.restUrl('/', undefined, siteUrl);
  }

  #context(siteUrl: string): ServerContext {
    let context = this.#contexts.get(siteUrl);
    if (context !== undefined) return context;
    const restUrl = (path: string, query?: Readonly<Record<string, unknown>>) => this.restUrl(path, query, siteUrl);
    const linkContext: LinkContext = { url: (path) => restUrl(path), prefix: this.names.prefix };
    const rootUrl = restUrl('/');
    context = {
      names: this.names,
      router: this.#router,
      curies: this.curies,
      curieBase: this.options.curieBase,
      linkContext,
      scope: { prefix: this.names.prefix, headerPrefix: this.names.headerPrefix, restUrl },
      restUrl,
      describeRoute: (route, options) => describeRoute(route, { ...options, restUrl }),
      reportError: (error, request) => (this.options.onError ?? defaultOnError)(error, request),
      dispatch: (init) => dispatchRequest(init instanceof RestRequest ? init : this.#fromInit(init), context as ServerContext),
      requestFromUrl: (url) => {
        if (!url.startsWith(rootUrl.slice(0, -1))) return undefined;
        const rest = url.slice(rootUrl.length - 1);
        return this.#fromInit({ path: rest === '' ? '/' : rest });
      },
    };
    if (this.#contexts.size >= MAX_CONTEXTS) this.#contexts.clear();
    this.#contexts.set(siteUrl, context);
    return context;
  }

  #fromInit(init: RestRequestInit): RestRequest {
    const q = init.path.indexOf('?');
    const path = q === -1 ? init.path : init.path.slice(0, q);
    const query = q === -1 ? parseQueryString('') : parseQueryString(init.path.slice(q + 1));
    for (const [key, value] of Object.entries(init.query ?? {}))
      query[key] = value === undefined ? '' : (value as QueryMap[string]);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(init.headers ?? {})) {
      if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
    }
    const request = new RestRequest({
      method: init.method ?? 'GET',
      path: normalizeRoutePath(path),
      query,
      headers,
      body: init.body,
    });
    request.user = init.user ?? null;
    return request;
  }

  /**
   * In-process dispatch: no HTTP, no JSON round trip. Used by tests, `_embed` and internal
   * calls. Runs matching, argument checks, permission and handler; no envelope or encoding.
   *
   * @example
   * ```ts
   * const res = await server.dispatch({ path: '/tel/v1/outgoing-links', query: { per_page: 5 } });
   * res.status; // 200
   * ```
   */
  dispatch(init: RestRequestInit): Promise<RestResponse> {
    const request = this.#fromInit(init);
    return dispatchRequest(request, this.#context(this.options.siteUrl ?? 'http://localhost'));
  }

  /**
   * The front door for adapters: an HTTP request in, an HTTP response out, or `null` when
   * the path is neither under the REST root nor a registered page (the adapter passes it on).
   */
  async handle(http: HttpRequest): Promise<HttpResponse | null> {
    const siteUrl = this.options.siteUrl ?? http.baseUrl ?? 'http://localhost';
    const q = http.url.indexOf('?');
    const pathname = q === -1 ? http.url : http.url.slice(0, q);
    const query = parseQueryString(q === -1 ? '' : http.url.slice(q + 1));
    const root = this.names.restRoot;
    let routePath: string | undefined;
    if (pathname === root || pathname.startsWith(`${root}/`)) routePath = decodePath(pathname.slice(root.length));
    else if ((pathname === '/' || pathname === '/index.php') && typeof query.rest_route === 'string')
      routePath = query.rest_route;
    if (routePath === undefined) return this.#handlePage(http.method.toUpperCase(), decodePath(pathname), query, http, siteUrl);
    const headers = normalizeHeaders(http.headers);
    const { text, invalidUtf8 } = decodeBody(http);
    const request = new RestRequest({
      method: http.method,
      path: normalizeRoutePath(routePath),
      query,
      headers,
      body: typeof http.body === 'undefined' && isRecord(http.parsedBody) ? http.parsedBody : text,
      invalidUtf8,
    });
    return runPipeline(request, this.#context(siteUrl), {
      jsonp: this.options.jsonp,
      cors: this.options.cors,
      authenticators: this.#authenticators,
    });
  }

  async #handlePage(
    method: string,
    path: string,
    query: QueryMap,
    http: HttpRequest,
    siteUrl: string,
  ): Promise<HttpResponse | null> {
    const restRootUrl = this.restRootUrl(siteUrl);
    const discoveryLink = discoveryLinkHeader({ restRootUrl, curieBase: this.options.curieBase });
    const found = this.#pages.match(method, path);
    if (found !== undefined) {
      const answer = await found.page.handler({
        method,
        path,
        params: found.params,
        query,
        headers: normalizeHeaders(http.headers),
      });
      return pageResponse(answer, { method, discoveryLink });
    }
    if (path === '/' && method === 'HEAD') return pageResponse({ body: null }, { method, discoveryLink });
    if (path === '/xmlrpc.php' && Object.hasOwn(query, 'rsd') && this.options.rsd && (method === 'GET' || method === 'HEAD')) {
      const body = rsdDocument({ restRootUrl, siteUrl, apiName: this.names.prefix === 'wp' ? 'WP-API' : 'CMS-JSON' });
      return pageResponse({ headers: { 'Content-Type': 'text/xml; charset=UTF-8' }, body }, { method, discoveryLink });
    }
    return null;
  }
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

function defaultOnError(error: unknown, request: RestRequest): void {
  console.error(`[cms-json] ${request.method} ${request.path} failed:`, error);
}

function decodePath(raw: string): string {
  if (!raw.includes('%')) return raw;
  return raw
    .split('/')
    .map((segment) => decodeComponent(segment.replace(/\+/g, '%2B')))
    .join('/');
}

/** Removes trailing slashes (the original's `untrailingslashit`); `''` becomes `/`. */
function normalizeRoutePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  if (trimmed === '') return '/';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function normalizeHeaders(headers: HttpRequest['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  return out;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const lenientUtf8 = new TextDecoder('utf-8');

function decodeBody(http: HttpRequest): { text: string; invalidUtf8: boolean } {
  const body = http.body ?? (typeof http.parsedBody === 'string' ? http.parsedBody : undefined);
  if (body === undefined) return { text: '', invalidUtf8: false };
  if (typeof body === 'string') return { text: body, invalidUtf8: false };
  try {
    return { text: strictUtf8.decode(body), invalidUtf8: false };
  } catch {
    return { text: lenientUtf8.decode(body), invalidUtf8: true };
  }
}

/**
 * Creates a server.
 *
 * @example
 * ```ts
 * const server = createRestServer({ prefix: 'cms', siteUrl: 'https://example.com' });
 * server.register('tel/v1', outgoingLinks);
 * const res = await server.handle({ method: 'GET', url: '/cms-json/tel/v1', headers: {} });
 * ```
 */
export function createRestServer(options: RestServerOptions = {}): RestServer {
  return new RestServer(options);
}
