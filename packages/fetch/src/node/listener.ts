/**
 * `toNodeListener(handler)`: a Fetch handler served on `node:http` (or `node:https`). With
 * the handler of `createFetchHandler`, a request costs about what the node adapter costs:
 * the `Request` is built lazily from the Node request, and the answer written from the
 * core's response without a `Response` in between (see `light-request.ts`,
 * `lazy-response.ts`). Any other Fetch handler works too, through real `Request`s and
 * `Response`s where it reads them.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RestError } from '@cms-json/core';
import { lightRequest } from './light-request.js';
import { writeFetchResponse } from './write-response.js';

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

/**
 * Serves a Fetch handler on `node:http`: each Node request becomes a `Request` and the
 * `Response` is written back with one `writeHead` (each `Set-Cookie` on its own line).
 * The global `Request` and `Response` are left as they are.
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
  const onError = options.onError ?? reportError;
  const fail = (res: ServerResponse, error: unknown) => {
    try {
      onError(error);
    } catch {
      // The hook's own failure must not hide the answer.
    }
    writeInternalError(res);
  };
  // Promise chains rather than an async function: a request costs no more turns of the
  // microtask queue than the handler's own.
  return (req, res) => {
    const method = req.method ?? 'GET';
    try {
      Promise.resolve(handler(lightRequest(req, res)))
        .then((response) => writeFetchResponse(res, response, method))
        .catch((error: unknown) => fail(res, error));
    } catch (error) {
      fail(res, error);
    }
  };
}
