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
 * A `GET` endpoint that declares a validator (`EndpointDefinition.validator`, a version of its
 * data) is tagged from that version instead ({@link versionTag}): the `validator` stage reads
 * it after authentication and before dispatch, and answers a matching `If-None-Match` there,
 * with no argument parsing, permission check, handler, body or hash. docs/caching.md argues
 * why that 304 is the one the full answer would give.
 *
 * @module
 */
import { wantsHtml } from '../browsable/negotiate.js';
import { errorResponse } from '../dispatch.js';
import type { CompiledRoute } from '../namespace.js';
import type { RestRequest } from '../request.js';
import type { Validator } from '../route.js';
import type { ServerContext } from '../server-context.js';
import { entityTag, matchesTag, versionTag } from './etag.js';
import { corsHeaders, NO_CACHE_HEADERS } from './headers.js';
import type { ServeState } from './pipeline.js';

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

function keptBy304(name: string): boolean {
  const lower = name.toLowerCase();
  return KEPT_BY_304.has(lower) || lower.startsWith('access-control-') || lower.endsWith('-nonce');
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

/** A server's salt of its version tags, and the tag it made last for each path. */
interface Tagging {
  readonly salt: string;
  readonly tags: Map<string, KeptTag>;
}

/** A tag as kept, with what it was made of besides the path. */
interface KeptTag {
  readonly version: string;
  readonly userId: number;
  /** The query's JSON, `''` for none. */
  readonly query: string;
  readonly tag: string;
}

/** Each server's {@link Tagging}, made at its first tag. */
const taggings = new WeakMap<ServerContext, Tagging>();

/** How many paths' tags a server keeps; past that, it forgets them all and starts again. */
const KEPT_TAGS = 512;

/**
 * The server's salt: random, so that a tag never outlives the server that made it (a new
 * start may run other code or settings, which may change an answer without changing its
 * data). Not a secret: it only keeps servers' tags apart.
 */
function taggingOf(context: ServerContext): Tagging {
  let tagging = taggings.get(context);
  if (tagging === undefined) {
    tagging = { salt: `${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`, tags: new Map() };
    taggings.set(context, tagging);
  }
  return tagging;
}

/** The validator of the `GET` endpoint of the route serving `path`, if it declares one. */
export function validatorOf(context: ServerContext, path: string): Validator | undefined {
  const found = context.router.match(path);
  return found === undefined ? undefined : getValidator(found.value);
}

/** The validator of a route's `GET` endpoint, if it declares one. */
function getValidator(route: CompiledRoute): Validator | undefined {
  for (const endpoint of route.endpoints) if (endpoint.methods.includes('GET')) return endpoint.validator;
  return undefined;
}

/**
 * The tag of a `GET` of `path` with `query` by `user`, from the version a validator read.
 *
 * @example
 * ```ts
 * const tag = validatedTag(context, { version: 7, path: '/tel/v1/outgoing-links', query: {}, user: null });
 * ```
 */
export function validatedTag(
  context: ServerContext,
  target: {
    readonly version: string | number | bigint;
    readonly path: string;
    readonly query: Readonly<Record<string, unknown>>;
    readonly user: RestRequest['user'];
  },
): string {
  const tagging = taggingOf(context);
  const userId = target.user?.id ?? 0;
  const version = String(target.version);
  const path = target.path;
  const query = hasKeys(target.query) ? JSON.stringify(target.query) : '';
  // The same version, caller and URL give the same tag: a hot record is hashed once per version.
  const kept = tagging.tags.get(path);
  if (kept !== undefined && kept.version === version && kept.userId === userId && kept.query === query) return kept.tag;
  const tag = versionTag({ version, path, query: target.query, salt: tagging.salt, userId });
  if (kept === undefined && tagging.tags.size >= KEPT_TAGS) tagging.tags.clear();
  tagging.tags.set(path, { version, userId, query, tag });
  return tag;
}

function hasKeys(object: Readonly<Record<string, unknown>>): boolean {
  for (const _ in object) return true;
  return false;
}

/**
 * Whether a request may be tagged from its route's validator: a `GET` or `HEAD` sent as JSON
 * as it is (no `_embed`, whose embedded records come from other routes; no JSONP or
 * `_envelope`, which are never tagged; not the browsable API's HTML page).
 */
function validatable(state: ServeState): boolean {
  const { request } = state;
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (state.response !== undefined || state.jsonp !== undefined || state.embed !== false) return false;
  if (Object.hasOwn(request.query, '_envelope')) return false;
  return state.options.browsable === undefined || !wantsHtml(request);
}

/**
 * The `validator` stage, before dispatch: when the route's `GET` endpoint declares a
 * validator, reads the version and keeps the tag for the answer; when `If-None-Match` (not
 * `*`, which asks whether the answer exists) matches it, answers 304 at once. A validator
 * that fails (its database does) is the answer, as a failing handler's would be: its
 * `RestError` as it is, anything else the core's 500 (or 503 for a database out of reach).
 */
export function validatorStage(state: ServeState): void | Promise<void> {
  if (!validatable(state)) return;
  // The match is kept for dispatch, which then does not match the path again.
  const found = state.context.router.match(state.request.path);
  state.match = found ?? null;
  const validator = found === undefined ? undefined : getValidator(found.value);
  if (validator === undefined) return;
  let version: ReturnType<Validator>;
  try {
    version = validator(state.request);
  } catch (error) {
    refuse(state, error);
    return;
  }
  if (version instanceof Promise)
    return version.then(
      (settled) => revalidate(state, settled),
      (error: unknown) => refuse(state, error),
    );
  revalidate(state, version);
}

/** Answers the validator's failure: the dispatch stage then sends this response on. */
function refuse(state: ServeState, error: unknown): void {
  state.response = errorResponse(error, state.request, state.context);
}

function revalidate(state: ServeState, version: string | number | bigint): void {
  const { request } = state;
  const tag = validatedTag(state.context, { version, path: request.path, query: request.query, user: request.user });
  state.validatorTag = tag;
  const condition = request.headers['if-none-match'];
  if (condition === undefined || condition.trim() === '*' || !matchesTag(condition, tag)) return;
  // The headers the answer would carry that a 304 keeps: those of the response-headers stage.
  const headers = state.headers;
  if (request.user !== null) Object.assign(headers, NO_CACHE_HEADERS);
  Object.assign(headers, corsHeaders(request.headers.origin, state.options.cors));
  headers.ETag = tag;
  headers.Vary = varyOf(state.context.names.nonceHeader);
  const kept: Record<string, string | string[]> = {};
  for (const name in headers) if (keptBy304(name)) kept[name] = headers[name] as string | string[];
  state.result = { status: 304, headers: kept, body: null };
}

/**
 * The stage: tags the answer, answers 304 when `If-None-Match` matches, and drops the body
 * of a HEAD answer. `state.body` is the encoded body (`null` for none).
 */
export function conditionalStage(state: ServeState): void {
  const headers = state.headers;
  let body = state.body;
  if (body !== null && isTaggable(state)) {
    let tag = ownTag(headers);
    if (tag === undefined) {
      tag = state.validatorTag ?? entityTag(body, { userId: state.request.user?.id ?? 0 });
      headers.ETag = tag;
    }
    headers.Vary = varyOf(state.context.names.nonceHeader);
    const condition = state.request.headers['if-none-match'];
    if (condition !== undefined && matchesTag(condition, tag)) {
      const kept: Record<string, string | string[]> = {};
      for (const name in headers) if (keptBy304(name)) kept[name] = headers[name] as string | string[];
      state.result = { status: 304, headers: kept, body: null };
      return;
    }
  }
  if (state.request.method === 'HEAD') body = null;
  state.result = { status: state.status, headers, body };
}
