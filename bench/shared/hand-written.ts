/**
 * The hand-written reproduction of the cms-json routes under test: the same SQL on
 * better-sqlite3 (prepared once), and headers and bodies written to be byte-identical to
 * what cms-json sends (the orchestrator checks that at start). The baselines (node:http,
 * Fastify, plain Express) share it, so they differ only in their HTTP layer.
 *
 * @module
 */
import { entityTag } from '@cms-json/core';
import { sanitizeLink, sanitizeTitle, slugOf } from '@cms-json/example-outgoing-links';
import Database from 'better-sqlite3';
import { AUTH_VALUE, REST_ROOT, SITE_URL } from './constants.js';

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
const COLLECTION_URL = `${SITE_URL}${REST_ROOT}/tel/v1/outgoing-links`;
const ROOT_LINK = `<${SITE_URL}${REST_ROOT}/>; rel="https://api.cms-json.org/"`;
/** The first lines of a list, before its `Link` lines. */
const LIST_LEADING: readonly [string, string][] = [
  ['Content-Type', 'application/json; charset=UTF-8'],
  ['X-Robots-Tag', 'noindex'],
];
const LEADING: readonly [string, string][] = [...LIST_LEADING, ['Link', ROOT_LINK]];
const STANDARD: readonly [string, string][] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Access-Control-Expose-Headers', 'X-CMS-Total, X-CMS-TotalPages, Link'],
  ['Access-Control-Allow-Headers', 'Authorization, X-CMS-Nonce, Content-Disposition, Content-MD5, Content-Type'],
];
const NO_CACHE: readonly [string, string][] = [
  ['Expires', 'Wed, 11 Jan 1984 05:00:00 GMT'],
  ['Cache-Control', 'no-cache, must-revalidate, max-age=0, no-store, private'],
];
const VARY: [string, string] = ['Vary', 'Origin'];
const NO_ROUTE = JSON.stringify({
  code: 'rest_no_route',
  message: 'No route was found matching the URL and request method.',
  data: { status: 404 },
});
const INVALID_ID = JSON.stringify({
  code: 'rest_invalid_param',
  message: 'Invalid parameter(s): id',
  data: {
    status: 400,
    params: { id: 'Invalid parameter.' },
    details: { id: { code: 'rest_invalid_param', message: 'Invalid parameter.', data: null } },
  },
});
const FORBIDDEN = JSON.stringify({
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

/** Options of {@link HandWritten}. */
export interface HandWrittenOptions {
  /**
   * How the page of the list is read. `plain`: `statement.all(limit, offset)`, as better-sqlite3
   * is usually used. `tuned`: what cms-json's `prepareQuery` does, by hand: the statement bound
   * once per limit and offset (SQLite compiles a statement again when a bound `LIMIT ?` changes)
   * and rows read as arrays, made objects in JavaScript. @default 'plain'
   */
  sqlite?: 'plain' | 'tuned';
}

const LIST_SQL =
  'select "id", "title", "slug", "link", "count" from "outgoing_links" order by "id" desc, "id" desc limit ? offset ?';

/** The routes of the benchmark, hand-written over one SQLite file. */
export class HandWritten {
  readonly #db: Database.Database;
  readonly #tuned: boolean;
  /** `tuned`: the page statement bound to each `limit,offset` asked for. */
  readonly #pages = new Map<string, Database.Statement<[], unknown[]>>();
  readonly #list: Database.Statement<[number, number], LinkRow>;
  readonly #count: Database.Statement<[], { total: number }>;
  readonly #get: Database.Statement<[number], LinkRow>;
  readonly #insert: Database.Statement<[string, string, string], LinkRow>;

  constructor(file: string, options: HandWrittenOptions = {}) {
    this.#tuned = options.sqlite === 'tuned';
    this.#db = new Database(file);
    this.#db.pragma('journal_mode = WAL');
    this.#db.pragma('busy_timeout = 5000');
    // As durable as cms-json (issue 16: a 201 means on disk), so that creates compare alike.
    this.#db.pragma('synchronous = FULL');
    // The statements cms-json's Kysely store runs for these requests.
    this.#list = this.#db.prepare(LIST_SQL);
    this.#count = this.#db.prepare('select count(*) as "total" from "outgoing_links"');
    this.#get = this.#db.prepare('select "id", "title", "slug", "link", "count" from "outgoing_links" where "id" = ?');
    this.#insert = this.#db.prepare(
      'insert into "outgoing_links" ("title", "slug", "link", "count") values (?, ?, ?, 0) returning "id", "title", "slug", "link", "count"',
    );
  }

  /** The page of the list and its headers (`?page=` and `?per_page=` honoured). */
  listData(page: number, perPage: number): { items: ReturnType<typeof withLinks>[]; headers: [string, string][] } {
    const rows = this.#tuned ? this.#tunedPage(perPage, (page - 1) * perPage) : this.#list.all(perPage, (page - 1) * perPage);
    const total = this.#count.get()?.total ?? 0;
    const totalPages = total === 0 ? 0 : Math.ceil(total / perPage);
    const headers: [string, string][] = [...LIST_LEADING];
    const at = (n: number) => `<${COLLECTION_URL}?${perPage === 10 ? '' : `per_page=${perPage}&`}page=${n}>`;
    if (page > 1) headers.push(['Link', `${at(Math.min(page - 1, Math.max(totalPages, 1)))}; rel="prev"`]);
    if (totalPages > page) headers.push(['Link', `${at(page + 1)}; rel="next"`]);
    // The API root's Link only when the answer has no Link of its own, as cms-json sends it.
    if (headers.length === LIST_LEADING.length) headers.push(['Link', ROOT_LINK]);
    headers.push(...STANDARD, ['X-CMS-Total', String(total)], ['X-CMS-TotalPages', String(totalPages)], ['Allow', 'GET'], VARY);
    return { items: rows.map(withLinks), headers };
  }

  #tunedPage(limit: number, offset: number): LinkRow[] {
    const key = `${limit},${offset}`;
    let statement = this.#pages.get(key);
    if (statement === undefined) {
      const bound = this.#db.prepare<[number, number], unknown[]>(LIST_SQL).raw(true).bind(limit, offset);
      // Bound: from now on it runs without arguments.
      statement = bound as unknown as Database.Statement<[], unknown[]>;
      this.#pages.set(key, statement);
    }
    return (statement.all() as [number, string, string, string, number][]).map(([id, title, slug, link, count]) => ({
      id,
      title,
      slug,
      link,
      count,
    }));
  }

  /** `GET /tel/v1/outgoing-links`. */
  list(page: number, perPage: number): Answer {
    const { items, headers } = this.listData(page, perPage);
    return tagged({ status: 200, headers, body: JSON.stringify(items) });
  }

  /** `GET /tel/v1/outgoing-links/:id`. */
  item(id: number): Answer {
    const row = Number.isInteger(id) && id > 0 ? this.#get.get(id) : undefined;
    if (row === undefined) return { status: 400, headers: [...LEADING, ...STANDARD, ['Allow', 'GET'], VARY], body: INVALID_ID };
    return tagged({
      status: 200,
      headers: [...LEADING, ...STANDARD, ['Allow', 'GET'], VARY],
      body: JSON.stringify(withLinks(row)),
    });
  }

  /** Anything else under the REST root. */
  noRoute(): Answer {
    return { status: 404, headers: [...LEADING, ...STANDARD, VARY], body: NO_ROUTE };
  }

  /** `POST /tel/v1/outgoing-links` with a JSON body, for the bench user only. */
  create(authorization: string | undefined, input: unknown): Answer {
    if (authorization !== AUTH_VALUE)
      return { status: 401, headers: [...LEADING, ...STANDARD, ['Allow', 'GET'], VARY], body: FORBIDDEN };
    const fields = (typeof input === 'object' && input !== null ? input : {}) as { title?: unknown; link?: unknown };
    const title = sanitizeTitle(typeof fields.title === 'string' ? fields.title : '');
    const link = sanitizeLink(typeof fields.link === 'string' ? fields.link : '');
    if (title === '' || link === '') return this.noRoute();
    const row = this.#insert.get(title, slugOf(title), link);
    if (row === undefined) throw new Error('insert returned nothing');
    return {
      status: 201,
      headers: [...LEADING, ...STANDARD, ['Location', `${COLLECTION_URL}/${row.id}`], ['Allow', 'GET, POST'], ...NO_CACHE, VARY],
      body: JSON.stringify(withLinks(row)),
    };
  }

  close(): void {
    this.#db.close();
  }
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
