/**
 * The response pipeline: the original's order of `serve_request`, in one list.
 *
 * ```
 * standard headers → method override → JSONP check → authentication → dispatch
 *   (match → JSON parse → required → validate → sanitise → permission → handler → Allow)
 * → _fields → envelope → response headers (CORS, no-cache) → HEAD cut → links and embed → encode
 * ```
 *
 * Each stage is a small function over the same state; a stage that answers sets `state.result`.
 *
 * @module
 */
import { RestError } from '../errors.js';
import type { HttpResponse } from '../http.js';
import type { Principal, RestRequest } from '../request.js';
import { RestResponse } from '../response.js';
import type { ServerContext } from '../server-context.js';
import { type EmbedRequest, parseEmbed, responseToData } from './embed.js';
import { envelope } from './envelope.js';
import { filterFields, parseFields } from './fields.js';
import { type CorsPolicy, corsHeaders, NO_CACHE_HEADERS, standardHeaders } from './headers.js';
import { jsonpCallback, wrapJsonp } from './jsonp.js';
import { applyMethodOverride } from './method-override.js';
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
 */
export type Authenticator = (request: RestRequest) => AuthOutcome | null | Promise<AuthOutcome | null>;

/** Options the pipeline reads. */
export interface PipelineOptions {
  readonly jsonp: boolean;
  readonly cors: CorsPolicy;
  readonly authenticators: readonly Authenticator[];
}

/** The state the stages share. */
export interface ServeState {
  readonly request: RestRequest;
  readonly context: ServerContext;
  readonly options: PipelineOptions;
  headers: Record<string, string | string[]>;
  jsonp: string | undefined;
  overridden: boolean;
  embed: EmbedRequest;
  response: RestResponse | undefined;
  /** The data to encode, once computed. */
  data: unknown;
  dataReady: boolean;
  status: number;
  result: HttpResponse | undefined;
}

type Stage = (state: ServeState) => void | Promise<void>;

function bareError(state: ServeState, error: RestError): void {
  // The original sends JSONP errors with only `code` and `message`.
  const body = JSON.stringify({ code: error.code, message: error.message });
  state.result = { status: error.statusFor(false), headers: state.headers, body };
}

/** The stages, in order. */
export const STAGES: readonly (readonly [name: string, stage: Stage])[] = [
  [
    'standard-headers',
    (state) => {
      const wantsJsonp = Object.hasOwn(state.request.query, '_jsonp');
      state.headers = standardHeaders(state.context.names, {
        restRootUrl: state.context.restUrl('/'),
        curieBase: state.context.curieBase,
        jsonp: wantsJsonp,
      });
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
  [
    'authenticate',
    async (state) => {
      for (const authenticate of state.options.authenticators) {
        const outcome = await authenticate(state.request);
        if (outcome === null) continue;
        state.request.user = outcome.user;
        Object.assign(state.headers, outcome.headers);
        if (outcome.error !== undefined) {
          const body = outcome.error.toBody(outcome.user !== null);
          state.response = new RestResponse(body, { status: body.data.status });
        }
        return;
      }
    },
  ],
  [
    'dispatch',
    async (state) => {
      state.response ??= await state.context.dispatch(state.request);
      state.status = state.response.status;
    },
  ],
  [
    'fields',
    (state) => {
      const fields = parseFields(state.request.query._fields);
      if (fields === undefined || state.response === undefined) return;
      state.response.data = filterFields(state.response.data, fields);
      if (!fields.some((f) => f === '_links' || f.startsWith('_links.'))) {
        for (const rel of Object.keys(state.response.links)) delete state.response.links[rel];
      }
      if (!fields.some((f) => f === '_embedded' || f.startsWith('_embedded.'))) state.embed = false;
    },
  ],
  [
    'envelope',
    async (state) => {
      if (!Object.hasOwn(state.request.query, '_envelope') || state.response === undefined) return;
      const data = await toData(state);
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of state.response.headers) headers[name] = value;
      state.data = envelope(data, state.response.status, headers);
      state.dataReady = true;
      state.status = 200;
    },
  ],
  [
    'response-headers',
    (state) => {
      const response = state.response;
      if (response === undefined) return;
      for (const [name, value] of response.headers) {
        if (name.toLowerCase() === 'link') {
          const existing = state.headers.Link;
          const list = Array.isArray(existing) ? existing : existing === undefined ? [] : [existing];
          state.headers.Link = [...list, ...(Array.isArray(value) ? value : [value])];
        } else state.headers[name] = value;
      }
      const loggedIn = state.request.user !== null;
      if (loggedIn || (state.overridden && state.status >= 400 && state.status < 500))
        Object.assign(state.headers, NO_CACHE_HEADERS);
      Object.assign(state.headers, corsHeaders(state.request.header('origin'), state.options.cors));
    },
  ],
  [
    'head-cut',
    (state) => {
      if (state.request.method === 'HEAD') state.result = { status: state.status, headers: state.headers, body: null };
    },
  ],
  [
    'links-and-embed',
    async (state) => {
      if (!state.dataReady) state.data = await toData(state);
    },
  ],
  [
    'encode',
    (state) => {
      if (state.status === 204) {
        state.result = { status: 204, headers: state.headers, body: null };
        return;
      }
      let json: string;
      try {
        json = encodeJson(state.data, { pretty: Object.hasOwn(state.request.query, '_pretty') });
      } catch (error) {
        const failure = error instanceof RestError ? error : new RestError('rest_encode_error');
        state.status = failure.status;
        json = JSON.stringify(failure.toBody());
      }
      state.result = {
        status: state.status,
        headers: state.headers,
        body: state.jsonp === undefined ? json : wrapJsonp(state.jsonp, json),
      };
    },
  ],
];

function toData(state: ServeState): Promise<unknown> {
  if (state.response === undefined) return Promise.resolve(null);
  return responseToData(state.response, state.embed, {
    context: state.context,
    cache: new Map(),
    user: state.request.user,
  });
}

/** Runs the stages for one request and returns the HTTP response. */
export async function runPipeline(request: RestRequest, context: ServerContext, options: PipelineOptions): Promise<HttpResponse> {
  const state: ServeState = {
    request,
    context,
    options,
    headers: {},
    jsonp: undefined,
    overridden: false,
    embed: parseEmbed(request.query._embed),
    response: undefined,
    data: undefined,
    dataReady: false,
    status: 200,
    result: undefined,
  };
  for (const [, stage] of STAGES) {
    await stage(state);
    if (state.result !== undefined) return state.result;
  }
  throw new Error('The pipeline ended without a response.');
}
