/**
 * Encoding: JSON, pretty-printed with `_pretty`. A value that cannot be encoded
 * (a cycle, a `BigInt`) is a 500 `rest_encode_error`, never a crash.
 *
 * @module
 */
import { RestError } from '../errors.js';

/** Encodes `data`; throws `rest_encode_error` when it cannot. */
export function encodeJson(data: unknown, options: { pretty: boolean }): string {
  let text: string | undefined;
  try {
    text = options.pretty ? JSON.stringify(data, null, 4) : JSON.stringify(data);
  } catch (error) {
    throw new RestError('rest_encode_error', undefined, { cause: error });
  }
  return text ?? 'null';
}
