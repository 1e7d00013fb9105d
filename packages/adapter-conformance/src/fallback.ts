/**
 * What a host answers for requests the adapter passes on (shared by the suite and the worker
 * module the suite serves on other runtimes, which cannot import Vitest).
 *
 * @module
 */

/** The status a host answers requests the adapter passes on with. */
export const FALLBACK_STATUS = 404;

/**
 * The text a host answers requests the adapter passes on with: it echoes the request body,
 * which shows the adapter left the body unread.
 *
 * @example
 * ```ts
 * res.writeHead(FALLBACK_STATUS, { 'Content-Type': 'text/plain' }).end(fallbackText(body));
 * ```
 */
export function fallbackText(requestBody: string): string {
  return `host fallback: ${requestBody}`;
}
