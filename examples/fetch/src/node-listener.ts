/**
 * A minimal `node:http` wrapper for a Fetch handler: the request's body becomes a Web
 * stream (cancelling it stops delivery but keeps draining, so a 413 can still be answered),
 * and the `Response` is written with one `writeHead` (each `Set-Cookie` on its own line).
 * The same code runs the Fetch adapter's conformance suite over sockets
 * (`test/conformance.test.ts` runs the adapter suite through it).
 */
import type { IncomingMessage, RequestListener } from 'node:http';

function bodyOf(req: IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on('data', (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.on('end', () => controller.close());
      req.on('close', () => {
        if (!req.complete) controller.error(new Error('The client went away.'));
      });
    },
    pull: () => void req.resume(),
    // Stop delivering, but keep draining so the connection can answer (a 413, say).
    cancel: () => void req.removeAllListeners('data').resume(),
  });
}

/**
 * Wraps a Fetch handler as a `node:http` request listener.
 *
 * @example
 * ```ts
 * createServer(toNodeListener(createFetchHandler(server))).listen(8080, '127.0.0.1');
 * ```
 */
export function toNodeListener(handler: (request: Request) => Promise<Response>): RequestListener {
  return async (req, res) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.append(name, value);
      else for (const item of value ?? []) headers.append(name, item);
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
      method: req.method ?? 'GET',
      headers,
      body: hasBody ? bodyOf(req) : null,
      duplex: 'half',
    });
    const response = await handler(request);
    const raw: string[] = [];
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') raw.push(name, value);
    });
    for (const cookie of response.headers.getSetCookie()) raw.push('set-cookie', cookie);
    res.writeHead(response.status, raw);
    res.end(new Uint8Array(await response.arrayBuffer()));
  };
}
