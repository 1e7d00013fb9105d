/**
 * Links and `_embed`. `_links` are written with compact relations and `curies`; then every
 * `embeddable: true` link (or only the compact relations listed: `_embed=author,cms:term`)
 * is resolved by in-process dispatch with `context=embed`, one level deep, cached per
 * request by href, and placed under `_embedded.<relation>` as an array. An error is embedded
 * as its error object; a non-embeddable sibling keeps its index with `{}`.
 *
 * @module
 */
import { BatchScope } from '../batch-scope.js';
import { CacheKeys } from '../cache-keys.js';
import { dispatch } from '../dispatch.js';
import { RestError } from '../errors.js';
import type { Links } from '../links/link.js';
import { isRecord, withMember } from '../record.js';
import type { Principal, RestRequest } from '../request.js';
import type { RestResponse } from '../response.js';
import { parseList } from '../schema/validate.js';
import type { ServerContext } from '../server-context.js';

/** Which relations to embed: all embeddable ones, a list of compact relations, or none. */
export type EmbedRequest = true | readonly string[] | false;

/**
 * Reads the `_embed` parameter (`rest_parse_embed_param`): empty, `0`, `1` or `true` → all
 * embeddable links; otherwise a list of compact relations (`author,cms:term`).
 */
export function parseEmbed(value: unknown): EmbedRequest {
  if (value === undefined) return false;
  if (value === '' || value === '0' || value === '1' || value === 'true' || value === true) return true;
  // Only string entries name relations; anything else (`_embed[a][b]=1`) is ignored.
  const list = parseList(value).filter((rel): rel is string => typeof rel === 'string');
  return list.length === 0 ? true : list;
}

/** Narrows what to embed to the relations `_fields` keeps under `_embedded` (`undefined`: all). */
export function narrowEmbed(embed: EmbedRequest, keep: readonly string[] | undefined): EmbedRequest {
  if (embed === false || keep === undefined) return embed;
  const wanted = embed === true ? keep : embed.filter((rel) => keep.includes(rel));
  return wanted.length === 0 ? false : wanted;
}

/** The response's data with its `_links` (CURIEs applied): what is sent when nothing is embedded. */
export function linkedData(response: RestResponse, context: ServerContext | undefined): unknown {
  const data = response.data;
  if (!isRecord(data)) return data;
  for (const _rel in response.links) return withMember(data, '_links', context?.curies.apply(response.links) ?? response.links);
  return data;
}

/** Per-request state of embedding: the cache by href. */
export interface EmbedScope {
  readonly context: ServerContext;
  readonly cache: Map<string, Promise<unknown>>;
  /** The principal of the top-level request; embedded requests run as the same user. */
  readonly user: Principal | null;
  /** The top-level request's surrogate keys: each embedded answer's merge into them. */
  readonly keys?: CacheKeys;
}

/**
 * The response data with `_links` (and `_embedded` when asked), as written to the wire.
 * Collection items already carry their `_links`.
 */
export async function responseToData(
  response: RestResponse,
  embed: EmbedRequest,
  scope: EmbedScope | undefined,
): Promise<unknown> {
  const data = linkedData(response, scope?.context);
  if (embed === false || scope === undefined) return data;
  startEmbedded(Array.isArray(data) ? data : [data], embed, scope);
  if (Array.isArray(data)) return Promise.all(data.map((item) => embedInto(item, embed, scope)));
  return embedInto(data, embed, scope);
}

async function embedInto(data: unknown, embed: true | readonly string[], scope: EmbedScope): Promise<unknown> {
  if (!isRecord(data) || !isRecord(data._links)) return data;
  const links = data._links as Links;
  const embedded: Record<string, unknown[]> = {};
  for (const [rel, list] of Object.entries(links)) {
    if (rel === 'curies' || !Array.isArray(list)) continue;
    if (embed !== true && !embed.includes(rel)) continue;
    if (!list.some((link) => link.embeddable === true)) continue;
    // Every target was started by startEmbedded, with the same filters: each is in the cache.
    const found = await Promise.all(list.map((link) => (link.embeddable === true ? (scope.cache.get(link.href) ?? EMPTY) : {})));
    // As in the original, a relation whose every target came back empty is left out.
    if (found.some(isFilled)) embedded[rel] = found;
  }
  return Object.keys(embedded).length === 0 ? data : withMember(data, '_embedded', embedded);
}

function isFilled(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === '' || value === 0) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

const EMPTY: Promise<unknown> = Promise.resolve({});

/**
 * Starts every embedded target of these records that is not in the cache yet, all at once,
 * each dispatched as an outside request is (its permission check included, no `Allow`).
 * They share one {@link RestRequest.batchScope}: loaders keyed by it read the targets of one
 * route with one store query for all the links of a page, not one each.
 */
function startEmbedded(records: readonly unknown[], embed: true | readonly string[], scope: EmbedScope): void {
  const hrefs: string[] = [];
  const requests: RestRequest[] = [];
  for (const record of records) {
    if (!isRecord(record) || !isRecord(record._links)) continue;
    for (const [rel, list] of Object.entries(record._links as Links)) {
      if (rel === 'curies' || !Array.isArray(list)) continue;
      if (embed !== true && !embed.includes(rel)) continue;
      for (const link of list) {
        if (link.embeddable !== true || scope.cache.has(link.href)) continue;
        const request = embeddedRequest(link.href, scope);
        // Cached at once (filled in below), so a target linked twice is asked for once.
        scope.cache.set(link.href, EMPTY);
        if (request === undefined) continue;
        // The original's `WP_REST_Request::from_url` keeps a trailing slash, which no route
        // pattern takes (an outside request's is dropped before routing): rest_no_route.
        if (request.path !== '/' && (link.href.split('?', 1)[0] as string).endsWith('/')) {
          scope.cache.set(link.href, Promise.resolve(new RestError('rest_no_route').toBody()));
          continue;
        }
        hrefs.push(link.href);
        requests.push(request);
      }
    }
  }
  // One batch scope for all of them, set before any starts: loaders keyed by it load for all at once.
  const batchScope = new BatchScope();
  for (const request of requests) request.batchScope = batchScope;
  const keys = scope.keys;
  const collecting = keys?.collecting === true;
  requests.forEach((request, index) => {
    if (collecting) request.cacheKeys = new CacheKeys();
    const answer = dispatch(request, scope.context, { allow: false });
    scope.cache.set(
      hrefs[index] as string,
      answer.then((result) => {
        // An embedded error (a missing author) is part of the answer built from its parent's keys.
        if (collecting) keys?.merge(request.cacheKeys, { success: result.status < 400 });
        return responseToData(result, false, scope);
      }),
    );
  });
}

/**
 * The request of one embedded target: a GET, as the same user, with `context=embed` unless
 * the href names a context, and, for a collection, the route's largest `per_page` unless
 * the href names one (the original since 6.5). `undefined` for an href outside the API.
 */
function embeddedRequest(href: string, scope: EmbedScope): RestRequest | undefined {
  const request = scope.context.requestFromUrl(href);
  if (request === undefined) return undefined;
  request.user = scope.user;
  if (!hasValue(request.query.context)) request.query.context = 'embed';
  if (!hasValue(request.query.per_page)) {
    const match = scope.context.router.match(request.path);
    const endpoint = match?.value.endpoints.find((e) => e.methods.includes('GET'));
    const maximum = endpoint?.args.find((a) => a.name === 'per_page')?.json.maximum;
    if (typeof maximum === 'number') request.query.per_page = String(maximum);
  }
  return request;
}

/** PHP's `! empty()` for a parameter value. */
function hasValue(value: unknown): boolean {
  return value !== undefined && value !== '' && value !== '0';
}
