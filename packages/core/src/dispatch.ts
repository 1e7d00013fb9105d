/**
 * In-process dispatch: a {@link RestRequest} in, a {@link RestResponse} out, in the
 * original's order: match → JSON parse → required → validate → sanitise → permission →
 * handler → records prepared (context, links; see `prepare-result.ts`) → `Allow`. Many GETs at
 * once (`_embed`) are answered by `dispatch-many.ts`.
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

/** Requests whose handler changed what the checks see: looked up once, when `Allow` is set (no per-check cost). */
const checksStale = new WeakSet<RestRequest>();

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
  checksStale.add(request);
}

/** The permission outcomes of one request, by endpoint: each check runs once (unless {@link permissionsChanged}). */
class Permissions {
  // Side by side rather than a Map: a route has a handful of endpoints, and most requests
  // check one or two. Made at the first check: a public endpoint needs none.
  #checked: CompiledEndpoint[] | undefined;
  #outcomes: (Outcome | Promise<Outcome>)[] | undefined;
  /** The parsed arguments; none when they failed to parse (the `Allow` of an error response). */
  args: Record<string, unknown> = {};

  constructor(readonly request: RestRequest) {}

  /** Forgets every outcome when the handler said {@link permissionsChanged}: the checks of `Allow` run again. */
  refreshIfChanged(): void {
    if (!checksStale.delete(this.request)) return;
    this.#checked = undefined;
    this.#outcomes = undefined;
  }

  /** The outcome of an endpoint's check; a throwing check is a failure (never an allow). */
  check(endpoint: CompiledEndpoint): Outcome | Promise<Outcome> {
    if (endpoint.permission === 'public') return true;
    const index = this.#checked === undefined ? -1 : this.#checked.indexOf(endpoint);
    if (index !== -1) return this.#outcomes?.[index] as Outcome | Promise<Outcome>;
    const check = endpoint.permission as (request: RestRequest, args: Record<string, unknown>) => unknown;
    let found: Outcome | Promise<Outcome>;
    try {
      const outcome = check(this.request, this.args);
      found = outcome instanceof Promise ? outcome.then(settle) : settle(outcome);
    } catch (error) {
      found = Promise.reject(error);
    }
    // Outcomes may be awaited later (for Allow): never let a rejection count as unhandled.
    if (found instanceof Promise) found.catch(() => undefined);
    (this.#checked ??= []).push(endpoint);
    (this.#outcomes ??= []).push(found);
    return found;
  }
}

/** Calls `next` with the settled value: at once when it is not a promise, else when it settles. */
function after<T, R>(value: T | Promise<T>, next: (settled: T) => R | Promise<R>): R | Promise<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/** `next()`, with whatever it throws answered by `fail`. */
function guarded<R>(fail: (error: unknown) => R, next: () => R): R {
  try {
    return next();
  } catch (error) {
    return fail(error);
  }
}

/**
 * One step of an answer: `next` with the settled value, at once when it is not a promise
 * (what `next` throws then goes to the caller's guard), else in one turn, with a rejection
 * or a throw answered by `fail`. A request costs one promise step per value really pending.
 */
function step<T, R>(
  value: T | Promise<T>,
  fail: (error: unknown) => R | Promise<R>,
  next: (settled: T) => R | Promise<R>,
): R | Promise<R> {
  if (!(value instanceof Promise)) return next(value);
  return value.then((settled) => guarded(fail, () => next(settled)), fail);
}

/**
 * The answer to a path or method no route serves: made once, as it is never reported, and
 * its body is made fresh. Building an `Error`, even without its stack, was about a quarter of
 * such a request.
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

/** Dispatches a request to its route. Never throws: failures become error responses. */
export function dispatch(request: RestRequest, context: ServerContext, options: DispatchOptions = {}): Promise<RestResponse> {
  const answer = answerRequest(request, context, options);
  return answer instanceof Promise ? answer : Promise.resolve(answer);
}

/**
 * Dispatches a request to its route: the response itself when nothing was pending (no route,
 * a synchronous handler), else a promise of it. Never throws: failures become error responses.
 */
// Not an async function: each step waits only for what is really pending (a synchronous
// handler's request finishes in one go), and no promise wraps what is already settled.
export function answerRequest(
  request: RestRequest,
  context: ServerContext,
  options: DispatchOptions,
): RestResponse | Promise<RestResponse> {
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
  let parsed = false;
  // Every answer, an error too, gets its Allow (unless an embedded request asks for none).
  const finish = (response: RestResponse): RestResponse | Promise<RestResponse> => {
    if (options.allow === false) return response;
    // A handler that shows its record in a context of its choosing (`edit` after a write) has
    // set that context on the request, as the original's `set_param('context', …)`: the checks
    // of Allow that have not run yet see it.
    if (response.context !== undefined) permissions.args = { ...permissions.args, context: response.context };
    return after(setAllowHeader(response, route, permissions), () => response);
  };
  const fail = (error: unknown) => {
    const response = errorResponse(error, request, context);
    // Arguments that failed to parse: the checks of Allow still see the path's own (the id).
    if (parsed || options.allow === false || route.pattern.paramNames.length === 0) return finish(response);
    return after(pathArgs(request, route, endpoint), (args) => {
      permissions.args = args;
      return finish(response);
    });
  };
  if (options.batch === true && endpoint.allowBatch?.v1 !== true) return fail(new RestError('rest_batch_not_allowed'));
  return guarded(fail, () =>
    step(parseArgs(request, endpoint.args), fail, (args) => {
      parsed = true;
      permissions.args = args;
      return step(permissions.check(endpoint), fail, (allowed) => {
        if (allowed !== true) throw allowed === false ? denied(request, 'rest_forbidden') : allowed;
        const handler = endpoint.handler as (args: Record<string, unknown>, request: RestRequest) => unknown;
        const run = () =>
          step(handler(args, request), fail, (value) =>
            step(prepare(value, route, args, { context, json: options.json === true, request }), fail, finish),
          );
        if (options.precondition === undefined) return run();
        return step(options.precondition(), fail, (refused) => {
          if (refused !== undefined) throw refused;
          return run();
        });
      });
    }),
  );
}

async function optionsResponse(route: CompiledRoute, request: RestRequest, context: ServerContext): Promise<RestResponse> {
  const result = new RestResponse(context.describeRoute(route, { withSchema: true }));
  const permissions = new Permissions(request);
  const [first] = route.endpoints;
  if (first !== undefined && route.pattern.paramNames.length > 0) permissions.args = await pathArgs(request, route, first);
  await setAllowHeader(result, route, permissions);
  return result;
}

/**
 * The path's own arguments (`id` of `/users/:id`), parsed by the endpoint's schemas, for the
 * permission checks of `Allow` when the request's arguments as a whole are not parsed (an
 * OPTIONS request, or arguments that failed): the original's checks see the URL's id then
 * too. `{}` when they do not parse either.
 */
function pathArgs(
  request: RestRequest,
  route: CompiledRoute,
  endpoint: CompiledEndpoint,
): Record<string, unknown> | Promise<Record<string, unknown>> {
  const names: readonly string[] = route.pattern.paramNames;
  const own = endpoint.args.filter((arg) => names.includes(arg.name));
  if (own.length === 0) return {};
  try {
    const values = parseArgs(request, own);
    return values instanceof Promise ? values.catch(() => ({})) : values;
  } catch {
    return {};
  }
}

/**
 * `Allow`: the methods whose permission check passes for this caller (the original's
 * `rest_send_allow_header`); no header at all when none passes, as the original sends none.
 * Synchronous unless a permission check is.
 */
function setAllowHeader(result: RestResponse, route: CompiledRoute, permissions: Permissions): void | Promise<void> {
  if (route.publicAllow !== undefined) {
    result.setHeader('Allow', route.publicAllow);
    return;
  }
  permissions.refreshIfChanged();
  const outcomes = route.endpoints.map((endpoint): Outcome | Promise<Outcome> => {
    try {
      return permissions.check(endpoint);
    } catch {
      return false;
    }
  });
  if (outcomes.some((outcome) => outcome instanceof Promise)) {
    // Every check was started first, so slow (async) checks run side by side.
    return Promise.all(outcomes.map((outcome) => Promise.resolve(outcome).catch(() => false))).then((settled) => {
      setAllow(result, allowedMethods(route, settled));
    });
  }
  setAllow(result, allowedMethods(route, outcomes as Outcome[]));
}

function setAllow(result: RestResponse, methods: string): void {
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
