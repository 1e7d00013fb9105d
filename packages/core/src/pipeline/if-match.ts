/**
 * `If-Match` on `PUT`, `PATCH` and `DELETE` (RFC 9110 §13.1.1): the write runs only when the
 * caller's tag is still the target's, so two editors cannot overwrite each other silently.
 *
 * The current tag is the one a plain `GET` of the same path would carry for the same caller:
 * the dispatcher runs that `GET` internally (no `_embed`, `_fields` or other query but `context`,
 * taken from the write's own query when it has one), builds its body as the pipeline would,
 * and hashes it ({@link entityTag}). It costs one `GET` of the record per conditional write.
 * So the write is refused only when the record's own answer changed, not when another record
 * of the same table did.
 *
 * - The tag (or one of a list, weak comparison) matches, or `*` with the record there: the
 *   write runs.
 * - It does not: 412 `rest_precondition_failed`, after the write's arguments and permission
 *   pass and before its handler runs; nothing changes.
 * - The `GET` does not answer 2xx (the record is missing, the caller may not read it, the
 *   route has no `GET`): the condition is left out and the write answers for itself (its
 *   own 404 or 403), as RFC 9110 §13.2.1 asks of a request that fails without its condition.
 *
 * @module
 */
import { dispatch } from '../dispatch.js';
import { RestError } from '../errors.js';
import { requestFromInit } from '../incoming.js';
import type { RestResponse } from '../response.js';
import type { ServerContext } from '../server-context.js';
import { linkedData } from './embed.js';
import { entityTag, matchesTag } from './etag.js';
import { encodeJson } from './serialize.js';
import type { ServeState } from './state.js';

const CONDITIONAL_WRITES: ReadonlySet<string> = new Set(['PUT', 'PATCH', 'DELETE']);

/**
 * The tag a plain `GET` of the request's path answers the same caller with, or `undefined`
 * when that `GET` does not answer 2xx with a body.
 */
export async function currentTag(state: ServeState): Promise<string | undefined> {
  const { request, context } = state;
  const query: Record<string, unknown> = {};
  if (Object.hasOwn(request.query, 'context')) query.context = request.query.context;
  const get = requestFromInit({ method: 'GET', path: request.path, query, headers: request.headers, user: request.user });
  const read = await dispatch(get, context, { allow: false, json: true });
  if (read.status < 200 || read.status >= 300 || read.status === 204) return undefined;
  const own = read.getHeader('etag');
  if (own !== undefined) return Array.isArray(own) ? own[0] : own;
  const body = bodyText(read, context);
  return body === undefined ? undefined : entityTag(body, { userId: request.user?.id ?? 0 });
}

/** The body a GET answer is sent with (as the pipeline's encode stage writes it). */
function bodyText(read: RestResponse, context: ServerContext): string | undefined {
  if (read.json !== undefined) return read.json;
  const data = linkedData(read, context);
  if (data === null || data === undefined) return undefined;
  return encodeJson(data, { pretty: false });
}

/**
 * The precondition of a conditional write, for `DispatchOptions.precondition`: `If-Match`
 * compared with the current tag, or `undefined` when the request has none to check (not a
 * `PUT`, `PATCH` or `DELETE`, or no `If-Match`). The dispatcher runs it after the write's
 * arguments and permission pass and before its handler, so a 400, 401 or 403 comes first
 * and a 412 leaves everything as it was.
 */
export function ifMatchPrecondition(state: ServeState): (() => Promise<RestError | undefined>) | undefined {
  const condition = state.request.headers['if-match'];
  if (condition === undefined || !CONDITIONAL_WRITES.has(state.request.method)) return undefined;
  return async () => {
    const tag = await currentTag(state);
    return tag === undefined || matchesTag(condition, tag) ? undefined : new RestError('rest_precondition_failed');
  };
}
