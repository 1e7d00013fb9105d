/**
 * A `Request` for a `node:http` request that builds nothing it is not asked for: `method`
 * and `url` are strings, `headers` a `Headers` made on first read, `body` a Web stream over
 * the Node request made on first read, and every other member (`signal`, `clone()`,
 * `text()`, …) is served by a real `Request` built on first use. It also carries Node's own
 * header record ({@link HEADER_RECORD}), which `createFetchHandler` passes to the core as
 * it is. The model is @hono/node-server's lightweight `Request`, without replacing the
 * global one.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpHeaders } from '@cms-json/core';
import { HEADER_RECORD } from '../bridge-protocol.js';

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

/** The request, built lazily. See the module's description. */
class LightRequest {
  readonly #req: IncomingMessage;
  readonly #res: ServerResponse;
  readonly #url: string;
  #headers: Headers | undefined;
  #body: ReadableStream<Uint8Array> | null | undefined;
  #controller: AbortController | undefined;
  #real: Request | undefined;

  constructor(req: IncomingMessage, res: ServerResponse) {
    this.#req = req;
    this.#res = res;
    this.#url = requestUrl(req);
  }

  get method(): string {
    return this.#req.method ?? 'GET';
  }

  get url(): string {
    return this.#url;
  }

  get [HEADER_RECORD](): HttpHeaders {
    return this.#req.headers;
  }

  get headers(): Headers {
    this.#headers ??= headersOf(this.#req);
    return this.#headers;
  }

  get body(): ReadableStream<Uint8Array> | null {
    if (this.#body === undefined) {
      const method = this.method;
      this.#body = method === 'GET' || method === 'HEAD' ? null : bodyOf(this.#req);
    }
    return this.#body;
  }

  get bodyUsed(): boolean {
    return this.#real?.bodyUsed ?? this.#body?.locked === true;
  }

  /** Aborted when the client goes away before the answer was written. */
  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      const controller = new AbortController();
      this.#res.once('close', () => {
        if (!this.#res.writableFinished) controller.abort(new Error('The client went away.'));
      });
      this.#controller = controller;
    }
    return this.#controller.signal;
  }

  /** The real `Request`, with the same body stream (when nobody has started reading it). */
  #built(): Request {
    if (this.#real === undefined) {
      const body = this.body;
      const init: RequestInit & { duplex?: 'half' } = { method: this.method, headers: this.headers, signal: this.signal };
      if (body !== null && !body.locked) {
        init.body = body;
        init.duplex = 'half';
      }
      this.#real = new Request(this.#url, init);
    }
    return this.#real;
  }

  // Every other member of Request.prototype, on the real request. Reflect, because the
  // members' names are only known at run time.
  static {
    for (const name of Object.getOwnPropertyNames(Request.prototype)) {
      if (name === 'constructor' || Object.hasOwn(LightRequest.prototype, name)) continue;
      const descriptor = Object.getOwnPropertyDescriptor(Request.prototype, name);
      if (descriptor?.get !== undefined) {
        Object.defineProperty(LightRequest.prototype, name, {
          get(this: LightRequest) {
            return Reflect.get(this.#built(), name);
          },
          configurable: true,
        });
      } else if (typeof descriptor?.value === 'function') {
        const method = descriptor.value as (...args: unknown[]) => unknown;
        Object.defineProperty(LightRequest.prototype, name, {
          value(this: LightRequest, ...args: unknown[]) {
            return Reflect.apply(method, this.#built(), args);
          },
          configurable: true,
          writable: true,
        });
      }
    }
    Object.setPrototypeOf(LightRequest.prototype, Request.prototype);
  }
}

/**
 * A `Request` for a `node:http` request, built lazily (see the module's description).
 * `instanceof Request` holds. It carries {@link HEADER_RECORD}, so `createFetchHandler`
 * answers it with a lazy `Response`: write that with `writeFetchResponse`.
 */
export function lightRequest(req: IncomingMessage, res: ServerResponse): Request {
  // The class sits on Request.prototype (its static block); TypeScript cannot see that.
  return new LightRequest(req, res) as unknown as Request;
}
