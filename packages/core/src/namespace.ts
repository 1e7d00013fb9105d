/**
 * Namespaces (`tel/v1`, `cms/v2`: a name plus a version) and the routes compiled into them.
 *
 * @module
 */
import type { z } from 'zod';
import type { LinkTemplate } from './links/link.js';
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
}

const NAMESPACE = /^[a-z0-9][a-z0-9_.-]*(\/[a-z0-9_.-]+)*$/i;

/** Checks a namespace name: two or more segments (`tel/v1`), no leading or trailing slash. */
export function assertNamespace(name: string): void {
  if (!NAMESPACE.test(name)) {
    throw new Error(
      `Invalid namespace "${name}": use a name and a version, such as "tel/v1", with no leading or trailing slash.`,
    );
  }
}

function paramPattern(route: Route, name: string): string {
  const schema = route.args[name] ?? route.endpoints.map((e) => e.args?.[name]).find((s) => s !== undefined);
  if (schema === undefined) return DEFAULT_PARAM_PATTERN;
  const json = itemJsonSchema(schema);
  return json.type === 'integer' ? '[\\d]+' : DEFAULT_PARAM_PATTERN;
}

/** Compiles a declared route under a namespace. */
export function compileRoute(namespace: string, route: Route): CompiledRoute {
  const relative = route.path.startsWith('/') ? route.path : `/${route.path}`;
  const original = toOriginalForm(relative === '/' ? '' : relative, (name) => paramPattern(route, name));
  const pattern = parsePattern(`/${namespace}${original}`);
  if (route.endpoints.length === 0) throw new Error(`Route ${pattern.key} has no endpoints.`);
  const endpoints = route.endpoints.map((endpoint): CompiledEndpoint => {
    if ((endpoint as { permission?: unknown }).permission === undefined) {
      throw new Error(`An endpoint of ${pattern.key} has no permission: state one ('public' for an open endpoint).`);
    }
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
  };
}
