/**
 * The OpenAPI document as a plugin: `GET /<prefix>-json/openapi.json` (every route) and
 * `GET /<prefix>-json/<namespace>/openapi.json` (each namespace, those registered later
 * too), registered through the core's public API.
 *
 * @module
 */
import type { Plugin } from '@cms-json/core';
import { openApiRoute } from './routes.js';

/**
 * Serves the OpenAPI 3.1 document of the server's routes, built from the same declarations
 * as the route index: at the REST root for every route, and in each namespace for its own.
 * Neither route is listed in the index.
 *
 * @example
 * ```ts
 * import { openapi } from '@cms-json/openapi';
 * await server.use(openapi());
 * // GET http://localhost:8080/cms-json/openapi.json, GET http://localhost:8080/cms-json/tel/v1/openapi.json
 * ```
 */
export function openapi(): Plugin {
  return (server) => {
    server.registerAtRoot(openApiRoute(server));
    server.onNamespace((namespace) => {
      server.register(namespace, openApiRoute(server, namespace));
    });
  };
}
