/**
 * A route's `loadMany` that answers each request of an `_embed` group as it would be answered
 * alone: its permission check, then its handler. What the group saves is a dispatch per link;
 * the reads are shared as for separate requests (the loaders keyed by the batch scope, see
 * `request-batch.ts`).
 *
 * @module
 */
import { isRestError, type RestError, type RestRequest } from '@cms-json/core';

/**
 * The `loadMany` of an endpoint from its own permission check and handler: a refusal, or a
 * `RestError` the handler throws, is that request's answer; anything else fails the group
 * (the core reports it once).
 *
 * @example
 * const permission = (request, args) => canRead(context, request, args);
 * const handler = (args, request) => read(args, request);
 * endpoint({ methods: READABLE, args, permission, handler, loadMany: eachAlone(permission, handler) });
 */
export function eachAlone<A, T>(
  permission: (request: RestRequest, args: A) => true | RestError | Promise<true | RestError>,
  handler: (args: A, request: RestRequest) => T | Promise<T>,
): (calls: readonly { readonly args: A; readonly request: RestRequest }[]) => Promise<(T | RestError)[]> {
  const answer = async (args: A, request: RestRequest): Promise<T | RestError> => {
    const allowed = await permission(request, args);
    if (allowed !== true) return allowed;
    try {
      return await handler(args, request);
    } catch (error) {
      if (isRestError(error)) return error;
      throw error;
    }
  };
  return (calls) => Promise.all(calls.map(({ args, request }) => answer(args, request)));
}
