/**
 * A Fetch `Request` for a `node:http` request, for a Fetch handler served on Node: its URL
 * serialized as a `Request` would, its headers, its body as a Web stream, and a signal
 * aborted when the client goes away before the answer was written.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

// Characters a URL path or query keeps as they are (no percent-encoding, no dot segments):
// then `new URL()` would serialize the URL unchanged, and is not needed.
const PLAIN_TARGET = /^\/[!#-;=?-[\]_a-z~]*$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?#]|$)/;
const SAFE_HOST = /^[\w.:[\]-]+$/;

/**
 * The request's absolute URL as a `Request` would serialize it. A `Host` with characters a
 * host name cannot have is replaced by `localhost`, as the node adapter does.
 */
export function requestUrl(req: IncomingMessage): string {
  const target = req.url ?? '/';
  if (target.startsWith('http://') || target.startsWith('https://')) return new URL(target).href;
  const host = req.headers.host;
  const scheme = (req.socket as { encrypted?: boolean } | null)?.encrypted === true ? 'https' : 'http';
  const url = `${scheme}://${host !== undefined && SAFE_HOST.test(host) ? host : 'localhost'}${target}`;
  return PLAIN_TARGET.test(target) && !DOT_SEGMENT.test(target) ? url : new URL(url).href;
}

/**
 * The body as a Web stream. Cancelling it stops delivery but keeps draining the request, so
 * the connection can still carry an answer (a 413); a client that goes away errors it.
 */
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
    cancel: () => void req.removeAllListeners('data').resume(),
  });
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string;
    if (name.charCodeAt(0) !== 58 /* : */) headers.append(name, raw[i + 1] as string);
  }
  return headers;
}

/**
 * The `Request` of a Node request.
 *
 * @example
 * ```ts
 * const response = await handler(toRequest(req, res));
 * ```
 */
export function toRequest(req: IncomingMessage, res: ServerResponse): Request {
  const method = req.method ?? 'GET';
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort(new Error('The client went away.'));
  });
  const init: RequestInit & { duplex?: 'half' } = { method, headers: headersOf(req), signal: controller.signal };
  if (method !== 'GET' && method !== 'HEAD') {
    init.body = bodyOf(req);
    init.duplex = 'half';
  }
  return new Request(requestUrl(req), init);
}
