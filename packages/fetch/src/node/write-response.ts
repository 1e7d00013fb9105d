/**
 * A Fetch `Response` written to a `node:http` response: one `writeHead(status, rawHeaders)`
 * (each `Set-Cookie` on its own line), then the body, read from its stream, with
 * `Content-Length` when it came in one piece.
 *
 * @module
 */
import type { ServerResponse } from 'node:http';
import { isBodiless } from '@cms-json/core';

function rawHeadersOf(response: Response): { raw: string[]; hasLength: boolean } {
  const raw: string[] = [];
  let hasLength = false;
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie') return;
    if (name === 'content-length') hasLength = true;
    raw.push(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) raw.push('set-cookie', cookie);
  return { raw, hasLength };
}

/** Resolves when the response can take more, or is gone. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

/**
 * Writes any `Response`. A body read in one piece gets a `Content-Length` (unless the
 * response has one); a longer one is streamed as it comes, held back while the socket is
 * full, and cancelled when the client goes away. Rejects (with the head possibly sent) when
 * the body stream fails or Node refuses a header.
 */
export async function writeWebResponse(res: ServerResponse, response: Response, method: string): Promise<void> {
  const { raw, hasLength } = rawHeadersOf(response);
  const status = response.status;
  const body = response.body;
  if (body === null || isBodiless(method, status)) {
    if (body !== null) void body.cancel().catch(() => {});
    res.writeHead(status, raw);
    res.end();
    return;
  }
  const reader = body.getReader();
  const first = await reader.read();
  if (first.done) {
    if (!hasLength) raw.push('content-length', '0');
    res.writeHead(status, raw);
    res.end();
    return;
  }
  const second = await reader.read();
  if (second.done) {
    if (!hasLength) raw.push('content-length', String(first.value.byteLength));
    res.writeHead(status, raw);
    res.end(first.value);
    return;
  }
  res.writeHead(status, raw);
  res.write(first.value);
  let next: Awaited<ReturnType<typeof reader.read>> = second;
  while (!next.done) {
    if (res.destroyed) {
      await reader.cancel();
      return;
    }
    if (!res.write(next.value)) await drained(res);
    next = await reader.read();
  }
  res.end();
}
