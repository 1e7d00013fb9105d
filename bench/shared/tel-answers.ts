/**
 * What the hand-written baselines answer, without the database: the records with their
 * `_links`, the list's and the item's header lines in cms-json's order, the weak `ETag`, the
 * errors. Byte-identical to cms-json (the orchestrator and the runtime table check it). No
 * `node:*` and no driver: the runtime table's hand-written worker modules (Bun, Deno, workerd)
 * build their answers here too, over their own SQLite.
 *
 * @module
 */
import { entityTag } from '@cms-json/core';
import { REST_ROOT, SITE_URL } from './constants.js';

/** A row of `outgoing_links`. */
export interface LinkRow {
  id: number;
  title: string;
  slug: string;
  link: string;
  count: number;
}

/** A response as the baselines write it: headers in cms-json's order, as `[name, value]` pairs. */
export interface Answer {
  status: number;
  headers: [string, string][];
  body: string;
}

/**
 * A 200 answer to an anonymous GET as cms-json sends it (docs/caching.md): its weak `ETag`,
 * hashed from the body as cms-json hashes it, last, and `Vary` on what decides the caller.
 */
export function tagged(answer: Answer): Answer {
  const headers = answer.headers.map((line): [string, string] => (line[0] === 'Vary' ? TAGGED_VARY : line));
  headers.push(['ETag', entityTag(answer.body, { userId: 0 })]);
  return { status: answer.status, headers, body: answer.body };
}

/** The `Vary` line of a tagged answer. */
export const TAGGED_VARY: [string, string] = ['Vary', 'Origin, Authorization, Cookie, X-CMS-Nonce'];
export const COLLECTION_URL = `${SITE_URL}${REST_ROOT}/tel/v1/outgoing-links`;
export const ROOT_LINK = `<${SITE_URL}${REST_ROOT}/>; rel="https://api.cms-json.org/"`;
/** The first lines of a list, before its `Link` lines. */
export const LIST_LEADING: readonly [string, string][] = [
  ['Content-Type', 'application/json; charset=UTF-8'],
  ['X-Robots-Tag', 'noindex'],
];
export const LEADING: readonly [string, string][] = [...LIST_LEADING, ['Link', ROOT_LINK]];
export const STANDARD: readonly [string, string][] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Access-Control-Expose-Headers', 'X-CMS-Total, X-CMS-TotalPages, Link'],
  ['Access-Control-Allow-Headers', 'Authorization, X-CMS-Nonce, Content-Disposition, Content-MD5, Content-Type'],
];
export const NO_CACHE: readonly [string, string][] = [
  ['Expires', 'Wed, 11 Jan 1984 05:00:00 GMT'],
  ['Cache-Control', 'no-cache, must-revalidate, max-age=0, no-store, private'],
];
export const VARY: [string, string] = ['Vary', 'Origin'];
export const NO_ROUTE = JSON.stringify({
  code: 'rest_no_route',
  message: 'No route was found matching the URL and request method.',
  data: { status: 404 },
});
export const INVALID_ID = JSON.stringify({
  code: 'rest_invalid_param',
  message: 'Invalid parameter(s): id',
  data: {
    status: 400,
    params: { id: 'Invalid parameter.' },
    details: { id: { code: 'rest_invalid_param', message: 'Invalid parameter.', data: null } },
  },
});
export const FORBIDDEN = JSON.stringify({
  code: 'rest_cannot_create',
  message: 'Sorry, you are not allowed to do that.',
  data: { status: 401 },
});

/** A record with its `_links`, as cms-json prepares it. */
export function withLinks(row: LinkRow) {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    link: row.link,
    count: row.count,
    _links: { self: [{ href: `${COLLECTION_URL}/${row.id}` }], collection: [{ href: COLLECTION_URL }] },
  };
}

/** The statements cms-json's Kysely store runs for the list page, its total and one record. */
export const LIST_SQL =
  'select "id", "title", "slug", "link", "count" from "outgoing_links" order by "id" desc, "id" desc limit ? offset ?';
export const COUNT_SQL = 'select count(*) as "total" from "outgoing_links"';
export const ITEM_SQL = 'select "id", "title", "slug", "link", "count" from "outgoing_links" where "id" = ?';

/** The header lines of a list page, before its `ETag` (`Link` to the next and previous pages as cms-json sends them). */
export function listHeaders(total: number, page: number, perPage: number): [string, string][] {
  const totalPages = total === 0 ? 0 : Math.ceil(total / perPage);
  const headers: [string, string][] = [...LIST_LEADING];
  const at = (n: number) => `<${COLLECTION_URL}?${perPage === 10 ? '' : `per_page=${perPage}&`}page=${n}>`;
  if (page > 1) headers.push(['Link', `${at(Math.min(page - 1, Math.max(totalPages, 1)))}; rel="prev"`]);
  if (totalPages > page) headers.push(['Link', `${at(page + 1)}; rel="next"`]);
  // The API root's Link only when the answer has no Link of its own, as cms-json sends it.
  if (headers.length === LIST_LEADING.length) headers.push(['Link', ROOT_LINK]);
  headers.push(...STANDARD, ['X-CMS-Total', String(total)], ['X-CMS-TotalPages', String(totalPages)], ['Allow', 'GET'], VARY);
  return headers;
}

/** `GET /tel/v1/outgoing-links`: a page of rows and the total. */
export function listAnswer(rows: readonly LinkRow[], total: number, page: number, perPage: number): Answer {
  return tagged({ status: 200, headers: listHeaders(total, page, perPage), body: JSON.stringify(rows.map(withLinks)) });
}

/** `GET /tel/v1/outgoing-links/:id`: the row, or the 400 cms-json answers for an id it does not hold. */
export function itemAnswer(row: LinkRow | undefined): Answer {
  const headers: [string, string][] = [...LEADING, ...STANDARD, ['Allow', 'GET'], VARY];
  if (row === undefined) return { status: 400, headers, body: INVALID_ID };
  return tagged({ status: 200, headers, body: JSON.stringify(withLinks(row)) });
}

/** Anything else under the REST root. */
export function noRouteAnswer(): Answer {
  return { status: 404, headers: [...LEADING, ...STANDARD, VARY], body: NO_ROUTE };
}

/** `page` and `per_page` of a query string, with cms-json's defaults. */
export function paging(search: string): { page: number; perPage: number } {
  if (search === '') return { page: 1, perPage: 10 };
  const params = new URLSearchParams(search);
  const page = Number(params.get('page') ?? 1);
  const perPage = Number(params.get('per_page') ?? 10);
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    perPage: Number.isInteger(perPage) && perPage >= 1 && perPage <= 100 ? perPage : 10,
  };
}
