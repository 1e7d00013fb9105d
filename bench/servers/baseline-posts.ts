/**
 * The hand-written posts baseline: `node:http` and better-sqlite3, the posts store's SQL,
 * byte-identical headers and bodies (see `shared/hand-written-posts.ts`).
 *
 * @module
 */
import { serveHandWrittenPosts } from '../shared/hand-written-posts-server.js';

serveHandWrittenPosts();
