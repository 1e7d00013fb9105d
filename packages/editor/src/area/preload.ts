/**
 * The answers the editor would ask for first, gathered on the server and put in the host page,
 * as WordPress's `edit-form-blocks.php` preloads them (`block_editor_rest_api_preload`). They
 * are real answers of the API: each is a request through the server's own front door, with
 * the visitor's session cookie and nonce, so links, `_fields` and `Allow` are the ones the
 * browser would get.
 *
 * @module
 */
import type { HttpResponse, PageRequest } from '@cms-json/core';
import type { JsonValue, PreloadedData, PreloadedResponse } from '../boot-config.js';
import type { AreaContext } from './area-context.js';
import type { Visitor } from './visitor.js';

/** One request to preload: a path under the REST root with its query, and the method (GET or OPTIONS). */
export interface PreloadRequest {
  readonly path: string;
  readonly method: 'GET' | 'OPTIONS';
}

/**
 * What `edit-form-blocks.php` preloads, in the site's namespace: the types and taxonomies, the
 * reusable blocks, the record and its type in edit context, the user, the OPTIONS answers the
 * editor's `canUser` reads, the record's autosaves and the settings.
 *
 * @example
 * preloadPaths({ namespace: 'cms/v2', recordPath: '/cms/v2/posts/7', postType: 'post', collections: { wp_block: '/cms/v2/blocks' } });
 */
export function preloadPaths(input: {
  namespace: string;
  /** The record's path: `/cms/v2/posts/7`. */
  recordPath: string;
  postType: string;
  /** The collection paths of the types the list names, when they have routes. */
  collections: {
    attachment?: string | undefined;
    page?: string | undefined;
    wp_block?: string | undefined;
    wp_template?: string | undefined;
  };
}): PreloadRequest[] {
  const ns = `/${input.namespace}`;
  const { collections } = input;
  const get = (path: string): PreloadRequest => ({ path, method: 'GET' });
  const options = (path: string | undefined): PreloadRequest[] => (path === undefined ? [] : [{ path, method: 'OPTIONS' }]);
  return [
    get(`${ns}/types?context=view`),
    get(`${ns}/taxonomies?context=view`),
    ...(collections.wp_block === undefined ? [] : [get(`${collections.wp_block}?context=edit&per_page=-1`)]),
    get(`${input.recordPath}?context=edit`),
    get(`${ns}/types/${encodeURIComponent(input.postType)}?context=edit`),
    get(`${ns}/users/me`),
    ...options(collections.attachment),
    ...options(collections.page),
    ...options(collections.wp_block),
    ...options(collections.wp_template),
    get(`${input.recordPath}/autosaves?context=edit`),
    get(`${ns}/settings`),
    ...options(`${ns}/settings`),
  ];
}

/**
 * Sends a request to the API as the visitor: through `server.handle`, with their session cookie
 * and nonce, as their browser would.
 *
 * @example
 * const answer = await requestAsVisitor(area, request, visitor, { method: 'GET', path: '/cms/v2/users/me' });
 */
export async function requestAsVisitor(
  area: AreaContext,
  request: PageRequest,
  visitor: Visitor,
  sent: { method: string; path: string },
): Promise<HttpResponse | null> {
  return area.server.handle({
    method: sent.method,
    url: `${area.server.names.restRoot}${sent.path}`,
    headers: {
      cookie: visitor.cookie,
      [area.server.names.nonceHeader.toLowerCase()]: visitor.nonce,
      accept: 'application/json',
      ...(request.headers.host === undefined ? {} : { host: request.headers.host }),
    },
    baseUrl: request.siteUrl,
  });
}

/** The headers the editor reads from an answer (api-fetch hands them over with `parse: false`). */
function keptHeaders(area: AreaContext, response: HttpResponse): Record<string, string> {
  const prefix = area.server.names.headerPrefix.toLowerCase();
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    const lower = name.toLowerCase();
    if (lower !== 'allow' && lower !== 'link' && lower !== `${prefix}total` && lower !== `${prefix}totalpages`) continue;
    kept[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return kept;
}

/**
 * The preloaded answers for `createPreloadingMiddleware`: GET answers by path, OPTIONS answers
 * under `OPTIONS`. As in WordPress, only successful (200) answers are kept: a request the
 * visitor may not make (the settings, for an author) is left for the editor to send.
 *
 * @example
 * const preload = await preloadAnswers(area, request, visitor, preloadPaths(…));
 */
export async function preloadAnswers(
  area: AreaContext,
  request: PageRequest,
  visitor: Visitor,
  paths: readonly PreloadRequest[],
): Promise<PreloadedData> {
  const answers = await Promise.all(paths.map((sent) => requestAsVisitor(area, request, visitor, sent)));
  const data: PreloadedData = {};
  const optionsAnswers: Record<string, PreloadedResponse> = {};
  paths.forEach((sent, index) => {
    const answer = answers[index];
    if (answer === undefined || answer === null || answer.status !== 200 || answer.body === null) return;
    const entry: PreloadedResponse = { body: JSON.parse(answer.body) as JsonValue, headers: keptHeaders(area, answer) };
    if (sent.method === 'OPTIONS') optionsAnswers[sent.path] = entry;
    else data[sent.path] = entry;
  });
  if (Object.keys(optionsAnswers).length > 0) data.OPTIONS = optionsAnswers;
  return data;
}
