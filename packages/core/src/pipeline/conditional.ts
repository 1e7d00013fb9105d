/**
 * Conditional GET: the `ETag` of a GET or HEAD answer and `If-None-Match` → 304
 * (RFC 9110 §13.1.2, §15.4.5). The last stage of the pipeline: it sees the body as sent.
 *
 * - Every 2xx answer with a body to a GET or HEAD carries a weak `ETag` ({@link entityTag}),
 *   scoped to the caller, and `Vary` on what decides the caller (`Authorization`, `Cookie`,
 *   the nonce header) besides `Origin`. A handler's own `ETag` is kept as it is.
 * - `If-None-Match` (`*` or a list of tags, weak comparison) that matches answers 304 with
 *   no body and only the headers a 304 keeps ({@link KEPT_BY_304}).
 * - JSONP and `_envelope` answers carry no tag and never answer 304: their callers cannot
 *   read status or headers (that is why they use them), so a body-less 304 would reach
 *   them as an empty answer; and they are wrappers of the answer, not the answer.
 * - A HEAD answer is built in full, so its tag is the GET's, then sent without the body.
 *
 * Every tag is made from the body as sent ({@link entityTag}). A `GET` endpoint that declares a
 * validator (`EndpointDefinition.validator`, a version of its data) lets a revalidation skip
 * the body: the server remembers the tag it gave each caller's `GET` of each URL together with
 * the version read before that answer's data, and the `validator` stage, after authentication
 * and before dispatch, reads the version of a request with `If-None-Match` and answers 304 there
 * when both match (no argument parsing, permission check, handler, body or hash). A request
 * without `If-None-Match` reads no version. docs/caching.md argues why that 304 is the one the
 * full answer would give.
 *
 * @module
 */
import { errorResponse } from '../dispatch.js';
import type { HttpResponse } from '../http.js';
import type { CompiledRoute } from '../namespace.js';
import type { RestRequest } from '../request.js';
import type { Validator } from '../route.js';
import type { ServerContext } from '../server-context.js';
import { entityTag, matchesTag } from './etag.js';
import { corsHeaders, NO_CACHE_HEADERS } from './headers.js';
import type { ServeState, Validated } from './state.js';

/**
 * The headers a 304 keeps, lower case: those RFC 9110 §15.4.5 requires (`Cache-Control`,
 * `Content-Location`, `Date`, `ETag`, `Expires`, `Vary`), what a browser needs to let a
 * cross-origin script read the 304 (`Access-Control-*`), `X-Content-Type-Options`, and
 * a fresh nonce an authenticator added (matched by the `-nonce` suffix).
 */
export const KEPT_BY_304: ReadonlySet<string> = new Set([
  'cache-control',
  'content-location',
  'date',
  'etag',
  'expires',
  'vary',
  'x-content-type-options',
]);

/** Whether a 304 keeps a header, by its name as written (names come from code, so few). */
const keptNames = new Map<string, boolean>();

function keptBy304(name: string): boolean {
  let kept = keptNames.get(name);
  if (kept === undefined) {
    const lower = name.toLowerCase();
    kept = KEPT_BY_304.has(lower) || lower.startsWith('access-control-') || lower.endsWith('-nonce');
    // A bound all the same: a handler could name headers after its input.
    if (keptNames.size >= 256) keptNames.clear();
    keptNames.set(name, kept);
  }
  return kept;
}

/**
 * Whether the answer being built gets an `ETag`: a GET or HEAD answered 2xx (not 204), as
 * JSON, neither JSONP nor enveloped. Read before the body is built, to know whether a HEAD
 * answer needs it.
 */
export function isTaggable(state: ServeState): boolean {
  const method = state.request.method;
  if (method !== 'GET' && method !== 'HEAD') return false;
  const status = state.status;
  return (
    state.response !== undefined &&
    status >= 200 &&
    status < 300 &&
    status !== 204 &&
    state.jsonp === undefined &&
    !state.enveloped
  );
}

/** The answer's own `ETag` header (a handler's), in any case, or `undefined`. */
function ownTag(headers: Record<string, string | string[]>): string | undefined {
  for (const name in headers) {
    if (name.length === 4 && name.toLowerCase() === 'etag') {
      const value = headers[name];
      return Array.isArray(value) ? value[0] : value;
    }
  }
  return undefined;
}

/** The `Vary` of a tagged answer: what decides the body besides the URL. */
export function varyOf(nonceHeader: string): string {
  return `Origin, Authorization, Cookie, ${nonceHeader}`;
}

/** How many answers' tags a server keeps (the least recently used forgotten first). */
export const KNOWN_TAGS = 512;

/** What decides an answer besides the data and the server: the caller, the path and the query. */
function answerKey(request: RestRequest): string {
  const query = hasKeys(request.query) ? JSON.stringify(request.query) : '';
  return `${request.user?.id ?? 0}\n${request.path}\n${query}`;
}

function hasKeys(object: Readonly<Record<string, unknown>>): boolean {
  for (const _ in object) return true;
  return false;
}

/** The validator of a route's `GET` endpoint, if it declares one. */
function getValidator(route: CompiledRoute): Validator | undefined {
  for (const endpoint of route.endpoints) if (endpoint.methods.includes('GET')) return endpoint.validator;
  return undefined;
}

/**
 * Whether a request may be tagged from its route's validator: a `GET` or `HEAD` sent as JSON
 * as it is (no `_embed`, whose embedded records come from other routes; no JSONP or
 * `_envelope`, which are never tagged; not a browser's navigation when a renderer, such as the
 * browsable API's page, may answer it).
 */
function validatable(state: ServeState): boolean {
  const { request } = state;
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (state.response !== undefined || state.jsonp !== undefined || state.embed !== false) return false;
  if (Object.hasOwn(request.query, '_envelope')) return false;
  return state.options.renderers.length === 0 || !navigates(request);
}

/**
 * Whether a request is a browser's navigation: a `GET` whose `Accept` header names `text/html`
 * first. A renderer (the browsable API) may answer it with a page of its own, never tagged.
 */
function navigates(request: RestRequest): boolean {
  if (request.method !== 'GET') return false;
  const accept = request.headers.accept;
  return accept !== undefined && accept.split(',')[0]?.split(';')[0]?.trim().toLowerCase() === 'text/html';
}

/**
 * The `validator` stage, before dispatch: when the request revalidates (`If-None-Match`, not
 * `*`, which asks whether the answer exists) and the route's `GET` endpoint declares a
 * validator, reads the version; when the server already gave this caller's `GET` of this URL
 * a tag at that version and the condition matches it, answers 304 at once. A validator that
 * fails (its database does) is the answer, as a failing handler's would be: its `RestError` as
 * it is, anything else the core's 500 (or 503 for a database out of reach).
 *
 * A request that does not revalidate reads no version: its answer is tagged from its body.
 */
export async function validatorStage(state: ServeState): Promise<void> {
  if (!validatable(state)) return;
  // The match is kept for dispatch, which then does not match the path again.
  const found = state.context.router.match(state.request.path);
  state.match = found ?? null;
  const condition = state.request.headers['if-none-match'];
  if (condition === undefined || condition.trim() === '*') return;
  const validator = found === undefined ? undefined : getValidator(found.value);
  if (validator === undefined) return;
  let version: Awaited<ReturnType<Validator>>;
  try {
    version = await validator(state.request);
  } catch (error) {
    refuse(state, error);
    return;
  }
  revalidate(state, version, condition);
}

/** Answers the validator's failure: the dispatch stage then sends this response on. */
function refuse(state: ServeState, error: unknown): void {
  state.response = errorResponse(error, state.request, state.context);
}

function revalidate(state: ServeState, version: string | number | bigint, condition: string): void {
  const { request } = state;
  const validated = { key: answerKey(request), version: String(version) };
  state.validated = validated;
  const known = state.context.knownTags.get(validated.key);
  if (known === undefined || known.version !== validated.version || !matchesTag(condition, known.tag)) return;
  // The headers the answer would carry that a 304 keeps: those of the response-headers stage.
  const headers = state.headers;
  if (request.user !== null) Object.assign(headers, NO_CACHE_HEADERS);
  Object.assign(headers, corsHeaders(request.headers.origin, state.options.cors));
  headers.ETag = known.tag;
  headers.Vary = varyOf(state.context.names.nonceHeader);
  state.result = notModified(headers);
}

/** A 304 with the headers of the answer it stands for that a 304 keeps ({@link KEPT_BY_304}). */
function notModified(headers: Record<string, string | string[]>): HttpResponse {
  const kept: Record<string, string | string[]> = {};
  for (const name in headers) if (keptBy304(name)) kept[name] = headers[name] as string | string[];
  return { status: 304, headers: kept, body: null };
}

/** Keeps the tag of an answer to a revalidation, under the version read before its data. */
function remember(context: ServerContext, validated: Validated, tag: string): void {
  context.knownTags.set(validated.key, { version: validated.version, tag });
}

/**
 * The last step: tags the answer, answers 304 when `If-None-Match` matches, and drops the
 * body of a HEAD answer; the response sent. `state.body` is the encoded body (`null` for none).
 */
export function conditionalStage(state: ServeState): HttpResponse {
  const headers = state.headers;
  let body = state.body;
  if (body !== null && isTaggable(state)) {
    let tag = ownTag(headers);
    if (tag === undefined) {
      tag = entityTag(body, { userId: state.request.user?.id ?? 0 });
      headers.ETag = tag;
    }
    if (state.validated !== undefined) remember(state.context, state.validated, tag);
    headers.Vary = varyOf(state.context.names.nonceHeader);
    const condition = state.request.headers['if-none-match'];
    if (condition !== undefined && matchesTag(condition, tag)) return notModified(headers);
  }
  if (state.request.method === 'HEAD') body = null;
  return { status: state.status, headers, body };
}
