/**
 * In-process dispatch: a {@link RestRequest} in, a {@link RestResponse} out, in the
 * original's order: match → JSON parse → required → validate → sanitise → permission →
 * handler → records prepared (context, links) → `Allow`.
 *
 * Permission checks run at most once per endpoint and request: the `Allow` header reuses
 * the matched endpoint's outcome, and routes whose endpoints are all public need no check.
 *
 * @module
 */
import { limitBodyStream } from './body-stream.js';
import { denied, isRestError, RestError, toRestError } from './errors.js';
import type { Links } from './links/link.js';
import type { CompiledEndpoint, CompiledRoute } from './namespace.js';
import type { ObjectTypeHooks } from './object-types/hooks.js';
import { hasMembers, isRecord, withMember } from './record.js';
import type { RestRequest } from './request.js';
import { RestResponse } from './response.js';
import { parseArgs } from './schema/args.js';
import type { ContextFilter } from './schema/context-filter.js';
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
}

/** Turns an error into a response with the original's body; unexpected failures are reported. */
export function errorResponse(error: unknown, request: RestRequest, context: ServerContext): RestResponse {
  const restError = toRestError(error);
  if (restError.code === 'rest_internal_error') context.reportError(error, request);
  const body = restError.toBody();
  return new RestResponse(body, { status: body.data.status });
}

function findEndpoint(route: CompiledRoute, method: string): CompiledEndpoint | undefined {
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
  const found = context.router.match(request.path);
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

/**
 * Dispatches many GET requests as `_embed` does (no `Allow`), with the same answers as
 * {@link dispatch} on each: the requests to an endpoint that declares `loadMany` are answered
 * as one group (their arguments parsed one by one, then one call for all of them); any other
 * request is dispatched alone, all side by side. They share one
 * {@link RestRequest.batchScope}, so loaders batched by it serve them all with one load.
 * Never throws.
 */
export function dispatchMany(requests: readonly RestRequest[], context: ServerContext): Promise<RestResponse>[] {
  const answers: Promise<RestResponse>[] = new Array(requests.length);
  // One batch scope for all of them: loaders keyed by it load for every request at once.
  const batchScope = {};
  for (const request of requests) request.batchScope = batchScope;
  const groups = new Map<CompiledEndpoint, { route: CompiledRoute; members: [index: number, request: RestRequest][] }>();
  requests.forEach((request, index) => {
    const found = request.method === 'GET' ? context.router.match(request.path) : undefined;
    const endpoint = found === undefined ? undefined : findEndpoint(found.value, 'GET');
    if (found === undefined || endpoint?.loadMany === undefined) {
      answers[index] = dispatch(request, context, { allow: false });
      return;
    }
    request.urlParams = found.params;
    request.scope = context.scope;
    request.defaults = endpoint.defaults;
    let group = groups.get(endpoint);
    if (group === undefined) groups.set(endpoint, (group = { route: found.value, members: [] }));
    group.members.push([index, request]);
  });
  for (const [endpoint, { route, members }] of groups) {
    const settled = loadGroup(endpoint, route, members, context);
    members.forEach(([index], position) => {
      answers[index] = settled.then((responses) => responses[position] as RestResponse);
    });
  }
  return answers;
}

/** One group of {@link dispatchMany}: each request's arguments, then the endpoint's `loadMany` once for those that parsed. */
async function loadGroup(
  endpoint: CompiledEndpoint,
  route: CompiledRoute,
  members: readonly (readonly [number, RestRequest])[],
  context: ServerContext,
): Promise<RestResponse[]> {
  const parsed = await Promise.all(
    members.map(async ([, request]) => {
      try {
        return await parseArgs(request, endpoint.args);
      } catch (error) {
        return toRestError(error);
      }
    }),
  );
  const calls: { args: Record<string, unknown>; request: RestRequest }[] = [];
  parsed.forEach((args, position) => {
    if (!isRestError(args)) calls.push({ args, request: (members[position] as readonly [number, RestRequest])[1] });
  });
  const load = endpoint.loadMany as unknown as (calls: readonly unknown[]) => Promise<readonly unknown[]>;
  let loaded: readonly unknown[];
  try {
    loaded = calls.length === 0 ? [] : await load(calls);
    if (loaded.length !== calls.length)
      throw new Error(`loadMany of ${route.key} answered ${loaded.length} of ${calls.length} calls.`);
  } catch (error) {
    // One failure for the group: reported once, each request answered with its error.
    const failure = toRestError(error);
    if (failure.code === 'rest_internal_error') context.reportError(error, calls[0]?.request as RestRequest);
    return parsed.map((args) => {
      const body = (isRestError(args) ? args : failure).toBody();
      return new RestResponse(body, { status: body.data.status });
    });
  }
  let next = 0;
  return Promise.all(
    parsed.map(async (args, position) => {
      const request = (members[position] as readonly [number, RestRequest])[1];
      if (isRestError(args)) return errorResponse(args, request, context);
      const value = Array.isArray(loaded) ? loaded[next++] : loaded;
      if (isRestError(value)) return errorResponse(value, request, context);
      try {
        return await prepare(value, route, args, { context, json: false, request });
      } catch (error) {
        return errorResponse(error, request, context);
      }
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

/** Normalises a handler's result and prepares its records: fields, context filter, links, `prepare` hooks. */
function prepare(
  value: unknown,
  route: CompiledRoute,
  args: Record<string, unknown>,
  options: { context: ServerContext; json: boolean; request: RestRequest },
): RestResponse | Promise<RestResponse> {
  const result = value instanceof RestResponse ? value : new RestResponse(value ?? null);
  if (result.raw || result.status >= 400) return result;
  const requested = result.context ?? (typeof args.context === 'string' ? args.context : 'view');
  const contextFilter = route.contextFilter;
  const preparation: Preparation = {
    context: options.context,
    request: options.request,
    filter: contextFilter?.needed(requested) === true ? contextFilter : undefined,
    requested,
    hooks: route.objectType?.hooks('prepare') ?? NO_HOOKS,
  };
  const data = result.data;
  // Registered fields may be async: their values are added first, to copies of the records.
  if (route.fields.length > 0 && (Array.isArray(data) || isRecord(data))) {
    return withFields(data, route.fields, options.request).then((records) =>
      prepareData(result, records, route, preparation, options.json),
    );
  }
  return prepareData(result, data, route, preparation, options.json);
}

function prepareData(
  result: RestResponse,
  data: unknown,
  route: CompiledRoute,
  preparation: Preparation,
  json: boolean,
): RestResponse | Promise<RestResponse> {
  const { context, filter, requested, hooks } = preparation;
  if (Array.isArray(data)) {
    if (hooks.length > 0) {
      return prepareListWithHooks(data, route, preparation).then((records) => {
        result.data = records;
        return result;
      });
    }
    const text = json ? writeList(data, route, preparation) : undefined;
    if (text === undefined) result.data = prepareList(data, route, preparation);
    else result.setJson(text, () => prepareList(data, route, preparation));
  } else if (isRecord(data)) {
    const prepared = filter !== undefined ? (filter.apply(data, requested) as Record<string, unknown>) : data;
    // Sent as it is, with no links of the handler's own: written at once, as a list's records
    // are; its links are made only if someone reads the data.
    if (json && hooks.length === 0 && !hasMembers(result.links)) {
      const text = writeRecord(prepared, data, route, preparation);
      if (text !== undefined) {
        result.setJson(text, () => {
          addRouteLinks(result, data, route, context);
          return prepared;
        });
        return result;
      }
    }
    addRouteLinks(result, data, route, context);
    if (hooks.length > 0) {
      return runHooks(prepared, data, result.links, preparation).then((record) => {
        result.data = record;
        return result;
      });
    }
    result.data = prepared;
  }
  return result;
}

/** Puts the route's links of a record first in the response's links. */
function addRouteLinks(
  result: RestResponse,
  record: Record<string, unknown>,
  route: CompiledRoute,
  context: ServerContext,
): void {
  if (route.links.length === 0) return;
  const links = route.linking.resolver(context.linkContext)(record);
  for (const [rel, list] of Object.entries(links)) (result.links[rel] ??= []).unshift(...list);
}

/** Copies of the records with each registered field's value added (the original's `add_additional_fields_to_object`). */
async function withFields(
  data: readonly unknown[] | Record<string, unknown>,
  fields: CompiledRoute['fields'],
  request: RestRequest,
): Promise<unknown> {
  const add = async (item: unknown): Promise<unknown> => {
    if (!isRecord(item)) return item;
    const values = await Promise.all(fields.map(([, field]) => field.get?.(item, request)));
    const record: Record<string, unknown> = { ...item };
    fields.forEach(([name], index) => {
      record[name] = values[index];
    });
    return record;
  };
  return Array.isArray(data) ? Promise.all(data.map(add)) : add(data);
}

/** The `prepare` hooks of the route's object type over one record, in order. */
async function runHooks(
  record: Record<string, unknown>,
  source: Record<string, unknown>,
  links: Links,
  preparation: Preparation,
): Promise<Record<string, unknown>> {
  let current = record;
  const event = { source, request: preparation.request, links, context: preparation.requested };
  for (const hook of preparation.hooks) current = await hook(current, event);
  return current;
}

/** How a response's records are prepared: the context filter, if any, the route's links, the hooks. */
interface Preparation {
  readonly context: ServerContext;
  readonly request: RestRequest;
  readonly filter: ContextFilter | undefined;
  readonly requested: string;
  readonly hooks: readonly ObjectTypeHooks['prepare'][];
}

const NO_HOOKS: readonly ObjectTypeHooks['prepare'][] = Object.freeze([]);

/** The records of a list, each filtered by context and given its `_links` (a copy: the handler's objects are never changed). */
function prepareList(items: readonly unknown[], route: CompiledRoute, preparation: Preparation): unknown[] {
  const { context, filter, requested } = preparation;
  const withLinks = route.links.length > 0;
  const resolve = route.linking.resolver(context.linkContext);
  // Registered relation names (`self`, `collection`) have nothing to compact: no CURIE pass.
  const compact = route.links.some((template) => template.rel.includes('://'));
  return items.map((item) => {
    const prepared = filter === undefined ? item : filter.apply(item, requested);
    if (!withLinks || !isRecord(prepared)) return prepared;
    const resolved = resolve(item as Record<string, unknown>);
    const links = compact ? context.curies.apply(resolved) : resolved;
    for (const _rel in links) {
      // A filtered record is already a copy; the handler's own object is never changed.
      if (prepared === item) return withMember(prepared, '_links', links);
      prepared._links = links;
      return prepared;
    }
    return prepared;
  });
}

/** The records of a list, prepared, then each given to the `prepare` hooks with its links. */
async function prepareListWithHooks(
  items: readonly unknown[],
  route: CompiledRoute,
  preparation: Preparation,
): Promise<unknown[]> {
  const { context, filter, requested } = preparation;
  const resolve = route.linking.resolver(context.linkContext);
  return Promise.all(
    items.map(async (item) => {
      if (!isRecord(item)) return item;
      const prepared = filter === undefined ? { ...item } : (filter.apply(item, requested) as Record<string, unknown>);
      const links = resolve(item);
      const record = await runHooks(prepared, item, links, preparation);
      const compacted = context.curies.apply(links);
      for (const _rel in compacted) return withMember(record, '_links', compacted);
      return record;
    }),
  );
}

const NO_LINKS = () => '';

/**
 * The JSON text of a prepared record with its route's links (as `linkedData` would add them
 * to a response with no other links), written without preparing it; `undefined` when it
 * cannot be.
 */
function writeRecord(
  prepared: Record<string, unknown>,
  source: Record<string, unknown>,
  route: CompiledRoute,
  preparation: Preparation,
): string | undefined {
  const { context } = preparation;
  const links = route.links.length === 0 ? NO_LINKS : route.linking.writer(context.linkContext, context.curies);
  if (links === undefined) return undefined;
  return route.listWriter.writeRecord(prepared, links(source));
}

/** The JSON text of the prepared list, written without preparing it; `undefined` when it cannot be. */
function writeList(items: readonly unknown[], route: CompiledRoute, preparation: Preparation): string | undefined {
  const { context, filter, requested } = preparation;
  const links = route.links.length === 0 ? NO_LINKS : route.linking.writer(context.linkContext, context.curies);
  if (links === undefined) return undefined;
  if (filter === undefined) return route.listWriter.write(items, { links });
  const records = items.map((item) => filter.apply(item, requested));
  return route.listWriter.write(records, { links, sources: items });
}
