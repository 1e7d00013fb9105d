/**
 * `serve()`: a `node:http` server for a {@link RestServer}, listening, with a `close()` that
 * lets in-flight requests finish.
 *
 * @module
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RestServer } from '@cms-json/core';
import { createCheckContinueListener } from './check-continue.js';
import { createRequestListener, type RequestListenerOptions } from './listener.js';
import { normalizeBasePath } from './to-http-request.js';

/** Options of {@link serve}. */
export interface ServeOptions extends RequestListenerOptions {
  /** The server to serve. */
  server: RestServer;
  /** The port; `0` picks a free one. @default 8080 */
  port?: number;
  /** The interface to listen on. @default '127.0.0.1' */
  host?: string;
  /** How long `close()` waits for in-flight requests before cutting connections. @default 10000 */
  closeTimeoutMs?: number;
}

/** A listening server. */
export interface Served {
  /** The `node:http` server. */
  httpServer: Server;
  /** The port listened on (the one picked when `port` was `0`). */
  port: number;
  /** The mount URL: `http://127.0.0.1:8080` plus the base path. */
  url: string;
  /**
   * Stops accepting connections, lets in-flight requests finish (their connections are then
   * closed, keep-alive or not) and resolves when the server has closed.
   */
  close(): Promise<void>;
}

/**
 * Serves a {@link RestServer} on `node:http`; resolves once listening.
 *
 * @example
 * ```ts
 * const served = await serve({ server, port: 8080 });
 * console.log(`API at ${served.url}/cms-json/`);
 * process.on('SIGTERM', () => void served.close());
 * ```
 */
export async function serve(options: ServeOptions): Promise<Served> {
  const { port = 8080, host = '127.0.0.1', closeTimeoutMs = 10_000 } = options;
  const listener = createRequestListener(options.server, options);
  const inFlight = new Set<ServerResponse>();
  let closing: Promise<void> | undefined;
  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      if (closing !== undefined) setImmediate(() => httpServer.closeIdleConnections());
    });
    if (closing !== undefined) res.setHeader('Connection', 'close');
    listener(req, res);
  };
  const httpServer = createServer(onRequest);
  // `Expect: 100-continue` with a body over the limit: 413 at once, never `100 Continue`.
  httpServer.on('checkContinue', createCheckContinueListener(options.server, onRequest, options));
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(port, host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const address = httpServer.address() as AddressInfo;
  const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const basePath = normalizeBasePath(options.basePath);
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      const timer = setTimeout(() => httpServer.closeAllConnections(), closeTimeoutMs);
      timer.unref();
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      httpServer.close(() => {
        clearTimeout(timer);
        resolve();
      });
      httpServer.closeIdleConnections();
    });
    return closing;
  };
  return { httpServer, port: address.port, url: `http://${hostPart}:${address.port}${basePath}`, close };
}
