/**
 * `serve()`: a `node:http` server for a {@link RestServer}, listening, with a `close()` that
 * lets in-flight requests finish.
 *
 * @module
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { normalizeBasePath, type RestServer } from '@cms-json/core';
import { createCheckContinueListener } from './check-continue.js';
import { createRequestListener, type RequestListenerOptions } from './listener.js';

/** How long no new connection must arrive before `close()` closes the listener. */
const ACCEPT_QUEUE_QUIET_MS = 100;
/** The longest `close()` keeps taking queued connections (at most `closeTimeoutMs`). */
const ACCEPT_QUEUE_MAX_MS = 2000;

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
   * Stops gracefully: takes the connections already waiting in the accept queue (until none
   * arrived for 100 ms, at most 2 s), then stops accepting; lets every request accepted
   * finish, each answered with `Connection: close`; closes idle connections; and resolves
   * when the server has closed. Connections still busy after `closeTimeoutMs` are cut.
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
      httpServer.closeIdleConnections();
      // Connections the kernel accepted but Node has not yet taken (the accept queue) would
      // be reset by closing the listener now: keep taking them, each answered with
      // `Connection: close`, until none arrived for a moment, then close the listener.
      let listening = true;
      const closeListener = () => {
        if (!listening) return;
        listening = false;
        clearTimeout(quiet);
        clearTimeout(bound);
        httpServer.off('connection', onConnection);
        httpServer.close(() => {
          clearTimeout(timer);
          resolve();
        });
        httpServer.closeIdleConnections();
      };
      const onConnection = () => quiet.refresh();
      const quiet = setTimeout(closeListener, ACCEPT_QUEUE_QUIET_MS);
      const bound = setTimeout(closeListener, Math.min(closeTimeoutMs, ACCEPT_QUEUE_MAX_MS));
      httpServer.on('connection', onConnection);
    });
    return closing;
  };
  return { httpServer, port: address.port, url: `http://${hostPart}:${address.port}${basePath}`, close };
}
