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
import { RouteLinks } from './links/route-links.js';
import type { ObjectType } from './object-types/object-type.js';
import type { ObjectTypeRegistry } from './object-types/registry.js';
import type { RestField } from './object-types/rest-field.js';
import { RecordListWriter } from './record-json.js';
import type { RestRequest } from './request.js';
import {
  type AllowBatch,
  type AnyEndpoint,
  type HttpMethod,
  normalizeMethods,
  type Permission,
  type Route,
  type SchemaLink,
  type StreamedBody,
  type Validator,
} from './route.js';
import { DEFAULT_PARAM_PATTERN, type PathPattern, parsePattern, toOriginalForm } from './router/pattern.js';
import { type ArgsShape, argDefaults, type CompiledArg, compileArgs } from './schema/args.js';
import { ContextFilter } from './schema/context-filter.js';
import { argJsonSchema, itemJsonSchema } from './schema/to-json-schema.js';
import type { JsonSchema } from './schema/validate.js';

/** An endpoint compiled at registration. */
export interface CompiledEndpoint {
  readonly methods: readonly HttpMethod[];
  readonly args: readonly CompiledArg[];
  readonly defaults: Record<string, unknown>;
  readonly permission: Permission<never>;
  readonly handler: (args: never, request: RestRequest) => unknown;
  readonly showInIndex: boolean;
  /** The endpoint's own summary and description for API documents, when it gives them. */
  readonly summary: string | undefined;
  readonly description: string | undefined;
  /** Set when the endpoint takes its body as a stream. */
  readonly streamBody: StreamedBody | undefined;
  /** The endpoint's `allow_batch`, or its route's (`undefined`: not batchable). */
  readonly allowBatch: AllowBatch | undefined;
  /** The endpoint's cheap validator of its `GET` answers, if it declares one. */
  readonly validator: Validator | undefined;
}

/** A route compiled at registration: everything the dispatcher and the index need. */
export interface CompiledRoute {
  readonly namespace: string;
  /** The original's pattern form, the route index key. */
  readonly key: string;
  readonly pattern: PathPattern;
  /** The item schema, with the object type's registered fields. */
  readonly jsonSchema: JsonSchema | undefined;
  /** The same item schema as Zod (registered fields included), for other outputs such as OpenAPI. */
  readonly itemSchema: z.ZodObject | undefined;
  /** The item schema's title, when the route gives one over the schema's own. */
  readonly title: string | undefined;
  /** The route's links, then those its object type adds. */
  readonly links: readonly LinkTemplate[];
  /** The links made ready per site URL. */
  readonly linking: RouteLinks;
  /** The item schema's `links` (paths under the REST root). */
  readonly schemaLinks: readonly SchemaLink[];
  /** The `Allow` values made so far, by the set of endpoints allowed (a bit each). */
  readonly allowValues: Map<number, string>;
  /** The context filter of the item schema, when it has one. */
  readonly contextFilter: ContextFilter | undefined;
  readonly endpoints: readonly CompiledEndpoint[];
  readonly methods: readonly HttpMethod[];
  /** The `Allow` header when every endpoint is public (no check to run), else `undefined`. */
  readonly publicAllow: string | undefined;
  /** Writes the route's lists to JSON text; it keeps the shape of the route's records. */
  readonly listWriter: RecordListWriter;
  /** The object type of the route's records, when it names one. */
  readonly objectType: ObjectType | undefined;
  /** The registered fields that have a value to add to each record. */
  readonly fields: readonly (readonly [name: string, field: RestField])[];
}

/** What {@link compileRoute} reads besides the route. */
export interface CompileOptions {
  /** The product prefix, for `{prefix}` in link templates. @default 'cms' */
  readonly prefix?: string;
  /** The server's object types: a route naming one gets its fields, links and hooks. */
  readonly objectTypes?: ObjectTypeRegistry;
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

const WRITE_METHODS: readonly HttpMethod[] = ['POST', 'PUT', 'PATCH'];

/** The arguments of an endpoint: the route's, the endpoint's, and what the object type adds. */
function endpointArgs(route: Route, endpoint: AnyEndpoint, type: ObjectType | undefined, collection: boolean): ArgsShape {
  let args: ArgsShape = { ...route.args, ...endpoint.args };
  if (type === undefined) return args;
  const methods = normalizeMethods(endpoint.methods);
  if (methods.some((method) => WRITE_METHODS.includes(method))) {
    const added: Record<string, z.ZodType> = {};
    for (const [name, field] of type.fields) {
      if (field.update === undefined || field.schema === undefined || Object.hasOwn(args, name)) continue;
      if (argJsonSchema(field.schema).readonly === true) continue;
      added[name] = field.schema.optional();
    }
    args = { ...args, ...added };
  }
  if (collection && methods.includes('GET')) {
    for (const filter of type.hooks('collectionParams')) args = filter(args);
  }
  return args;
}

/** The item schema with the registered fields' schemas among its properties. */
function schemaWithFields(route: Route, type: ObjectType | undefined): JsonSchema | undefined {
  const base = route.schema === undefined ? undefined : itemJsonSchema(route.schema, route.title);
  if (type === undefined || base === undefined) return base;
  const described = [...type.fields].filter(([, field]) => field.schema !== undefined);
  if (described.length === 0) return base;
  const properties = { ...base.properties };
  for (const [name, field] of described) properties[name] = argJsonSchema(field.schema as z.ZodType);
  return { ...base, properties };
}

/** The Zod item schema with the registered fields that describe themselves. */
function zodWithFields(route: Route, type: ObjectType | undefined): z.ZodObject | undefined {
  if (route.schema === undefined || type === undefined) return route.schema;
  const added: Record<string, z.ZodType> = {};
  for (const [name, field] of type.fields) if (field.schema !== undefined) added[name] = field.schema;
  return Object.keys(added).length === 0 ? route.schema : route.schema.extend(added);
}

/** Compiles a declared route under a namespace (`''` for the root index). Throws on a bad declaration. */
export function compileRoute(namespace: string, route: Route, options: CompileOptions = {}): CompiledRoute {
  const prefix = options.prefix ?? 'cms';
  if (typeof route.path !== 'string') throw new Error(`A route of ${namespace} has no path.`);
  const relative = route.path.startsWith('/') ? route.path : `/${route.path}`;
  const original = toOriginalForm(relative === '/' ? '' : relative, (name) => paramPattern(route, name));
  const base = namespace === '' ? '' : `/${namespace}`;
  const pattern = parsePattern(`${base}${original}` || '/');
  if (route.endpoints.length === 0) throw new Error(`Route ${pattern.key} has no endpoints.`);
  const type = route.objectType === undefined ? undefined : options.objectTypes?.get(route.objectType);
  const links = type === undefined || type.links.length === 0 ? route.links : [...route.links, ...type.links];
  assertLinkTemplates(links, prefix);
  const collection = pattern.paramNames.length === 0;
  const endpoints = route.endpoints.map((endpoint): CompiledEndpoint => {
    const permission = (endpoint as { permission?: unknown }).permission;
    if (permission !== 'public' && typeof permission !== 'function') {
      throw new Error(`An endpoint of ${pattern.key} has no permission: state one ('public' for an open endpoint).`);
    }
    if (typeof endpoint.handler !== 'function') throw new Error(`An endpoint of ${pattern.key} has no handler.`);
    const args = compileArgs(endpointArgs(route, endpoint, type, collection));
    return {
      methods: normalizeMethods(endpoint.methods),
      args,
      defaults: argDefaults(args),
      permission: endpoint.permission,
      handler: endpoint.handler,
      showInIndex: endpoint.showInIndex ?? true,
      summary: endpoint.summary,
      description: endpoint.description,
      streamBody: endpoint.streamBody,
      allowBatch: endpoint.allowBatch ?? route.allowBatch,
      validator: endpoint.validator,
    };
  });
  return {
    namespace,
    key: pattern.key,
    pattern,
    ...withSchema(schemaWithFields(route, type)),
    itemSchema: zodWithFields(route, type),
    title: route.title,
    ...withLinks(links),
    schemaLinks: route.schemaLinks ?? [],
    endpoints,
    methods: [...new Set(endpoints.flatMap((e) => e.methods))],
    publicAllow: allowOf(endpoints),
    listWriter: new RecordListWriter(),
    allowValues: new Map(),
    objectType: type,
    fields: type === undefined ? [] : [...type.fields].filter(([, field]) => field.get !== undefined),
  };
}

/**
 * A second registration of the same path adds its endpoints after the first's (the
 * original's `register_rest_route` without `$override`), its links after the first's, and
 * its schema's properties to the first's.
 */
export function mergeRoutes(first: CompiledRoute, second: CompiledRoute): CompiledRoute {
  const endpoints = [...first.endpoints, ...second.endpoints];
  const links = [...first.links, ...second.links.filter((link) => !first.links.includes(link))];
  const fields = [...first.fields, ...second.fields.filter(([name]) => !first.fields.some(([known]) => known === name))];
  return {
    ...first,
    ...withSchema(mergeSchemas(first.jsonSchema, second.jsonSchema)),
    itemSchema:
      first.itemSchema === undefined || second.itemSchema === undefined || first.itemSchema === second.itemSchema
        ? (first.itemSchema ?? second.itemSchema)
        : first.itemSchema.extend(second.itemSchema.shape),
    title: first.title ?? second.title,
    ...withLinks(links),
    schemaLinks: [...first.schemaLinks, ...second.schemaLinks],
    endpoints,
    methods: [...new Set(endpoints.flatMap((e) => e.methods))],
    publicAllow: allowOf(endpoints),
    listWriter: new RecordListWriter(),
    allowValues: new Map(),
    objectType: first.objectType ?? second.objectType,
    fields,
  };
}

/** The item schema and its context filter. */
function withSchema(jsonSchema: JsonSchema | undefined) {
  return { jsonSchema, contextFilter: jsonSchema === undefined ? undefined : new ContextFilter(jsonSchema) };
}

/** The links and their per-site-URL state. */
function withLinks(links: readonly LinkTemplate[]) {
  return { links, linking: new RouteLinks(links) };
}

function mergeSchemas(first: JsonSchema | undefined, second: JsonSchema | undefined): JsonSchema | undefined {
  if (first === undefined || second === undefined) return first ?? second;
  if (first === second) return first;
  return { ...first, properties: { ...first.properties, ...second.properties } };
}
