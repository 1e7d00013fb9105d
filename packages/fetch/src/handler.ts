/**
 * `createFetchHandler()`: `(request: Request) => Promise<Response>` for any Fetch runtime
 * (Deno, Bun, Cloudflare Workers, Node's own `fetch` servers). Web APIs only.
 *
 * @module
 */
import { declaredTooLarge, type HttpResponse, normalizeBasePath, RestError, type RestServer } from '@cms-json/core';
import { discardBody, readBody, type StreamedRequestBody, streamRequestBody } from './read-body.js';

/** Options of {@link createFetchHandler}. */
export interface FetchHandlerOptions {
  /** The path the server is mounted under: `/api` serves `/api/cms-json/…`. @default '' */
  basePath?: string;
  /**
   * Answers requests the server does not serve (the body is then unread).
   * @default a 404 `Not Found` in plain text
   */
  fallback?: (request: Request) => Response | Promise<Response>;
  /** Receives failures (a page handler that threw). @default console.error */
  onError?: (error: unknown) => void;
}

/** A Fetch handler. Never rejects. */
export type FetchHandler = (request: Request) => Promise<Response>;

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

/** The core's response as a `Response`; repeated headers are appended one by one. */
export function toResponse(answer: HttpResponse): Response {
  const headers = new Headers();
  for (const name in answer.headers) {
    const value = answer.headers[name];
    if (typeof value === 'string') headers.append(name, value);
    else if (value !== undefined) for (const item of value) headers.append(name, item);
  }
  return new Response(answer.body, { status: answer.status, headers });
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
  return async (request) => {
    try {
      const url = new URL(request.url);
      let path = url.pathname;
      if (basePath !== '') {
        if (path !== basePath && !path.startsWith(`${basePath}/`)) return await fallback(request);
        path = path.length === basePath.length ? '/' : path.slice(basePath.length);
      }
      let body: Uint8Array | undefined;
      let streamed: StreamedRequestBody | undefined;
      const streamLimit = request.body === null ? undefined : server.streamedBody(request.method, path + url.search);
      if (streamLimit !== undefined && request.body !== null) {
        if (declaredTooLarge(request.headers.get('content-length'), streamLimit.maxBytes)) {
          void discardBody(request.body);
          return jsonError(new RestError('rest_body_too_large'));
        }
        streamed = streamRequestBody(request.body);
      } else if (request.body !== null && server.serves(path + url.search)) {
        const read = await readBody(request, server.options.maxBodyBytes);
        if (read === 'too-large') return jsonError(new RestError('rest_body_too_large'));
        if (read === 'unreadable') return jsonError(new RestError('rest_body_unreadable'));
        body = read;
      }
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => {
        headers[name] = value;
      });
      const answer = await server.handle({
        method: request.method,
        url: path + url.search,
        headers,
        body,
        bodyStream: streamed?.chunks,
        baseUrl: url.origin + basePath,
      });
      // A body the handler left unread (it refused the upload first) is discarded within bounds.
      streamed?.discardRest();
      return answer === null ? await fallback(request) : toResponse(answer);
    } catch (error) {
      onError(error);
      return jsonError(new RestError('rest_internal_error'));
    }
  };
}
