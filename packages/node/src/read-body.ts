/**
 * Reading a Node request's body: whether one is announced, whether the core may need it,
 * and the stream read with a size limit. Nothing here writes a response.
 *
 * @module
 */
import type { Http2ServerRequest } from 'node:http2';
import type { NodeRequest } from './to-http-request.js';

/** What {@link readBody} gives back when there is no body to hand over. */
export type BodyFailure = 'too-large' | 'aborted';

/**
 * Whether the request announces a body. HTTP/1 says so with `Content-Length` (non-zero) or
 * `Transfer-Encoding`; without either there is none, so a GET never waits on stream events.
 */
export function declaresBody(req: NodeRequest): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return length !== '0';
  if (req.headers['transfer-encoding'] !== undefined) return true;
  return req.httpVersionMajor >= 2 && !(req as Http2ServerRequest).stream.endAfterHeaders;
}

/**
 * Reads the body as a stream. Stops at `maxBytes` (`'too-large'`, checked against
 * `Content-Length` before anything is read), and settles with `'aborted'` when the client
 * goes away or the socket fails. The promise never rejects.
 */
export function readBody(req: NodeRequest, maxBytes: number): Promise<Uint8Array | BodyFailure> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > maxBytes) return Promise.resolve('too-large');
  if (req.readableEnded) return Promise.resolve(new Uint8Array(0));
  if (req.destroyed) return Promise.resolve('aborted');
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (result: Uint8Array | BodyFailure) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('close', onAbort);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) settle('too-large');
      else chunks.push(chunk);
    };
    const onEnd = () => settle(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
    const onAbort = () => settle('aborted');
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    req.on('close', onAbort);
  });
}
