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
  /** The response's own headers (`Allow`, `Link`, totals as integers), not the standard ones. */
  headers: Record<string, string | string[] | number>;
}

/** Wraps data, status and headers. */
export function envelope(body: unknown, status: number, headers: Record<string, string | string[] | number>): Envelope {
  return { body, status, headers };
}
