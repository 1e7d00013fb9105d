/**
 * `toNodeListener(handler)`: a Fetch handler served on `node:http` (or `node:https`). The
 * handler of `createFetchHandler` is served by the node adapter (`@cms-json/node`) for its
 * server: one node adapter, so a request costs what it costs there. Any other Fetch handler
 * works too, through real `Request`s and `Response`s.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RestError } from '@cms-json/core';
import { createRequestListener } from '@cms-json/node';
import type { FetchHandler } from '../handler.js';
import { toRequest } from './to-request.js';
import { writeWebResponse } from './write-response.js';

/** Options of {@link toNodeListener}. */
export interface NodeListenerOptions {
  /**
   * Receives failures: the handler threw or rejected, or its answer could not be written
   * (a header Node refuses). They are answered 500 `rest_internal_error` when nothing was
   * sent yet. @default console.error
   */
  onError?: (error: unknown) => void;
}

/** A `node:http` request listener. */
export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

const INTERNAL_ERROR_BODY = JSON.stringify(new RestError('rest_internal_error').toBody());

function reportError(error: unknown): void {
  console.error('[cms-json] request failed:', error);
}

/** Answers 500 `rest_internal_error` when nothing was sent yet; otherwise cuts the response. */
function writeInternalError(res: ServerResponse): void {
  try {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(500, [
      'Content-Type',
      'application/json; charset=UTF-8',
      'Content-Length',
      String(Buffer.byteLength(INTERNAL_ERROR_BODY)),
    ]);
    res.end(INTERNAL_ERROR_BODY);
  } catch {
    res.destroy();
  }
}

/** Whether a handler is the one `createFetchHandler` made (it says which server it serves). */
function isServing(handler: (request: Request) => Response | Promise<Response>): handler is FetchHandler {
  return typeof (handler as Partial<FetchHandler>).served === 'object';
}

/**
 * Serves a Fetch handler on `node:http`. The handler of `createFetchHandler` is served by the
 * node adapter (`@cms-json/node`) for its server, as `createRequestListener` serves it (the
 * requests the server does not serve go to the handler, for its `fallback`); any other Fetch
 * handler gets each Node request as a `Request`, and its `Response` is written back with one
 * `writeHead` (each `Set-Cookie` on its own line). The global `Request` and `Response` are
 * left as they are.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { createFetchHandler } from '@cms-json/fetch';
 * import { toNodeListener } from '@cms-json/fetch/node';
 *
 * createServer(toNodeListener(createFetchHandler(server))).listen(8080, '127.0.0.1');
 * ```
 */
export function toNodeListener(
  handler: (request: Request) => Response | Promise<Response>,
  options: NodeListenerOptions = {},
): NodeListener {
  const onError = options.onError ?? (isServing(handler) ? handler.served.options.onError : undefined) ?? reportError;
  const fail = (res: ServerResponse, error: unknown) => {
    try {
      onError(error);
    } catch {
      // The hook's own failure must not hide the answer.
    }
    writeInternalError(res);
  };
  const asFetch: NodeListener = (req, res) => {
    const method = req.method ?? 'GET';
    const answer = async () => writeWebResponse(res, await handler(toRequest(req, res)), method);
    answer().catch((error: unknown) => fail(res, error));
  };
  if (!isServing(handler)) return asFetch;
  const { server, options: served } = handler.served;
  // The listener is `node:http`'s: its requests are `IncomingMessage`s, not HTTP/2 ones.
  const fallback = (req: unknown, res: unknown) => asFetch(req as IncomingMessage, res as ServerResponse);
  return createRequestListener(server, { basePath: served.basePath, trustProxy: served.trustProxy, onError, fallback });
}
