/**
 * A streamed request body with its size limit: the endpoint that takes its body as a stream
 * ({@link StreamedBody}) reads it through {@link limitBodyStream}, which throws 413
 * `rest_body_too_large` as soon as the bytes read pass the limit, so an upload is never
 * read past it.
 *
 * @module
 */
import { RestError } from './errors.js';

/**
 * The chunks of `source`, ending with a `rest_body_too_large` error (413) when they add up
 * to more than `maxBytes`. Reading stops there: the rest of the source is not read.
 *
 * @example
 * ```ts
 * for await (const chunk of limitBodyStream(request.bodyStream, 1024)) write(chunk);
 * ```
 */
export async function* limitBodyStream(source: AsyncIterable<Uint8Array>, maxBytes: number): AsyncGenerator<Uint8Array> {
  let size = 0;
  for await (const chunk of source) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new RestError('rest_body_too_large');
    yield chunk;
  }
}

/** Whether a declared `Content-Length` is over `maxBytes` (an unparsable one is not). */
export function declaredTooLarge(contentLength: string | undefined | null, maxBytes: number): boolean {
  if (contentLength === undefined || contentLength === null) return false;
  const declared = Number(contentLength);
  return Number.isFinite(declared) && declared > maxBytes;
}
