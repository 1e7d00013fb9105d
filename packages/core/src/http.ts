/**
 * The two plain objects an adapter exchanges with the core. No WHATWG `Request`/`Response`
 * is built on the Node path; the Fetch adapter translates to and from these too.
 *
 * @module
 */

/** Header values as adapters hand them over: lower-case names, repeated headers as arrays. */
export type HttpHeaders = Readonly<Record<string, string | string[] | undefined>>;

/**
 * A request as an adapter hands it to {@link RestServer.handle}.
 *
 * @example
 * ```ts
 * const res = await server.handle({ method: 'GET', url: '/cms-json/tel/v1/outgoing-links?page=2', headers: {} });
 * ```
 */
export interface HttpRequest {
  /** The request method as sent (`GET`, `POST`, …). */
  method: string;
  /** Path and query relative to where the server is mounted, as sent (still percent-encoded). */
  url: string;
  /** Request headers, lower-case names. */
  headers: HttpHeaders;
  /** The raw body: bytes or text. Absent when there is none. */
  body?: Uint8Array | string | undefined;
  /**
   * The body unread, for an endpoint that takes it as a stream (`server.streamedBody(…)`
   * says which); `body` is then absent.
   */
  bodyStream?: AsyncIterable<Uint8Array> | undefined;
  /**
   * A body a host framework already parsed (Express body parsers). Used only when `body`
   * is absent: an object is taken as the parsed form or JSON body, a string as raw text.
   */
  parsedBody?: unknown;
  /**
   * The absolute URL of the mount point (`http://127.0.0.1:8080/api`), used to build links
   * when the server has no `siteUrl` option.
   */
  baseUrl?: string | undefined;
}

/** A response as the core hands it back to an adapter. */
export interface HttpResponse {
  status: number;
  /** Header names in their canonical case; a header sent several times is an array. */
  headers: Record<string, string | string[]>;
  /** The body text, or `null` for none (HEAD, 204). */
  body: string | null;
}

/** Whether an answer is sent without a body: to `HEAD`, and with 204 or 304. */
export function isBodiless(method: string, status: number): boolean {
  return method === 'HEAD' || status === 204 || status === 304;
}

/**
 * The header lines of an answer as a flat `[name, value, …]` list for Node's
 * `writeHead(status, rawHeaders)`: each value of a multi-valued header (`Link`,
 * `Set-Cookie`) on its own line, and `Content-Length` the body's length in bytes (measured by
 * `byteLength`: the runtime's UTF-8 length, such as Node's). An answer without a body (see
 * {@link isBodiless}) keeps a `Content-Length` its handler declared, except a 204.
 *
 * @example
 * ```ts
 * res.writeHead(answer.status, headerLines(answer, req.method, utf8Length));
 * ```
 */
export function headerLines(response: HttpResponse, method: string, byteLength: (text: string) => number): string[] {
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
  const { status, body } = response;
  if (!isBodiless(method, status)) raw.push('Content-Length', body === null ? '0' : String(byteLength(body)));
  else if (declaredLength !== undefined && status !== 204) raw.push('Content-Length', declaredLength);
  return raw;
}
