/**
 * Many GET requests answered side by side, as `_embed` asks for the targets of a response's
 * links: one batch scope for all of them, and the requests to an endpoint that declares
 * `loadMany` answered as one group.
 *
 * @module
 */
import { dispatch, errorResponse, findEndpoint } from './dispatch.js';
import { isRestError, toRestError } from './errors.js';
import type { CompiledEndpoint, CompiledRoute } from './namespace.js';
import { prepare } from './prepare-result.js';
import type { RestRequest } from './request.js';
import { RestResponse } from './response.js';
import { parseArgs } from './schema/args.js';
import type { ServerContext } from './server-context.js';

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
