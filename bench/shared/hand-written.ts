/**
 * The hand-written reproduction of the cms-json routes under test: the same SQL on
 * better-sqlite3 (prepared once), and headers and bodies written to be byte-identical to
 * what cms-json sends (the orchestrator checks that at start; the answers themselves are built
 * in `tel-answers.ts`). The baselines (node:http, Fastify, plain Express) share it, so they
 * differ only in their HTTP layer.
 *
 * @module
 */
import { sanitizeLink, sanitizeTitle, slugOf } from '@cms-json/example-outgoing-links';
import Database from 'better-sqlite3';
import { AUTH_VALUE } from './constants.js';
import {
  type Answer,
  COLLECTION_URL,
  COUNT_SQL,
  FORBIDDEN,
  ITEM_SQL,
  itemAnswer,
  LEADING,
  LIST_SQL,
  type LinkRow,
  listHeaders,
  NO_CACHE,
  noRouteAnswer,
  STANDARD,
  tagged,
  VARY,
  withLinks,
} from './tel-answers.js';

export { type Answer, type LinkRow, paging, TAGGED_VARY, tagged, withLinks } from './tel-answers.js';

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
    this.#count = this.#db.prepare(COUNT_SQL);
    this.#get = this.#db.prepare(ITEM_SQL);
    this.#insert = this.#db.prepare(
      'insert into "outgoing_links" ("title", "slug", "link", "count") values (?, ?, ?, 0) returning "id", "title", "slug", "link", "count"',
    );
  }

  /** The page of the list and its headers (`?page=` and `?per_page=` honoured). */
  listData(page: number, perPage: number): { items: ReturnType<typeof withLinks>[]; headers: [string, string][] } {
    const rows = this.#tuned ? this.#tunedPage(perPage, (page - 1) * perPage) : this.#list.all(perPage, (page - 1) * perPage);
    const total = this.#count.get()?.total ?? 0;
    return { items: rows.map(withLinks), headers: listHeaders(total, page, perPage) };
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
    return itemAnswer(Number.isInteger(id) && id > 0 ? this.#get.get(id) : undefined);
  }

  /** Anything else under the REST root. */
  noRoute(): Answer {
    return noRouteAnswer();
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
