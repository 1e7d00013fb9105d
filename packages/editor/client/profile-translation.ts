/**
 * The block editor in the `cms` profile. The editor's code (unmodified WordPress packages) asks
 * for WordPress's names: paths under `/wp/v2/`, the `X-WP-Nonce` request header, the
 * `X-WP-Total` and `X-WP-TotalPages` answer headers, and relations `wp:action-publish`,
 * `https://api.w.org/term`, …. A server in the `cms` profile answers under its own names
 * (`/cms/v2/`, `X-CMS-…`, `cms:…` and its relation base, DESIGN.md §2), given to the page as
 * the boot config's `names`. This module translates between the two on every request and
 * answer of api-fetch, so that the editor sees the WordPress it was written for:
 *
 * - a request's `path`, `url` (under the REST root, or its `rest_route` parameter) and
 *   `namespace` in `wp/v2` go to the API's namespace, and its `X-WP-…` headers (the nonce) get
 *   the API's header prefix; request bodies name fields, not namespaces, and stay as they are;
 * - an answer's `X-<PREFIX>-…` headers are copied to `X-WP-…` (a new `Response`, as a fetched
 *   one's headers cannot change), the relations of its `Link` header, and in its JSON body the
 *   relation keys of `_links` and `_embedded` (records, lists of records, maps of records such
 *   as `/types`), the `curies` entry, and a type's or taxonomy's `rest_namespace` (core-data
 *   builds the type's paths from it) are given WordPress's names;
 * - the preloaded answers, keyed by the API's own paths on the server, are keyed by
 *   WordPress's paths and translated in the same way, since the preloading middleware runs
 *   before this one and sees the editor's paths.
 *
 * Every translation leaves WordPress's names as they are, so applying one twice (api-fetch's
 * `per_page=-1` pages go through the whole chain again) changes nothing more.
 *
 * @module
 */
import type { APIFetchMiddleware, APIFetchOptions } from '@wordpress/api-fetch';
import {
  type ApiNames,
  type EditorBootConfig,
  type PreloadedData,
  type PreloadedResponse,
  WORDPRESS_API_NAMES,
} from '../src/boot-config.ts';

/** What the host page's config gives the translation. */
export type TranslationConfig = Pick<EditorBootConfig, 'names' | 'restRootUrl'>;

/** The translation of one page: the api-fetch middleware, and the preloaded answers in WordPress's names. */
export interface ProfileTranslation {
  /**
   * The api-fetch middleware. Register it FIRST (`apiFetch.use` puts each middleware in front of
   * the ones registered before it), so that it runs after the preloading, media upload, nonce
   * and root URL middlewares: it sees the editor's paths with the nonce header and the URL set.
   */
  readonly middleware: APIFetchMiddleware;
  /** The preloaded answers keyed by WordPress's paths and in WordPress's names, for `createPreloadingMiddleware`. */
  preload(data: PreloadedData): PreloadedData;
}

/**
 * The translation for a page whose API answers under `config.names`, or `undefined` when they
 * are WordPress's (the `wp` profile, or a config without names): nothing to translate then.
 *
 * @example
 * const translation = profileTranslation(config);
 * if (translation !== undefined) apiFetch.use(translation.middleware);
 * apiFetch.use(apiFetch.createRootURLMiddleware(config.restRootUrl));
 */
export function profileTranslation(config: TranslationConfig): ProfileTranslation | undefined {
  const { names } = config;
  if (names === undefined || sameNames(names, WORDPRESS_API_NAMES)) return undefined;
  return {
    middleware: translationMiddleware(names, config.restRootUrl),
    preload: (data) => editorPreload(data, names),
  };
}

/** Whether two sets of names are the same. */
function sameNames(a: ApiNames, b: ApiNames): boolean {
  return (
    a.namespace === b.namespace &&
    a.headerPrefix.toLowerCase() === b.headerPrefix.toLowerCase() &&
    a.curieName === b.curieName &&
    a.curieBase === b.curieBase
  );
}

/** The api-fetch middleware of {@link ProfileTranslation}. */
function translationMiddleware(names: ApiNames, rootUrl: string): APIFetchMiddleware {
  return (options, next) => {
    const sent: APIFetchOptions = { ...options };
    if (typeof options.path === 'string') sent.path = apiPath(options.path, names);
    if (typeof options.url === 'string') sent.url = apiUrl(options.url, rootUrl, names);
    if (options.namespace === WORDPRESS_API_NAMES.namespace) sent.namespace = names.namespace;
    if (options.headers !== undefined) sent.headers = apiHeaders(options.headers, names);
    const answered: Promise<unknown> = next(sent);
    return answered.then(
      (answer) => (answer instanceof Response ? editorResponse(answer, names) : editorBody(answer, names)),
      async (failure: unknown) => {
        // With `parse: false`, a refusal is the Response itself (media upload reads its headers).
        throw failure instanceof Response ? await editorResponse(failure, names) : failure;
      },
    );
  };
}

/** `/wp/v2` and what may follow the namespace in a path: `/`, a query, a fragment, or the end. */
function namespacePattern(namespace: string): RegExp {
  const escaped = namespace.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^(/?)${escaped}(?=[/?&#]|$)`);
}

const WORDPRESS_NAMESPACE = namespacePattern(WORDPRESS_API_NAMES.namespace);

/**
 * A path as the editor asks for it, in the API's namespace: `/wp/v2/posts?context=edit` →
 * `/cms/v2/posts?context=edit`. Other namespaces (`/oembed/1.0/…`, `/batch/v1`) stay.
 *
 * @example
 * apiPath('/wp/v2/posts/7', names); // '/cms/v2/posts/7'
 */
export function apiPath(path: string, names: ApiNames): string {
  return path.replace(WORDPRESS_NAMESPACE, `$1${names.namespace}`);
}

/**
 * A path of the API as the editor asks for it: `/cms/v2/types?context=view` →
 * `/wp/v2/types?context=view` (the preloaded answers' keys).
 *
 * @example
 * wordpressPath('/cms/v2/users/me', names); // '/wp/v2/users/me'
 */
export function wordpressPath(path: string, names: ApiNames): string {
  return path.replace(namespacePattern(names.namespace), `$1${WORDPRESS_API_NAMES.namespace}`);
}

/**
 * A URL as the editor (or the root URL middleware) makes it, in the API's namespace: a URL
 * under the REST root (`https://site/cms-json/wp/v2/posts` → `https://site/cms-json/cms/v2/posts`),
 * or one naming its route in `rest_route` (`?rest_route=/wp/v2/posts`, encoded or not). Any
 * other URL (a link the API gave, already in its namespace) stays.
 *
 * @example
 * apiUrl('https://site/cms-json/wp/v2/posts?page=2', 'https://site/cms-json/', names); // 'https://site/cms-json/cms/v2/posts?page=2'
 */
export function apiUrl(url: string, rootUrl: string, names: ApiNames): string {
  if (url.startsWith(rootUrl)) return rootUrl + apiPath(url.slice(rootUrl.length), names);
  return url.replace(
    /([?&]rest_route=)(\/|%2F)wp(\/|%2F)v2(?=\/|%2F|&|#|$)/i,
    (_match, param: string, lead: string, slash: string) => [param, lead, names.namespace.split('/').join(slash)].join(''),
  );
}

/**
 * A request's headers with the API's header prefix: `X-WP-Nonce` → `X-CMS-Nonce` (any case;
 * the other headers stay).
 *
 * @example
 * apiHeaders({ 'X-WP-Nonce': 'abc', Accept: 'application/json' }, names); // { 'X-CMS-Nonce': 'abc', Accept: 'application/json' }
 */
export function apiHeaders(headers: Record<string, string>, names: ApiNames): Record<string, string> {
  const wordpress = WORDPRESS_API_NAMES.headerPrefix.toLowerCase();
  const sent: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    sent[name.toLowerCase().startsWith(wordpress) ? names.headerPrefix + name.slice(wordpress.length) : name] = value;
  }
  return sent;
}

/**
 * An answer's headers in WordPress's names: each `X-<PREFIX>-Name` also as `X-WP-Name`
 * (`X-WP-Total`, `X-WP-TotalPages`), and the `Link` header's relations in WordPress's.
 *
 * @example
 * editorHeaders(new Headers({ 'X-CMS-Total': '3' }), names).get('X-WP-Total'); // '3'
 */
export function editorHeaders(headers: Headers, names: ApiNames): Headers {
  const translated = new Headers(headers);
  const prefix = names.headerPrefix.toLowerCase();
  headers.forEach((value, name) => {
    if (name.startsWith(prefix)) translated.set(WORDPRESS_API_NAMES.headerPrefix + name.slice(prefix.length), value);
  });
  const link = headers.get('link');
  if (link !== null) translated.set('link', editorLinkHeader(link, names));
  return translated;
}

/** A `Link` header's relations (`rel="https://api.cms-json.org/…"`, `rel="cms:…"`) in WordPress's names. */
function editorLinkHeader(link: string, names: ApiNames): string {
  return link.replace(/(\brel=")([^"]*)"/g, (_match, start: string, rels: string) =>
    [
      start,
      rels
        .split(' ')
        .map((rel) => editorRelation(rel, names))
        .join(' '),
      '"',
    ].join(''),
  );
}

/**
 * A relation in WordPress's names: `cms:action-publish` → `wp:action-publish`,
 * `https://api.cms-json.org/term` → `https://api.w.org/term`; others (`self`, `author`) stay.
 *
 * @example
 * editorRelation('cms:action-publish', names); // 'wp:action-publish'
 */
export function editorRelation(relation: string, names: ApiNames): string {
  const curie = `${names.curieName}:`;
  if (relation.startsWith(curie)) return `${WORDPRESS_API_NAMES.curieName}:${relation.slice(curie.length)}`;
  if (relation.startsWith(names.curieBase)) return WORDPRESS_API_NAMES.curieBase + relation.slice(names.curieBase.length);
  return relation;
}

/** How deep {@link editorBody} looks for records: a list of records with embedded lists of records is 5 levels. */
const MAX_DEPTH = 8;

/**
 * A JSON answer in WordPress's names: in every object, the keys of `_links` and `_embedded`
 * are relations ({@link editorRelation}), the `curies` entry of the API's CURIE becomes
 * WordPress's, and a type's or taxonomy's `rest_namespace` (an object with `rest_base`) in the
 * API's namespace becomes `wp/v2`. Everything else (titles, content, meta) is kept as it is.
 * Returns a new value of the same shape (only keys and names change); the given one is not changed.
 *
 * @example
 * editorBody({ id: 7, _links: { 'cms:action-publish': [{ href: '…' }] } }, names); // { id: 7, _links: { 'wp:action-publish': [{ href: '…' }] } }
 */
export function editorBody<T>(value: T, names: ApiNames): T {
  // The translation renames keys and names, so the value keeps its type.
  return translateValue(value, names, 0) as T;
}

function translateValue(value: unknown, names: ApiNames, depth: number): unknown {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item: unknown) => translateValue(item, names, depth + 1));
  const translated: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (key === '_links' && isObject(field)) translated[key] = editorLinks(field, names);
    else if (key === '_embedded' && isObject(field)) translated[key] = editorEmbedded(field, names, depth + 1);
    else translated[key] = translateValue(field, names, depth + 1);
  }
  if ('rest_base' in value && translated.rest_namespace === names.namespace) {
    translated.rest_namespace = WORDPRESS_API_NAMES.namespace;
  }
  return translated;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A record's `_links`: relation keys, and the API's entry of `curies`, in WordPress's names. */
function editorLinks(links: Record<string, unknown>, names: ApiNames): Record<string, unknown> {
  const translated: Record<string, unknown> = {};
  for (const [relation, targets] of Object.entries(links)) {
    translated[editorRelation(relation, names)] =
      relation === 'curies' && Array.isArray(targets)
        ? targets.map((curie: unknown) =>
            isObject(curie) && curie.name === names.curieName
              ? {
                  ...curie,
                  name: WORDPRESS_API_NAMES.curieName,
                  href: typeof curie.href === 'string' ? editorRelation(curie.href, names) : curie.href,
                }
              : curie,
          )
        : targets;
  }
  return translated;
}

/** A record's `_embedded`: relation keys in WordPress's names, and the embedded records translated. */
function editorEmbedded(embedded: Record<string, unknown>, names: ApiNames, depth: number): Record<string, unknown> {
  const translated: Record<string, unknown> = {};
  for (const [relation, records] of Object.entries(embedded)) {
    translated[editorRelation(relation, names)] = translateValue(records, names, depth + 1);
  }
  return translated;
}

/** The statuses whose answers have no body (a `Response` refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * An answer (`parse: false`, or a refusal with it) in WordPress's names: the headers
 * ({@link editorHeaders}) and, when it is JSON, the body ({@link editorBody}). A new `Response`
 * with the same status; a body that is not JSON is passed on as it is.
 *
 * @example
 * const answer = await editorResponse(await fetch(url), names);
 * answer.headers.get('X-WP-TotalPages');
 */
export async function editorResponse(response: Response, names: ApiNames): Promise<Response> {
  const init: ResponseInit = {
    status: response.status,
    statusText: response.statusText,
    headers: editorHeaders(response.headers, names),
  };
  if (NO_BODY.has(response.status) || response.body === null) return new Response(null, init);
  if (!/\bjson\b/i.test(response.headers.get('content-type') ?? '')) return new Response(response.body, init);
  const text = await response.text();
  return new Response(jsonText(text, names), init);
}

/** JSON text in WordPress's names; text that does not parse is kept as it is. */
function jsonText(text: string, names: ApiNames): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  return JSON.stringify(editorBody(parsed, names));
}

/**
 * The preloaded answers keyed by WordPress's paths (`/cms/v2/types?context=view` →
 * `/wp/v2/types?context=view`, the OPTIONS answers too), their bodies and headers in
 * WordPress's names.
 *
 * @example
 * apiFetch.use(apiFetch.createPreloadingMiddleware(editorPreload(config.preload, names)));
 */
export function editorPreload(data: PreloadedData, names: ApiNames): PreloadedData {
  const translated: PreloadedData = {};
  for (const [path, answer] of Object.entries(data)) {
    if (answer === undefined) continue;
    if (path === 'OPTIONS') {
      const options: { [path: string]: PreloadedResponse } = {};
      for (const [optionsPath, optionsAnswer] of Object.entries(answer)) {
        if (isPreloadedResponse(optionsAnswer))
          options[wordpressPath(optionsPath, names)] = editorPreloaded(optionsAnswer, names);
      }
      translated.OPTIONS = options;
    } else if (isPreloadedResponse(answer)) {
      translated[wordpressPath(path, names)] = editorPreloaded(answer, names);
    }
  }
  return translated;
}

function isPreloadedResponse(value: unknown): value is PreloadedResponse {
  return isObject(value) && 'body' in value && isObject(value.headers);
}

/** One preloaded answer in WordPress's names. */
function editorPreloaded(answer: PreloadedResponse, names: ApiNames): PreloadedResponse {
  const headers: { [name: string]: string } = {};
  editorHeaders(new Headers(answer.headers), names).forEach((value, name) => {
    headers[name] = value;
  });
  return { body: editorBody(answer.body, names), headers };
}
