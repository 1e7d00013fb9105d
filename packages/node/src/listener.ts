/**
 * The glue: a Node request in, the core's answer written out. {@link createHandler} falls
 * through (`false`) for paths the core does not serve, with the body left unread;
 * {@link createRequestListener} is a complete `node:http` listener.
 *
 * @module
 */
import { declaredTooLarge, normalizeBasePath, type RestServer, stripBasePath } from '@cms-json/core';
import { declaresBody, readBody } from './read-body.js';
import { type NodeRequest, requestBaseUrl, toHttpRequest } from './to-http-request.js';
import { type NodeResponse, writeBodyTooLarge, writeInternalError, writeResponse } from './write-response.js';

/** One request as {@link handleNodeRequest} takes it. */
export interface NodeExchange {
  req: NodeRequest;
  res: NodeResponse;
  /** Path and query relative to the mount point, still percent-encoded. */
  url: string;
  /**
   * The absolute URL of the mount point (`http://127.0.0.1:8080/api`); needed only when the
   * server has no `siteUrl`, which links are otherwise built on.
   */
  baseUrl?: string | undefined;
  /** A body a framework already read: the stream is then not touched. */
  consumedBody?: { body?: Uint8Array | string | undefined; parsedBody?: unknown };
}

/**
 * Serves one request with the core. Resolves `true` when it answered (or the client went
 * away while the body was read) and `false` when the core does not serve the URL; then
 * nothing was written and the body was not read (it is read only for paths under the REST
 * root or the `/?rest_route=` form, which the core always answers).
 *
 * @remark Rejects only when the core or a page handler throws, or the answer cannot be
 * written (a header value Node refuses); nothing was sent then.
 * @example
 * ```ts
 * const answered = await handleNodeRequest(server, { req, res, url: req.url ?? '/', baseUrl: 'http://localhost' });
 * ```
 */
export async function handleNodeRequest(server: RestServer, exchange: NodeExchange): Promise<boolean> {
  const { req, res, url } = exchange;
  if (exchange.consumedBody === undefined && declaresBody(req) && server.serves(url)) {
    const streamed = server.streamedBody(req.method ?? 'GET', url);
    if (streamed !== undefined) return answerStreamed(server, exchange, streamed.maxBytes);
    const read = await readBody(req, server.options.maxBodyBytes);
    if (read === 'aborted') return true;
    if (read === 'too-large') {
      writeBodyTooLarge(res);
      return true;
    }
    return answer(server, exchange, read);
  }
  return answer(server, exchange, exchange.consumedBody?.body);
}

/**
 * Answers an endpoint that takes its body as a stream: the request itself is handed over
 * unread. A declared length over the endpoint's limit is refused at once; a body the handler
 * left unread (it refused the request first) is discarded within bounds, then the
 * connection closed.
 */
async function answerStreamed(server: RestServer, exchange: NodeExchange, maxBytes: number): Promise<boolean> {
  const { req, res } = exchange;
  if (declaredTooLarge(req.headers['content-length'], maxBytes)) {
    writeBodyTooLarge(res);
    return true;
  }
  // Not the request itself: leaving a `for await` over a Node stream early destroys the
  // stream, and with it the socket the answer goes out on.
  const bodyStream = req.iterator({ destroyOnReturn: false }) as AsyncIterable<Uint8Array>;
  const http = toHttpRequest(req, { url: exchange.url, baseUrl: exchange.baseUrl, bodyStream });
  const response = await server.handle(http);
  if (response === null) return false;
  if (!res.writableEnded) writeResponse(res, response, req.method ?? 'GET', { unreadBody: !req.readableEnded });
  return true;
}

/** Hands the request, its body read, to the core and writes the answer. */
async function answer(server: RestServer, exchange: NodeExchange, body: Uint8Array | string | undefined): Promise<boolean> {
  const { req, res } = exchange;
  const http = toHttpRequest(req, {
    url: exchange.url,
    baseUrl: exchange.baseUrl,
    body,
    parsedBody: exchange.consumedBody?.parsedBody,
  });
  // A body a host framework already read (express.raw()) still reaches an upload endpoint.
  if (exchange.consumedBody?.body !== undefined && server.streamedBody(http.method, exchange.url) !== undefined) {
    http.bodyStream = oneChunk(exchange.consumedBody.body);
    http.body = undefined;
  }
  const response = await server.handle(http);
  if (response === null) return false;
  if (!res.writableEnded) writeResponse(res, response, req.method ?? 'GET');
  return true;
}

async function* oneChunk(body: Uint8Array | string): AsyncGenerator<Uint8Array> {
  yield typeof body === 'string' ? Buffer.from(body) : body;
}

/** Options of {@link createHandler} and {@link createRequestListener}. */
export interface NodeHandlerOptions {
  /** The path the server is mounted under: `/api` serves `/api/cms-json/…`. @default '' */
  basePath?: string;
  /**
   * Without the server's `siteUrl`, links are built on the URL each request came to: its
   * `Host` and the socket's scheme. Behind a reverse proxy that sets `X-Forwarded-Proto` and
   * `X-Forwarded-Host`, set this to build them on those instead (only then: a client could
   * send them too). @default false
   */
  trustProxy?: boolean;
  /** Receives failures (a page handler that threw, a response that could not be written). @default console.error */
  onError?: (error: unknown) => void;
}

/** Handles one request; resolves whether it answered. Never rejects. */
export type NodeHandler = (req: NodeRequest, res: NodeResponse) => Promise<boolean>;

function reportError(error: unknown): void {
  console.error('[cms-json] request failed:', error);
}

/**
 * A handler to call inside an existing server: it answers API paths and registered pages
 * and resolves `false` for everything else, with the request body unread, so the caller can
 * pass the request on. Failures are answered with a 500 `rest_internal_error`.
 *
 * @remark The promise never rejects.
 * @example
 * ```ts
 * const handle = createHandler(server);
 * http.createServer(async (req, res) => {
 *   if (await handle(req, res)) return;
 *   res.writeHead(404).end('Not found');
 * });
 * ```
 */
export function createHandler(server: RestServer, options: NodeHandlerOptions = {}): NodeHandler {
  const serve = mounted(server, options);
  const fail = failureHandler(options);
  return async (req, res) => {
    try {
      return await serve(req, res);
    } catch (error) {
      return fail(res, error);
    }
  };
}

/** Serves requests under the base path: whether it answered (`false` for the others, untouched); rejects on failure. */
function mounted(server: RestServer, options: NodeHandlerOptions): (req: NodeRequest, res: NodeResponse) => Promise<boolean> {
  const basePath = normalizeBasePath(options.basePath);
  const baseUrlOptions = { trustProxy: options.trustProxy === true };
  return async (req, res) => {
    const url = stripBasePath(req.url ?? '/', basePath);
    if (url === undefined) return false;
    const baseUrl = server.options.siteUrl === undefined ? requestBaseUrl(req, basePath, baseUrlOptions) : undefined;
    return handleNodeRequest(server, { req, res, url, baseUrl });
  };
}

/** Reports a failure and answers 500 `rest_internal_error`; a throwing `onError` changes nothing. */
function failureHandler(options: NodeHandlerOptions): (res: NodeResponse, error: unknown) => true {
  const onError = options.onError ?? reportError;
  return (res, error) => {
    try {
      onError(error);
    } catch {
      // The hook's own failure must not hide the answer.
    }
    writeInternalError(res);
    return true;
  };
}

/** Options of {@link createRequestListener}. */
export interface RequestListenerOptions extends NodeHandlerOptions {
  /** Answers requests the server does not serve. @default a 404 `Not Found` in plain text */
  fallback?: (req: NodeRequest, res: NodeResponse) => void;
}

function notFound(_req: NodeRequest, res: NodeResponse): void {
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': '9' });
  res.end('Not Found');
}

/**
 * A request listener for `http.createServer`, `https.createServer` or
 * `http2.createServer` / `createSecureServer` (compatibility API).
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * createServer(createRequestListener(server, { basePath: '/api' })).listen(8080, '127.0.0.1');
 * ```
 */
export function createRequestListener(
  server: RestServer,
  options: RequestListenerOptions = {},
): (req: NodeRequest, res: NodeResponse) => void {
  const serve = mounted(server, options);
  const fail = failureHandler(options);
  const fallback = options.fallback ?? notFound;
  const passOn = (req: NodeRequest, res: NodeResponse): void => {
    try {
      fallback(req, res);
    } catch (error) {
      fail(res, error);
    }
  };
  return (req, res) => {
    serve(req, res).then(
      (answered) => {
        if (!answered) passOn(req, res);
      },
      (error: unknown) => fail(res, error),
    );
  };
}
