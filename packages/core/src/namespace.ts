/**
 * Namespaces (`tel/v1`, `cms/v2`: a name plus a version) and the routes compiled into them.
 * Everything a request needs that can be known in advance is computed here, once, at
 * registration: argument schemas and defaults, the path pattern, the item schema, and the
 * `Allow` header of routes whose endpoints are all public.
 *
 * @module
 */
import type { z } from 'zod';
import { assertLinkTemplates, type LinkTemplate } from './links/link.js';
import { RecordListWriter } from './record-json.js';
import type { RestRequest } from './request.js';
import { type HttpMethod, normalizeMethods, type Permission, type Route } from './route.js';
import { DEFAULT_PARAM_PATTERN, type PathPattern, parsePattern, toOriginalForm } from './router/pattern.js';
import { argDefaults, type CompiledArg, compileArgs } from './schema/args.js';
import { itemJsonSchema } from './schema/to-json-schema.js';
import type { JsonSchema } from './schema/validate.js';

/** An endpoint compiled at registration. */
export interface CompiledEndpoint {
  readonly methods: readonly HttpMethod[];
  readonly args: readonly CompiledArg[];
  readonly defaults: Record<string, unknown>;
  readonly permission: Permission<never>;
  readonly handler: (args: never, request: RestRequest) => unknown;
  readonly showInIndex: boolean;
}

/** A route compiled at registration: everything the dispatcher and the index need. */
export interface CompiledRoute {
  readonly namespace: string;
  /** The original's pattern form, the route index key. */
  readonly key: string;
  readonly pattern: PathPattern;
  readonly schema: z.ZodObject | undefined;
  readonly jsonSchema: JsonSchema | undefined;
  readonly links: readonly LinkTemplate[];
  readonly endpoints: readonly CompiledEndpoint[];
  readonly methods: readonly HttpMethod[];
  /** The `Allow` header when every endpoint is public (no check to run), else `undefined`. */
  readonly publicAllow: string | undefined;
  /** Writes the route's lists to JSON text; it keeps the shape of the route's records. */
  readonly listWriter: RecordListWriter;
}

const NAMESPACE = /^[a-z0-9][a-z0-9_.-]*(\/[a-z0-9_.-]+)+$/i;

/**
 * Checks a namespace name: a name and a version (`tel/v1`, `oembed/1.0`), no leading or
 * trailing slash. Throws otherwise.
 */
export function assertNamespace(name: string): void {
  if (typeof name !== 'string' || !NAMESPACE.test(name)) {
    throw new Error(
      `Invalid namespace "${String(name)}": use a name and a version, such as "tel/v1", with no leading or trailing slash.`,
    );
  }
}

function paramPattern(route: Route, name: string): string {
  const schema = route.args[name] ?? route.endpoints.map((e) => e.args?.[name]).find((s) => s !== undefined);
  if (schema === undefined) return DEFAULT_PARAM_PATTERN;
  const json = itemJsonSchema(schema);
  return json.type === 'integer' ? '[\\d]+' : DEFAULT_PARAM_PATTERN;
}

function allowOf(endpoints: readonly CompiledEndpoint[]): string | undefined {
  if (!endpoints.every((e) => e.permission === 'public')) return undefined;
  return [...new Set(endpoints.flatMap((e) => e.methods))].join(', ');
}

/** Compiles a declared route under a namespace (`''` for the root index). Throws on a bad declaration. */
export function compileRoute(namespace: string, route: Route, prefix = 'cms'): CompiledRoute {
  if (typeof route.path !== 'string') throw new Error(`A route of ${namespace} has no path.`);
  const relative = route.path.startsWith('/') ? route.path : `/${route.path}`;
  const original = toOriginalForm(relative === '/' ? '' : relative, (name) => paramPattern(route, name));
  const base = namespace === '' ? '' : `/${namespace}`;
  const pattern = parsePattern(`${base}${original}` || '/');
  if (route.endpoints.length === 0) throw new Error(`Route ${pattern.key} has no endpoints.`);
  assertLinkTemplates(route.links, prefix);
  const endpoints = route.endpoints.map((endpoint): CompiledEndpoint => {
    const permission = (endpoint as { permission?: unknown }).permission;
    if (permission !== 'public' && typeof permission !== 'function') {
      throw new Error(`An endpoint of ${pattern.key} has no permission: state one ('public' for an open endpoint).`);
    }
    if (typeof endpoint.handler !== 'function') throw new Error(`An endpoint of ${pattern.key} has no handler.`);
    const args = compileArgs({ ...route.args, ...endpoint.args });
    return {
      methods: normalizeMethods(endpoint.methods),
      args,
      defaults: argDefaults(args),
      permission: endpoint.permission,
      handler: endpoint.handler,
      showInIndex: endpoint.showInIndex ?? true,
    };
  });
  return {
    namespace,
    key: pattern.key,
    pattern,
    schema: route.schema,
    jsonSchema: route.schema === undefined ? undefined : itemJsonSchema(route.schema, route.title),
    links: route.links,
    endpoints,
    methods: [...new Set(endpoints.flatMap((e) => e.methods))],
    publicAllow: allowOf(endpoints),
    listWriter: new RecordListWriter(),
  };
}

/**
 * A second registration of the same path adds its endpoints after the first's (the
 * original's `register_rest_route` without `$override`); its schema and links, when given,
 * replace the first's.
 */
export function mergeRoutes(first: CompiledRoute, second: CompiledRoute): CompiledRoute {
  const endpoints = [...first.endpoints, ...second.endpoints];
  return {
    ...first,
    schema: second.schema ?? first.schema,
    jsonSchema: second.jsonSchema ?? first.jsonSchema,
    links: second.links.length > 0 ? second.links : first.links,
    endpoints,
    methods: [...new Set(endpoints.flatMap((e) => e.methods))],
    publicAllow: allowOf(endpoints),
    listWriter: new RecordListWriter(),
  };
}
