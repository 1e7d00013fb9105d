/**
 * In-process dispatch: a {@link RestRequest} in, a {@link RestResponse} out, in the
 * original's order: match → JSON parse → required → validate → sanitise → permission →
 * handler → records prepared (context, links) → `Allow`.
 *
 * @module
 */
import { RestError, toRestError } from './errors.js';
import { resolveLinks } from './links/link.js';
import type { CompiledEndpoint, CompiledRoute } from './namespace.js';
import type { RestRequest } from './request.js';
import { RestResponse } from './response.js';
import { parseArgs } from './schema/args.js';
import { filterByContext, needsContextFilter } from './schema/context-filter.js';
import type { ServerContext } from './server-context.js';

/** The route and endpoint a response came from, kept for the later stages. */
export interface Matched {
  route: CompiledRoute;
  endpoint: CompiledEndpoint | undefined;
}

const matchedOf = new WeakMap<RestResponse, Matched>();

/** The route that produced a response, if any. */
export function matchedRoute(response: RestResponse): Matched | undefined {
  return matchedOf.get(response);
}

/** Turns an error into a response with the original's body. */
export function errorResponse(error: unknown, request: RestRequest, context: ServerContext): RestResponse {
  const restError = toRestError(error);
  if (restError.code === 'rest_internal_error') context.reportError(error, request);
  const body = restError.toBody(request.user !== null);
  return new RestResponse(body, { status: body.data.status });
}

function findEndpoint(route: CompiledRoute, method: string): CompiledEndpoint | undefined {
  const wanted = method === 'HEAD' ? 'GET' : method;
  return route.endpoints.find((e) => (e.methods as readonly string[]).includes(wanted));
}

async function permits(
  endpoint: CompiledEndpoint,
  request: RestRequest,
  args: Record<string, unknown>,
): Promise<true | RestError> {
  if (endpoint.permission === 'public') return true;
  const check = endpoint.permission as (request: RestRequest, args: Record<string, unknown>) => unknown;
  const outcome = await check(request, args);
  if (outcome === true) return true;
  if (outcome instanceof RestError) return outcome;
  return new RestError('rest_forbidden');
}

/** Dispatches a request to its route. Never throws: failures become error responses. */
export async function dispatch(request: RestRequest, context: ServerContext): Promise<RestResponse> {
  const found = context.router.match(request.path);
  if (found === undefined) return errorResponse(new RestError('rest_no_route'), request, context);
  const route = found.value;
  request.urlParams = found.params;
  request.scope = context.scope;
  if (request.method === 'OPTIONS') return optionsResponse(route, request, context);
  const endpoint = findEndpoint(route, request.method);
  if (endpoint === undefined) return errorResponse(new RestError('rest_no_route'), request, context);
  request.defaults = endpoint.defaults;
  let result: RestResponse;
  let args: Record<string, unknown> = {};
  try {
    args = await parseArgs(request, endpoint.args);
    const allowed = await permits(endpoint, request, args);
    if (allowed !== true) throw allowed;
    const handler = endpoint.handler as (args: Record<string, unknown>, request: RestRequest) => unknown;
    result = prepare(await handler(args, request), route, args, context);
  } catch (error) {
    result = errorResponse(error, request, context);
  }
  matchedOf.set(result, { route, endpoint });
  await setAllowHeader(result, route, request, args);
  return result;
}

async function optionsResponse(route: CompiledRoute, request: RestRequest, context: ServerContext): Promise<RestResponse> {
  const result = new RestResponse(context.describeRoute(route, { withSchema: true }));
  matchedOf.set(result, { route, endpoint: undefined });
  await setAllowHeader(result, route, request, {});
  return result;
}

async function setAllowHeader(
  result: RestResponse,
  route: CompiledRoute,
  request: RestRequest,
  args: Record<string, unknown>,
): Promise<void> {
  const allowed = new Set<string>();
  for (const endpoint of route.endpoints) {
    let ok: true | RestError;
    try {
      ok = await permits(endpoint, request, args);
    } catch {
      continue;
    }
    if (ok === true) for (const method of endpoint.methods) allowed.add(method);
  }
  result.setHeader('Allow', [...allowed].join(', '));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Normalises a handler's result and prepares its records: context filter, then links. */
function prepare(value: unknown, route: CompiledRoute, args: Record<string, unknown>, context: ServerContext): RestResponse {
  const result = value instanceof RestResponse ? value : new RestResponse(value ?? null);
  if (result.raw || result.status >= 400) return result;
  const requested = typeof args.context === 'string' ? args.context : 'view';
  const schema = route.jsonSchema;
  const filter = schema !== undefined && needsContextFilter(schema, requested);
  const prepareRecord = (record: unknown): unknown =>
    filter && schema !== undefined ? filterByContext(record, schema, requested) : record;
  if (Array.isArray(result.data)) {
    result.data = result.data.map((item) => {
      const prepared = prepareRecord(item);
      if (!isRecord(prepared) || route.links.length === 0) return prepared;
      const links = context.curies.apply(resolveLinks(route.links, item as Record<string, unknown>, context.linkContext));
      return Object.keys(links).length === 0 ? prepared : { ...prepared, _links: links };
    });
  } else if (isRecord(result.data)) {
    const original = result.data;
    result.data = prepareRecord(original);
    if (route.links.length > 0) {
      const links = resolveLinks(route.links, original, context.linkContext);
      for (const [rel, list] of Object.entries(links)) (result.links[rel] ??= []).unshift(...list);
    }
  }
  return result;
}
