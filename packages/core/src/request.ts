/**
 * The request as handlers and permission checks see it.
 *
 * Parameters are looked up in the original's order: JSON body → form body → query →
 * URL → defaults. The JSON body is parsed lazily; a parse error is reported by argument
 * validation (`rest_invalid_json`), after the route matched, as in the original.
 *
 * @module
 */
import { BatchScope } from './batch-scope.js';
import { type CacheKeys, IGNORED_CACHE_KEYS } from './cache-keys.js';
import type { HttpHeaders } from './http.js';
import { emptyQuery, parseQueryString, type QueryMap, type QueryValue, stringifyQuery } from './query-string.js';

/** Who is making the request. Authenticators produce it; permission checks read it. */
export interface Principal {
  /** The user's id; never 0 for a principal. */
  readonly id: number;
  /** Whether the user holds a capability (`edit_posts`, `list_users`, …). */
  can(capability: string): boolean;
}

/** What a request knows of the server that dispatches it: names and URLs. */
export interface RequestScope {
  /** The product prefix (`cms` or `wp`). */
  readonly prefix: string;
  /** The header prefix (`X-CMS-`). */
  readonly headerPrefix: string;
  /** The absolute URL of a path under the REST root, with an optional query. */
  restUrl(path: string, query?: Readonly<Record<string, unknown>>): string;
  /** The site's address the request was made to, without a trailing slash. */
  readonly siteUrl?: string;
}

/** The scope of a request no server dispatched yet: relative URLs under the default root. */
const NO_SCOPE: RequestScope = {
  prefix: 'cms',
  headerPrefix: 'X-CMS-',
  restUrl: (path, query) => {
    const qs = query === undefined ? '' : stringifyQuery(query);
    return `/cms-json${path}${qs === '' ? '' : `?${qs}`}`;
  },
};

/** How a request is described for in-process dispatch ({@link RestServer.dispatch}). */
export interface RestRequestInit {
  /** The method; default `GET`. */
  method?: string;
  /** The route path under the REST root, optionally with a query: `/tel/v1/outgoing-links?page=2`. */
  path: string;
  /** Query parameters, merged over those in `path`. */
  query?: Readonly<Record<string, unknown>>;
  /** Request headers (any case). */
  headers?: HttpHeaders;
  /** A raw body (parsed by its content type) or an object taken as the JSON body. */
  body?: string | Readonly<Record<string, unknown>>;
  /** The principal, for internal requests made on a user's behalf. */
  user?: Principal | null;
  /** A body to hand unread to an endpoint that takes it as a stream (uploads). */
  bodyStream?: AsyncIterable<Uint8Array>;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b|\+oembed\b/i;
const FORM_TYPE = /^application\/x-www-form-urlencoded\b/i;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const EMPTY_FORM: QueryMap = Object.freeze(emptyQuery());
/** Until the dispatcher sets them: no URL parameters, no defaults (shared, so frozen). */
const NO_VALUES: Record<string, unknown> = Object.freeze(Object.create(null));

/** A JSON parse failure, kept until argument validation reports it, in PHP's terms. */
export interface JsonParseFailure {
  /** PHP's `json_last_error()`: 4 for a syntax error, 5 for malformed UTF-8. */
  code: number;
  /** PHP's `json_last_error_msg()`. */
  message: string;
}

const SYNTAX_ERROR: JsonParseFailure = { code: 4, message: 'Syntax error' };
const UTF8_ERROR: JsonParseFailure = { code: 5, message: 'Malformed UTF-8 characters, possibly incorrectly encoded' };

/**
 * A request inside the core. Built by the server from an adapter's request or from a
 * {@link RestRequestInit}.
 */
export class RestRequest {
  /** The effective method (after method override), upper case. */
  method: string;
  /** The route path under the REST root, decoded, without a trailing slash. */
  readonly path: string;
  /** Query parameters (PHP-style: `a[]=1` lists, `a[b]=1` maps). */
  readonly query: QueryMap;
  /** Lower-case header names; repeated headers joined with `,`. */
  readonly headers: Readonly<Record<string, string>>;
  /** The raw body text ('' when none). */
  readonly rawBody: string;
  /**
   * The body unread, for an endpoint that declares `streamBody`: read it once, in order
   * (`for await (const chunk of request.bodyStream)`). The dispatcher wraps it so that it
   * throws 413 `rest_body_too_large` past the endpoint's `maxBytes`. `undefined` when the
   * request has no body or the endpoint takes it parsed.
   */
  bodyStream: AsyncIterable<Uint8Array> | undefined;
  /** Parameters from the matched path (`id` of `/outgoing-links/:id`). */
  urlParams: Record<string, string> = NO_VALUES as Record<string, string>;
  /** Defaults of the matched endpoint's arguments. */
  defaults: Record<string, unknown> = NO_VALUES;
  /** The authenticated principal, or `null` for an anonymous request. */
  user: Principal | null = null;
  /**
   * The surrogate keys of this request's answer (`request.cacheKeys.add('post-12')`): what a
   * shared cache files it under. Keeps nothing unless the server's `sharedCache` is on.
   */
  cacheKeys: CacheKeys = IGNORED_CACHE_KEYS;
  /** The dispatching server's names and URL builder (set by the dispatcher). */
  scope: RequestScope = NO_SCOPE;
  /**
   * What the requests answered together share (the links of one `_embed`, dispatched side
   * by side): loaders that keep their batches in it load for all of them at once. A scope of
   * its own when the request is answered alone (made at its first use).
   */
  get batchScope(): BatchScope {
    this.#batchScope ??= new BatchScope();
    return this.#batchScope;
  }

  set batchScope(scope: BatchScope) {
    this.#batchScope = scope;
  }

  #batchScope: BatchScope | undefined;
  /**
   * Set when a handler changed what the permission checks see (`permissionsChanged(request)`):
   * the checks of `Allow` then run again.
   */
  checksStale = false;
  #locals: Map<object, unknown> | undefined;

  #json: Record<string, unknown> | undefined | null = null;
  #jsonError: JsonParseFailure | undefined;
  #form: QueryMap | undefined;
  #formParsed = false;
  readonly #objectBody: Readonly<Record<string, unknown>> | undefined;
  readonly #invalidUtf8: boolean;

  constructor(init: {
    method: string;
    path: string;
    query: QueryMap;
    headers: Readonly<Record<string, string>>;
    body?: string | Readonly<Record<string, unknown>> | undefined;
    /** The raw body was not valid UTF-8: a JSON body then fails to parse. */
    invalidUtf8?: boolean;
    /** The body unread (see {@link RestRequest.bodyStream}). */
    bodyStream?: AsyncIterable<Uint8Array> | undefined;
  }) {
    this.bodyStream = init.bodyStream;
    this.method = init.method.toUpperCase();
    this.path = init.path;
    this.query = init.query;
    this.headers = init.headers;
    if (typeof init.body === 'object' && init.body !== null) {
      this.#objectBody = init.body;
      this.rawBody = '';
    } else {
      this.rawBody = init.body ?? '';
    }
    this.#invalidUtf8 = init.invalidUtf8 ?? false;
  }

  /**
   * The request's own state, by {@link RequestLocal} key: read and write it through the
   * key (`found.get(request)`), which types the value. Made at first use.
   */
  get locals(): Map<object, unknown> {
    this.#locals ??= new Map();
    return this.#locals;
  }

  /** A request header by name, any case. */
  header(name: string): string | undefined {
    return this.headers[name.toLowerCase()];
  }

  /** The media type of the body, without parameters, lower case. */
  get contentType(): string {
    const value = this.headers['content-type'] ?? '';
    const semi = value.indexOf(';');
    return (semi === -1 ? value : value.slice(0, semi)).trim().toLowerCase();
  }

  /** The parsed JSON body (objects only), or `undefined`. */
  get json(): Readonly<Record<string, unknown>> | undefined {
    if (this.#json === null) this.#parseJson();
    return this.#json ?? undefined;
  }

  /** The JSON parse failure, if the body claimed to be JSON and was not. */
  get jsonError(): JsonParseFailure | undefined {
    if (this.#json === null) this.#parseJson();
    return this.#jsonError;
  }

  /**
   * The form body parameters (`application/x-www-form-urlencoded`, or no content type) of a
   * POST, PUT, PATCH or DELETE; empty for other methods.
   */
  get form(): QueryMap {
    if (!BODY_METHODS.has(this.method)) return EMPTY_FORM;
    if (!this.#formParsed) {
      this.#formParsed = true;
      const type = this.contentType;
      const isForm = FORM_TYPE.test(type) || (type === '' && this.#objectBody === undefined);
      if (isForm && this.rawBody !== '') this.#form = parseQueryString(this.rawBody);
    }
    return this.#form ?? EMPTY_FORM;
  }

  /**
   * Sets the body parameters of a streamed body once its handler has read them (the text
   * fields of a `multipart/form-data` upload): they are then found by {@link param} as form
   * parameters are.
   *
   * @example
   * ```ts
   * request.setBodyParams(parseQueryString('title=Photo&alt_text=A%20cat'));
   * ```
   */
  setBodyParams(params: QueryMap): void {
    this.#form = params;
    this.#formParsed = true;
  }

  #parseJson(): void {
    this.#json = undefined;
    if (this.#objectBody !== undefined) {
      this.#json = this.#objectBody;
      return;
    }
    if (this.rawBody === '' || !JSON_TYPE.test(this.contentType)) return;
    if (this.#invalidUtf8) {
      this.#jsonError = UTF8_ERROR;
      return;
    }
    try {
      const value: unknown = JSON.parse(this.rawBody);
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        this.#json = value as Record<string, unknown>;
      }
    } catch {
      this.#jsonError = SYNTAX_ERROR;
    }
  }

  /** Whether a parameter was sent anywhere (JSON, form, query or URL). */
  hasParam(name: string): boolean {
    return this.#sent(name) !== undefined;
  }

  /**
   * A parameter by name, looked up JSON body → form body → query → URL → defaults.
   * Own properties only, so `__proto__` and `constructor` are never found by accident.
   */
  param(name: string): unknown {
    const sent = this.#sent(name);
    if (sent !== undefined) return sent;
    return Object.hasOwn(this.defaults, name) ? this.defaults[name] : undefined;
  }

  /** A parameter as sent (JSON, form, query or URL), without defaults; `undefined` when not sent. */
  sentParam(name: string): unknown {
    return this.#sent(name);
  }

  #sent(name: string): unknown {
    const json = this.json;
    if (json !== undefined && Object.hasOwn(json, name)) return json[name];
    const form = this.form;
    if (Object.hasOwn(form, name)) return form[name];
    if (Object.hasOwn(this.query, name)) return this.query[name] as QueryValue;
    if (Object.hasOwn(this.urlParams, name)) return this.urlParams[name];
    return undefined;
  }

  /** The names of every parameter sent, in no particular order. */
  paramNames(): string[] {
    const names = new Set<string>([...Object.keys(this.urlParams), ...Object.keys(this.query), ...Object.keys(this.form)]);
    for (const key of Object.keys(this.json ?? {})) names.add(key);
    return [...names];
  }
}
