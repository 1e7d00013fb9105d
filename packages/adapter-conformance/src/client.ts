/**
 * How the suite talks to an adapter: through `fetch` (or the target's own `request`
 * function, with no socket), and with `node:http` for what `fetch` cannot do (a chunked
 * body written piece by piece, a client that goes away mid-body).
 *
 * @module
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect as netConnect } from 'node:net';

/** A started adapter, as the suite sees it. */
export interface ConformanceTarget {
  /**
   * The absolute URL of the mount point, without a trailing slash:
   * `http://127.0.0.1:34567` or `http://127.0.0.1:34567/api`.
   */
  baseUrl: string;
  /**
   * Sends a request without a socket (a Fetch handler called directly). When set, every
   * request of the suite goes through it, and the socket-level cases are run with
   * streamed `Request` bodies instead.
   */
  request?: (request: Request) => Promise<Response>;
  /** Stops the adapter and releases its sockets. */
  close(): Promise<void>;
}

/** A response read to the end. */
export interface ReadResponse {
  status: number;
  headers: Headers;
  text: string;
}

/** Sends `init` to `path` (under the mount point) and reads the whole response. */
export async function send(target: ConformanceTarget, path: string, init: RequestInit = {}): Promise<ReadResponse> {
  const request = new Request(`${target.baseUrl}${path}`, init);
  const res = target.request === undefined ? await fetch(request) : await target.request(request);
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** Options of {@link rawSend}. */
export interface RawSendOptions {
  method: string;
  headers?: Record<string, string>;
  /** Written one by one, so without `content-length` the body goes out chunked. */
  chunks?: readonly Uint8Array[];
  /** Destroys the request after writing the chunks, without ending it. */
  abort?: boolean;
}

/** A response read by {@link rawSend}; `null` when the request was aborted on purpose. */
export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** Header lines as received: `[name, value, name, value, …]`. */
  rawHeaders: string[];
  text: string;
}

/**
 * Sends with `node:http` (a socket is needed). A write error after the response arrived
 * (the server closed the connection on an oversized body) is not a failure.
 */
export function rawSend(url: string, options: RawSendOptions): Promise<RawResponse | null> {
  return new Promise((resolve, reject) => {
    let answered = false;
    // A connection of its own (no agent): Node's default agent keeps sockets alive, and would send
    // the next request on one a server closed after answering this `Connection: close` (Bun.serve
    // does not say it closes), which that request would see as ECONNRESET.
    const headers = { connection: 'close', ...options.headers };
    const req = httpRequest(url, { method: options.method, agent: false, headers }, (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on('data', (chunk: Buffer) => parts.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          rawHeaders: res.rawHeaders,
          text: Buffer.concat(parts).toString('utf8'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', (error) => {
      if (options.abort === true) resolve(null);
      else if (!answered) reject(error);
    });
    const chunks = options.chunks ?? [];
    let index = 0;
    const pump = (): void => {
      while (index < chunks.length && !answered && !req.destroyed) {
        const chunk = chunks[index++] as Uint8Array;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      if (options.abort === true) {
        // Let the first bytes reach the server, then go away mid-body.
        setTimeout(() => {
          req.destroy();
          resolve(null);
        }, 50);
      } else if (!req.destroyed) req.end();
    };
    pump();
  });
}

/** A body stream of `chunks`; with `failAfter`, the stream errors after that many chunks. */
export function streamOf(chunks: readonly Uint8Array[], failAfter?: number): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (failAfter !== undefined && index >= failAfter) controller.error(new Error('client went away'));
      else if (index < chunks.length) controller.enqueue(chunks[index++] as Uint8Array);
      else controller.close();
    },
  });
}

/** Splits a `Link` header value into its links. */
export function splitLinks(value: string | null): string[] {
  if (value === null || value === '') return [];
  return value.split(/,\s*(?=<)/);
}

/** The UTF-8 bytes of `text`, cut into `count` chunks. */
export function chunksOf(text: string, count: number): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const size = Math.ceil(bytes.length / count);
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return chunks;
}

/** Reads a Node stream (a host fallback's request) as UTF-8 text. */
export async function readText(stream: AsyncIterable<Uint8Array>): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const part of stream) parts.push(part);
  return Buffer.concat(parts).toString('utf8');
}

/** What {@link rawStream} saw: the bytes answered, and the socket error met, if any. */
export interface RawStreamResult {
  text: string;
  /** `EPIPE`, `ECONNRESET`…: the connection broke before the body was sent and the answer read. */
  error?: string;
}

/** Whether `text` holds a whole response: its head and `Content-Length` bytes of body. */
function responseComplete(text: string): boolean {
  const end = text.indexOf('\r\n\r\n');
  if (end === -1) return false;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(text.slice(0, end));
  return length !== null && Buffer.byteLength(text.slice(end + 4)) >= Number(length[1]);
}

/**
 * Writes a request head and `size` bytes of body on a plain TCP socket, as fast as the socket
 * takes them, and reads the answer: what `curl` or an upload does when the server answers
 * before the body is in. Done when the whole body was sent and the whole answer read (or the
 * server closed); a socket error before that is reported.
 */
export function rawStream(
  url: string,
  options: { method: string; headers: Record<string, string>; size: number },
): Promise<RawStreamResult> {
  const target = new URL(url);
  return new Promise((resolve) => {
    const socket = netConnect(Number(target.port), target.hostname);
    let text = '';
    let error: string | undefined;
    let sent = 0;
    let allSent = false;
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve(error === undefined ? { text } : { text, error });
    };
    const maybeFinish = (): void => {
      if (allSent && responseComplete(text)) finish();
    };
    const piece = Buffer.alloc(64 * 1024, 'x');
    const pump = (): void => {
      while (sent < options.size && !socket.destroyed) {
        const n = Math.min(piece.length, options.size - sent);
        sent += n;
        const last = sent === options.size;
        const flushed = socket.write(n === piece.length ? piece : piece.subarray(0, n), (failure) => {
          if (last && failure == null) {
            allSent = true;
            maybeFinish();
          }
        });
        if (!flushed) {
          socket.once('drain', pump);
          return;
        }
      }
    };
    socket.on('connect', () => {
      const lines = [`${options.method} ${target.pathname}${target.search} HTTP/1.1`, `Host: ${target.host}`];
      for (const [name, value] of Object.entries(options.headers)) lines.push(`${name}: ${value}`);
      lines.push(`Content-Length: ${options.size}`, '', '');
      socket.write(lines.join('\r\n'));
      pump();
    });
    socket.on('data', (data: Buffer) => {
      text += data.toString('utf8');
      maybeFinish();
    });
    socket.on('error', (e: Error & { code?: string }) => {
      error ??= e.code ?? e.message;
    });
    socket.on('close', finish);
    socket.setTimeout(30_000, () => socket.destroy());
  });
}
