/**
 * The Fetch adapter of cms-json: `(request: Request) => Promise<Response>`, with Web APIs
 * only, for Deno, Bun, Cloudflare Workers, Hono and Node's `fetch`-style servers. On
 * `node:http`, serve it with `toNodeListener` from `@cms-json/fetch/node`.
 *
 * @example
 * ```ts
 * import { createRestServer } from '@cms-json/core';
 * import { createFetchHandler } from '@cms-json/fetch';
 *
 * const handler = createFetchHandler(createRestServer());
 * export default { fetch: handler };
 * ```
 *
 * @module
 */
export { createFetchHandler, type FetchHandler, type FetchHandlerOptions } from './handler.js';
export { type BodyFailure, LINGER_LIMITS, readBody } from './read-body.js';
export { toResponse } from './to-response.js';
