/**
 * Node's `IncomingMessage` (or `Http2ServerRequest`) → the core's {@link HttpRequest}:
 * the URL relative to the mount point, the mount URL for links, and the headers. Pure
 * translators: nothing here reads the body or writes a response (see `read-body.ts`).
 *
 * @module
 */
import type { IncomingMessage } from 'node:http';
import type { Http2ServerRequest } from 'node:http2';
import type { HttpRequest } from '@cms-json/core';

/** A request from `node:http`, `node:https` or the `node:http2` compatibility API. */
export type NodeRequest = IncomingMessage | Http2ServerRequest;

const SAFE_HOST = /^[\w.:[\]-]+$/;

/**
 * The absolute URL of the mount point, for links. A `Host` with characters a host name
 * cannot have is replaced by `localhost`, so it cannot inject anything into `Link` headers.
 * Set the server's `siteUrl` option to make links independent of the request.
 *
 * @example
 * ```ts
 * toBaseUrl('http', '127.0.0.1:8080', '/api'); // 'http://127.0.0.1:8080/api'
 * ```
 */
export function toBaseUrl(scheme: string, host: string | undefined, basePath: string): string {
  return `${scheme}://${host !== undefined && SAFE_HOST.test(host) ? host : 'localhost'}${basePath}`;
}

/** Options of {@link requestBaseUrl}. */
export interface RequestBaseUrlOptions {
  /**
   * Whether the request came through a reverse proxy that sets `X-Forwarded-Proto` and
   * `X-Forwarded-Host` (and replaces what a client sent in them): links are then built on the
   * first value of each. Leave it off when clients reach the server directly: anyone could
   * send those headers. @default false
   */
  trustProxy?: boolean;
}

/** The first value of a header a proxy may have appended to (`https, http`), trimmed. */
function firstForwarded(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined) return undefined;
  const comma = text.indexOf(',');
  const first = (comma === -1 ? text : text.slice(0, comma)).trim();
  return first === '' ? undefined : first;
}

/**
 * The mount URL of a Node request: `https` on a TLS socket, `Host` (or HTTP/2 `:authority`);
 * with `trustProxy`, `X-Forwarded-Proto` (`http` or `https`) and `X-Forwarded-Host` over them.
 *
 * @example
 * ```ts
 * requestBaseUrl(req, '/api'); // 'http://127.0.0.1:8080/api'
 * requestBaseUrl(req, '/api', { trustProxy: true }); // 'https://example.com/api' behind a proxy
 * ```
 */
export function requestBaseUrl(req: NodeRequest, basePath: string, options: RequestBaseUrlOptions = {}): string {
  let host = req.headers.host ?? req.headers[':authority'];
  let scheme = (req.socket as { encrypted?: boolean } | null)?.encrypted === true ? 'https' : 'http';
  if (options.trustProxy === true) {
    const proto = firstForwarded(req.headers['x-forwarded-proto'])?.toLowerCase();
    if (proto === 'http' || proto === 'https') scheme = proto;
    host = firstForwarded(req.headers['x-forwarded-host']) ?? host;
  }
  return toBaseUrl(scheme, typeof host === 'string' ? host : undefined, basePath);
}

/** Options of {@link toHttpRequest}. */
export interface ToHttpRequestOptions {
  /** Path and query relative to the mount point. */
  url: string;
  /** The absolute URL of the mount point (needed only when the server has no `siteUrl`). */
  baseUrl?: string | undefined;
  body?: Uint8Array | string | undefined;
  parsedBody?: unknown;
  /** The body unread, for an endpoint that takes it as a stream. */
  bodyStream?: AsyncIterable<Uint8Array> | undefined;
}

/**
 * The core's request for a Node request. Headers are passed as Node parsed them (lower-case
 * names); HTTP/2 pseudo-headers (`:path`, …) are left out.
 *
 * @example
 * ```ts
 * const http = toHttpRequest(req, { url: req.url ?? '/', baseUrl: requestBaseUrl(req, '') });
 * const answer = await server.handle(http);
 * ```
 */
export function toHttpRequest(req: NodeRequest, options: ToHttpRequestOptions): HttpRequest {
  return {
    method: req.method ?? 'GET',
    url: options.url,
    headers: req.httpVersionMajor >= 2 ? withoutPseudoHeaders(req.headers) : req.headers,
    body: options.body,
    parsedBody: options.parsedBody,
    bodyStream: options.bodyStream,
    baseUrl: options.baseUrl,
  };
}

function withoutPseudoHeaders(headers: NodeRequest['headers']): Record<string, string | string[] | undefined> {
  const out: Record<string, string | string[] | undefined> = {};
  for (const name in headers) if (name.charCodeAt(0) !== 58 /* : */) out[name] = headers[name];
  return out;
}
