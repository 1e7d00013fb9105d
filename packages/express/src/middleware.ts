/**
 * Express middleware on the node adapter. Mounted anywhere (`app.use('/api', …)`), it serves
 * the REST root and the server's pages and calls `next()` for everything else; its own
 * failures go to `next(error)`.
 *
 * @module
 */
import type { RestServer } from '@cms-json/core';
import { handleNodeRequest, type NodeExchange, toBaseUrl } from '@cms-json/node';
import type { RequestHandler } from 'express';

/**
 * Creates the middleware.
 *
 * - The URL is `req.url` (Express strips the mount path) and, when the server has no
 *   `siteUrl`, links are built on `req.protocol://req.host` + `req.baseUrl`, so
 *   `trust proxy` is honoured.
 * - When a body parser already read the body, `req.body` is used: a parsed object (JSON or
 *   urlencoded) as is, a `Buffer` or string (`express.raw()`, `express.text()`) as the raw
 *   body. The parser's own limit and errors then apply; mount this middleware before the
 *   parsers to get the server's `maxBodyBytes` and `rest_invalid_json`.
 *
 * @example
 * ```ts
 * import express from 'express';
 * import { createMiddleware } from '@cms-json/express';
 *
 * const app = express();
 * app.use('/api', createMiddleware(server)); // http://host/api/cms-json/…
 * app.listen(8080, '127.0.0.1');
 * ```
 */
export function createMiddleware(server: RestServer): RequestHandler {
  return (req, res, next) => {
    // Express's protocol and host getters parse headers: read them only when links need them.
    const baseUrl = server.options.siteUrl === undefined ? toBaseUrl(req.protocol, req.host, req.baseUrl) : undefined;
    const exchange: NodeExchange = { req, res, url: req.url, baseUrl };
    if (req.readableEnded) exchange.consumedBody = consumedBody(req.body);
    handleNodeRequest(server, exchange).then((answered) => {
      if (!answered) next();
    }, next);
  };
}

function consumedBody(body: unknown): NonNullable<NodeExchange['consumedBody']> {
  if (typeof body === 'string' || body instanceof Uint8Array) return { body };
  if (typeof body === 'object' && body !== null) return { parsedBody: body };
  return {};
}
