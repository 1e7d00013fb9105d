/**
 * One recorded request of the conformance suite: what is sent, as whom, and which parts of
 * its answer change from run to run. The request lists in `conformance/requests/` are
 * arrays of these; the capture tool sends them to the original and the test to cms-json.
 *
 * @module
 */

/**
 * Who sends a request. `admin` and `author` are the seeded users of both sites, sent as
 * HTTP Basic with their application passwords; `anonymous` sends no credentials; `basic`
 * sends exactly the pair given (wrong passwords, unknown users).
 */
export type Sender = 'anonymous' | 'admin' | 'author' | { readonly basic: readonly [user: string, password: string] };

/**
 * A request of the suite.
 *
 * @example
 * const request: ConformanceRequest = {
 *   name: 'users-create-missing-email',
 *   method: 'POST',
 *   path: '/wp/v2/users',
 *   as: 'admin',
 *   body: { username: 'nomail', password: 'x' },
 * };
 */
export interface ConformanceRequest {
  /** Unique in the suite; the fixture's file name. */
  readonly name: string;
  readonly method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
  /**
   * The path below the REST root with its query string, e.g. `/wp/v2/users?per_page=1`.
   * `{name}` is replaced by a value an earlier request saved (see {@link save}).
   * A path starting with `~/` is below the site root instead (`~/wp-admin/admin-ajax.php`).
   */
  readonly path: string;
  /** Default `anonymous`. */
  readonly as?: Sender;
  readonly headers?: Readonly<Record<string, string>>;
  /** A JSON body (sent as `application/json`), or a raw string or bytes sent with the headers given. */
  readonly body?: unknown;
  /**
   * Saves values of the answer's body for later requests: `{ user: 'id' }` keeps `body.id`
   * as `{user}`. A saved value is also volatile: wherever it appears in a later answer (an
   * `id`, a path segment of a URL) it is compared as `{user}`, since the original's
   * auto-increment ids and uuids differ from run to run.
   */
  readonly save?: Readonly<Record<string, string>>;
  /**
   * Dotted paths into the body (`*` matches any key or index) whose values differ from run
   * to run on the original itself, beyond the ones every answer marks (see `volatile.ts`).
   */
  readonly volatile?: readonly string[];
  /** Why this request is in the suite, in a few words (shown in a failure). */
  readonly about: string;
}

/**
 * A named, ordered list of requests: one area of the interface. Requests run in order and
 * may depend on earlier ones (a create, then its update and delete); every area leaves the
 * site as it found it.
 */
export interface RequestArea {
  /** The fixture folder: `conformance/fixtures/<area>/`. */
  readonly area: string;
  /**
   * Set while the area's resource is still being built: why its differences do not fail the
   * test yet. Its requests are still replayed and counted (the test prints how many differ,
   * `report.ts --area` lists them); remove it once they match or are accepted.
   */
  readonly pending?: string;
  readonly requests: readonly ConformanceRequest[];
}
