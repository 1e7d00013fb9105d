/**
 * Incoming requests: how an adapter's {@link HttpRequest} and an in-process
 * {@link RestRequestInit} become a {@link RestRequest}. Paths are decoded and lose their
 * trailing slash; headers get lower-case names; bodies are decoded as strict UTF-8 (bad
 * bytes are remembered, so a JSON body fails to parse as in the original).
 *
 * @module
 */
import type { HttpRequest } from './http.js';
import { decodeComponent, emptyQuery, parseQueryString, type QueryMap, type QueryValue } from './query-string.js';
import { RestRequest, type RestRequestInit } from './request.js';

/** Splits a request target into its path (still encoded) and its parsed query. */
export function splitUrl(url: string): { pathname: string; query: QueryMap } {
  const q = url.indexOf('?');
  return { pathname: q === -1 ? url : url.slice(0, q), query: parseQueryString(q === -1 ? '' : url.slice(q + 1)) };
}

/** Builds the request for an adapter's HTTP request, once the route path is known. */
export function requestFromHttp(http: HttpRequest, routePath: string, query: QueryMap): RestRequest {
  const { text, invalidUtf8 } = decodeBody(http);
  return new RestRequest({
    method: http.method,
    path: normalizeRoutePath(routePath),
    query,
    headers: normalizeHeaders(http.headers),
    body: typeof http.body === 'undefined' && isRecord(http.parsedBody) ? http.parsedBody : text,
    invalidUtf8,
    bodyStream: http.bodyStream,
  });
}

/**
 * Builds the request of an in-process call: the path may carry a query, which `init.query`
 * extends; query values are turned into strings, as a query string would give them.
 */
export function requestFromInit(init: RestRequestInit): RestRequest {
  const q = init.path.indexOf('?');
  const path = decodePath(q === -1 ? init.path : init.path.slice(0, q));
  const query = parseQueryString(q === -1 ? '' : init.path.slice(q + 1));
  for (const [key, value] of Object.entries(init.query ?? {})) {
    const converted = toQueryValue(value);
    if (converted !== undefined) query[key] = converted;
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(init.headers ?? {})) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const request = new RestRequest({
    method: init.method ?? 'GET',
    path: normalizeRoutePath(path),
    query,
    headers,
    body: init.body,
    bodyStream: init.bodyStream,
  });
  request.user = init.user ?? null;
  return request;
}

/** Converts an in-process query value to what a query string would give: strings, lists, maps. */
function toQueryValue(value: unknown): QueryValue | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.map(toQueryValue).filter((v): v is QueryValue => v !== undefined);
  if (typeof value === 'object') {
    const map = emptyQuery();
    for (const [key, item] of Object.entries(value)) {
      const converted = toQueryValue(item);
      if (converted !== undefined) map[key] = converted;
    }
    return map;
  }
  return String(value);
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

export function decodePath(raw: string): string {
  if (!raw.includes('%')) return raw;
  return raw
    .split('/')
    .map((segment) => decodeComponent(segment.replace(/\+/g, '%2B')))
    .join('/');
}

/** Removes trailing slashes (the original's `untrailingslashit`); `''` becomes `/`. */
export function normalizeRoutePath(path: string): string {
  // A loop, not /\/+$/: that expression is quadratic on a long run of inner slashes.
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 47) end--;
  const trimmed = path.slice(0, end);
  if (trimmed === '') return '/';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

export function normalizeHeaders(headers: HttpRequest['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  return out;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const lenientUtf8 = new TextDecoder('utf-8');

const NO_BODY = Object.freeze({ text: '', invalidUtf8: false });

function decodeBody(http: HttpRequest): { readonly text: string; readonly invalidUtf8: boolean } {
  const body = http.body ?? (typeof http.parsedBody === 'string' ? http.parsedBody : undefined);
  if (body === undefined) return NO_BODY;
  if (typeof body === 'string') return { text: body, invalidUtf8: false };
  try {
    return { text: strictUtf8.decode(body), invalidUtf8: false };
  } catch {
    return { text: lenientUtf8.decode(body), invalidUtf8: true };
  }
}
