/**
 * Real sockets for the robustness suite: the server behind the node adapter on
 * 127.0.0.1 (the package `@cms-json/node` when it is importable, else a minimal
 * `node:http` listener kept here), and a small client with a hard timeout.
 *
 * @module
 */
import { type Agent, createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import type { RestServer } from '@cms-json/core';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;
interface NodeAdapterModule {
  createRequestListener(server: RestServer, options?: { basePath?: string }): Listener;
}

/** Loads the real adapter; `undefined` while `packages/node/src/index.ts` is not there yet. */
export async function loadNodeAdapter(): Promise<NodeAdapterModule | undefined> {
  const specifier = '@cms-json/node';
  try {
    const mod = (await import(/* @vite-ignore */ specifier)) as Partial<NodeAdapterModule>;
    return typeof mod.createRequestListener === 'function' ? (mod as NodeAdapterModule) : undefined;
  } catch {
    return undefined;
  }
}

/** The fallback listener: body limit, `server.handle`, headers as given, 404 otherwise. */
function fallbackListener(server: RestServer): Listener {
  return (req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > server.options.maxBodyBytes) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooLarge) {
        res.writeHead(413, { 'Content-Type': 'application/json; charset=UTF-8', Connection: 'close' });
        res.end(
          JSON.stringify({ code: 'rest_body_too_large', message: 'The request body is too large.', data: { status: 413 } }),
        );
        return;
      }
      const body = chunks.length === 0 ? undefined : Buffer.concat(chunks);
      server
        .handle({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body })
        .then((answer) => {
          if (answer === null) {
            res.writeHead(404, { 'Content-Type': 'text/plain' });
            res.end('Not Found');
            return;
          }
          res.writeHead(answer.status, answer.headers);
          res.end(answer.body ?? undefined);
        })
        .catch(() => {
          res.writeHead(500, { 'Content-Type': 'application/json; charset=UTF-8' });
          res.end(JSON.stringify({ code: 'rest_internal_error', message: 'An internal error occurred.', data: { status: 500 } }));
        });
    });
  };
}

export interface Listening {
  port: number;
  /** `'@cms-json/node'` or `'fallback'`. */
  adapter: string;
  /** Errors the node server emitted (`clientError`, …); an uncaught one would crash the process. */
  errors: unknown[];
  close(): Promise<void>;
}

/** Serves `server` on 127.0.0.1 on a free port. */
export async function listen(server: RestServer): Promise<Listening> {
  const adapter = await loadNodeAdapter();
  const listener = adapter === undefined ? fallbackListener(server) : adapter.createRequestListener(server);
  const http: Server = createServer(listener);
  const errors: unknown[] = [];
  http.on('error', (error) => errors.push(error));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as AddressInfo).port;
  return {
    port,
    adapter: adapter === undefined ? 'fallback' : '@cms-json/node',
    errors,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

/** Serves `server` while `use` runs, and closes it afterwards, whatever `use` does. */
export async function withListening<T>(server: RestServer, use: (served: Listening) => Promise<T>): Promise<T> {
  const served = await listen(server);
  try {
    return await use(served);
  } finally {
    await served.close();
  }
}

export interface WireResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP request with a hard timeout. */
export function send(
  port: number,
  options: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    agent?: Agent;
    timeoutMs?: number;
  },
): Promise<WireResponse> {
  // Node's client sends a DELETE or OPTIONS body with neither Content-Length nor chunked
  // framing; say the length, so that the server reads the body as a body.
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined && !Object.keys(headers).some((k) => k.toLowerCase() === 'content-length'))
    headers['content-length'] = String(Buffer.byteLength(options.body));
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers,
        agent: options.agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(options.timeoutMs ?? 30_000, () =>
      req.destroy(new Error(`timeout: ${options.method ?? 'GET'} ${options.path}`)),
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Writes raw bytes on a fresh socket and resolves the raw answer (until the server closes or `timeoutMs`). */
export function sendRaw(port: number, bytes: Buffer | string, timeoutMs = 10_000): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(Buffer.concat(chunks).toString('latin1'));
    };
    const timer = setTimeout(done, timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // One complete response is enough: stop once a body of the announced length has arrived.
      const text = Buffer.concat(chunks).toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(text);
      if (end !== -1 && length !== null && text.length - end - 4 >= Number(length[1])) done();
    });
    socket.on('error', done);
    socket.on('close', done);
    socket.write(bytes);
  });
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
