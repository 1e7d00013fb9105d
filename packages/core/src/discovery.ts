/**
 * Discovery: the root index (`GET /`), each namespace index (`GET /tel/v1`), and the route
 * descriptions they and OPTIONS share, keyed by the original's pattern form.
 *
 * @module
 */
import { z } from 'zod';
import { RestError } from './errors.js';
import type { CompiledRoute } from './namespace.js';
import type { RestRequest } from './request.js';
import { defineRoute, READABLE, type Route } from './route.js';
import { describeArgs } from './schema/args.js';

/**
 * What the index builders read from the server. Their URLs are the request's
 * (`request.scope.restUrl`): on the site the request came to, with its mount path.
 */
export interface IndexSource {
  readonly routes: () => readonly CompiledRoute[];
  readonly namespaces: () => readonly string[];
  readonly site: { name: string; description: string; url: string; home: string };
  readonly authentication: () => Record<string, unknown>;
  /** What the site says of itself now (its options), laid over {@link site}; see `RestServer.describeSite`. */
  readonly siteDescription: () => SiteDescriber | undefined;
}

/**
 * The root index's members a site may take from its own settings: `name`, `description`,
 * `gmt_offset`, `timezone_string`, `site_logo`, `site_icon`, `site_icon_url`.
 */
export interface SiteDescription {
  name?: string;
  description?: string;
  gmt_offset?: string | number;
  timezone_string?: string;
  site_logo?: number;
  site_icon?: number;
  site_icon_url?: string;
}

/** Reads the site's description for the root index, at each request. */
export type SiteDescriber = (request: RestRequest) => SiteDescription | Promise<SiteDescription>;

/** The description of one route, as the index and OPTIONS show it. */
export function describeRoute(
  route: CompiledRoute,
  options: { withSchema: boolean; restUrl: (path: string) => string },
): Record<string, unknown> {
  const endpoints = route.endpoints.filter((e) => e.showInIndex);
  const data: Record<string, unknown> = {
    namespace: route.namespace,
    methods: [...new Set(endpoints.flatMap((e) => e.methods))],
    endpoints: endpoints.map((e) => {
      const out: Record<string, unknown> = { methods: e.methods };
      // The original shows `allow_batch` between methods and args, when set.
      if (e.allowBatch !== undefined && Object.keys(e.allowBatch).length > 0) out.allow_batch = { ...e.allowBatch };
      out.args = describeArgs(e.args, { pathParams: route.pattern.paramNames });
      return out;
    }),
  };
  if (options.withSchema && route.jsonSchema !== undefined) {
    data.schema =
      route.schemaLinks.length === 0
        ? route.jsonSchema
        : {
            ...route.jsonSchema,
            links: route.schemaLinks.map((link) => ({
              rel: link.rel,
              title: link.title,
              href: options.restUrl(link.href),
              targetSchema: link.targetSchema,
            })),
          };
  }
  if (route.pattern.paramNames.length === 0) data._links = { self: [{ href: options.restUrl(route.key) }] };
  return data;
}

function routeMap(routes: readonly CompiledRoute[], request: RestRequest, withSchema: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const restUrl = (path: string) => request.scope.restUrl(path);
  for (const route of routes) {
    if (!route.endpoints.some((e) => e.showInIndex)) continue;
    out[route.key] = describeRoute(route, { withSchema, restUrl });
  }
  return out;
}

// The original declares the index arguments with a default only (no type): `{ default, required }`.
const indexContext = z.unknown().default('view');

/** The root index route: `GET /`. */
export function rootIndexRoute(source: IndexSource): Route {
  return defineRoute({
    path: '/',
    args: { context: indexContext },
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        permission: 'public',
        handler: async ({ context }, request) => {
          // Built from the routes (code) and what the describer declares (the options it read).
          request.cacheKeys.markStatic();
          const describer = source.siteDescription();
          const own: SiteDescription = describer === undefined ? {} : await describer(request);
          return {
            name: own.name ?? source.site.name,
            description: own.description ?? source.site.description,
            url: request.scope.siteUrl ?? source.site.url,
            home: request.scope.siteUrl ?? source.site.home,
            gmt_offset: own.gmt_offset ?? '0',
            timezone_string: own.timezone_string ?? '',
            namespaces: source.namespaces(),
            authentication: source.authentication(),
            routes: routeMap(source.routes(), request, context === 'help'),
            // WordPress 6.1's values for a site without a logo or an icon, unless the site says otherwise.
            site_logo: own.site_logo ?? 0,
            site_icon: own.site_icon ?? 0,
            site_icon_url: own.site_icon_url ?? '',
            _links: { help: [{ href: 'https://developer.wordpress.org/rest-api/' }] },
          };
        },
      }),
    ],
  });
}

/** The index route of one namespace: `GET /tel/v1`. */
export function namespaceIndexRoute(namespace: string, source: IndexSource): Route {
  return defineRoute({
    path: '/',
    args: {
      namespace: z.unknown().default(namespace),
      context: indexContext,
    },
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        permission: 'public',
        handler: ({ namespace: requested, context }, request) => {
          const wanted = typeof requested === 'string' ? requested : '';
          if (!source.namespaces().includes(wanted)) {
            throw new RestError('rest_invalid_namespace');
          }
          const routes = source.routes().filter((r) => r.namespace === wanted);
          request.cacheKeys.markStatic();
          return {
            namespace: wanted,
            routes: routeMap(routes, request, context === 'help'),
            _links: { up: [{ href: request.scope.restUrl('/') }] },
          };
        },
      }),
    ],
  });
}
