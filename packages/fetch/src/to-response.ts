/**
 * The core's {@link HttpResponse} as a WHATWG `Response`.
 *
 * @module
 */
import type { HttpResponse } from '@cms-json/core';

/** A UTF-16 code unit beyond Latin-1: HTTP/1.1 carries header values as bytes (RFC 9110 §5.5). */
const BEYOND_LATIN1 = /[\u0100-\uffff]/;

/** Appends one header value, refusing one beyond Latin-1 as Node's server and undici do. */
function append(headers: Headers, name: string, value: string): void {
  // workerd would send such a value as its UTF-8 bytes: refused here, so that every runtime
  // answers the handler's mistake alike (500, reported), not with a header each decodes its own way.
  if (BEYOND_LATIN1.test(value)) throw new TypeError(`The value of the header "${name}" has a character beyond Latin-1.`);
  headers.append(name, value);
}

/**
 * The core's response as a `Response`; repeated headers are appended one by one.
 *
 * @throws TypeError when a header value has a character beyond Latin-1 (the handler answers 500).
 */
export function toResponse(answer: HttpResponse): Response {
  const headers = new Headers();
  for (const name in answer.headers) {
    const value = answer.headers[name];
    if (typeof value === 'string') append(headers, name, value);
    else if (value !== undefined) for (const item of value) append(headers, name, item);
  }
  return new Response(answer.body, { status: answer.status, headers });
}
