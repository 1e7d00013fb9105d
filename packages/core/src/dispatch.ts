/**
 * Dispatch: a {@link RestRequest} in, a {@link RestResponse} out, in the original's order:
 * match → JSON parse → required → validate → sanitise → permission → (`If-Match`) → handler
 * → records prepared (context, links; see `prepare-result.ts`) → `Allow`. Every request runs
 * it: an outside request (from the pipeline), an `_embed` target, a batch member and an
 * in-process `server.dispatch()`.
 *
 * Permission checks run at most once per endpoint and request: the `Allow` header reuses
 * the matched endpoint's outcome, and routes whose endpoints are all public need no check.
 *
 * @module
 */
import { limitBodyStream } from './body-stream.js';
import { denied, isRestError, RestError, toRestError } from './errors.js';
import type { CompiledEndpoint, CompiledRoute } from './namespace.js';
import { prepare } from './prepare-result.js';
import type { RestRequest } from './request.js';
import { RestResponse } from './response.js';
import type { RouteMatch } from './router/router.js';
import { parseArgs } from './schema/args.js';
import type { ServerContext } from './server-context.js';

/** Options of {@link dispatch}. */
export interface DispatchOptions {
  /** Whether to compute the `Allow` header (skipped for embedded requests). @default true */
  allow?: boolean;
  /**
   * Whether the data will be sent as JSON as it is (no `_fields`, `_embed` or `_envelope`):
   * a list is then written to JSON text at once ({@link RestResponse.json}), and its
   * records are built only if someone reads the data. @default false
   */
  json?: boolean;
  /**
   * A check run after the arguments and the permission pass and before the handler (the
   * `If-Match` of a conditional write): an error it settles with is the answer, and the
   * handler never runs.
   */
  precondition?: (() => Promise<RestError | undefined>) | undefined;
  /**
   * The request is a member of a `/batch/v1` request: an endpoint that does not allow
   * batching (`allowBatch: { v1: true }`) answers 400 `rest_batch_not_allowed`. @default false
   */
  batch?: boolean;
  /**
   * The request's path already matched (by the pipeline's validator stage): its route, or
   * `null` for none. Left out, the path is matched here.
   */
  match?: RouteMatch<CompiledRoute> | null | undefined;
}

/** Turns an error into a response with the original's body; unexpected failures are reported. */
export function errorResponse(error: unknown, request: RestRequest, context: ServerContext): RestResponse {
  const restError = toRestError(error);
  if (restError.code === 'rest_internal_error') context.reportError(error, request);
  const body = restError.toBody();
  return new RestResponse(body, { status: body.data.status });
}

/** The endpoint of a route that serves a method (`HEAD` is served by `GET`). */
export function findEndpoint(route: CompiledRoute, method: string): CompiledEndpoint | undefined {
  const wanted = method === 'HEAD' ? 'GET' : method;
  for (const endpoint of route.endpoints) if ((endpoint.methods as readonly string[]).includes(wanted)) return endpoint;
  return undefined;
}

/** `true`, `false` (denied: `rest_forbidden`, built only when sent), or the check's own error. */
type Outcome = boolean | RestError;

function settle(outcome: unknown): Outcome {
  if (outcome === true) return true;
  return isRestError(outcome) ? outcome : false;
}

/**
 * Says that a handler changed what the permission checks see (it deleted the record): the
 * checks of `Allow` then run again, the endpoint's own too, as the original runs every check
 * for its `Allow` after the handler. A forced delete answers with no `Allow`, as there.
 *
 * @example
 * await store.delete(id);
 * permissionsChanged(request);
 */
export function permissionsChanged(request: RestRequest): void {
  request.checksStale = true;
}

/** The permission outcomes of one request, by endpoint: each check runs once (unless {@link permissionsChanged}). */
class Permissions {
  readonly #outcomes = new Map<CompiledEndpoint, Promise<Outcome>>();
  /** The parsed arguments; none when they failed to parse (the `Allow` of an error response). */
  args: Record<string, unknown> = {};
  /** Whether the request's arguments parsed (the checks of `Allow` then see them all). */
  parsed = false;

  constructor(readonly request: RestRequest) {}

  /** Forgets every outcome when the handler said {@link permissionsChanged}: the checks of `Allow` run again. */
  refreshIfChanged(): void {
    if (!this.request.checksStale) return;
    this.request.checksStale = false;
    this.#outcomes.clear();
  }

  /** The outcome of an endpoint's check; a throwing check is a failure (never an allow). */
  check(endpoint: CompiledEndpoint): Promise<Outcome> {
    let outcome = this.#outcomes.get(endpoint);
    if (outcome === undefined) {
      outcome = this.#run(endpoint);
      this.#outcomes.set(endpoint, outcome);
    }
    return outcome;
  }

  async #run(endpoint: CompiledEndpoint): Promise<Outcome> {
    if (endpoint.permission === 'public') return true;
    const check = endpoint.permission as (request: RestRequest, args: Record<string, unknown>) => unknown;
    return settle(await check(this.request, this.args));
  }
}

/**
 * The answer to a path or method no route serves: made once, as it is never reported, and
 * its body is made fresh.
 */
const NO_ROUTE = new RestError('rest_no_route');

/** The JSON text of {@link NO_ROUTE}'s body, made once. */
const NO_ROUTE_JSON = JSON.stringify(NO_ROUTE.toBody());

/** The 404 of a path or method no route serves; its body given as its JSON text when it is sent as it is. */
function noRoute(options: DispatchOptions): RestResponse {
  const status = NO_ROUTE.status;
  if (options.json === true) return new RestResponse(null, { status }).setJson(NO_ROUTE_JSON, () => NO_ROUTE.toBody());
  return new RestResponse(NO_ROUTE.toBody(), { status });
}

/**
 * Checks a batch member without running it, as the original's batch validation does: a
 * route and an endpoint for the method, `allow_batch`, then the arguments (required, valid,
 * sanitised). No permission check and no handler run. The error, or `undefined`.
 */
export async function validateBatchMember(request: RestRequest, context: ServerContext): Promise<RestError | undefined> {
  const found = context.router.match(request.path);
  const endpoint = found === undefined ? undefined : findEndpoint(found.value, request.method);
  if (found === undefined || endpoint === undefined) return NO_ROUTE;
  if (endpoint.allowBatch?.v1 !== true) return new RestError('rest_batch_not_allowed');
  request.urlParams = found.params;
  request.scope = context.scope;
  request.defaults = endpoint.defaults;
  try {
    await parseArgs(request, endpoint.args);
    return undefined;
  } catch (error) {
    return toRestError(error);
  }
}

/** Runs a request's route: the answer, with its `Allow` (unless `allow: false`). Never throws: failures become error responses. */
export async function dispatch(
  request: RestRequest,
  context: ServerContext,
  options: DispatchOptions = {},
): Promise<RestResponse> {
  const found = options.match === undefined ? context.router.match(request.path) : (options.match ?? undefined);
  if (found === undefined) {
    // The original answers OPTIONS on an unknown path with an empty list, not an error.
    if (request.method === 'OPTIONS') return new RestResponse([]);
    return noRoute(options);
  }
  const route = found.value;
  request.urlParams = found.params;
  request.scope = context.scope;
  if (request.method === 'OPTIONS') return optionsResponse(route, request, context);
  const endpoint = findEndpoint(route, request.method);
  if (endpoint === undefined) return noRoute(options);
  request.defaults = endpoint.defaults;
  if (request.bodyStream !== undefined) {
    // Only an endpoint that takes its body as a stream reads it, within its limit.
    request.bodyStream =
      endpoint.streamBody === undefined ? undefined : limitBodyStream(request.bodyStream, endpoint.streamBody.maxBytes);
  }
  const permissions = new Permissions(request);
  let response: RestResponse;
  try {
    response = await run(request, { route, endpoint, permissions, context, options });
  } catch (error) {
    response = errorResponse(error, request, context);
    // Arguments that failed to parse: the checks of Allow still see the path's own (the id).
    if (!permissions.parsed && options.allow !== false) permissions.args = await pathArgs(request, route, endpoint);
  }
  // Every answer, an error too, gets its Allow (unless an embedded request asks for none).
  if (options.allow === false) return response;
  // A handler that shows its record in a context of its choosing (`edit` after a write) has
  // set that context on the request, as the original's `set_param('context', …)`: the checks
  // of Allow that have not run yet see it.
  if (response.context !== undefined) permissions.args = { ...permissions.args, context: response.context };
  await setAllowHeader(response, route, permissions);
  return response;
}

/** What {@link run} works with: the matched route and endpoint, the request's permission outcomes. */
interface Run {
  readonly route: CompiledRoute;
  readonly endpoint: CompiledEndpoint;
  readonly permissions: Permissions;
  readonly context: ServerContext;
  readonly options: DispatchOptions;
}

/** Arguments, permission, precondition, handler, preparation: the answer, or a throw. */
async function run(request: RestRequest, { route, endpoint, permissions, context, options }: Run): Promise<RestResponse> {
  if (options.batch === true && endpoint.allowBatch?.v1 !== true) throw new RestError('rest_batch_not_allowed');
  const args = await parseArgs(request, endpoint.args);
  permissions.args = args;
  permissions.parsed = true;
  const allowed = await permissions.check(endpoint);
  if (allowed !== true) throw allowed === false ? denied(request, 'rest_forbidden') : allowed;
  if (options.precondition !== undefined) {
    const refused = await options.precondition();
    if (refused !== undefined) throw refused;
  }
  const handler = endpoint.handler as (args: Record<string, unknown>, request: RestRequest) => unknown;
  const value = await handler(args, request);
  return prepare(value, route, args, { context, json: options.json === true, request });
}

async function optionsResponse(route: CompiledRoute, request: RestRequest, context: ServerContext): Promise<RestResponse> {
  const result = new RestResponse(context.describeRoute(route, { withSchema: true }));
  const permissions = new Permissions(request);
  const [first] = route.endpoints;
  if (first !== undefined) permissions.args = await pathArgs(request, route, first);
  await setAllowHeader(result, route, permissions);
  return result;
}

/**
 * The path's own arguments (`id` of `/users/:id`), parsed by the endpoint's schemas, for the
 * permission checks of `Allow` when the request's arguments as a whole are not parsed (an
 * OPTIONS request, or arguments that failed): the original's checks see the URL's id then
 * too. `{}` when they do not parse either, or the path has none.
 */
async function pathArgs(
  request: RestRequest,
  route: CompiledRoute,
  endpoint: CompiledEndpoint,
): Promise<Record<string, unknown>> {
  const names: readonly string[] = route.pattern.paramNames;
  if (names.length === 0) return {};
  const own = endpoint.args.filter((arg) => names.includes(arg.name));
  if (own.length === 0) return {};
  try {
    return await parseArgs(request, own);
  } catch {
    return {};
  }
}

/**
 * `Allow`: the methods whose permission check passes for this caller (the original's
 * `rest_send_allow_header`); no header at all when none passes, as the original sends none.
 * Every check is started first, so slow checks run side by side.
 */
async function setAllowHeader(result: RestResponse, route: CompiledRoute, permissions: Permissions): Promise<void> {
  if (route.publicAllow !== undefined) {
    result.setHeader('Allow', route.publicAllow);
    return;
  }
  permissions.refreshIfChanged();
  const outcomes = await Promise.all(route.endpoints.map((endpoint) => permissions.check(endpoint).catch((): Outcome => false)));
  const methods = allowedMethods(route, outcomes);
  if (methods !== '') result.setHeader('Allow', methods);
}

function allowedMethods(route: CompiledRoute, outcomes: readonly Outcome[]): string {
  let passed = 0;
  for (let i = 0; i < outcomes.length; i++) if (outcomes[i] === true) passed |= 1 << i;
  const values = route.allowValues;
  const known = values.get(passed);
  if (known !== undefined) return known;
  const allowed = new Set<string>();
  route.endpoints.forEach((endpoint, index) => {
    if (outcomes[index] === true) for (const method of endpoint.methods) allowed.add(method);
  });
  const value = [...allowed].join(', ');
  // A bit per endpoint fits routes of up to 31 endpoints; beyond that, nothing is kept.
  if (outcomes.length > 31) return value;
  values.set(passed, value);
  return value;
}
