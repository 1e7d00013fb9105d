/**
 * `@cms-json/fetch/node`: a Fetch handler on `node:http`. `toNodeListener(handler)` is the
 * bridge; with the handler of `createFetchHandler` it builds no `Request` or `Response` the
 * handler does not read, so the Fetch adapter on Node runs close to the node adapter.
 * Node only (the package's main entry stays Web APIs only).
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
export { lightRequest, requestUrl } from './node/light-request.js';
export { type NodeListener, type NodeListenerOptions, toNodeListener } from './node/listener.js';
export { writeAnswer, writeFetchResponse, writeWebResponse } from './node/write-response.js';
