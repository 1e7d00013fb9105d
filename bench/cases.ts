/**
 * The load cases: what to request, the status to expect, and which servers answer it.
 *
 * @module
 */
import type { LoadRequest } from './load.js';
import {
  BASELINE_NODE,
  BASELINE_POSTS,
  BASELINE_TUNED,
  CMS_EXPRESS,
  CMS_FETCH,
  CMS_NODE,
  CMS_POSTS,
  EXPRESS_PLAIN,
  FASTIFY,
  FASTIFY_POSTS,
  type ServerSpec,
} from './servers.js';
import {
  AUTH_HEADER,
  AUTH_VALUE,
  CREATE_BODY,
  ITEM_PATH,
  LIST_PATH,
  MISSING_PATH,
  POSTS_AUTHORIZATION,
  POSTS_CATEGORY_PATH,
  POSTS_COMMENTS_PATH,
  POSTS_CREATE_BODY,
  POSTS_EMBED_PATH,
  POSTS_ITEM_PATH,
  POSTS_PATH,
} from './shared/constants.js';

/** A load case. */
export interface LoadCase {
  readonly id: string;
  readonly title: string;
  readonly request: LoadRequest;
  readonly expectStatus: number;
  /**
   * The servers that run it, alternated round by round (forwards, then backwards). Servers
   * compared for a target sit side by side in this list, so they always run back to back.
   */
  readonly servers: readonly ServerSpec[];
  /** Ratios printed as `a / b` (both must be in `servers`). */
  readonly ratios: readonly (readonly [ServerSpec, ServerSpec])[];
  /** Which plan entry bounds it. */
  readonly budget: 'list' | 'others';
  /** The cms-json server whose answer the others must match at start. @default CMS_NODE */
  readonly reference?: ServerSpec;
  /**
   * A revalidation: every request carries `If-None-Match` with the tag of the server's own
   * answer to the same request without it, read once before the load (see `revalidating.ts`).
   */
  readonly revalidates?: boolean;
}

/** Case 1 (with case 3 and 4 on the same route): the list, 10 items from SQLite. */
export const LIST: LoadCase = {
  id: 'list',
  title: `GET ${LIST_PATH} (10 items)`,
  request: { path: LIST_PATH },
  expectStatus: 200,
  servers: [BASELINE_TUNED, BASELINE_NODE, CMS_NODE, FASTIFY, CMS_EXPRESS, EXPRESS_PLAIN, CMS_FETCH],
  ratios: [
    [CMS_NODE, BASELINE_NODE],
    [CMS_NODE, FASTIFY],
    [CMS_NODE, BASELINE_TUNED],
    [CMS_EXPRESS, EXPRESS_PLAIN],
    [CMS_FETCH, CMS_NODE],
    [CMS_FETCH, BASELINE_NODE],
  ],
  budget: 'list',
};

const CORE_TRIO = [BASELINE_NODE, CMS_NODE, FASTIFY];
const CORE_RATIOS: LoadCase['ratios'] = [
  [CMS_NODE, BASELINE_NODE],
  [CMS_NODE, FASTIFY],
];

/** Case 2: one item. */
export const ITEM: LoadCase = {
  id: 'item',
  title: `GET ${ITEM_PATH}`,
  request: { path: ITEM_PATH },
  expectStatus: 200,
  servers: CORE_TRIO,
  ratios: CORE_RATIOS,
  budget: 'others',
};

/** Case 2: a 404 (`rest_no_route`). */
export const MISSING: LoadCase = {
  id: 'missing',
  title: `GET ${MISSING_PATH} (404)`,
  request: { path: MISSING_PATH },
  expectStatus: 404,
  servers: CORE_TRIO,
  ratios: CORE_RATIOS,
  budget: 'others',
};

/** Case 2: an authenticated create (runs last: it grows each server's own table). */
export const CREATE: LoadCase = {
  id: 'create',
  title: `POST ${LIST_PATH} (authenticated create)`,
  request: {
    method: 'POST',
    path: LIST_PATH,
    headers: { 'content-type': 'application/json', [AUTH_HEADER]: AUTH_VALUE },
    body: CREATE_BODY,
  },
  expectStatus: 201,
  servers: CORE_TRIO,
  ratios: CORE_RATIOS,
  budget: 'others',
};

const POSTS_TRIO = [BASELINE_POSTS, CMS_POSTS, FASTIFY_POSTS];
const POSTS_RATIOS: LoadCase['ratios'] = [
  [CMS_POSTS, BASELINE_POSTS],
  [CMS_POSTS, FASTIFY_POSTS],
];

/** Posts: the list of 10 published posts (with authors, categories and tags). */
export const POSTS_LIST: LoadCase = {
  id: 'posts-list',
  title: `GET ${POSTS_PATH} (10 posts)`,
  request: { path: POSTS_PATH },
  expectStatus: 200,
  servers: POSTS_TRIO,
  ratios: POSTS_RATIOS,
  budget: 'others',
  reference: CMS_POSTS,
};

/**
 * Posts: the same list with its authors and terms embedded. The hand-written servers load
 * them with one `IN (…)` query each (the joins); cms-json as it does today.
 */
export const POSTS_EMBED: LoadCase = {
  id: 'posts-embed',
  title: `GET ${POSTS_EMBED_PATH} (10 posts, authors and terms embedded)`,
  request: { path: POSTS_EMBED_PATH },
  expectStatus: 200,
  servers: POSTS_TRIO,
  ratios: POSTS_RATIOS,
  budget: 'others',
  reference: CMS_POSTS,
};

/** Posts: the list filtered by one category (issue 20), with the store's `EXISTS` term filter. */
export const POSTS_CATEGORY: LoadCase = {
  id: 'posts-category',
  title: `GET ${POSTS_CATEGORY_PATH} (7 posts of one category)`,
  request: { path: POSTS_CATEGORY_PATH },
  expectStatus: 200,
  servers: POSTS_TRIO,
  ratios: POSTS_RATIOS,
  budget: 'others',
  reference: CMS_POSTS,
};

/**
 * Posts: the comments of one post (issue 21), as its `replies` link asks for them: a page
 * of 10 of its 12 approved comments, replies among them.
 */
export const POSTS_COMMENTS: LoadCase = {
  id: 'posts-comments',
  title: `GET ${POSTS_COMMENTS_PATH} (10 of a post's 12 comments)`,
  request: { path: POSTS_COMMENTS_PATH },
  expectStatus: 200,
  servers: POSTS_TRIO,
  ratios: POSTS_RATIOS,
  budget: 'others',
  reference: CMS_POSTS,
};

/** Posts: one post. */
export const POSTS_ITEM: LoadCase = {
  id: 'posts-item',
  title: `GET ${POSTS_ITEM_PATH}`,
  request: { path: POSTS_ITEM_PATH },
  expectStatus: 200,
  servers: POSTS_TRIO,
  ratios: POSTS_RATIOS,
  budget: 'others',
  reference: CMS_POSTS,
};

/**
 * A full GET case revalidated: its request with `If-None-Match` set to its current tag,
 * answered 304 from the version the route's validator reads (issue 23: at least 2x the full
 * GET), on the case's cms-json server alone (the baselines do not revalidate).
 */
function revalidated(full: LoadCase): LoadCase {
  const server = full.reference ?? CMS_NODE;
  return {
    id: `${full.id}-304`,
    title: `${full.title} with If-None-Match (304)`,
    request: full.request,
    expectStatus: 304,
    servers: [server],
    ratios: [],
    budget: 'others',
    reference: server,
    revalidates: true,
  };
}

/** The tel item revalidated. */
export const ITEM_304 = revalidated(ITEM);

/** One post revalidated. */
export const POSTS_ITEM_304 = revalidated(POSTS_ITEM);

/** Posts: a draft created by an administrator with an application password (HTTP Basic); runs last. */
export const POSTS_CREATE: LoadCase = {
  id: 'posts-create',
  title: `POST ${POSTS_PATH} (application password, draft)`,
  request: {
    method: 'POST',
    path: POSTS_PATH,
    headers: { 'content-type': 'application/json', authorization: POSTS_AUTHORIZATION },
    body: POSTS_CREATE_BODY,
  },
  expectStatus: 201,
  servers: POSTS_TRIO,
  ratios: POSTS_RATIOS,
  budget: 'others',
  reference: CMS_POSTS,
};

/** The load cases, in the order they run (each create after the reads of its data). */
export const LOAD_CASES: readonly LoadCase[] = [
  LIST,
  ITEM,
  ITEM_304,
  MISSING,
  CREATE,
  POSTS_LIST,
  POSTS_CATEGORY,
  POSTS_EMBED,
  POSTS_ITEM,
  POSTS_ITEM_304,
  POSTS_COMMENTS,
  POSTS_CREATE,
];

/**
 * Ratios between two cases on one server: what `_embed` costs over the plain list (issues 19
 * and 23), what a revalidation saves over the full GET (issue 23). The two cases ran minutes
 * apart, so only the ratio of medians is shown.
 */
export const CROSS_CASE_RATIOS: readonly {
  a: LoadCase;
  b: LoadCase;
  server: ServerSpec;
  target?: number;
  /** Printed after the target. */
  note?: string;
}[] = [
  { a: POSTS_EMBED, b: POSTS_LIST, server: CMS_POSTS, target: 0.6, note: 'issue 19: ≥ 0.50×' },
  { a: POSTS_EMBED, b: POSTS_LIST, server: BASELINE_POSTS },
  { a: POSTS_ITEM, b: POSTS_LIST, server: CMS_POSTS },
  { a: ITEM_304, b: ITEM, server: CMS_NODE, target: 2 },
  { a: POSTS_ITEM_304, b: POSTS_ITEM, server: CMS_POSTS, target: 2 },
];
