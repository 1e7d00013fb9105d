/**
 * Authenticators: what a server asks, in order, who makes a request (see the pipeline's
 * `authenticate` step).
 *
 * @module
 */
import type { RestError } from '../errors.js';
import type { Principal, RestRequest } from '../request.js';

/** What an authenticator decides: a user (or anonymous), headers to add, or an error. */
export interface AuthOutcome {
  user: Principal | null;
  /** Headers for the response (a fresh nonce, for example). */
  headers?: Record<string, string>;
  /** Stops the request with this error (for example `rest_cookie_invalid_nonce`). */
  error?: RestError;
}

/**
 * Authenticates a request. `null` means "not mine": the next authenticator is asked.
 * The first outcome wins; with none, the request is anonymous.
 *
 * @example
 * ```ts
 * server.authenticate((request) => (request.header('x-api-key') === key ? { user: admin } : null));
 * ```
 */
export type Authenticator = (request: RestRequest) => AuthOutcome | null | Promise<AuthOutcome | null>;
