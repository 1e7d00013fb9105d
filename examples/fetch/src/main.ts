/**
 * The Fetch handler on Node, behind a tiny `node:http` wrapper, on 127.0.0.1.
 *
 * ```sh
 * npm start -w @cms-json/example-fetch
 * curl 'http://127.0.0.1:8080/cms-json/hello/v1/greeting?name=Ada'
 * ```
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handler } from './app.js';
import { toNodeListener } from './node-listener.js';

const httpServer = createServer(toNodeListener(handler));
httpServer.listen(Number(process.env.PORT ?? 8080), '127.0.0.1', () => {
  const { port } = httpServer.address() as AddressInfo;
  console.log(`cms-json Fetch handler on node:http: http://127.0.0.1:${port}/cms-json/hello/v1/greeting?name=Ada`);
});
