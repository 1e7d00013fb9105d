/**
 * The core's {@link HttpResponse} as a WHATWG `Response`.
 *
 * @module
 */
import type { HttpResponse } from '@cms-json/core';

/** The core's response as a `Response`; repeated headers are appended one by one. */
export function toResponse(answer: HttpResponse): Response {
  const headers = new Headers();
  for (const name in answer.headers) {
    const value = answer.headers[name];
    if (typeof value === 'string') headers.append(name, value);
    else if (value !== undefined) for (const item of value) headers.append(name, item);
  }
  return new Response(answer.body, { status: answer.status, headers });
}
