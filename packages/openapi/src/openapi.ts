/**
 * The OpenAPI document as a plugin: `GET /<prefix>-json/openapi.json` (every route) and
 * `GET /<prefix>-json/<namespace>/openapi.json` (each namespace, those registered later
 * too), registered through the core's public API.
 *
 * @module
 */
import type { Plugin } from '@cms-json/core';
import type { OpenApiInfo } from './document.js';
import { openApiRoute } from './routes.js';

/** The options of {@link openapi}. */
export interface OpenApiPluginOptions {
  /**
   * The document's `info`: title, description, version, contact, terms of service and
   * license. Title and description default to the site's (`site.name`, `site.description`);
   * no license is stated unless given, since only the site knows it.
   */
  readonly info?: OpenApiInfo;
}

/**
 * Serves the OpenAPI 3.1 document of the server's routes, built from the same declarations
 * as the route index: at the REST root for every route, and in each namespace for its own.
 * Neither route is listed in the index.
 *
 * @example
 * ```ts
 * import { openapi } from '@cms-json/openapi';
 * await server.use(openapi({ info: { license: { name: 'MIT', identifier: 'MIT' } } }));
 * // GET http://localhost:8080/cms-json/openapi.json, GET http://localhost:8080/cms-json/tel/v1/openapi.json
 * ```
 */
export function openapi(options: OpenApiPluginOptions = {}): Plugin {
  return (server) => {
    server.registerAtRoot(openApiRoute(server, { info: options.info }));
    server.onNamespace((namespace) => {
      server.register(namespace, openApiRoute(server, { namespace, info: options.info }));
    });
  };
}
