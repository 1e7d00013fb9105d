/**
 * `Expect: 100-continue`: Node sends `100 Continue` by itself unless the server has a
 * `'checkContinue'` listener. This one answers 413 at once, without `100 Continue`, when the
 * announced body is over the server's `maxBodyBytes` (RFC 9110 §10.1.1), so that the client
 * never sends it; otherwise it sends `100 Continue` and hands the request on.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { declaredTooLarge, normalizeBasePath, type RestServer, stripBasePath } from '@cms-json/core';
import { writeBodyTooLarge } from './write-response.js';

/** Options of {@link createCheckContinueListener}. */
export interface CheckContinueOptions {
  /** The path the server is mounted under, as given to the request listener. @default '' */
  basePath?: string;
}

/**
 * A `'checkContinue'` listener for a `node:http` server that serves `server` with `listener`
 * (`serve()` installs one). Hosts with their own server (Express's `app.listen`) add it:
 *
 * @example
 * ```ts
 * const httpServer = createServer(listener);
 * httpServer.on('checkContinue', createCheckContinueListener(server, listener));
 * ```
 */
export function createCheckContinueListener(
  server: RestServer,
  listener: (req: IncomingMessage, res: ServerResponse) => void,
  options: CheckContinueOptions = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  const basePath = normalizeBasePath(options.basePath);
  return (req, res) => {
    const url = stripBasePath(req.url ?? '/', basePath);
    const declared = req.headers['content-length'];
    if (
      url !== undefined &&
      declared !== undefined &&
      server.serves(url) &&
      declaredTooLarge(declared, bodyLimit(server, req, url))
    ) {
      writeBodyTooLarge(res, { linger: false });
      return;
    }
    res.writeContinue();
    listener(req, res);
  };
}

/** The limit the body of this request is held to: its endpoint's when it takes a stream. */
function bodyLimit(server: RestServer, req: IncomingMessage, url: string): number {
  return server.streamedBody(req.method ?? 'GET', url)?.maxBytes ?? server.options.maxBodyBytes;
}
