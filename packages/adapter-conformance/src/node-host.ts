/**
 * Helpers for adapters tested over `node:http`: a host fallback that answers the suite's
 * contract, and a server on 127.0.0.1 with a `close()` that cuts every connection.
 *
 * @module
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readText } from './client.js';
import { FALLBACK_STATUS, fallbackText } from './suite.js';

/** Answers the suite's fallback: {@link FALLBACK_STATUS} with the request body echoed. */
export async function hostFallback(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readText(req);
  res.writeHead(FALLBACK_STATUS, { 'Content-Type': 'text/plain; charset=utf-8' }).end(fallbackText(body));
}

/** A listening test server. */
export interface TestHost {
  server: Server;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Closes the server and every connection. */
  close(): Promise<void>;
}

/**
 * Listens on 127.0.0.1 with a free port.
 *
 * @example
 * ```ts
 * const host = await listen(createRequestListener(server));
 * await fetch(`${host.origin}/cms-json/`);
 * await host.close();
 * ```
 */
export async function listen(listener: RequestListener): Promise<TestHost> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
