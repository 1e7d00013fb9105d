/**
 * `createRestServer(options)`: the registry of namespaces, routes, CURIEs, authenticators
 * and site pages, and the two front doors: {@link RestServer.handle} for adapters (an HTTP
 * request in, an HTTP response out) and {@link RestServer.dispatch} for in-process calls.
 * Everything registered lives on the instance; nothing is global.
 *
 * @module
 */
import type { z } from 'zod';
import { batchRoute, type TransactionRunner } from './batch.js';
import { type IndexSource, namespaceIndexRoute, rootIndexRoute, type SiteDescriber } from './discovery.js';
import { dispatch as dispatchRequest, validateBatchMember } from './dispatch.js';
import type { HttpRequest, HttpResponse } from './http.js';
import { decodePath, normalizeHeaders, normalizeRoutePath, requestFromHttp, requestFromInit, splitUrl } from './incoming.js';
import { CurieRegistry } from './links/curies.js';
import { LruMap } from './lru-map.js';
import { apiRoutePath, isUnderRestRoot, takesRestRoute } from './mount.js';
import { assertNamespace, type CompiledRoute, compileRoute, mergeRoutes } from './namespace.js';
import type { FieldValidation } from './object-types/field-value-check.js';
import type { RecordTypesOf } from './object-types/hooks.js';
import { checkRegistrations, type RouteClaim } from './object-types/registration-check.js';
import { ObjectTypeRegistry } from './object-types/registry.js';
import type { RestField } from './object-types/rest-field.js';
import type { Authenticator } from './pipeline/authenticator.js';
import { KNOWN_TAGS } from './pipeline/conditional.js';
import { linkedData } from './pipeline/embed.js';
import { filterFields, parseFields } from './pipeline/fields.js';
import type { CorsPolicy } from './pipeline/headers.js';
import { handle } from './pipeline/pipeline.js';
import type { ResponseRenderer } from './pipeline/render.js';
import { type SharedCacheOptions, sharedCachePolicy } from './pipeline/shared-cache.js';
import type { PipelineOptions } from './pipeline/state.js';
import { PluginScope, type Registrant } from './plugin-scope.js';
import { parseQueryString, type QueryMap, stringifyQuery } from './query-string.js';
import { RestRequest, type RestRequestInit } from './request.js';
import type { RestResponse } from './response.js';
import type { Route, StreamedBody } from './route.js';
import { Router } from './router/router.js';
import type { KnownTag, PrefixNames, ServerContext } from './server-context.js';
import { answerSitePath, type PageDefinition, PageRegistry, type PageRequest } from './site.js';
import { siteContext } from './site-context.js';

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
  /**
   * Runs work in one database transaction: what `POST /batch/v1` with `"atomic": true` needs
   * (docs/batch.md). A plugin may give it instead, with {@link RestServer.provideTransactions}.
   */
  transaction?: TransactionRunner;
  /** Receives unexpected failures (500s). @default console.error */
  onError?: (error: unknown, request: RestRequest) => void;
  /**
   * What a registered field's `get` returning a value its schema refuses does (docs/extending-types.md):
   * `'error'` answers 500 `rest_invalid_field_value` (development), `'log'` sends the value as it is
   * (production, as WordPress does). Both report it to `onError`. @default 'error'
   */
  validateFields?: FieldValidation;
  /**
   * Marks answers for a shared cache (Varnish, a CDN) in front of the server: a cacheable
   * answer gets `Cache-Control: public, s-maxage=…` and its surrogate keys (`xkey`,
   * `Surrogate-Key`), every other one `private, no-store` (docs/caching.md, "Shared caches
   * and surrogate keys"). Off by default: WordPress sends neither.
   *
   * @example
   * ```ts
   * createRestServer({ sharedCache: { sMaxAge: 300, staleWhileRevalidate: 30 } });
   * ```
   */
  sharedCache?: SharedCacheOptions;
}

/**
 * The registries packages keep on a server (a package's post types, taxonomies, meta keys),
 * one member per package, typed by declaration merging. Empty in the core.
 *
 * @example
 * ```ts
 * declare module '@cms-json/core' {
 *   interface ServerExtensions {
 *     postTypes: PostTypeRegistry;
 *   }
 * }
 * const registry = server.extension('postTypes', () => new PostTypeRegistry());
 * ```
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging
export interface ServerExtensions {}

/** A plugin: registers namespaces, routes, CURIEs, authenticators or pages. */
export type Plugin = (server: RestServer) => void | Promise<void>;

/** How many sites' contexts a server keeps (the least recently used forgotten first): each is a few URLs and headers. */
const MAX_SITES = 32;

/** The server. Create it with {@link createRestServer}. */
export class RestServer {
  /** The names that follow the prefix. */
  readonly names: PrefixNames;
  /** The CURIE prefixes used to compact relations; plugins add theirs with `server.curies.add(…)`. */
  readonly curies = new CurieRegistry(() => {
    this.#built = false;
  });
  /** The options, with defaults filled in. */
  readonly options: Readonly<Required<Omit<RestServerOptions, 'siteUrl' | 'site' | 'onError' | 'transaction' | 'sharedCache'>>> &
    RestServerOptions;
  /**
   * The object types (`user`, `post`, custom types): the fields, links and hooks extensions
   * add to another package's records, and the types whose routes are built from their
   * registration arguments.
   */
  readonly objectTypes = new ObjectTypeRegistry(
    () => {
      this.#built = false;
    },
    {
      registrant: () => this.#plugins.current,
      fieldValues: { policy: () => this.options.validateFields, report: (error, request) => this.#reportError(error, request) },
    },
  );
  /** The plugin running now: registrations remember it, for the start-up checks' messages. */
  readonly #plugins = new PluginScope();
  #router = new Router<CompiledRoute>();
  #routes = new Map<string, CompiledRoute>();
  /** The routes as registered, in order: compiled again whenever the routes are built. */
  readonly #declared: { readonly namespace: string; readonly route: Route; readonly registrant?: Registrant }[] = [];
  /** Whether the router holds every declared route as the object types now shape it. */
  #built = false;
  /** Whether an endpoint takes its body as a stream (see {@link streamedBody}). */
  #streams = false;
  readonly #namespaces: string[] = [];
  readonly #authenticators: Authenticator[] = [];
  readonly #wrappers: RequestWrapper[] = [];
  readonly #renderers: ResponseRenderer[] = [];
  readonly #namespaceListeners: ((namespace: string) => void)[] = [];
  /** What the pipeline reads, built once (the authenticators list is the live one). */
  readonly #pipelineOptions: PipelineOptions;
  readonly #pages = new PageRegistry();
  /**
   * The per-site part of what dispatch and the pipeline read, by the site's URL (the `Host` a
   * request came to, when the server has no `siteUrl`): small, and bounded.
   */
  readonly #contexts = new LruMap<string, ServerContext>(MAX_SITES);
  /**
   * The tags given to revalidated answers (`conditional.ts`): the server's, keyed by caller,
   * path and query, not by site, so a spoofed `Host` cannot push them out.
   */
  readonly #knownTags = new LruMap<string, KnownTag>(KNOWN_TAGS);
  #authentication: Record<string, unknown> = {};
  #transactions: TransactionRunner | undefined;
  #siteDescriber: SiteDescriber | undefined;
  readonly #extensions: Partial<ServerExtensions> = {};

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
      validateFields: options.validateFields ?? 'error',
    };
    this.#pipelineOptions = {
      jsonp: this.options.jsonp,
      cors: this.options.cors,
      authenticators: this.#authenticators,
      renderers: this.#renderers,
      sharedCache: options.sharedCache === undefined ? undefined : sharedCachePolicy(options.sharedCache),
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
      site: {
        name: options.site?.name ?? 'cms-json',
        description: options.site?.description ?? '',
        url: options.siteUrl ?? '',
        home: options.siteUrl ?? '',
      },
      authentication: () => this.#authentication,
      siteDescription: () => this.#siteDescriber,
    };
    this.#indexSource = source;
    this.#declared.push({ namespace: '', route: rootIndexRoute(source) });
    this.#transactions = options.transaction;
    const contextOf = (request: RestRequest) =>
      this.#context(request.scope.siteUrl ?? this.options.siteUrl ?? 'http://localhost');
    const batch = batchRoute(
      {
        dispatch: (request) => dispatchRequest(request, contextOf(request), { batch: true }),
        validate: (request) => validateBatchMember(request, contextOf(request)),
        toData: (response, request) => {
          // The original's `rest_filter_response_fields` runs on each member (its `_fields`),
          // before its `_links` are added; errors are never trimmed. No `_embed` in a batch.
          const fields = response.status >= 400 ? undefined : parseFields(request.query._fields);
          if (fields !== undefined && fields.length > 0) response.data = filterFields(response.data, fields);
          return linkedData(response, contextOf(request));
        },
        transactions: () => this.#transactions,
      },
      { declareAtomic: !wp },
    );
    this.#declared.push({ namespace: '', route: batch });
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
    // Compile everything first, so a bad route leaves the server as it was.
    for (const route of routes) compileRoute(namespace, route, this.#compileOptions);
    const added = !this.#namespaces.includes(namespace);
    if (added) {
      this.#namespaces.push(namespace);
      this.#declared.push({ namespace, route: namespaceIndexRoute(namespace, this.#indexSource) });
    }
    for (const route of routes) this.#declared.push({ namespace, route, registrant: this.#plugins.current });
    this.#built = false;
    if (added) for (const listener of this.#namespaceListeners) listener(namespace);
    return this;
  }

  /**
   * Registers routes directly under the REST root (`/openapi.json`), in no namespace: they
   * are listed in no namespace's index.
   *
   * @example
   * ```ts
   * server.registerAtRoot(defineRoute({ path: '/openapi.json', endpoints: … }));
   * ```
   */
  registerAtRoot(...routes: Route[]): this {
    for (const route of routes) compileRoute('', route, this.#compileOptions);
    for (const route of routes) this.#declared.push({ namespace: '', route, registrant: this.#plugins.current });
    this.#built = false;
    return this;
  }

  /**
   * Calls `listener` once for each namespace registered so far, then for each namespace
   * registered later (before its routes are built), so that a plugin can add a route to
   * every namespace (`/tel/v1/openapi.json`).
   *
   * @example
   * ```ts
   * server.onNamespace((namespace) => server.register(namespace, namespaceDocumentRoute(namespace)));
   * ```
   */
  onNamespace(listener: (namespace: string) => void): this {
    this.#namespaceListeners.push(listener);
    for (const namespace of [...this.#namespaces]) listener(namespace);
    return this;
  }

  /**
   * The routes as built (building them first if needed): what a plugin reads to describe
   * the API (an OpenAPI document, a route's page).
   *
   * @example
   * ```ts
   * for (const route of server.routes()) console.log(route.key, route.methods);
   * ```
   */
  routes(): readonly CompiledRoute[] {
    this.ready();
    return [...this.#routes.values()];
  }

  /**
   * The built route that serves a path under the REST root (`/tel/v1/items/3`), with the
   * path's parameters, or `undefined`.
   *
   * @example
   * ```ts
   * server.match('/tel/v1/items/3'); // { route: <the /tel/v1/items/(?P<id>[\d]+) route>, params: { id: '3' } }
   * ```
   */
  match(path: string): { route: CompiledRoute; params: Record<string, string> } | undefined {
    this.ready();
    const found = this.#router.match(normalizeRoutePath(path));
    return found === undefined ? undefined : { route: found.value, params: { ...found.params } };
  }

  /**
   * Adds a renderer: it sees every API answer that has a response (not a HEAD answer),
   * complete with links, `_embedded`, `_fields` and envelope, before it is encoded as JSON;
   * the first renderer that returns a response has it sent as it is.
   *
   * @example
   * ```ts
   * server.renderWith((answer) => (wantsHtml(answer.request) ? htmlPage(answer) : undefined));
   * ```
   */
  renderWith(renderer: ResponseRenderer): this {
    this.#renderers.push(renderer);
    return this;
  }

  get #compileOptions() {
    return { prefix: this.names.prefix, objectTypes: this.objectTypes };
  }

  /**
   * Builds the routes: those of declared types (post types, taxonomies) from their filtered
   * arguments, then every route with what its object type adds. The first request does it;
   * call it to see the routes before that (a change to the routes or object types after it
   * is built in at the next request).
   *
   * @throws RestError `rest_invalid_registration` for a registration mistake (a field on a
   *   type that does not exist, two types on one rest base…), naming the plugin and the fix.
   */
  ready(): this {
    if (this.#built) return this;
    for (const built of this.objectTypes.buildDeclared()) {
      this.#plugins.within(built.registrant, () => this.register(built.namespace, ...built.routes));
    }
    const routes = new Map<string, CompiledRoute>();
    const router = new Router<CompiledRoute>();
    const options = this.#compileOptions;
    const claims: RouteClaim[] = [];
    for (const { namespace, route, registrant } of this.#declared) {
      const compiled = compileRoute(namespace, route, options);
      claims.push({ route: compiled, registrant });
      const existing = routes.get(compiled.key);
      routes.set(compiled.key, existing === undefined ? compiled : mergeRoutes(existing, compiled));
    }
    checkRegistrations(this.objectTypes, claims);
    for (const route of routes.values()) router.add(route.pattern, route);
    this.#streams = [...routes.values()].some((route) => route.endpoints.some((endpoint) => endpoint.streamBody !== undefined));
    this.#routes = routes;
    this.#router = router;
    // The per-site contexts hold the router of the old routes, and the tags were given by them.
    this.#contexts.clear();
    this.#knownTags.clear();
    this.#built = true;
    return this;
  }

  /**
   * Adds a field to every record of an object type: the original's `register_rest_field`.
   * Its `get` and `update` see the type's records ({@link ObjectTypeRecords}) and the type of
   * its schema.
   */
  registerRestField<TName extends string, TSchema extends z.ZodType>(
    objectType: TName,
    name: string,
    field: RestField<RecordTypesOf<TName>, TSchema>,
  ): this {
    this.objectTypes.get(objectType).registerField(name, field);
    return this;
  }

  /**
   * A package's registry on this server ({@link ServerExtensions}): the one made by `create`
   * at the first call, the same one after it. State a package keeps per server lives here,
   * visible and typed, not in a table of its own keyed by servers.
   *
   * @example
   * ```ts
   * export const postTypes = (server: RestServer) => server.extension('postTypes', () => new PostTypeRegistry(server.objectTypes));
   * ```
   */
  extension<K extends keyof ServerExtensions>(key: K, create: () => ServerExtensions[K]): ServerExtensions[K] {
    const found = this.#extensions[key];
    if (found !== undefined) return found as ServerExtensions[K];
    const made = create();
    this.#extensions[key] = made;
    return made;
  }

  /** Runs a plugin. */
  async use(plugin: Plugin): Promise<this> {
    await this.#plugins.run(plugin, () => plugin(this));
    return this;
  }

  /** Adds an authenticator; the first that recognises a request decides. */
  authenticate(authenticator: Authenticator): this {
    this.#authenticators.push(authenticator);
    return this;
  }

  /**
   * Gives the server its transaction capability, for atomic batches (docs/batch.md): the
   * database package's `database.transactionRunner()`, or any function that runs work in one
   * transaction. The last one given is used.
   *
   * @example
   * ```ts
   * server.provideTransactions(database.transactionRunner());
   * ```
   */
  provideTransactions(runner: TransactionRunner): this {
    this.#transactions = runner;
    return this;
  }

  /** Sets the root index's `authentication` member (application-password endpoints, …). */
  describeAuthentication(description: Record<string, unknown>): this {
    this.#authentication = { ...this.#authentication, ...description };
    return this;
  }

  /**
   * Lets the root index read the site's name, description and timezone at each request (from
   * its settings), over the `site` option given to the server. The last call wins.
   *
   * @example
   * ```ts
   * server.describeSite(async () => ({ name: await options.get('title') }));
   * ```
   */
  describeSite(describer: SiteDescriber): this {
    this.#siteDescriber = describer;
    return this;
  }

  /**
   * Runs `around` around every request the front door ({@link RestServer.handle}) answers,
   * API and site pages alike: the place for per-request context that lives outside the
   * server (which database a request may read from, a trace span) and for headers added to
   * the finished answer. `next()` answers the request; call it once and return its answer
   * (changed or not). Wrappers run in the order given, the first outermost.
   *
   * @example
   * ```ts
   * server.aroundRequests(async (http, next) => {
   *   const response = await next();
   *   if (response !== null) response.headers['X-Served-By'] = 'node-1';
   *   return response;
   * });
   * ```
   */
  aroundRequests(around: RequestWrapper): this {
    this.#wrappers.push(around);
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

  /**
   * The URL of a path under the REST root: `restUrl('/tel/v1/outgoing-links/3')`, absolute on
   * the server's `siteUrl`. A server without one does not know its address before a request
   * comes (each request's is its own, see docs/links-and-embedding.md): the URL is then
   * relative to the mount point (`/cms-json/tel/v1/outgoing-links/3`), unless `siteUrl` is
   * given. In a handler, `request.scope.restUrl(path)` is absolute on the request's site.
   */
  restUrl(path: string, query?: Readonly<Record<string, unknown>>, siteUrl = this.options.siteUrl ?? ''): string {
    const clean = path.startsWith('/') ? path : `/${path}`;
    const qs = query === undefined ? '' : stringifyQuery(query);
    return `${siteUrl}${this.names.restRoot}${clean}${qs === '' ? '' : `?${qs}`}`;
  }

  /** The REST root URL, with its trailing slash (relative without a `siteUrl`, as {@link restUrl}). */
  restRootUrl(siteUrl?: string): string {
    return this.restUrl('/', undefined, siteUrl);
  }

  #context(siteUrl: string): ServerContext {
    let context = this.#contexts.get(siteUrl);
    if (context === undefined) {
      context = siteContext({
        siteUrl,
        names: this.names,
        router: this.#router,
        curies: this.curies,
        curieBase: this.options.curieBase,
        knownTags: this.#knownTags,
        restUrl: (path, query) => this.restUrl(path, query, siteUrl),
        reportError: (error, request) => this.#reportError(error, request),
      });
      this.#contexts.set(siteUrl, context);
    }
    return context;
  }

  /**
   * In-process dispatch: no HTTP, no JSON round trip. Used by tests, `_embed` and internal
   * calls. Runs matching, argument checks, permission and handler; no envelope or encoding.
   *
   * Its URLs (links, `Location`, a record's `link`) are on the server's `siteUrl`; without
   * one, on the site of the request given as `from` (a route's or a page's request: the
   * internal request is then made on the site and mount path the outside one came to), else
   * on `http://localhost`.
   *
   * @example
   * ```ts
   * const res = await server.dispatch({ path: '/tel/v1/outgoing-links', query: { per_page: 5 } });
   * res.status; // 200
   * // In a route's handler: links on the site the request came to.
   * const first = await server.dispatch({ path: '/tel/v1/outgoing-links/1' }, { from: request });
   * ```
   */
  async dispatch(init: RestRequestInit, options: ServerDispatchOptions = {}): Promise<RestResponse> {
    this.ready();
    const request = requestFromInit(init);
    return dispatchRequest(request, this.#context(this.options.siteUrl ?? siteUrlFrom(options.from) ?? 'http://localhost'));
  }

  /**
   * Whether a URL (a path with its query, relative to where the server is mounted) is the
   * API's: under the REST root, or the `/?rest_route=` form. Adapters ask it before reading
   * a request body: site pages never receive one, so a host can still read it.
   *
   * @example
   * ```ts
   * server.serves('/cms-json/tel/v1/outgoing-links'); // true
   * server.serves('/?rest_route=/tel/v1');            // true
   * server.serves('/out/docs');                       // false
   * ```
   */
  serves(url: string): boolean {
    const q = url.indexOf('?');
    const pathname = q === -1 ? url : url.slice(0, q);
    if (isUnderRestRoot(pathname, this.names.restRoot)) return true;
    if (q === -1 || !takesRestRoute(pathname)) return false;
    return apiRoutePath(pathname, parseQueryString(url.slice(q + 1)), this.names.restRoot) !== undefined;
  }

  /**
   * How an adapter hands over the body of a request the server serves: the limit of the
   * endpoint that takes its body as a stream ({@link StreamedBody}), or `undefined` when the
   * body is to be read whole within `maxBodyBytes` (or the URL is not the API's). The method
   * is the one sent: a method override in the request is not applied here.
   *
   * @example
   * ```ts
   * const streamed = server.streamedBody('POST', '/cms-json/cms/v2/media');
   * if (streamed !== undefined) server.handle({ method, url, headers, bodyStream: req });
   * ```
   */
  streamedBody(method: string, url: string): StreamedBody | undefined {
    if (!this.#built) this.ready();
    // Most servers have no such endpoint: their requests cost no second match.
    if (!this.#streams) return undefined;
    const { pathname, query } = splitUrl(url);
    let routePath = apiRoutePath(pathname, query, this.names.restRoot);
    if (routePath === undefined) return undefined;
    if (isUnderRestRoot(pathname, this.names.restRoot)) routePath = decodePath(routePath);
    const found = this.#router.match(normalizeRoutePath(routePath));
    if (found === undefined) return undefined;
    const wanted = method.toUpperCase();
    for (const endpoint of found.value.endpoints) {
      if ((endpoint.methods as readonly string[]).includes(wanted)) return endpoint.streamBody;
    }
    return undefined;
  }

  /**
   * The front door for adapters: an HTTP request in, an HTTP response out, or `null` when
   * the path is neither under the REST root nor a registered page (the adapter passes it on).
   *
   * @example
   * ```ts
   * const response = await server.handle({ method: 'GET', url: '/cms-json/tel/v1', headers: {} });
   * ```
   */
  async handle(http: HttpRequest): Promise<HttpResponse | null> {
    this.ready();
    if (this.#wrappers.length === 0) return this.#answer(http);
    const run = (index: number): Promise<HttpResponse | null> => {
      const around = this.#wrappers[index];
      return around === undefined ? this.#answer(http) : around(http, () => run(index + 1));
    };
    return run(0);
  }

  /** What {@link RestServer.handle} answers, inside the request wrappers. */
  async #answer(http: HttpRequest): Promise<HttpResponse | null> {
    const siteUrl = this.options.siteUrl ?? http.baseUrl ?? 'http://localhost';
    const { pathname, query } = splitUrl(http.url);
    let routePath = apiRoutePath(pathname, query, this.names.restRoot);
    if (routePath === undefined) return this.#handlePage(http.method.toUpperCase(), decodePath(pathname), query, http, siteUrl);
    // `?rest_route=/tel/v1/…` stays in the query, as in the original's get_query_params(): its
    // paging links carry it on (`…/wp-json/tel/v1/outgoing-links?rest_route=%2Ftel%2Fv1…&page=2`).
    if (isUnderRestRoot(pathname, this.names.restRoot)) routePath = decodePath(routePath);
    const request = requestFromHttp(http, routePath, query);
    return handle(request, this.#context(siteUrl), this.#pipelineOptions);
  }

  #handlePage(method: string, path: string, query: QueryMap, http: HttpRequest, siteUrl: string): Promise<HttpResponse | null> {
    return answerSitePath(
      this.#pages,
      { method, path, query, headers: normalizeHeaders(http.headers), siteUrl },
      {
        siteUrl,
        restRootUrl: this.restRootUrl(siteUrl),
        curieBase: this.options.curieBase,
        rsd: this.options.rsd,
        apiName: this.names.prefix === 'wp' ? 'WP-API' : 'CMS-JSON',
      },
      (error) => this.#reportError(error, new RestRequest({ method, path, query, headers: normalizeHeaders(http.headers) })),
    );
  }

  #reportError(error: unknown, request: RestRequest): void {
    try {
      (this.options.onError ?? defaultOnError)(error, request);
    } catch {
      // A failing error hook must not turn a 500 into a crash.
    }
  }
}

/**
 * A wrapper of every request the front door answers (see {@link RestServer.aroundRequests}):
 * the request, and `next` to answer it.
 */
export type RequestWrapper = (http: HttpRequest, next: () => Promise<HttpResponse | null>) => Promise<HttpResponse | null>;

/** Options of {@link RestServer.dispatch}. */
export interface ServerDispatchOptions {
  /**
   * The request being answered (a route's `RestRequest`, a page's `PageRequest`): without a
   * `siteUrl` option, the internal request is made on the site URL it came to.
   */
  from?: RestRequest | PageRequest | undefined;
}

/** The site URL a request came to, when a server dispatched it. */
function siteUrlFrom(from: RestRequest | PageRequest | undefined): string | undefined {
  if (from === undefined) return undefined;
  return 'scope' in from ? from.scope.siteUrl : from.siteUrl;
}

function defaultOnError(error: unknown, request: RestRequest): void {
  console.error(`[cms-json] ${request.method} ${request.path} failed:`, error);
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
