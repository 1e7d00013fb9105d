/**
 * The routes that serve the OpenAPI document: `GET /<prefix>-json/openapi.json` (every
 * route) and `GET /<prefix>-json/<namespace>/openapi.json` (one namespace). They are not
 * listed in the index, so the WordPress profile's index stays the original's.
 *
 * @module
 */
import {
  type CompiledEndpoint,
  type CompiledRoute,
  defineRoute,
  READABLE,
  type RestRequest,
  type RestServer,
  type Route,
  response,
} from '@cms-json/core';
import { z } from 'zod';
import { type OpenApiDocument, type OpenApiInfo, openApiDocument } from './document.js';

/**
 * The route of the OpenAPI document of every route of a server (`namespace` undefined,
 * registered at the root) or of one namespace (registered in it).
 *
 * @example
 * ```ts
 * server.register('tel/v1', openApiRoute(server, { namespace: 'tel/v1' })); // GET /cms-json/tel/v1/openapi.json
 * ```
 */
export function openApiRoute(
  server: RestServer,
  options: { readonly namespace?: string | undefined; readonly info?: OpenApiInfo | undefined } = {},
): Route {
  const { namespace } = options;
  const given = options.info === undefined ? {} : { info: options.info };
  const names = server.names;
  const site = { name: server.options.site?.name ?? 'cms-json', description: server.options.site?.description ?? '' };
  // The whole document, per REST root URL, for the routes as last built: building the routes
  // again makes new compiled routes, so the first route's identity says whether it is stale.
  let built: { first: CompiledRoute | undefined; byRoot: Map<string, OpenApiDocument> } | undefined;
  const whole = (routes: readonly CompiledRoute[], restRootUrl: string): OpenApiDocument => {
    if (built === undefined || built.first !== routes[0]) built = { first: routes[0], byRoot: new Map() };
    let document = built.byRoot.get(restRootUrl);
    if (document === undefined) {
      document = openApiDocument(routes, {
        names,
        restRootUrl,
        title: site.name,
        description: site.description,
        ...given,
        ...(namespace === undefined ? {} : { namespace }),
      });
      if (built.byRoot.size >= 8) built.byRoot.clear();
      built.byRoot.set(restRootUrl, document);
    }
    return document;
  };
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
          const routes = server.routes();
          const restRootUrl = request.scope.restUrl('/');
          if (allowed !== true) return response(whole(routes, restRootUrl), { raw: true });
          const kept = await allowedEndpoints(routes, request);
          const document = openApiDocument(routes, {
            names,
            restRootUrl,
            title: site.name,
            description: site.description,
            ...given,
            ...(namespace === undefined ? {} : { namespace }),
            keep: (endpoint) => kept.has(endpoint),
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
