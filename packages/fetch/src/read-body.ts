/**
 * Reading a `Request` body with a size limit, with Web streams only (no Node APIs).
 *
 * @module
 */

/** Why no body could be handed over. */
export type BodyFailure = 'too-large' | 'unreadable';

/**
 * How much of a refused body (a 413, an upload refused before its body was read) is read and
 * thrown away before the answer: at most 16 MiB, for at most 10 s; then the stream is cancelled.
 * Bun.serve and workerd end the connection once the answer is sent, so a client still sending
 * its body would see EPIPE or ECONNRESET instead of the answer; read first, the client reads the
 * 413 on every runtime (docs/adapters.md, "Conformance per runtime"). As nginx's lingering close
 * does, the bounds keep a client from holding the server past them.
 */
export const LINGER_LIMITS = { maxBytes: 16 * 1024 * 1024, maxMs: 10_000 } as const;

/**
 * Reads the whole body, refusing it when `Content-Length` or the streamed size passes
 * `maxBytes`; the rest of a refused body is then read and discarded within
 * {@link LINGER_LIMITS} before this resolves, and the stream cancelled. A stream that fails
 * (the client went away) gives `'unreadable'`. Never rejects.
 */
export async function readBody(request: Request, maxBytes: number): Promise<Uint8Array | BodyFailure> {
  const declared = request.headers.get('content-length');
  const stream = request.body;
  if (declared !== null && Number(declared) > maxBytes) {
    if (stream !== null && !stream.locked) await discard(stream.getReader());
    return 'too-large';
  }
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
        await discard(reader);
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

/** A request body handed over unread: its chunks, and a way to drop what was not read. */
export interface StreamedRequestBody {
  /** The chunks, read once, in order. */
  readonly chunks: AsyncIterable<Uint8Array>;
  /** Reads and drops the rest within {@link LINGER_LIMITS} (nothing when all was read). Never rejects. */
  discardRest(): Promise<void>;
}

/**
 * Hands a body over unread. Leaving the loop over its chunks early does not cancel the
 * stream, so that {@link StreamedRequestBody.discardRest} can still drain it.
 */
export function streamRequestBody(stream: ReadableStream<Uint8Array>): StreamedRequestBody {
  const reader = stream.getReader();
  let done = false;
  const chunks: AsyncIterable<Uint8Array> = {
    [Symbol.asyncIterator]: () => ({
      next: async () => {
        const read = await reader.read();
        if (read.done) {
          done = true;
          return { done: true, value: undefined };
        }
        return { done: false, value: read.value };
      },
      return: async () => ({ done: true, value: undefined }),
    }),
  };
  return {
    chunks,
    discardRest: () => (done ? Promise.resolve() : discard(reader)),
  };
}

/** Reads and drops a body nobody will read, within {@link LINGER_LIMITS}. Never rejects. */
export function discardBody(stream: ReadableStream<Uint8Array>): Promise<void> {
  return stream.locked ? Promise.resolve() : discard(stream.getReader());
}

/** Reads and drops what is left of a body, within {@link LINGER_LIMITS}; then cancels. Never rejects. */
async function discard(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  const deadline = Date.now() + LINGER_LIMITS.maxMs;
  let discarded = 0;
  try {
    while (discarded <= LINGER_LIMITS.maxBytes && Date.now() < deadline) {
      const { done, value } = await reader.read();
      if (done) return;
      discarded += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away: nothing left to read.
  }
}
