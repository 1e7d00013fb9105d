/**
 * The response as handlers build it: status, headers, data and links. The pipeline turns it
 * into an {@link HttpResponse}.
 *
 * @module
 */
import type { LinkObject, Links } from './links/link.js';
import { withMember } from './record.js';

/** Options of {@link response}. */
export interface ResponseInit {
  status?: number;
  headers?: Record<string, string | string[]>;
  /**
   * `true` when the data is not a record of the route's schema (for example a delete's
   * `{ deleted, previous }`): no context filter and no route links are applied.
   */
  raw?: boolean;
  /**
   * The context the record is shown in, whatever the request asked: `'edit'` after a create,
   * an update or a delete, as the original answers. The route's links, fields and hooks
   * still apply.
   */
  context?: string;
  /**
   * A body sent as it is instead of the data's JSON, as the original's `rest_pre_serve_request`
   * answers (oEmbed's XML): give its `Content-Type` in `headers`. The data stays the response's
   * data (in-process dispatch, `_envelope` and JSONP requests get it as JSON).
   */
  served?: string;
}

/**
 * A response: a status, headers, data and `_links`. Handlers return one when they need a
 * status other than 200, headers, or data that is not a record of the route's schema.
 */
export class RestResponse {
  /** The HTTP status. @default 200 */
  status: number;
  #data: unknown;
  /**
   * The data's JSON text, when dispatch wrote it at once; the data itself (and the links of a
   * single record) is then built when read.
   */
  #json: { readonly text: string; readonly build: () => unknown } | undefined;
  /** Whether the data skips the record preparation (context filter, route links). */
  readonly raw: boolean;
  /** The context the data is shown in, when the handler chose it ({@link ResponseInit.context}). */
  readonly context: string | undefined;
  /** A body sent as it is instead of the data's JSON ({@link ResponseInit.served}). */
  readonly served: string | undefined;
  #headers: Map<string, string | string[]> | undefined;
  readonly #links: Links = {};

  constructor(data: unknown, init?: ResponseInit) {
    this.#data = data;
    this.status = init?.status ?? 200;
    this.raw = init?.raw ?? false;
    this.context = init?.context;
    this.served = init?.served;
    const headers = init?.headers;
    if (headers !== undefined) for (const name of Object.keys(headers)) this.setHeader(name, headers[name] as string | string[]);
  }

  /** The body: a record, a list of records, or anything JSON can hold (`null` sends no body). */
  get data(): unknown {
    const json = this.#json;
    if (json !== undefined) {
      this.#json = undefined;
      this.#data = json.build();
    }
    return this.#data;
  }

  /** Response headers by name; read with {@link RestResponse.getHeader}, any case. */
  get headers(): Map<string, string | string[]> {
    // Made at first use: many answers (a 404, a plain record) set none.
    this.#headers ??= new Map();
    return this.#headers;
  }

  /** Whether any header is set (without making the map). */
  get hasHeaders(): boolean {
    return this.#headers !== undefined && this.#headers.size > 0;
  }

  /** Links of the top-level data (for a single record, written to `_links`). */
  get links(): Links {
    // A record written at once gets its links when its data is built.
    if (this.#json !== undefined) void this.data;
    return this.#links;
  }

  set data(value: unknown) {
    this.#json = undefined;
    this.#data = value;
  }

  /**
   * The data's JSON text, when dispatch wrote it straight from the handler's records (a list
   * sent as it is); `undefined` otherwise, and once the data was read or replaced.
   */
  get json(): string | undefined {
    return this.#json?.text;
  }

  /**
   * Sets the data as JSON text, with how to build the data itself should anyone read it or
   * its {@link links} (dispatch uses this for records and lists it wrote at once).
   */
  setJson(text: string, build: () => unknown): this {
    this.#json = { text, build };
    return this;
  }

  /** Sets a header, replacing any value of that name (names compare case-insensitively). */
  setHeader(name: string, value: string | string[]): this {
    for (const key of this.#keysNamed(name)) this.headers.delete(key);
    this.headers.set(name, value);
    return this;
  }

  /** Adds a value to a header, keeping the values already set. */
  appendHeader(name: string, value: string): this {
    const key = this.#keysNamed(name)[0];
    const existing = key === undefined ? undefined : this.headers.get(key);
    if (key === undefined || existing === undefined) this.headers.set(name, value);
    else this.headers.set(key, [...(Array.isArray(existing) ? existing : [existing]), value]);
    return this;
  }

  /** A header's value by name, any case. */
  getHeader(name: string): string | string[] | undefined {
    const key = this.#keysNamed(name)[0];
    return key === undefined ? undefined : this.headers.get(key);
  }

  /** The keys of `headers` that are `name` in any case (one, unless the map was set directly). */
  #keysNamed(name: string): readonly string[] {
    if (!this.hasHeaders) return NONE;
    let found: readonly string[] = NONE;
    let lower: string | undefined;
    for (const key of this.headers.keys()) {
      if (key.length !== name.length) continue;
      if (key === name || key.toLowerCase() === (lower ??= name.toLowerCase())) found = [...found, key];
    }
    return found;
  }

  /** Adds a link to the top-level data: `addLink('alternate', url, { type: 'text/html' })`. */
  addLink(rel: string, href: string, attributes: Record<string, unknown> = {}): this {
    const link = withMember(attributes, 'href', href) as LinkObject;
    (this.links[rel] ??= []).push(link);
    return this;
  }

  /**
   * Adds a `Link` header value: `<url>; rel="next"`. Control characters, spaces, quotes and
   * angle brackets in the URL are percent-encoded and removed from attributes, so no value
   * can break out of the header.
   *
   * @example
   * ```ts
   * res.linkHeader('alternate', permalink, { type: 'text/html' }); // <…>; rel="alternate"; type=text/html
   * ```
   */
  linkHeader(rel: string, href: string, attributes?: Record<string, string>): this {
    let value = `<${headerSafeUrl(href)}>; rel="${headerSafeText(rel).replace(/"/g, '')}"`;
    if (attributes !== undefined)
      for (const [key, attr] of Object.entries(attributes)) {
        const name = key.replace(/[^\w-]/g, '');
        const text = headerSafeText(attr);
        value += name === 'title' || /[\s;,"]/.test(text) ? `; ${name}="${text.replace(/["\\]/g, '\\$&')}"` : `; ${name}=${text}`;
      }
    return this.appendHeader('Link', value);
  }
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** Percent-encodes what may not appear inside `<…>` of a header: controls, space, `"`, `<`, `>`. */
function headerSafeUrl(url: string): string {
  if (!URL_UNSAFE.test(url)) return url;
  return url.replace(URL_UNSAFE_ALL, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is encoded
const URL_UNSAFE = /[\u0000-\u0020\u007f"<>]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is encoded
const URL_UNSAFE_ALL = /[\u0000-\u0020\u007f"<>]/g;

function headerSafeText(text: string): string {
  return HAS_CONTROL.test(text) ? text.replace(CONTROL, '') : text;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
const HAS_CONTROL = /[\u0000-\u001f\u007f]/;

const NONE: readonly string[] = Object.freeze([]);

/**
 * Builds a {@link RestResponse}.
 *
 * @example
 * ```ts
 * return response(record, { status: 201, headers: { Location: url } });
 * ```
 */
export function response(data: unknown, init?: ResponseInit): RestResponse {
  return new RestResponse(data, init);
}
