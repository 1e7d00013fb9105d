/**
 * How a bridge that turns another server's requests into `Request`s (the `node:http` one,
 * `@cms-json/fetch/node`) and {@link createFetchHandler} skip the work neither needs:
 * the bridge's `Request` carries the headers as the core takes them (a plain record with
 * lower-case names), and says it takes the answer back unbuilt (`answerOf`).
 *
 * @module
 */
import type { HttpHeaders } from '@cms-json/core';

/**
 * The key under which a bridge's `Request` holds its headers as a plain record, lower-case
 * names (the same headers its `headers` member gives). Such a request also takes a lazy
 * `Response` back: the bridge reads the answer with `answerOf`.
 */
export const HEADER_RECORD: unique symbol = Symbol.for('cms-json.fetch.headerRecord');

/** A `Request` from a bridge: see {@link HEADER_RECORD}. */
export interface BridgedRequest extends Request {
  readonly [HEADER_RECORD]: HttpHeaders;
}

/** The request's header record when a bridge made it, else `undefined`. */
export function headerRecordOf(request: Request): HttpHeaders | undefined {
  return (request as Partial<BridgedRequest>)[HEADER_RECORD];
}
