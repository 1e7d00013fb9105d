/**
 * The load cases: what to request, the status to expect, and which servers answer it.
 *
 * @module
 */
import type { LoadRequest } from './load.js';
import {
  BASELINE_NODE,
  BASELINE_TUNED,
  CMS_EXPRESS,
  CMS_FETCH,
  CMS_NODE,
  EXPRESS_PLAIN,
  FASTIFY,
  type ServerSpec,
} from './servers.js';
import { AUTH_HEADER, AUTH_VALUE, CREATE_BODY, ITEM_PATH, LIST_PATH, MISSING_PATH } from './shared/constants.js';

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

/** The load cases, in the order they run. */
export const LOAD_CASES: readonly LoadCase[] = [LIST, ITEM, MISSING, CREATE];
