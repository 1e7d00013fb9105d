/**
 * The routes that serve the OpenAPI document: `GET /<prefix>-json/openapi.json` (every
 * route) and `GET /<prefix>-json/<namespace>/openapi.json` (one namespace). They are not
 * listed in the index, so the WordPress profile's index stays the original's.
 *
 * @module
 */
import { z } from 'zod';
import type { IndexSource } from '../discovery.js';
import type { CompiledEndpoint, CompiledRoute } from '../namespace.js';
import type { RestRequest } from '../request.js';
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
        args: {
          allowed: z.boolean().optional().meta({
            description: 'Only the operations the caller may use (their permission checks, run without arguments, pass).',
          }),
        },
        permission: 'public',
        showInIndex: false,
        handler: async ({ allowed }, request) => {
          const routes = source.routes();
          const kept = allowed === true ? await allowedEndpoints(routes, request) : undefined;
          const document = openApiDocument(routes, {
            names,
            restRootUrl: request.scope.restUrl('/'),
            title: source.site.name,
            description: source.site.description,
            ...(namespace === undefined ? {} : { namespace }),
            ...(kept === undefined ? {} : { keep: (e: CompiledEndpoint) => kept.has(e) }),
          });
          return response(document, { raw: true });
        },
      }),
    ],
  });
}

/**
 * The endpoints whose permission check passes for the request's caller, each run with the
 * endpoint's defaults as its arguments; a check that throws or needs an argument it lacks
 * counts as a refusal.
 */
async function allowedEndpoints(routes: readonly CompiledRoute[], request: RestRequest): Promise<Set<CompiledEndpoint>> {
  const kept = new Set<CompiledEndpoint>();
  await Promise.all(
    routes.flatMap((route) =>
      route.endpoints.map(async (endpoint) => {
        if (endpoint.permission === 'public') {
          kept.add(endpoint);
          return;
        }
        const check = endpoint.permission as (request: RestRequest, args: Record<string, unknown>) => unknown;
        try {
          if ((await check(request, { ...endpoint.defaults })) === true) kept.add(endpoint);
        } catch {
          // Refused: the check could not decide without the arguments of a real call.
        }
      }),
    ),
  );
  return kept;
}
