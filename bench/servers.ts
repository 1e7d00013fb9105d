/**
 * The servers of the benchmark: which child script, which display name, and which cases
 * each one serves.
 *
 * @module
 */

/** A server of the benchmark. */
export interface ServerSpec {
  /** Short id, also the child script's name under `servers/`. */
  readonly id: string;
  /** Display name. */
  readonly name: string;
  /** The seeded file it serves (see `seed.ts`). @default 'links' */
  readonly dataset?: 'links' | 'posts';
}

export const CMS_NODE: ServerSpec = { id: 'cms-node', name: 'cms-json (node adapter)' };
export const BASELINE_NODE: ServerSpec = { id: 'baseline-node', name: 'hand-written node:http' };
/** The hand-written server with SQLite read as cms-json's `prepareQuery` reads it: the floor. */
export const BASELINE_TUNED: ServerSpec = { id: 'baseline-node-tuned', name: 'hand-written node:http, SQLite tuned' };
export const FASTIFY: ServerSpec = { id: 'fastify', name: 'Fastify 5' };
export const CMS_EXPRESS: ServerSpec = { id: 'cms-express', name: 'cms-json (Express adapter)' };
export const EXPRESS_PLAIN: ServerSpec = { id: 'express-plain', name: 'plain Express 5 handler' };
export const CMS_FETCH: ServerSpec = { id: 'cms-fetch', name: 'cms-json (Fetch adapter on node:http)' };

/** The posts cases: cms-json's content package on the node adapter. */
export const CMS_POSTS: ServerSpec = { id: 'cms-posts', name: 'cms-json posts (node adapter)', dataset: 'posts' };
/** The posts cases: node:http + better-sqlite3 running the posts store's SQL. */
export const BASELINE_POSTS: ServerSpec = { id: 'baseline-posts', name: 'hand-written posts, node:http', dataset: 'posts' };
/** The posts cases on Fastify 5, over the same hand-written routes. */
export const FASTIFY_POSTS: ServerSpec = { id: 'fastify-posts', name: 'Fastify 5 posts', dataset: 'posts' };

/** Every HTTP server, in start order. */
export const HTTP_SERVERS: readonly ServerSpec[] = [
  CMS_NODE,
  BASELINE_NODE,
  BASELINE_TUNED,
  FASTIFY,
  CMS_EXPRESS,
  EXPRESS_PLAIN,
  CMS_FETCH,
  CMS_POSTS,
  BASELINE_POSTS,
  FASTIFY_POSTS,
];

/** The in-process child (case 5): builds the server, no socket. */
export const IN_PROCESS: ServerSpec = { id: 'cms-inprocess', name: 'cms-json in-process' };
