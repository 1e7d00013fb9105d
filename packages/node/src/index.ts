/**
 * The `node:http` adapter of cms-json: a request listener, a `handle(req, res)` that falls
 * through for paths it does not serve, and `serve()`. Also works with `node:https` and the
 * `node:http2` compatibility API. The translators are exported for adapter authors.
 *
 * @example
 * ```ts
 * import { createRestServer } from '@cms-json/core';
 * import { serve } from '@cms-json/node';
 *
 * const server = createRestServer();
 * const served = await serve({ server, port: 8080 });
 * console.log(`${served.url}/cms-json/`);
 * ```
 *
 * @module
 */

export { normalizeBasePath, stripBasePath } from '@cms-json/core';
export { type CheckContinueOptions, createCheckContinueListener } from './check-continue.js';
export {
  createHandler,
  createRequestListener,
  handleNodeRequest,
  type NodeExchange,
  type NodeHandler,
  type NodeHandlerOptions,
  type RequestListenerOptions,
} from './listener.js';
export { type BodyFailure, declaresBody, readBody } from './read-body.js';
export { type Served, type ServeOptions, serve } from './serve.js';
export {
  type NodeRequest,
  type RequestBaseUrlOptions,
  requestBaseUrl,
  type ToHttpRequestOptions,
  toBaseUrl,
  toHttpRequest,
} from './to-http-request.js';
export {
  type BodyTooLargeOptions,
  LINGER_LIMITS,
  type NodeResponse,
  writeBodyTooLarge,
  writeInternalError,
  writeResponse,
} from './write-response.js';
