/**
 * The core's {@link HttpResponse} → Node's `ServerResponse`: one `writeHead(status, rawHeaders)`
 * and one `end(body)`. Multi-valued headers (`Link`, `Set-Cookie`) become one line each;
 * `Content-Length` is the body's length in bytes.
 *
 * @module
 */
import type { ServerResponse } from 'node:http';
import type { Http2ServerResponse } from 'node:http2';
import { type HttpResponse, headerLines, isBodiless, RestError } from '@cms-json/core';

/** A response from `node:http`, `node:https` or the `node:http2` compatibility API. */
export type NodeResponse = ServerResponse | Http2ServerResponse;

/**
 * Writes a core response. For `HEAD`, and for 204 and 304, no body and no computed
 * `Content-Length` are sent.
 *
 * @example
 * ```ts
 * const answer = await server.handle(toHttpRequest(req, { url, baseUrl }));
 * if (answer !== null) writeResponse(res, answer, req.method ?? 'GET');
 * ```
 */
export function writeResponse(
  res: NodeResponse,
  response: HttpResponse,
  method: string,
  options: WriteResponseOptions = {},
): void {
  const raw = headerLines(response, method, Buffer.byteLength);
  const { status, body } = response;
  const noBody = isBodiless(method, status);
  const linger = options.unreadBody === true && res.req.httpVersionMajor < 2 && !res.req.destroyed;
  if (linger) raw.push('Connection', 'close');
  writeHead(res, status, raw);
  if (linger) {
    if (!noBody && body !== null) (res as ServerResponse).write(body);
    discardThenEnd(res);
  } else if (noBody || body === null) res.end();
  else res.end(body);
}

/** Options of {@link writeResponse}. */
export interface WriteResponseOptions {
  /**
   * The request's body was left unread (an upload refused before it was read): the answer
   * closes the connection, after discarding what still arrives within {@link LINGER_LIMITS}.
   * @default false
   */
  unreadBody?: boolean;
}

/**
 * `writeHead` with raw headers. When a host already called `setHeader` (Express sets
 * `X-Powered-By`), Node 20 merges raw headers with `setHeader`, keeping only the last value
 * of a repeated name; the values are then set as arrays instead.
 */
function writeHead(res: NodeResponse, status: number, raw: string[]): void {
  if (res.getHeaderNames().length === 0) {
    // Node 20 takes raw `[name, value, …]` headers on both response classes; the HTTP/2
    // typings only declare the object form.
    (res as ServerResponse).writeHead(status, raw);
    return;
  }
  const merged = new Map<string, string | string[]>();
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    const value = raw[i + 1] as string;
    const existing = merged.get(name);
    merged.set(name, existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value]);
  }
  for (const [name, value] of merged) res.setHeader(name, value);
  res.writeHead(status);
}

const TOO_LARGE_BODY = JSON.stringify(new RestError('rest_body_too_large').toBody());
const INTERNAL_ERROR_BODY = JSON.stringify(new RestError('rest_internal_error').toBody());

/** Writes a bare JSON error with `Content-Length`; `close` adds `Connection: close` on HTTP/1. */
function writeJsonError(res: NodeResponse, options: { status: number; body: string; close: boolean }): void {
  const raw = ['Content-Type', 'application/json; charset=UTF-8', 'Content-Length', String(Buffer.byteLength(options.body))];
  // HTTP/2 forbids connection-specific headers; a stream is reset instead of a socket closed.
  if (options.close && res.req.httpVersionMajor < 2) raw.push('Connection', 'close');
  writeHead(res, options.status, raw);
  res.end(options.body);
}

/**
 * How much of an oversized body is read and thrown away after its 413, at most: 16 MiB, for
 * at most 10 s. Past either bound the connection is closed with the rest unread.
 */
/** Options of {@link writeBodyTooLarge}. */
export interface BodyTooLargeOptions {
  /**
   * Read and discard what arrives of the body before closing. `false` closes at once: for a
   * request that waits for `100 Continue` and so sends no body. @default true
   */
  linger?: boolean;
}

export const LINGER_LIMITS = { maxBytes: 16 * 1024 * 1024, maxMs: 10_000 } as const;

/**
 * Answers 413 `rest_body_too_large` and closes the connection afterwards. A body still
 * arriving is read and discarded first (a lingering close, as nginx does), within
 * {@link LINGER_LIMITS}: closing with it unread would make the kernel reset the connection,
 * and the client would see a broken pipe instead of the 413. The whole answer is sent at
 * once; only the end of the exchange waits for the body.
 */
export function writeBodyTooLarge(res: NodeResponse, options: BodyTooLargeOptions = {}): void {
  const req = res.req;
  if (options.linger === false || req.httpVersionMajor >= 2 || req.readableEnded || req.destroyed) {
    writeJsonError(res, { status: 413, body: TOO_LARGE_BODY, close: true });
    return;
  }
  writeHead(res, 413, [
    'Content-Type',
    'application/json; charset=UTF-8',
    'Content-Length',
    String(Buffer.byteLength(TOO_LARGE_BODY)),
    'Connection',
    'close',
  ]);
  // HTTP/1 only here: the `node:http` response class.
  (res as ServerResponse).write(TOO_LARGE_BODY);
  discardThenEnd(res);
}

/**
 * Ends an HTTP/1 response whose head and body were written, once the request's body has
 * been read and discarded (a lingering close), within {@link LINGER_LIMITS}.
 */
function discardThenEnd(res: NodeResponse): void {
  const req = res.req;
  let discarded = 0;
  const finish = () => {
    clearTimeout(timer);
    req.off('data', onData);
    req.off('end', finish);
    req.off('close', finish);
    if (!res.writableEnded) res.end();
  };
  const onData = (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER_LIMITS.maxBytes) finish();
  };
  const timer = setTimeout(finish, LINGER_LIMITS.maxMs);
  timer.unref();
  req.on('data', onData);
  req.once('end', finish);
  req.once('close', finish);
  req.resume();
}

/**
 * Answers 500 `rest_internal_error` when nothing was sent yet; otherwise ends the response
 * (a half-written response cannot be repaired). Never throws.
 */
export function writeInternalError(res: NodeResponse): void {
  try {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    // Drop whatever a failed attempt (or the host) had set before.
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    writeJsonError(res, { status: 500, body: INTERNAL_ERROR_BODY, close: false });
  } catch {
    res.destroy();
  }
}
