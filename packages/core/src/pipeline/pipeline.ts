/**
 * The response pipeline: the original's order of `serve_request`, in one list.
 *
 * ```
 * standard headers → method override → JSONP check → authentication → validator (304) → dispatch
 *   (match → JSON parse → required → validate → sanitise → permission → handler → Allow)
 * → _fields → envelope → response headers (CORS, no-cache) → HEAD cut → links and embed
 * → render (a plugin's own form of the answer: the browsable API's page) → encode
 * → conditional (ETag, 304, HEAD body)
 * ```
 *
 * A conditional write (`If-Match` on PUT, PATCH or DELETE) is checked inside dispatch, after
 * the permission and before the handler (see `if-match.ts`).
 *
 * Each stage is a small function over the same state; a stage that answers sets
 * `state.result`. `_fields` decides what is kept (and narrows `_embed`); the trimming itself
 * runs where the data is built, after links and embedding.
 *
 * @module
 */
import { RestError, toRestError } from '../errors.js';
import type { HttpResponse } from '../http.js';
import type { CompiledRoute } from '../namespace.js';
import type { Principal, RestRequest } from '../request.js';
import { RestResponse } from '../response.js';
import type { RouteMatch } from '../router/router.js';
import type { ServerContext } from '../server-context.js';
import { conditionalStage, isTaggable, validatorStage } from './conditional.js';
import { type EmbedRequest, linkedData, narrowEmbed, parseEmbed, responseToData } from './embed.js';
import { envelope } from './envelope.js';
import { embeddedRelations, type FieldTree, fieldTree, filterFields, parseFields } from './fields.js';
import { type CorsPolicy, corsHeaders, NO_CACHE_HEADERS } from './headers.js';
import { ifMatchPrecondition } from './if-match.js';
import { jsonpCallback, wantsJsonp, wrapJsonp } from './jsonp.js';
import { applyMethodOverride, type OverrideSource } from './method-override.js';
import { type ResponseRenderer, renderStage } from './render.js';
import { encodeJson } from './serialize.js';

/** What an authenticator decides: a user (or anonymous), headers to add, or an error. */
export interface AuthOutcome {
  user: Principal | null;
  /** Headers for the response (a fresh nonce, for example). */
  headers?: Record<string, string>;
  /** Stops the request with this error (for example `rest_cookie_invalid_nonce`). */
  error?: RestError;
}

/**
 * Authenticates a request. `null` means "not mine": the next authenticator is asked.
 * The first outcome wins; with none, the request is anonymous.
 *
 * @example
 * ```ts
 * server.authenticate((request) => (request.header('x-api-key') === key ? { user: admin } : null));
 * ```
 */
export type Authenticator = (request: RestRequest) => AuthOutcome | null | Promise<AuthOutcome | null>;

/** Options the pipeline reads. */
export interface PipelineOptions {
  readonly jsonp: boolean;
  readonly cors: CorsPolicy;
  readonly authenticators: readonly Authenticator[];
  /** The renderers plugins gave (`server.renderWith`), in order: the live list. */
  readonly renderers: readonly ResponseRenderer[];
}

/** The state the stages share. */
export interface ServeState {
  readonly request: RestRequest;
  readonly context: ServerContext;
  readonly options: PipelineOptions;
  headers: Record<string, string | string[]>;
  jsonp: string | undefined;
  overridden: OverrideSource;
  embed: EmbedRequest;
  /** The `_fields` tree, when the response is trimmed. */
  fields: FieldTree | undefined;
  enveloped: boolean;
  response: RestResponse | undefined;
  /** The data to encode, once computed. */
  data: unknown;
  /** The data's JSON text, when dispatch wrote it at once (a list sent as it is). */
  json: string | undefined;
  dataReady: boolean;
  /** The encoded body (`null` for none), once the encode stage ran. */
  body: string | null;
  status: number;
  result: HttpResponse | undefined;
  /** A revalidation's answer, and the version its route's validator read (see `conditional.ts`). */
  validated: Validated | undefined;
  /** The route the validator stage matched (`null`: none), for dispatch; `undefined` when it did not match. */
  match: RouteMatch<CompiledRoute> | null | undefined;
}

/** A revalidated answer: its key (the caller, the path, the query) and the version read before its data. */
export interface Validated {
  readonly key: string;
  readonly version: string;
}

/**
 * A stage: it changes the state, or returns a promise when it must wait. The dispatch stage's
 * promise carries the response itself, which the pipeline adopts when it settles (one turn
 * of the microtask queue, not two).
 */
type Stage = (state: ServeState) => void | Promise<void> | Promise<RestResponse>;

function bareError(state: ServeState, error: RestError): void {
  // The original sends JSONP errors with only `code` and `message`.
  const body = JSON.stringify({ code: error.code, message: error.message });
  state.result = { status: error.status, headers: state.headers, body };
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

/** The stages, in order. */
export const STAGES: readonly (readonly [name: string, stage: Stage])[] = [
  [
    'standard-headers',
    (state) => {
      state.headers = state.context.standardHeaders(state.options.jsonp && wantsJsonp(state.request.query));
    },
  ],
  [
    'method-override',
    (state) => {
      state.overridden = applyMethodOverride(state.request);
    },
  ],
  [
    'jsonp-check',
    (state) => {
      const callback = jsonpCallback(state.request.query, { enabled: state.options.jsonp });
      if (callback instanceof RestError) bareError(state, callback);
      else state.jsonp = callback;
    },
  ],
  ['authenticate', (state) => authenticateFrom(state, 0)],
  ['validator', validatorStage],
  [
    'dispatch',
    (state) => {
      if (state.response !== undefined) {
        state.status = state.response.status;
        return;
      }
      const answer = state.context.answer(state.request, {
        json: sentAsIs(state),
        precondition: ifMatchPrecondition(state),
        match: state.match,
      });
      if (answer instanceof Promise) return answer;
      state.response = answer;
      state.status = answer.status;
      return undefined;
    },
  ],
  [
    'fields',
    (state) => {
      // Errors are never trimmed. The trimming runs when the data is built (see toData).
      if (state.response === undefined || state.response.status >= 400) return;
      const fields = parseFields(state.request.query._fields);
      if (fields === undefined || fields.length === 0) return;
      state.fields = fieldTree(fields);
      state.embed = narrowEmbed(state.embed, embeddedRelations(state.fields));
    },
  ],
  [
    'envelope',
    (state) => {
      // Not an async function: without `_envelope` this stage costs no promise.
      const response = state.response;
      if (response === undefined || !Object.hasOwn(state.request.query, '_envelope')) return;
      return toData(state).then((data) => {
        state.data = envelope(data, response.status, envelopeHeaders(state));
        state.dataReady = true;
        state.enveloped = true;
        state.status = 200;
      });
    },
  ],
  [
    'response-headers',
    (state) => {
      const response = state.response;
      if (response === undefined) return;
      const headers = state.headers;
      // An enveloped response carries its headers in the body, as in the original.
      if (!state.enveloped && response.hasHeaders) response.headers.forEach(copyHeader, headers);
      const loggedIn = state.request.user !== null;
      if (loggedIn || (state.overridden === 'header' && state.status >= 400 && state.status < 500))
        Object.assign(headers, NO_CACHE_HEADERS);
      Object.assign(headers, corsHeaders(state.request.headers.origin, state.options.cors));
    },
  ],
  [
    'head-cut',
    (state) => {
      // A HEAD answer that gets an ETag is built in full (the tag is the GET's); the
      // conditional stage then drops its body.
      if (state.request.method === 'HEAD' && !isTaggable(state))
        state.result = { status: state.status, headers: state.headers, body: null };
    },
  ],
  [
    'links-and-embed',
    (state) => {
      if (state.dataReady) return;
      // Nothing to embed or trim: no promise, no embed cache.
      if (state.embed === false && state.fields === undefined) {
        const response = state.response;
        if (response === undefined) state.data = null;
        else if (response.json !== undefined) state.json = response.json;
        else state.data = linkedData(response, state.context);
        return;
      }
      return toData(state).then((data) => {
        state.data = data;
      });
    },
  ],
  ['render', renderStage],
  [
    'encode',
    (state) => {
      // The original sends no body for a 204 or for no data at all.
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
    },
  ],
  ['conditional', conditionalStage],
];

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

/** Asks the authenticators from `start` on; synchronous ones cost no promise. */
function authenticateFrom(state: ServeState, start: number): void | Promise<void> {
  const authenticators = state.options.authenticators;
  for (let i = start; i < authenticators.length; i++) {
    const outcome = (authenticators[i] as Authenticator)(state.request);
    if (outcome instanceof Promise) {
      return outcome.then((settled) =>
        settled === null || settled === undefined ? authenticateFrom(state, i + 1) : adopt(state, settled),
      );
    }
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

async function toData(state: ServeState): Promise<unknown> {
  if (state.response === undefined) return null;
  const data = await responseToData(state.response, state.embed, {
    context: state.context,
    cache: new Map(),
    user: state.request.user,
  });
  return state.fields === undefined ? data : filterFields(data, state.fields);
}

/**
 * Runs the stages for one request: the HTTP response itself when no stage had to wait (no
 * promise, no turn of the microtask queue), else a promise of it. Never throws.
 */
export function answerPipeline(
  request: RestRequest,
  context: ServerContext,
  options: PipelineOptions,
): HttpResponse | Promise<HttpResponse> {
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
  try {
    return runFrom(state, 0);
  } catch (error) {
    return failed(state, error);
  }
}

/**
 * A stage that throws (an authenticator, a CORS policy) is an internal error, never a crash;
 * a database that cannot be reached (an authenticator's lookup) is the 503 it is everywhere.
 */
function failed(state: ServeState, error: unknown): HttpResponse {
  const unavailable = toRestError(error);
  const answer = unavailable.code === 'rest_database_unavailable' ? unavailable : new RestError('rest_internal_error');
  if (answer.code === 'rest_internal_error') state.context.reportError(error, state.request);
  const headers = state.context.standardHeaders(false);
  return { status: answer.status, headers, body: JSON.stringify(answer.toBody()) };
}

/**
 * Runs the stages from `start` until one answers. Synchronous stages run in one go; only a
 * stage that returns a promise costs a turn of the microtask queue, and what follows it
 * runs in that turn. A failure after that turn is answered there, so the chain needs no
 * promise of its own to catch it.
 */
function runFrom(state: ServeState, start: number): HttpResponse | Promise<HttpResponse> {
  for (let i = start; i < STAGES.length; i++) {
    const pending = (STAGES[i] as (typeof STAGES)[number])[1](state);
    if (pending !== undefined) {
      return (pending as Promise<void | RestResponse>).then(
        (settled) => {
          try {
            if (settled instanceof RestResponse) {
              state.response = settled;
              state.status = settled.status;
            }
            return state.result ?? runFrom(state, i + 1);
          } catch (error) {
            return failed(state, error);
          }
        },
        (error: unknown) => failed(state, error),
      );
    }
    if (state.result !== undefined) return state.result;
  }
  throw new Error('The pipeline ended without a response.');
}
