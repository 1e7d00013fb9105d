/**
 * The OpenAPI 3.1 document of a server's routes, built from the same compiled declarations
 * as the draft-04 index, with no per-route code: every route and method, path parameters
 * with their patterns, query and body parameters, the record schema per context, the error
 * body and its codes, the paging headers, the security schemes, readable operation ids and a
 * tag per namespace. Registered fields (and so meta) are part of the records' Zod schema.
 *
 * @module
 */
import {
  type CompiledEndpoint,
  type CompiledRoute,
  ERROR_CODES,
  type HttpMethod,
  type PrefixNames,
  type RestContext,
} from '@cms-json/core';
import { OperationIds, type PathPart } from './operation-ids.js';
import { type OpenApiSchema, openApiSchema, recordSchema } from './schemas.js';
import { operationSummary } from './summaries.js';

/** One argument of an endpoint, as the core compiled it. */
type CompiledArg = CompiledEndpoint['args'][number];

/**
 * The document's `info` (OpenAPI's Info object): what the API is, its version and the terms
 * it is offered under. The document describes the *site's* API, so only the site can say
 * its license; none is given unless set.
 *
 * @example
 * ```ts
 * openapi({ info: { license: { name: 'CC-BY-4.0', identifier: 'CC-BY-4.0' }, contact: { email: 'web@example.com' } } });
 * ```
 */
export interface OpenApiInfo {
  /** The API's title; default: the site's name (`site.name`), with the namespace for one namespace's document. */
  readonly title?: string;
  /** A one-line summary. */
  readonly summary?: string;
  /** The API's description (CommonMark); default: the site's description (`site.description`). */
  readonly description?: string;
  /** The API's version; default `'1'`, or the namespace's version (`v1`) for one namespace's document. */
  readonly version?: string;
  /** A URL of the terms of service. */
  readonly termsOfService?: string;
  /** Who to contact about the API. */
  readonly contact?: { readonly name?: string; readonly url?: string; readonly email?: string };
  /** The license the API is offered under: an SPDX `identifier` or a `url`. */
  readonly license?: { readonly name: string; readonly identifier?: string; readonly url?: string };
}

/** What {@link openApiDocument} needs besides the routes. */
export interface OpenApiOptions {
  /** The server's names (REST root, header prefix, nonce header). */
  readonly names: PrefixNames;
  /** The REST root URL, the document's server: `https://example.com/cms-json`. */
  readonly restRootUrl: string;
  /** The API's title (the site's name). */
  readonly title: string;
  /** The API's description. */
  readonly description?: string;
  /** More of the document's `info`, over `title` and `description` (see {@link OpenApiInfo}). */
  readonly info?: OpenApiInfo;
  /** Only this namespace's routes (the per-namespace document), else every route. */
  readonly namespace?: string;
  /** Only the endpoints this says yes to (those the caller may use), else every one the index lists. */
  readonly keep?: (endpoint: CompiledEndpoint) => boolean;
}

/** An OpenAPI 3.1 document (a plain JSON value). */
export type OpenApiDocument = Record<string, unknown> & { openapi: '3.1.0'; paths: Record<string, Record<string, unknown>> };

const WRITE_METHODS: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH']);
const CONTEXTS: readonly RestContext[] = ['view', 'edit', 'embed'];

/** A route key's path template: `(?P<id>[\d]+)` → `{id}`, with each parameter's pattern. */
export function templatePath(key: string): { path: string; patterns: Map<string, string> } {
  const patterns = new Map<string, string>();
  let path = '';
  for (let i = 0; i < key.length; i++) {
    const open = /^\(\?P?<([A-Za-z_]\w*)>/.exec(key.slice(i));
    if (open === null) {
      path += key[i];
      continue;
    }
    const name = open[1] as string;
    let depth = 1;
    let j = i + open[0].length;
    let inClass = false;
    for (; j < key.length && depth > 0; j++) {
      const ch = key[j];
      if (ch === '\\') j++;
      else if (inClass) inClass = ch !== ']';
      else if (ch === '[') inClass = true;
      else if (ch === '(') depth++;
      else if (ch === ')') depth--;
    }
    patterns.set(name, `^${key.slice(i + open[0].length, j - 1)}$`);
    path += `{${name}}`;
    i = j - 1;
  }
  return { path: path === '' ? '/' : path, patterns };
}

const PAGING_ARGS = new Set(['page', 'per_page', 'offset']);

/** The global parameters every `GET` takes (see "the pipeline"), by component name. */
const GLOBAL_PARAMETERS: readonly (readonly [name: string, component: string])[] = [
  ['_fields', 'fields'],
  ['_embed', 'embed'],
];

/**
 * Whether a route is a collection (its GET answers a list, its POST creates): its path ends
 * in literal text, and it pages or has a create-only `POST` endpoint. `/users/me`, an index
 * or `/nonce` are single resources.
 */
export function isCollection(route: CompiledRoute, path: string): boolean {
  if (/\}$/.test(path) || path === '/') return false;
  return route.endpoints.some(
    (endpoint) =>
      (endpoint.methods.includes('GET') && endpoint.args.some((arg) => PAGING_ARGS.has(arg.name))) ||
      (endpoint.methods.length === 1 && endpoint.methods[0] === 'POST'),
  );
}

/** The path's parts under its namespace, for the operation id. */
function pathParts(route: CompiledRoute, path: string): PathPart[] {
  const relative = route.namespace === '' ? path : path.slice(route.namespace.length + 1);
  return relative
    .split('/')
    .filter((part) => part !== '')
    .map((part) => {
      const param = /^\{(\w+)\}$/.exec(part);
      return param === null ? { text: part } : { param: param[1] as string };
    });
}

/**
 * Component names for record schemas: one per distinct schema, named by its title, and per
 * context a response answers in (a context no response uses is left out: an unused component).
 */
class RecordComponents {
  readonly schemas: Record<string, OpenApiSchema> = {};
  readonly #byRoute = new Map<CompiledRoute, string>();
  readonly #contexts = new Map<string, readonly OpenApiSchema[]>();

  /** The component base name of a route's records (`outgoing-links`), added on first use. */
  nameOf(route: CompiledRoute): string | undefined {
    const schema = route.itemSchema;
    if (schema === undefined) return undefined;
    const known = this.#byRoute.get(route);
    if (known !== undefined) return known;
    const contexts = CONTEXTS.map((context) => {
      const record = recordSchema(schema, context);
      return route.title === undefined ? record : { ...record, title: route.title };
    });
    const title = String(route.jsonSchema?.title ?? contexts[0]?.title ?? route.key);
    const base = title.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^_+|_+$/g, '') || 'record';
    let name = base;
    for (let n = 2; ; n++) {
      const existing = this.#contexts.get(name)?.[0];
      if (existing === undefined || JSON.stringify(existing) === JSON.stringify(contexts[0])) break;
      name = `${base}_${n}`;
    }
    if (!this.#contexts.has(name)) this.#contexts.set(name, contexts);
    this.#byRoute.set(route, name);
    return name;
  }

  /** A reference to the schema of a record in one context, its component added on first use. */
  use(name: string, context: RestContext): OpenApiSchema {
    const component = componentName(name, context);
    const schema = this.#contexts.get(name)?.[CONTEXTS.indexOf(context)];
    if (schema !== undefined) this.schemas[component] ??= schema;
    return ref(component);
  }
}

function componentName(base: string, context: RestContext): string {
  return context === 'view' ? base : `${base}.${context}`;
}

function ref(name: string): OpenApiSchema {
  return { $ref: `#/components/schemas/${name}` };
}

/** The context an endpoint answers in unless asked: its `context` default, else view (edit for writes). */
function defaultContext(endpoint: CompiledEndpoint, method: HttpMethod): RestContext {
  const declared = endpoint.args.find((arg) => arg.name === 'context')?.defaultValue;
  if (declared === 'view' || declared === 'edit' || declared === 'embed') return declared;
  return WRITE_METHODS.has(method) ? 'edit' : 'view';
}

function argSchema(arg: CompiledArg): OpenApiSchema {
  return openApiSchema(arg.zod, { io: 'input' });
}

function describe(schema: OpenApiSchema): { description?: string; schema: OpenApiSchema } {
  const { description, ...rest } = schema;
  return typeof description === 'string' ? { description, schema: rest } : { schema: rest };
}

function parameter(arg: CompiledArg, where: 'query' | 'path', pattern?: string): Record<string, unknown> {
  const { description, schema } = describe(argSchema(arg));
  if (pattern !== undefined && (schema.type === undefined || schema.type === 'string')) schema.pattern ??= pattern;
  const out: Record<string, unknown> = { name: arg.name, in: where };
  if (description !== undefined) out.description = description;
  out.required = where === 'path' || arg.required;
  out.schema = schema;
  if (schema.type === 'array') {
    out.style = 'form';
    out.explode = false;
  } else if (schema.type === 'object') {
    out.style = 'deepObject';
    out.explode = true;
  }
  return out;
}

function requestBody(args: readonly CompiledArg[]): Record<string, unknown> | undefined {
  if (args.length === 0) return undefined;
  const properties: Record<string, OpenApiSchema> = {};
  const required: string[] = [];
  for (const arg of args) {
    properties[arg.name] = argSchema(arg);
    if (arg.required) required.push(arg.name);
  }
  const schema: OpenApiSchema = { type: 'object', properties };
  if (required.length > 0) schema.required = required;
  return {
    required: required.length > 0,
    content: { 'application/json': { schema }, 'application/x-www-form-urlencoded': { schema } },
  };
}

function pagingHeaders(endpoint: CompiledEndpoint): Record<string, unknown> | undefined {
  if (!endpoint.args.some((arg) => PAGING_ARGS.has(arg.name))) return undefined;
  return {
    Total: { $ref: '#/components/headers/Total' },
    TotalPages: { $ref: '#/components/headers/TotalPages' },
    Link: { $ref: '#/components/headers/Link' },
  };
}

interface OperationInput {
  readonly route: CompiledRoute;
  readonly endpoint: CompiledEndpoint;
  readonly method: HttpMethod;
  readonly path: string;
  readonly patterns: Map<string, string>;
  readonly record: string | undefined;
  readonly records: RecordComponents;
  readonly ids: OperationIds;
  readonly names: PrefixNames;
  readonly collection: boolean;
}

function successResponse(input: OperationInput): [status: string, response: Record<string, unknown>] {
  const { endpoint, method, record, collection } = input;
  const status = collection && method === 'POST' && record !== undefined ? '201' : '200';
  if (record === undefined) {
    return [status, { description: 'The response.', content: { 'application/json': { schema: {} } } }];
  }
  const context = defaultContext(endpoint, method);
  const one = input.records.use(record, context);
  let schema: OpenApiSchema = one;
  if (collection && method === 'GET') schema = { type: 'array', items: one };
  if (method === 'DELETE') {
    const deleted = { type: 'object', properties: { deleted: { type: 'boolean' }, previous: one } };
    schema = { anyOf: [one, deleted] };
  }
  const response: Record<string, unknown> = {
    description: `The ${record} record${collection && method === 'GET' ? 's' : ''} (context \`${context}\` unless asked).`,
    content: { 'application/json': { schema } },
  };
  const headers = method === 'GET' && collection ? pagingHeaders(endpoint) : undefined;
  if (headers !== undefined) {
    const prefix = input.names.headerPrefix;
    response.headers = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name === 'Link' ? name : `${prefix}${name}`, value]),
    );
  }
  return [status, response];
}

function operation(input: OperationInput): Record<string, unknown> {
  const { route, endpoint, method, patterns } = input;
  const pathNames = new Set(patterns.keys());
  const parameters: Record<string, unknown>[] = [];
  for (const name of pathNames) {
    const arg = endpoint.args.find((a) => a.name === name);
    const pattern = patterns.get(name);
    if (arg === undefined) parameters.push({ name, in: 'path', required: true, schema: { type: 'string', pattern } });
    else parameters.push(parameter(arg, 'path', pattern));
  }
  const others = endpoint.args.filter((arg) => !pathNames.has(arg.name));
  const body = WRITE_METHODS.has(method) ? requestBody(others) : undefined;
  if (!WRITE_METHODS.has(method)) for (const arg of others) parameters.push(parameter(arg, 'query'));
  if (method === 'GET') {
    const declared = new Set(endpoint.args.map((arg) => arg.name));
    for (const [name, component] of GLOBAL_PARAMETERS) {
      if (!declared.has(name)) parameters.push({ $ref: `#/components/parameters/${component}` });
    }
  }
  const [status, success] = successResponse(input);
  const responses: Record<string, unknown> = { [status]: success };
  if (endpoint.args.length > 0) responses['400'] = { $ref: '#/components/responses/BadRequest' };
  // Credentials that are sent are checked on every route, a public one too: a wrong one is a 401.
  responses['401'] = { $ref: '#/components/responses/Unauthorized' };
  if (endpoint.permission !== 'public') responses['403'] = { $ref: '#/components/responses/Forbidden' };
  if (pathNames.size > 0) responses['404'] = { $ref: '#/components/responses/NotFound' };
  responses.default = { $ref: '#/components/responses/Error' };
  const signedIn = [{ applicationPassword: [] }, { cookieSession: [], nonce: [] }];
  const parts = pathParts(route, input.path);
  const out: Record<string, unknown> = {
    operationId: input.ids.take(method, route.namespace, parts, { collection: input.collection }),
    summary: endpoint.summary ?? operationSummary(method, parts, { collection: input.collection, namespace: route.namespace }),
  };
  if (endpoint.description !== undefined) out.description = endpoint.description;
  out.tags = [route.namespace === '' ? 'index' : route.namespace];
  if (parameters.length > 0) out.parameters = parameters;
  if (body !== undefined) out.requestBody = body;
  out.responses = responses;
  out.security = endpoint.permission === 'public' ? [{}, ...signedIn] : signedIn;
  return out;
}

function errorCodesList(status: (code: number) => boolean): string {
  const codes = Object.entries(ERROR_CODES)
    .filter(([, info]) => status(info.status))
    .map(([code]) => `\`${code}\``);
  return codes.join(', ');
}

function components(names: PrefixNames, records: RecordComponents): Record<string, unknown> {
  const errorBody = (description: string) => ({
    description,
    content: { 'application/json': { schema: ref('Error') } },
  });
  return {
    schemas: {
      Error: {
        type: 'object',
        description: 'The body of every error: a machine-readable code, a message, and the HTTP status in `data`.',
        properties: {
          code: { type: 'string', examples: Object.keys(ERROR_CODES) },
          message: { type: 'string' },
          data: {
            type: 'object',
            properties: {
              status: { type: 'integer' },
              params: {
                type: 'object',
                additionalProperties: { type: 'string' },
                description: 'Per parameter, why it was refused.',
              },
              details: { type: 'object', description: 'Per parameter, the error it was refused with.' },
            },
            required: ['status'],
          },
          additional_errors: { type: 'array', items: { type: 'object' } },
        },
        required: ['code', 'message', 'data'],
      },
      Links: {
        type: 'object',
        description: 'The record\'s links by relation, each a list of `{ href, … }` (see "Links and embedding").',
        additionalProperties: {
          type: 'array',
          items: {
            type: 'object',
            properties: { href: { type: 'string' }, embeddable: { type: 'boolean' } },
            required: ['href'],
          },
        },
      },
      ...records.schemas,
    },
    responses: {
      BadRequest: errorBody(`A parameter is missing or invalid: ${errorCodesList((s) => s === 400)}.`),
      Unauthorized: errorBody(
        `Not signed in (\`rest_forbidden\` and the routes' own codes as 401), or the credentials were refused: ${errorCodesList((s) => s === 401)}.`,
      ),
      Forbidden: errorBody(`Signed in, but not allowed: ${errorCodesList((s) => s === 403)}.`),
      NotFound: errorBody("No such record (the route's own code, such as `rest_user_invalid_id`), or `rest_no_route`."),
      Error: errorBody(`Any other error: ${errorCodesList((s) => s >= 404)}.`),
    },
    parameters: {
      fields: {
        name: '_fields',
        in: 'query',
        description: 'Only these members of each record, comma-separated; dotted paths reach into objects (`_links.self`).',
        required: false,
        schema: { type: 'string' },
      },
      embed: {
        name: '_embed',
        in: 'query',
        description: 'Inline the linked records under `_embedded`: every embeddable relation, or those listed.',
        required: false,
        schema: { type: 'string' },
      },
    },
    headers: {
      Total: { description: 'The number of records in the whole collection.', schema: { type: 'integer' } },
      TotalPages: { description: 'The number of pages at this `per_page`.', schema: { type: 'integer' } },
      Link: { description: 'The `prev` and `next` pages, as RFC 8288 links.', schema: { type: 'string' } },
    },
    securitySchemes: {
      applicationPassword: {
        type: 'http',
        scheme: 'basic',
        description: 'An application password of the user, over HTTP Basic (HTTPS only, unless the site allows otherwise).',
      },
      cookieSession: {
        type: 'apiKey',
        in: 'cookie',
        name: `${names.prefix}_logged_in`,
        description: 'The session cookie of a signed-in browser; it counts only with the nonce.',
      },
      nonce: {
        type: 'apiKey',
        in: 'header',
        name: names.nonceHeader,
        description: `The nonce of the cookie session (or the \`${names.nonceParam}\` parameter).`,
      },
    },
  };
}

/** Every `$ref` in a value, e.g. `#/components/schemas/Error`. */
function refsIn(node: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const item of node) refsIn(item, found);
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.add(value);
      else refsIn(value, found);
    }
  }
  return found;
}

/**
 * The components the paths reach (through `$ref`s, and the refs of those), the others left
 * out: a namespace's document without lists needs no paging headers. Security schemes are
 * named by the operations' `security`, so they all stay.
 */
function usedComponents(paths: unknown, all: Record<string, unknown>): Record<string, unknown> {
  const reached = refsIn(paths, new Set());
  const pending = [...reached];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [, , kind, name] = next.split('/');
    const target = (all[kind ?? ''] as Record<string, unknown> | undefined)?.[name ?? ''];
    for (const found of refsIn(target, new Set())) {
      if (!reached.has(found)) {
        reached.add(found);
        pending.push(found);
      }
    }
  }
  const out: Record<string, unknown> = {};
  for (const [kind, members] of Object.entries(all)) {
    const kept =
      kind === 'securitySchemes'
        ? (members as Record<string, unknown>)
        : Object.fromEntries(
            Object.entries(members as Record<string, unknown>).filter(([name]) => reached.has(`#/components/${kind}/${name}`)),
          );
    if (Object.keys(kept).length > 0) out[kind] = kept;
  }
  return out;
}

/**
 * Builds the OpenAPI 3.1 document of compiled routes (those the index lists).
 *
 * @example
 * ```ts
 * const doc = openApiDocument(routes, { names, restRootUrl: 'https://example.com/cms-json', title: 'My site' });
 * doc.paths['/tel/v1/outgoing-links']?.get; // { operationId: 'listOutgoingLinks', … }
 * ```
 */
export function openApiDocument(routes: readonly CompiledRoute[], options: OpenApiOptions): OpenApiDocument {
  const ids = new OperationIds();
  const records = new RecordComponents();
  const paths: Record<string, Record<string, unknown>> = {};
  const namespaces = new Set<string>();
  for (const route of routes) {
    if (options.namespace !== undefined && route.namespace !== options.namespace) continue;
    const keep = options.keep ?? (() => true);
    const endpoints = route.endpoints.filter((endpoint) => endpoint.showInIndex && keep(endpoint));
    if (endpoints.length === 0) continue;
    const { path, patterns } = templatePath(route.key);
    const item: Record<string, unknown> = (paths[path] ??= {});
    const record = records.nameOf(route);
    const collection = isCollection(route, path);
    namespaces.add(route.namespace);
    for (const endpoint of endpoints) {
      for (const method of endpoint.methods) {
        const key = method.toLowerCase();
        if (Object.hasOwn(item, key)) continue; // The first endpoint of a method serves it.
        item[key] = operation({
          route,
          endpoint,
          method,
          path,
          patterns,
          record,
          records,
          ids,
          names: options.names,
          collection,
        });
      }
    }
  }
  const given = options.info ?? {};
  const title = given.title ?? options.title;
  const info: Record<string, unknown> = {
    title: options.namespace === undefined ? title : `${title}: ${options.namespace}`,
    version: given.version ?? options.namespace?.split('/').pop() ?? '1',
  };
  const description = given.description ?? options.description;
  if (given.summary !== undefined) info.summary = given.summary;
  if (description) info.description = description;
  if (given.termsOfService !== undefined) info.termsOfService = given.termsOfService;
  if (given.contact !== undefined) info.contact = { ...given.contact };
  if (given.license !== undefined) info.license = { ...given.license };
  return {
    openapi: '3.1.0',
    info,
    servers: [{ url: options.restRootUrl.replace(/\/$/, '') }],
    tags: [...namespaces].map((name) =>
      name === '' ? { name: 'index', description: 'The REST root.' } : { name, description: `The routes of \`${name}\`.` },
    ),
    paths,
    components: usedComponents(paths, components(options.names, records)),
  };
}
