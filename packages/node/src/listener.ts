/**
 * The glue: a Node request in, the core's answer written out. {@link createHandler} falls
 * through (`false`) for paths the core does not serve, with the body left unread;
 * {@link createRequestListener} is a complete `node:http` listener.
 *
 * @module
 */
import { declaredTooLarge, type HttpResponse, normalizeBasePath, type RestServer, stripBasePath } from '@cms-json/core';
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
export function handleNodeRequest(server: RestServer, exchange: NodeExchange): Promise<boolean> {
  const served = serveNodeRequest(server, exchange);
  return typeof served === 'boolean' ? Promise.resolve(served) : served;
}

/**
 * {@link handleNodeRequest} without a promise where none is needed: whether it answered, at
 * once when the core answered at once (the answer is then written), else a promise of it.
 * Throws nothing: a failure is a rejected promise.
 */
function serveNodeRequest(server: RestServer, exchange: NodeExchange): boolean | Promise<boolean> {
  const { req, res, url } = exchange;
  try {
    if (exchange.consumedBody === undefined && declaresBody(req) && server.serves(url)) {
      const streamed = server.streamedBody(req.method ?? 'GET', url);
      if (streamed !== undefined) return answerStreamed(server, exchange, streamed.maxBytes);
      return readBody(req, server.options.maxBodyBytes).then((read) => {
        if (read === 'aborted') return true;
        if (read === 'too-large') {
          writeBodyTooLarge(res);
          return true;
        }
        return answer(server, exchange, read);
      });
    }
    return answer(server, exchange, exchange.consumedBody?.body);
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * Answers an endpoint that takes its body as a stream: the request itself is handed over
 * unread. A declared length over the endpoint's limit is refused at once; a body the handler
 * left unread (it refused the request first) is discarded within bounds, then the
 * connection closed.
 */
function answerStreamed(server: RestServer, exchange: NodeExchange, maxBytes: number): Promise<boolean> {
  const { req, res } = exchange;
  if (declaredTooLarge(req.headers['content-length'], maxBytes)) {
    writeBodyTooLarge(res);
    return Promise.resolve(true);
  }
  // Not the request itself: leaving a `for await` over a Node stream early destroys the
  // stream, and with it the socket the answer goes out on.
  const bodyStream = req.iterator({ destroyOnReturn: false }) as AsyncIterable<Uint8Array>;
  const http = toHttpRequest(req, { url: exchange.url, baseUrl: exchange.baseUrl, bodyStream });
  return server.handle(http).then((response) => {
    if (response === null) return false;
    if (!res.writableEnded) writeResponse(res, response, req.method ?? 'GET', { unreadBody: !req.readableEnded });
    return true;
  });
}

// Promise chains rather than async functions, and no promise at all when the core answers at
// once: a GET costs no more turns of the microtask queue than the core's own.
function answer(server: RestServer, exchange: NodeExchange, body: Uint8Array | string | undefined): boolean | Promise<boolean> {
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
  const write = (response: HttpResponse | null): boolean => {
    if (response === null) return false;
    if (!res.writableEnded) writeResponse(res, response, req.method ?? 'GET');
    return true;
  };
  const response = server.respond(http);
  return response instanceof Promise ? response.then(write) : write(response);
}

async function* oneChunk(body: Uint8Array | string): AsyncGenerator<Uint8Array> {
  yield typeof body === 'string' ? Buffer.from(body) : body;
}

/** Options of {@link createHandler} and {@link createRequestListener}. */
export interface NodeHandlerOptions {
  /** The path the server is mounted under: `/api` serves `/api/cms-json/…`. @default '' */
  basePath?: string;
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
  return (req, res) => {
    const serving = serve(req, res);
    return typeof serving === 'boolean' ? Promise.resolve(serving) : serving.catch((error: unknown) => fail(res, error));
  };
}

/**
 * Serves requests under the base path: whether it answered (`false` for the others, untouched),
 * at once when the core answered at once, else a promise; rejects on failure.
 */
function mounted(
  server: RestServer,
  options: NodeHandlerOptions,
): (req: NodeRequest, res: NodeResponse) => Promise<boolean> | boolean {
  const basePath = normalizeBasePath(options.basePath);
  return (req, res) => {
    const url = stripBasePath(req.url ?? '/', basePath);
    if (url === undefined) return false;
    try {
      const baseUrl = server.options.siteUrl === undefined ? requestBaseUrl(req, basePath) : undefined;
      return serveNodeRequest(server, { req, res, url, baseUrl });
    } catch (error) {
      return Promise.reject(error);
    }
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
    const serving = serve(req, res);
    if (typeof serving === 'boolean') {
      if (!serving) passOn(req, res);
    } else
      serving.then(
        (answered) => {
          if (!answered) passOn(req, res);
        },
        (error: unknown) => fail(res, error),
      );
  };
}
