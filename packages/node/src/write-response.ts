/**
 * The core's {@link HttpResponse} → Node's `ServerResponse`: one `writeHead(status, rawHeaders)`
 * and one `end(body)`. Multi-valued headers (`Link`, `Set-Cookie`) become one line each;
 * `Content-Length` is the body's length in bytes.
 *
 * @module
 */
import type { ServerResponse } from 'node:http';
import type { Http2ServerResponse } from 'node:http2';
import { type HttpResponse, RestError } from '@cms-json/core';

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
export function writeResponse(res: NodeResponse, response: HttpResponse, method: string): void {
  const raw: string[] = [];
  const headers = response.headers;
  let declaredLength: string | undefined;
  for (const name in headers) {
    const value = headers[name];
    if (name.length === 14 && name.toLowerCase() === 'content-length') {
      declaredLength = Array.isArray(value) ? value[0] : value;
    } else if (typeof value === 'string') raw.push(name, value);
    else if (value !== undefined) for (const item of value) raw.push(name, item);
  }
  const body = response.body;
  const status = response.status;
  const noBody = method === 'HEAD' || status === 204 || status === 304;
  if (!noBody) raw.push('Content-Length', body === null ? '0' : String(Buffer.byteLength(body)));
  else if (declaredLength !== undefined && status !== 204) raw.push('Content-Length', declaredLength);
  writeHead(res, status, raw);
  if (noBody || body === null) res.end();
  else res.end(body);
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
 * Answers 413 `rest_body_too_large` and closes the connection afterwards, so the rest of
 * an oversized body is never read.
 */
export function writeBodyTooLarge(res: NodeResponse): void {
  writeJsonError(res, { status: 413, body: TOO_LARGE_BODY, close: true });
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
