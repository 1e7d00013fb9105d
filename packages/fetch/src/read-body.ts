/**
 * Reading a `Request` body with a size limit, with Web streams only (no Node APIs).
 *
 * @module
 */

/** Why no body could be handed over. */
export type BodyFailure = 'too-large' | 'unreadable';

/**
 * Reads the whole body, refusing it when `Content-Length` or the streamed size passes
 * `maxBytes` (the stream is then cancelled). A stream that fails (the client went away)
 * gives `'unreadable'`. Never rejects.
 */
export async function readBody(request: Request, maxBytes: number): Promise<Uint8Array | BodyFailure> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) return 'too-large';
  const stream = request.body;
  if (stream === null) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        reader.cancel().catch(() => {});
        return 'too-large';
      }
      chunks.push(value);
    }
  } catch {
    return 'unreadable';
  }
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
