/**
 * The routes that serve the OpenAPI document: `GET /<prefix>-json/openapi.json` (every
 * route) and `GET /<prefix>-json/<namespace>/openapi.json` (one namespace). They are not
 * listed in the index, so the WordPress profile's index stays the original's.
 *
 * @module
 */
import type { IndexSource } from '../discovery.js';
import { response } from '../response.js';
import { defineRoute, READABLE, type Route } from '../route.js';
import type { PrefixNames } from '../server-context.js';
import { openApiDocument } from './document.js';

/**
 * The route of the OpenAPI document of every route (`namespace` undefined, registered at the
 * root) or of one namespace (registered in it).
 *
 * @example
 * ```ts
 * server.register('tel/v1', openApiRoute(source, names, 'tel/v1')); // GET /cms-json/tel/v1/openapi.json
 * ```
 */
export function openApiRoute(source: IndexSource, names: PrefixNames, namespace?: string): Route {
  return defineRoute({
    path: '/openapi.json',
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        permission: 'public',
        showInIndex: false,
        handler: (_args, request) => {
          const document = openApiDocument(source.routes(), {
            names,
            restRootUrl: request.scope.restUrl('/'),
            title: source.site.name,
            description: source.site.description,
            ...(namespace === undefined ? {} : { namespace }),
          });
          return response(document, { raw: true });
        },
      }),
    ],
  });
}
