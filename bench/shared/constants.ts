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

/** The posts cases: the content package's `cms/v2` posts route. */
export const POSTS_PATH = `${REST_ROOT}/cms/v2/posts`;

/** The posts list with its authors and terms embedded (`_embed=author,cms:term`). */
export const POSTS_EMBED_PATH = `${POSTS_PATH}?_embed=author,cms:term`;

/** The category of the filtered-list case: the first one the seed makes (every fourth post is in it). */
export const POSTS_CATEGORY_ID = 2;

/** The posts list filtered by one category (issue 20). */
export const POSTS_CATEGORY_PATH = `${POSTS_PATH}?categories=${POSTS_CATEGORY_ID}`;

/** How many published posts the posts database is seeded with. */
export const SEED_POSTS = 25;

/** The comments route of the content package. */
export const COMMENTS_PATH = `${REST_ROOT}/cms/v2/comments`;

/** The post the seed writes {@link SEED_COMMENTS} comments on (one on the list's first page). */
export const COMMENTS_POST_ID = 24;

/** How many approved comments (some of them replies) the seed writes on {@link COMMENTS_POST_ID}. */
export const SEED_COMMENTS = 12;

/** The comments of one post (issue 21), as a post's `replies` link asks for them. */
export const POSTS_COMMENTS_PATH = `${COMMENTS_PATH}?post=${COMMENTS_POST_ID}`;

/** The post of the single-post case. */
export const POSTS_ITEM_ID = 20;

/** The single-post case's path. */
export const POSTS_ITEM_PATH = `${POSTS_PATH}/${POSTS_ITEM_ID}`;

/** The administrator who creates posts in the posts create case, and their application password. */
export const POSTS_LOGIN = 'benchadmin';
export const POSTS_APPLICATION_PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';

/** HTTP Basic with the application password, as a client of the content package sends it. */
export const POSTS_AUTHORIZATION = `Basic ${Buffer.from(`${POSTS_LOGIN}:${POSTS_APPLICATION_PASSWORD}`).toString('base64')}`;

/** The body of the posts create case: a draft (no slug to make unique, so every create costs the same). */
export const POSTS_CREATE_BODY = JSON.stringify({ title: 'Bench post', content: 'A draft written by the benchmark.' });

/** The site secret of the posts server (cookie nonces; unused by the cases). */
export const POSTS_SECRET = 'a bench site secret, long enough';
