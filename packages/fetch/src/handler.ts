/**
 * `createFetchHandler()`: `(request: Request) => Promise<Response>` for any Fetch runtime
 * (Deno, Bun, Cloudflare Workers, Node's own `fetch` servers). Web APIs only.
 *
 * @module
 */
import { declaredTooLarge, normalizeBasePath, RestError, type RestServer } from '@cms-json/core';
import { discardBody, readBody, type StreamedRequestBody, streamRequestBody } from './read-body.js';
import { toResponse } from './to-response.js';

/** Options of {@link createFetchHandler}. */
export interface FetchHandlerOptions {
  /** The path the server is mounted under: `/api` serves `/api/cms-json/…`. @default '' */
  basePath?: string;
  /**
   * Without the server's `siteUrl`, links are built on `request.url`'s origin. Behind a reverse
   * proxy that sets `X-Forwarded-Proto` and `X-Forwarded-Host`, set this to build them on those
   * instead (only then: a client could send them too). @default false
   */
  trustProxy?: boolean;
  /**
   * Answers requests the server does not serve (the body is then unread).
   * @default a 404 `Not Found` in plain text
   */
  fallback?: (request: Request) => Response | Promise<Response>;
  /** Receives failures (a page handler that threw). @default console.error */
  onError?: (error: unknown) => void;
}

/** A Fetch handler of a {@link RestServer}. Never rejects. */
export interface FetchHandler {
  (request: Request): Promise<Response>;
  /**
   * The server it serves and how: on `node:http`, `toNodeListener` of `@cms-json/fetch/node`
   * serves them with the node adapter (`@cms-json/node`), with no `Request` or `Response` built.
   */
  readonly served: { readonly server: RestServer; readonly options: FetchHandlerOptions };
}

const JSON_TYPE = { 'Content-Type': 'application/json; charset=UTF-8' };

function jsonError(error: RestError): Response {
  const body = error.toBody();
  return new Response(JSON.stringify(body), { status: body.data.status, headers: JSON_TYPE });
}

function notFound(): Response {
  return new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

function reportError(error: unknown): void {
  console.error('[cms-json] request failed:', error);
}

/** The headers of a `Request` as the core takes them: lower-case names, repeated values joined. */
function headerRecord(request: Request): Record<string, string> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return headers;
}

function firstValue(value: string | readonly string[] | undefined): string | undefined {
  return typeof value === 'string' || value === undefined ? value : value[0];
}

const SAFE_HOST = /^[\w.:[\]-]+$/;

/** The first value of a header a proxy may have appended to (`https, http`), trimmed. */
function firstForwarded(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const comma = value.indexOf(',');
  const first = (comma === -1 ? value : value.slice(0, comma)).trim();
  return first === '' ? undefined : first;
}

/**
 * The origin a request came to through a proxy: `X-Forwarded-Proto` (`http` or `https`) and
 * `X-Forwarded-Host` (when it is a host name) over the request URL's own.
 */
function forwardedOrigin(headers: Readonly<Record<string, string>>, origin: string): string {
  const colon = origin.indexOf('://');
  let scheme = origin.slice(0, colon);
  let host = origin.slice(colon + 3);
  const proto = firstForwarded(headers['x-forwarded-proto'])?.toLowerCase();
  if (proto === 'http' || proto === 'https') scheme = proto;
  const forwardedHost = firstForwarded(headers['x-forwarded-host']);
  if (forwardedHost !== undefined && SAFE_HOST.test(forwardedHost)) host = forwardedHost;
  return `${scheme}://${host}`;
}

/**
 * `request.url` cut into its origin and its path with the query, without `new URL()`: a
 * `Request`'s URL is already parsed and serialized, so the path starts at the first `/`
 * after the scheme's `//`. The fragment is dropped.
 */
function splitUrl(href: string): { origin: string; path: string; search: string } {
  const hash = href.indexOf('#');
  const url = hash === -1 ? href : href.slice(0, hash);
  const authority = url.indexOf('//');
  const pathStart = url.indexOf('/', authority === -1 ? 0 : authority + 2);
  if (pathStart === -1) return { origin: url, path: '/', search: '' };
  const query = url.indexOf('?', pathStart);
  return query === -1
    ? { origin: url.slice(0, pathStart), path: url.slice(pathStart), search: '' }
    : { origin: url.slice(0, pathStart), path: url.slice(pathStart, query), search: url.slice(query) };
}

/**
 * Creates the handler. A body over the server's `maxBodyBytes` is answered with 413
 * `rest_body_too_large`; a body stream that fails with 400 `rest_body_unreadable`. An
 * endpoint that takes its body as a stream (uploads) gets it unread, held to its own limit.
 *
 * @example
 * ```ts
 * const handler = createFetchHandler(server, { basePath: '/api' });
 * Deno.serve(handler);                  // Deno
 * export default { fetch: handler };    // Cloudflare Workers, Bun
 * ```
 */
export function createFetchHandler(server: RestServer, options: FetchHandlerOptions = {}): FetchHandler {
  const basePath = normalizeBasePath(options.basePath);
  const fallback = options.fallback ?? notFound;
  const onError = options.onError ?? reportError;
  const trustProxy = options.trustProxy === true;
  const handler = async (request: Request): Promise<Response> => {
    try {
      const url = splitUrl(request.url);
      let path = url.path;
      if (basePath !== '') {
        if (path !== basePath && !path.startsWith(`${basePath}/`)) return await fallback(request);
        path = path.length === basePath.length ? '/' : path.slice(basePath.length);
      }
      const headers = headerRecord(request);
      const target = path + url.search;
      let body: Uint8Array | undefined;
      let streamed: StreamedRequestBody | undefined;
      // A GET or HEAD has no body (the Fetch standard forbids one): its `body` is not asked
      // for, which on Bun.serve costs a stream per request.
      const requestBody = request.method === 'GET' || request.method === 'HEAD' ? null : request.body;
      const streamLimit = requestBody === null ? undefined : server.streamedBody(request.method, target);
      if (streamLimit !== undefined && requestBody !== null) {
        if (declaredTooLarge(firstValue(headers['content-length']), streamLimit.maxBytes)) {
          await discardBody(requestBody);
          return jsonError(new RestError('rest_body_too_large'));
        }
        streamed = streamRequestBody(requestBody);
      } else if (requestBody !== null && server.serves(target)) {
        const read = await readBody(request, server.options.maxBodyBytes);
        if (read === 'too-large') return jsonError(new RestError('rest_body_too_large'));
        if (read === 'unreadable') return jsonError(new RestError('rest_body_unreadable'));
        body = read;
      }
      const answer = await server.handle({
        method: request.method,
        url: target,
        headers,
        body,
        bodyStream: streamed?.chunks,
        baseUrl: (trustProxy ? forwardedOrigin(headers, url.origin) : url.origin) + basePath,
      });
      // A body the handler left unread (it refused the upload first) is discarded within bounds,
      // before the answer (see readBody).
      await streamed?.discardRest();
      if (answer === null) return await fallback(request);
      return toResponse(answer);
    } catch (error) {
      onError(error);
      return jsonError(new RestError('rest_internal_error'));
    }
  };
  return Object.assign(handler, { served: { server, options } });
}
