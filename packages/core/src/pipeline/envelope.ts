/**
 * `_envelope`: the body becomes `{ body, status, headers }` and the transport status is
 * 200, errors included, for clients that cannot read status or headers.
 *
 * @module
 */

/** The enveloped body. */
export interface Envelope {
  body: unknown;
  status: number;
  /**
   * The response's own headers (`Allow`, `Link`, totals as integers), not the standard ones;
   * `[]` when there are none, as the original's empty PHP array encodes.
   */
  headers: Record<string, string | string[] | number> | [];
}

/** Wraps data, status and headers. */
export function envelope(body: unknown, status: number, headers: Record<string, string | string[] | number>): Envelope {
  return { body, status, headers: Object.keys(headers).length === 0 ? [] : headers };
}
