/**
 * The database error text the plugin's messages carry (spec §7: "the message contains the
 * database error text"), without what is not the database's answer: when the database could
 * not be reached at all (refused, unknown host, timeout, failed login, server shutting
 * down), the driver's text names hosts, ports and user names, and reaches anonymous clients
 * through the public list route. That case gets WordPress's own words for it instead.
 *
 * @module
 */

/** What WordPress shows when it cannot reach its database. */
export const CONNECTION_ERROR_TEXT = 'Error establishing a database connection.';

/** Node's socket and DNS failures: the database was never reached. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);

/**
 * PostgreSQL SQLSTATEs of a connection that failed or ended: class 08 (connection
 * exception), 28 (invalid authorization: the user name is in the text), 3D000 (no such
 * database), 53300 (too many connections), 57P01–57P03 (shutdown, restart, starting up).
 */
const CONNECTION_SQLSTATE = /^(?:08...|28...|3D000|53300|57P0[1-3])$/;

/** The `pg` driver's own texts for a connection lost or never made (they carry no code). */
const DRIVER_TEXT =
  /^(?:Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end)/i;

/** Whether `error` says the database could not be reached, rather than what it answered. */
export function isConnectionError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || CONNECTION_SQLSTATE.test(code))) return true;
  if (typeof message === 'string' && DRIVER_TEXT.test(message)) return true;
  // Node's connect tries each address of a host and reports them together.
  return Array.isArray(errors) && errors.length > 0 && errors.every(isConnectionError);
}

/**
 * The text a plugin error carries for a failed query: the database's own error text, or
 * {@link CONNECTION_ERROR_TEXT} when the database was not reached.
 *
 * @example
 * databaseErrorText(new Error('no such table: outgoing_links')); // 'no such table: outgoing_links'
 * databaseErrorText(Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' }));
 * // 'Error establishing a database connection.'
 */
export function databaseErrorText(error: unknown): string {
  if (isConnectionError(error)) return CONNECTION_ERROR_TEXT;
  return error instanceof Error ? error.message : String(error);
}
