/**
 * The second baseline of the runtime table on Bun and Deno: a hand-written Fetch handler doing
 * cms-json's work by hand — the same SQL on the runtime's own SQLite (`bun:sqlite` on Bun,
 * `node:sqlite` on Deno), statements prepared once, the same header lines and body bytes
 * (`shared/tel-answers.ts`), one `new Response` — as `baseline-node` does on `node:http` with
 * better-sqlite3. It reads the database cms-json's server on the same runtime seeded
 * (`env.DATABASE_FILE`). Only `GET` of the list and of one record.
 *
 * @module
 */
import { LIST_PATH } from '../shared/constants.js';
import {
  type Answer,
  COUNT_SQL,
  ITEM_SQL,
  itemAnswer,
  LIST_SQL,
  type LinkRow,
  listAnswer,
  noRouteAnswer,
  paging,
} from '../shared/tel-answers.js';

/** The part of a prepared statement both `bun:sqlite` and `node:sqlite` have. */
interface Statement {
  all(...params: number[]): unknown[];
  get(...params: number[]): unknown;
}

/** The links table, read synchronously. */
interface Links {
  page(limit: number, offset: number): LinkRow[];
  total(): number;
  get(id: number): LinkRow | undefined;
}

async function openLinks(file: string): Promise<Links> {
  const bun = 'Bun' in globalThis;
  // A variable specifier: no bundler or type checker follows it into another runtime's module.
  const specifier = bun ? 'bun:sqlite' : 'node:sqlite';
  // biome-ignore lint/suspicious/noExplicitAny: a runtime module without types here; narrowed to `Statement` below.
  const sqlite: any = await import(specifier);
  const db = bun ? new sqlite.Database(file) : new sqlite.DatabaseSync(file);
  const prepare = (sql: string): Statement => (bun ? db.query(sql) : db.prepare(sql));
  const list = prepare(LIST_SQL);
  const count = prepare(COUNT_SQL);
  const item = prepare(ITEM_SQL);
  return {
    page: (limit, offset) => list.all(limit, offset) as LinkRow[],
    total: () => Number((count.get() as { total: number } | undefined)?.total ?? 0),
    get: (id) => (item.get(id) as LinkRow | null | undefined) ?? undefined,
  };
}

const ITEM = /^\/cms-json\/tel\/v1\/outgoing-links\/(\d+)\/?$/;

function answer(links: Links, url: URL): Answer {
  if (url.pathname === LIST_PATH) {
    const { page, perPage } = paging(url.search.slice(1));
    return listAnswer(links.page(perPage, (page - 1) * perPage), links.total(), page, perPage);
  }
  const item = ITEM.exec(url.pathname);
  if (item !== null) return itemAnswer(links.get(Number(item[1])));
  return noRouteAnswer();
}

let links: Promise<Links> | undefined;

/** The worker module. */
export default {
  async fetch(request: Request, env: Record<string, unknown>): Promise<Response> {
    const file = env.DATABASE_FILE;
    if (typeof file !== 'string' || file === '') throw new Error('DATABASE_FILE is not set: give the SQLite file to read.');
    links ??= openLinks(file);
    const found = answer(await links, new URL(request.url));
    return new Response(found.body, { status: found.status, headers: found.headers });
  },
};
