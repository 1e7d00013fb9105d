/**
 * `@cms-json/fetch/node`: a Fetch handler on `node:http`. `toNodeListener(handler)` is the
 * bridge; the handler of `createFetchHandler` is served by the node adapter itself
 * (`@cms-json/node`), any other through a `Request` and a `Response`. Node only (the
 * package's main entry stays Web APIs only).
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { createRestServer } from '@cms-json/core';
 * import { createFetchHandler } from '@cms-json/fetch';
 * import { toNodeListener } from '@cms-json/fetch/node';
 *
 * const handler = createFetchHandler(createRestServer());
 * createServer(toNodeListener(handler)).listen(8080, '127.0.0.1');
 * ```
 *
 * @module
 */
export { type NodeListener, type NodeListenerOptions, toNodeListener } from './node/listener.js';
export { requestUrl, toRequest } from './node/to-request.js';
export { writeWebResponse } from './node/write-response.js';
