/**
 * Links and `_embed`. `_links` are written with compact relations and `curies`; then every
 * `embeddable: true` link (or only the compact relations listed: `_embed=author,cms:term`)
 * is resolved by in-process dispatch with `context=embed`, one level deep, cached per
 * request by href, and placed under `_embedded.<relation>` as an array. An error is embedded
 * as its error object; a non-embeddable sibling keeps its index with `{}`.
 *
 * @module
 */
import type { Links } from '../links/link.js';
import type { Principal } from '../request.js';
import type { RestResponse } from '../response.js';
import { parseList } from '../schema/validate.js';
import type { ServerContext } from '../server-context.js';

/** Which relations to embed: all embeddable ones, a list of compact relations, or none. */
export type EmbedRequest = true | readonly string[] | false;

/** Reads the `_embed` parameter: empty, `1` or `true` → all; otherwise a relation list. */
export function parseEmbed(value: unknown): EmbedRequest {
  if (value === undefined) return false;
  if (value === '' || value === '1' || value === 'true' || value === true) return true;
  const list = parseList(value).map(String);
  return list.length === 0 ? true : list;
}

/** Per-request state of embedding: the cache by href. */
export interface EmbedScope {
  readonly context: ServerContext;
  readonly cache: Map<string, Promise<unknown>>;
  /** The principal of the top-level request; embedded requests run as the same user. */
  readonly user: Principal | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
  let data = response.data;
  if (isRecord(data) && Object.keys(response.links).length > 0) {
    data = { ...data, _links: scope?.context.curies.apply(response.links) ?? response.links };
  }
  if (embed === false || scope === undefined) return data;
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
    embedded[rel] = await Promise.all(list.map((link) => (link.embeddable === true ? fetchEmbedded(link.href, scope) : {})));
  }
  return Object.keys(embedded).length === 0 ? data : { ...data, _embedded: embedded };
}

function fetchEmbedded(href: string, scope: EmbedScope): Promise<unknown> {
  let pending = scope.cache.get(href);
  if (pending === undefined) {
    pending = dispatchEmbedded(href, scope);
    scope.cache.set(href, pending);
  }
  return pending;
}

async function dispatchEmbedded(href: string, scope: EmbedScope): Promise<unknown> {
  const request = scope.context.requestFromUrl(href);
  if (request === undefined) return {};
  request.user = scope.user;
  if (!Object.hasOwn(request.query, 'context')) request.query.context = 'embed';
  const match = scope.context.router.match(request.path);
  const perPage = match?.value.endpoints.find((e) => e.methods.includes('GET'))?.args.find((a) => a.name === 'per_page');
  if (perPage !== undefined && !Object.hasOwn(request.query, 'per_page') && typeof perPage.json.maximum === 'number') {
    request.query.per_page = String(perPage.json.maximum);
  }
  const result = await scope.context.dispatch(request);
  return responseToData(result, false, scope);
}
