/**
 * The pipeline: how the server answers one API request, in the original's order of
 * `serve_request`. {@link handle} calls each step in turn (see docs/pipeline.md):
 *
 * ```
 * standard headers → method override → JSONP check → authenticate → validator (304) → dispatch
 *   (match → JSON parse → required → validate → sanitise → permission → If-Match → handler → Allow)
 * → _fields → envelope → response headers (CORS, no-cache) → HEAD cut → links and embed
 * → render (a plugin's page) → encode → conditional (ETag, 304, HEAD body)
 * ```
 *
 * A step that answers sets `state.result`, and the steps after it do not run. `_fields`
 * decides what is kept (and narrows `_embed`); the trimming itself runs where the data is
 * built, after links and embedding.
 *
 * @module
 */
import { CacheKeys } from '../cache-keys.js';
import { dispatch } from '../dispatch.js';
import { RestError, toRestError } from '../errors.js';
import type { HttpResponse } from '../http.js';
import type { RestRequest } from '../request.js';
import { RestResponse } from '../response.js';
import type { ServerContext } from '../server-context.js';
import type { AuthOutcome } from './authenticator.js';
import { conditionalStage, isTaggable, validatorStage } from './conditional.js';
import { linkedData, narrowEmbed, parseEmbed, responseToData } from './embed.js';
import { envelope } from './envelope.js';
import { embeddedRelations, fieldTree, filterFields, parseFields } from './fields.js';
import { corsHeaders, NO_CACHE_HEADERS } from './headers.js';
import { ifMatchPrecondition } from './if-match.js';
import { jsonpCallback, wantsJsonp, wrapJsonp } from './jsonp.js';
import { applyMethodOverride } from './method-override.js';
import { renderStage } from './render.js';
import { encodeJson } from './serialize.js';
import { markForSharedCache, markPrivate } from './shared-cache.js';
import type { PipelineOptions, ServeState } from './state.js';

/** Handles one API request (what `server.handle` does for a path under the REST root): the HTTP response. Never throws. */
export async function handle(request: RestRequest, context: ServerContext, options: PipelineOptions): Promise<HttpResponse> {
  const state: ServeState = {
    request,
    context,
    options,
    headers: {},
    jsonp: undefined,
    overridden: undefined,
    embed: parseEmbed(request.query._embed),
    fields: undefined,
    enveloped: false,
    response: undefined,
    data: undefined,
    json: undefined,
    dataReady: false,
    body: null,
    status: 200,
    result: undefined,
    validated: undefined,
    match: undefined,
  };
  const policy = options.sharedCache;
  if (policy === undefined) {
    try {
      return await serve(state);
    } catch (error) {
      return failed(state, error);
    }
  }
  // The shared cache is on: this request collects the keys of its answer (see shared-cache.ts).
  if (!request.cacheKeys.collecting) request.cacheKeys = new CacheKeys();
  try {
    return markForSharedCache(state, await serve(state), policy);
  } catch (error) {
    return markPrivate(failed(state, error));
  }
}

/** The steps, in the original's order; the first that sets `state.result` ends the request. */
async function serve(state: ServeState): Promise<HttpResponse> {
  state.headers = state.context.standardHeaders(state.options.jsonp && wantsJsonp(state.request.query));
  state.overridden = applyMethodOverride(state.request);
  checkJsonp(state);
  if (state.result !== undefined) return state.result;
  await authenticate(state);
  // With a shared cache, an anonymous answer is built in full: its 304 carries its keys.
  if (state.options.sharedCache === undefined || state.request.user !== null) await validatorStage(state);
  if (state.result !== undefined) return state.result;
  await dispatchStep(state);
  keepFields(state);
  await envelopeStep(state);
  responseHeaders(state);
  headCut(state);
  if (state.result !== undefined) return state.result;
  await linksAndEmbed(state);
  renderStage(state);
  if (state.result !== undefined) {
    // A renderer's page is another form of the same URL: never shared.
    state.request.cacheKeys.markPrivate();
    return state.result;
  }
  encode(state);
  if (state.result !== undefined) return state.result;
  return conditionalStage(state);
}

/** A bad `_jsonp` callback (or JSONP turned off): 400 with the original's bare `{code, message}`. */
function checkJsonp(state: ServeState): void {
  const callback = jsonpCallback(state.request.query, { enabled: state.options.jsonp });
  if (!(callback instanceof RestError)) {
    state.jsonp = callback;
    return;
  }
  const body = JSON.stringify({ code: callback.code, message: callback.message });
  state.result = { status: callback.status, headers: state.headers, body };
}

/** Asks the authenticators in order; the first that recognises the request decides. */
async function authenticate(state: ServeState): Promise<void> {
  for (const authenticator of state.options.authenticators) {
    const outcome = await authenticator(state.request);
    if (outcome === null || outcome === undefined) continue;
    adopt(state, outcome);
    return;
  }
}

function adopt(state: ServeState, outcome: AuthOutcome): void {
  state.request.user = outcome.user;
  if (outcome.headers !== undefined) Object.assign(state.headers, outcome.headers);
  if (outcome.error !== undefined) {
    const body = outcome.error.toBody();
    state.response = new RestResponse(body, { status: body.data.status });
  }
}

/** Runs the request's route, unless an earlier step already has the response (an authenticator's error). */
async function dispatchStep(state: ServeState): Promise<void> {
  state.response ??= await dispatch(state.request, state.context, {
    json: sentAsIs(state),
    precondition: ifMatchPrecondition(state),
    match: state.match,
  });
  state.status = state.response.status;
}

/**
 * Whether the response's data is sent as it is, with nothing asked of it: no `_fields`,
 * `_embed`, `_envelope` or `_pretty`. Dispatch may then write a list straight to JSON text
 * (a HEAD answer's too: its ETag is the GET's).
 */
function sentAsIs(state: ServeState): boolean {
  const query = state.request.query;
  return (
    state.embed === false &&
    !Object.hasOwn(query, '_fields') &&
    !Object.hasOwn(query, '_envelope') &&
    !Object.hasOwn(query, '_pretty')
  );
}

/** `_fields`: what to keep (and so which relations to embed). Errors are never trimmed; the trimming runs when the data is built. */
function keepFields(state: ServeState): void {
  if (state.response === undefined || state.response.status >= 400) return;
  const fields = parseFields(state.request.query._fields);
  if (fields === undefined || fields.length === 0) return;
  state.fields = fieldTree(fields);
  state.embed = narrowEmbed(state.embed, embeddedRelations(state.fields));
}

/** `_envelope`: `{body, status, headers}` as the data, sent with status 200. */
async function envelopeStep(state: ServeState): Promise<void> {
  const response = state.response;
  if (response === undefined || !Object.hasOwn(state.request.query, '_envelope')) return;
  state.data = envelope(await toData(state), response.status, envelopeHeaders(state));
  state.dataReady = true;
  state.enveloped = true;
  state.status = 200;
}

/** The response headers as the envelope shows them: totals as integers, `Link` joined. */
function envelopeHeaders(state: ServeState): Record<string, string | string[] | number> {
  const headers: Record<string, string | string[] | number> = {};
  const prefix = state.context.names.headerPrefix.toLowerCase();
  for (const [name, value] of state.response?.headers ?? []) {
    const lower = name.toLowerCase();
    if (Array.isArray(value)) headers[name] = lower === 'link' ? value.join(', ') : value;
    else if ((lower === `${prefix}total` || lower === `${prefix}totalpages`) && /^\d+$/.test(value))
      headers[name] = Number(value);
    else headers[name] = value;
  }
  return headers;
}

/** The response's own headers (not when enveloped), the no-cache set, CORS. */
function responseHeaders(state: ServeState): void {
  const response = state.response;
  if (response === undefined) return;
  const headers = state.headers;
  // An enveloped response carries its headers in the body, as in the original.
  if (!state.enveloped && response.hasHeaders) response.headers.forEach(copyHeader, headers);
  const loggedIn = state.request.user !== null;
  if (loggedIn || (state.overridden === 'header' && state.status >= 400 && state.status < 500))
    Object.assign(headers, NO_CACHE_HEADERS);
  Object.assign(headers, corsHeaders(state.request.headers.origin, state.options.cors));
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed from header values
const HEADER_UNSAFE = /[\r\n\u0000]/g;

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters looked for
const HAS_UNSAFE = /[\r\n\u0000]/;

function clean(value: string): string {
  return HAS_UNSAFE.test(value) ? value.replace(HEADER_UNSAFE, '') : value;
}

function safeHeader(value: string | string[]): string | string[] {
  return Array.isArray(value) ? value.map(clean) : clean(value);
}

/**
 * Adds the response's `Link` values in place of the standard one (the API root), as the
 * original's own `Link` header replaces the root's; values an authenticator added stay.
 * The list is the request's own: `standardHeaders` copies it, and authenticators add
 * strings only, after the root's.
 */
function appendLinks(headers: Record<string, string | string[]>, value: string | string[]): void {
  const existing = headers.Link;
  const list = Array.isArray(existing) ? existing.slice(1) : [];
  if (Array.isArray(value)) for (const item of value) list.push(clean(item));
  else list.push(clean(value));
  headers.Link = list;
}

/** Copies one of the response's headers into `this`, the headers sent (a `forEach` callback). */
function copyHeader(this: Record<string, string | string[]>, value: string | string[], name: string): void {
  if (name.length === 4 && name.toLowerCase() === 'link') appendLinks(this, value);
  else this[name] = safeHeader(value);
}

/**
 * HEAD without an ETag (an error): the headers only. A HEAD answer that gets an ETag is built
 * in full (the tag is the GET's); the conditional step then drops its body.
 */
function headCut(state: ServeState): void {
  if (state.request.method === 'HEAD' && !isTaggable(state))
    state.result = { status: state.status, headers: state.headers, body: null };
}

/** The data as sent: `_links` (compact CURIEs), `_embed`, `_fields` trimming. */
async function linksAndEmbed(state: ServeState): Promise<void> {
  if (state.dataReady) return;
  // Nothing to embed or trim: no embed cache.
  if (state.embed === false && state.fields === undefined) {
    const response = state.response;
    if (response === undefined) state.data = null;
    else if (response.json !== undefined) state.json = response.json;
    else state.data = linkedData(response, state.context);
    return;
  }
  state.data = await toData(state);
}

async function toData(state: ServeState): Promise<unknown> {
  if (state.response === undefined) return null;
  const data = await responseToData(state.response, state.embed, {
    context: state.context,
    cache: new Map(),
    user: state.request.user,
    keys: state.request.cacheKeys,
  });
  return state.fields === undefined ? data : filterFields(data, state.fields);
}

/** JSON (`_pretty`), the JSONP wrap; a 204 or no data at all has no body, as in the original. */
function encode(state: ServeState): void {
  let json = state.json;
  if (state.status === 204 || (json === undefined && (state.data === null || state.data === undefined))) {
    state.body = null;
    return;
  }
  const served = state.response?.served;
  if (served !== undefined && !state.enveloped && state.jsonp === undefined) {
    state.result = { status: state.status, headers: state.headers, body: served };
    return;
  }
  if (json === undefined) {
    try {
      json = encodeJson(state.data, { pretty: Object.hasOwn(state.request.query, '_pretty') });
    } catch (error) {
      state.context.reportError(error, state.request);
      const failure = new RestError('rest_encode_error');
      state.status = failure.status;
      json = JSON.stringify(failure.toBody());
    }
  }
  state.body = state.jsonp === undefined ? json : wrapJsonp(state.jsonp, json);
}

/**
 * A step that throws (an authenticator, a CORS policy) is an internal error, never a crash;
 * a database that cannot be reached (an authenticator's lookup) is the 503 it is everywhere.
 */
function failed(state: ServeState, error: unknown): HttpResponse {
  const unavailable = toRestError(error);
  const failure = unavailable.code === 'rest_database_unavailable' ? unavailable : new RestError('rest_internal_error');
  if (failure.code === 'rest_internal_error') state.context.reportError(error, state.request);
  const headers = state.context.standardHeaders(false);
  return { status: failure.status, headers, body: JSON.stringify(failure.toBody()) };
}
