/**
 * What every server in the benchmark agrees on: the site URL used in links, the paths of
 * the cases, and the fixed header the bench authenticator accepts.
 *
 * @module
 */

/** The `siteUrl` of every server, so links do not depend on the port. */
export const SITE_URL = 'http://bench.test';

/** The REST root. */
export const REST_ROOT = '/cms-json';

/** Case 1: the collection (10 items of the seeded links). */
export const LIST_PATH = `${REST_ROOT}/tel/v1/outgoing-links`;

/** Case 2: one item. */
export const ITEM_PATH = `${REST_ROOT}/tel/v1/outgoing-links/3`;

/** Case 2: a route that does not exist (404 `rest_no_route`). */
export const MISSING_PATH = `${REST_ROOT}/tel/v1/no-such-route`;

/**
 * The bench authenticator's header: `x-bench-user: editor` is a user with `edit_posts`.
 * The content package's application-password authentication is not wired into the
 * plugin's server here (and would put a password hash on every request).
 */
export const AUTH_HEADER = 'x-bench-user';
export const AUTH_VALUE = 'editor';

/** The body of an authenticated create. */
export const CREATE_BODY = JSON.stringify({ title: 'Bench link', link: 'https://example.com/bench' });

/** How many links the database is seeded with. */
export const SEED_LINKS = 25;
