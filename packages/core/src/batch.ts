/**
 * `POST /batch/v1`: several write requests in one HTTP request, as the original serves them
 * since 5.6 (`WP_REST_Server::serve_batch_request_v1`), plus an opt-in atomic mode of
 * cms-json's own. See docs/batch.md.
 *
 * Each sub-request goes through the normal dispatch (arguments, permission, handler, hooks)
 * as the caller of the batch: it is authenticated once, for the whole batch. Only endpoints
 * that allow batching ({@link AllowBatch}) may be run.
 *
 * @module
 */
import { z } from 'zod';
import { RestError, toRestError } from './errors.js';
import { parseQueryString, type QueryMap } from './query-string.js';
import { RestRequest } from './request.js';
import { RestResponse } from './response.js';
import { CREATABLE, defineRoute, type Route } from './route.js';
import type { ArgsShape } from './schema/args.js';

/** The most requests one batch may hold (the original's `rest_get_max_batch_size`). */
export const MAX_BATCH_SIZE = 25;

/**
 * Runs `work` in one database transaction: commits when it resolves, and undoes every write
 * made inside it when it rejects (the rejection is passed on). Queries made by `work`, at any
 * depth, must run inside the transaction. The database package provides one over Kysely for
 * SQLite and PostgreSQL (`database.transactionRunner()` of `@cms-json/database`); the core knows no
 * database.
 *
 * @example
 * ```ts
 * server.provideTransactions((work) => database.transaction(work));
 * ```
 */
export type TransactionRunner = <T>(work: () => Promise<T>) => Promise<T>;

/** One answer in a batch response: the original's enveloped response. */
export interface BatchAnswer {
  readonly body: unknown;
  readonly status: number;
  readonly headers: Record<string, string | string[]>;
}

/** What the batch route needs from the server that serves it. */
export interface BatchHost {
  /** Dispatches a sub-request as a batch member: an endpoint that does not allow batching is refused. */
  dispatch(request: RestRequest): Promise<RestResponse>;
  /**
   * Checks a sub-request without running it: route, method, `allow_batch`, arguments (the
   * original's `has_valid_params` and `sanitize_params`). The error, or `undefined`.
   */
  validate(request: RestRequest): Promise<RestError | undefined>;
  /** The response's data as sent: the record with its `_links`. */
  toData(response: RestResponse, request: RestRequest): unknown;
  /** The transaction capability, when the site has one (atomic mode needs it). */
  transactions(): TransactionRunner | undefined;
}

/** The original's `validation` argument. */
type Validation = 'require-all-validate' | 'normal';

const METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** What the index shows: the original's argument schema, as its PHP encodes it. */
const PUBLISHED_REQUESTS = {
  type: 'array',
  maxItems: MAX_BATCH_SIZE,
  items: {
    type: 'object',
    properties: {
      method: { type: 'string', enum: [...METHODS], default: 'POST' },
      path: { type: 'string', required: true },
      body: { type: 'object', properties: [], additionalProperties: true },
      headers: {
        type: 'object',
        properties: [],
        additionalProperties: { type: ['string', 'array'], items: { type: 'string' } },
      },
    },
  },
};

const requestItem = z.object({
  method: z.enum(METHODS).default('POST'),
  path: z.string(),
  body: z.record(z.string(), z.unknown()).optional(),
  headers: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
});

type BatchItem = z.output<typeof requestItem>;

const validationArg = z.enum(['require-all-validate', 'normal']).default('normal');
const requestsArg = z.array(requestItem).max(MAX_BATCH_SIZE).meta({ published: PUBLISHED_REQUESTS });
const atomicArg = z.boolean().default(false).meta({
  description: 'cms-json: run every request in one database transaction, and undo them all if any fails (status 400 or more).',
});

/** What turns the atomic mode on where `atomic` is not declared (the `wp` profile). */
const ATOMIC_VALUES = new Set<unknown>([true, 'true', '1', 1]);

/**
 * The `/batch/v1` route, registered by the server under no namespace, as in the original's
 * index (`namespace: ""`). `atomic` is declared in the index of the `cms` profile; the `wp`
 * profile shows the original's arguments only and still honours `"atomic": true` in the body.
 */
export function batchRoute(host: BatchHost, options: { declareAtomic: boolean }): Route {
  const args: ArgsShape = options.declareAtomic
    ? { validation: validationArg, requests: requestsArg, atomic: atomicArg }
    : { validation: validationArg, requests: requestsArg };
  return defineRoute({
    path: '/batch/v1',
    endpoints: (endpoint) => [
      endpoint({
        methods: CREATABLE,
        summary: 'Send several requests in one',
        args,
        permission: 'public',
        handler: (parsed, request) => {
          const values = parsed as { validation: Validation; requests: BatchItem[]; atomic?: boolean };
          const atomic = options.declareAtomic ? values.atomic === true : ATOMIC_VALUES.has(request.sentParam('atomic'));
          return serveBatch(host, request, values.requests, { validation: values.validation, atomic });
        },
      }),
    ],
  });
}

/** A sub-request, or the error of a path that does not parse. */
type Member = RestRequest | RestError;

/** Serves one batch: the original's `serve_batch_request_v1`, and the atomic mode. */
async function serveBatch(
  host: BatchHost,
  caller: RestRequest,
  items: readonly BatchItem[],
  options: { validation: Validation; atomic: boolean },
): Promise<RestResponse> {
  const members = items.map((item) => memberOf(item, caller));
  if (options.validation === 'require-all-validate' || options.atomic) {
    const checks = await Promise.all(members.map((member) => (member instanceof RestError ? member : host.validate(member))));
    if (checks.some((check) => check !== undefined)) {
      const responses = checks.map((check, index) => (check === undefined ? null : errorAnswer(check, members[index], host)));
      return multiStatus({ failed: 'validation', responses });
    }
  }
  if (!options.atomic) {
    const responses: BatchAnswer[] = [];
    for (const member of members) responses.push(await answerOf(host, member));
    return multiStatus({ responses });
  }
  const runner = host.transactions();
  if (runner === undefined) throw new RestError('rest_batch_atomic_unavailable');
  const responses: BatchAnswer[] = [];
  try {
    await runner(async () => {
      for (const member of members) {
        const answer = await answerOf(host, member);
        responses.push(answer);
        if (answer.status >= 400) throw new RolledBack(responses.length - 1);
      }
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
    // Everything is undone: only the failure is reported, the other slots are null.
    const failed = responses.map((answer, index) => (index === error.index ? answer : null));
    for (let index = failed.length; index < members.length; index++) failed.push(null);
    return multiStatus({ failed: 'atomic', responses: failed });
  }
  return multiStatus({ responses });
}

/** Thrown inside the transaction to undo it: the request at `index` failed. */
class RolledBack extends Error {
  constructor(readonly index: number) {
    super('A request of the atomic batch failed.');
  }
}

function multiStatus(body: Record<string, unknown>): RestResponse {
  return new RestResponse(body, { status: 207 });
}

async function answerOf(host: BatchHost, member: Member): Promise<BatchAnswer> {
  if (member instanceof RestError) return errorAnswer(member, undefined, host);
  const response = await host.dispatch(member);
  return envelope(response, host.toData(response, member));
}

function errorAnswer(error: RestError, member: Member | undefined, host: BatchHost): BatchAnswer {
  const body = toRestError(error).toBody();
  const response = new RestResponse(body, { status: body.data.status });
  return envelope(response, member instanceof RestRequest ? host.toData(response, member) : body);
}

/** The original's `envelope_response( $response, false )`: body, status, headers. */
function envelope(response: RestResponse, body: unknown): BatchAnswer {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of response.headers) headers[name] = value;
  return { body, status: response.status, headers };
}

/**
 * The sub-request of one item: its path and query parsed as the original's `wp_parse_url`
 * does, the body as the JSON body, the headers as given, and the caller's user.
 */
function memberOf(item: BatchItem, caller: RestRequest): Member {
  const parsed = parsePath(item.path);
  if (parsed === undefined) return new RestError('parse_path_failed');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(item.headers ?? {})) {
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const request = new RestRequest({
    method: item.method,
    path: parsed.path,
    query: parsed.query,
    headers,
    body: item.body !== undefined && Object.keys(item.body).length > 0 ? item.body : undefined,
  });
  request.user = caller.user;
  request.scope = caller.scope;
  return request;
}

/**
 * The path and query of a batch item's `path`, or `undefined` where PHP's `parse_url` fails
 * (`//` with no host, a port that is not a number up to 65535, `:80` alone). A full URL
 * gives its path, which then matches no route, as in the original.
 */
function parsePath(raw: string): { path: string; query: QueryMap } | undefined {
  const hash = raw.indexOf('#');
  const text = hash === -1 ? raw : raw.slice(0, hash);
  const q = text.indexOf('?');
  let path = q === -1 ? text : text.slice(0, q);
  const query = parseQueryString(q === -1 ? '' : text.slice(q + 1));
  const authority = /^(?:[a-z][a-z0-9+.-]*:)?\/\/([^/]*)/i.exec(path);
  if (authority !== null) {
    const host = authority[1] ?? '';
    const port = /:([^:\]]*)$/.exec(host)?.[1];
    if (host === '' || (port !== undefined && port !== '' && !(/^\d+$/.test(port) && Number(port) <= 65535))) return undefined;
    path = path.slice(authority[0].length);
  } else if (/^:\d*$/.test(path)) {
    return undefined;
  }
  // Neither decoded nor trimmed: the original matches the route against the path as sent.
  return { path: path === '' ? '/' : path, query };
}
