/**
 * The hand-written baseline of the runtime table on workerd: cms-json's work done by hand on
 * the D1 binding `env.DB` (the same SQL, the same header lines and body bytes, built by
 * `shared/tel-answers.ts`; the binding's statements made per request, as a Worker usually
 * does), one `new Response`. It reads
 * the D1 database cms-json's worker seeded (the two share a persisted D1 folder). Only `GET` of
 * the list and of one record.
 *
 * @module
 */
import { LIST_PATH, SEED_LINKS } from '../shared/constants.js';
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

/** The part of a D1 prepared statement used here. */
interface D1Prepared {
  bind(...values: unknown[]): D1Prepared;
  all<T>(): Promise<{ results: T[] }>;
  first<T>(): Promise<T | null>;
}

/** The part of a D1 binding used here. */
interface D1 {
  prepare(sql: string): D1Prepared;
  batch(statements: D1Prepared[]): Promise<unknown>;
}

/** Creates the links table and writes the bench's links (ids 1 to {@link SEED_LINKS}), unless it exists. */
async function seed(db: D1): Promise<void> {
  const exists = await db
    .prepare("select count(*) as \"n\" from sqlite_master where type = 'table' and name = 'outgoing_links'")
    .first<{ n: number }>();
  if (Number(exists?.n ?? 0) > 0) return;
  const insert = 'insert into "outgoing_links" ("title", "slug", "link", "count") values (?, ?, ?, 0)';
  await db.batch([
    db.prepare(
      'create table "outgoing_links" ("id" integer primary key autoincrement, "title" varchar(100) not null, "slug" varchar(100) not null, "link" text not null, "count" bigint default 0 not null)',
    ),
    ...Array.from({ length: SEED_LINKS }, (_, i) =>
      db.prepare(insert).bind(`Link ${i + 1}`, `link${i + 1}`, `https://example.com/page/${i + 1}`),
    ),
  ]);
}

let seeded: Promise<void> | undefined;

function isD1(value: unknown): value is D1 {
  return typeof value === 'object' && value !== null && 'prepare' in value && 'batch' in value;
}

const ITEM = /^\/cms-json\/tel\/v1\/outgoing-links\/(\d+)\/?$/;

async function answer(db: { list: D1Prepared; count: D1Prepared; item: D1Prepared }, url: URL): Promise<Answer> {
  if (url.pathname === LIST_PATH) {
    const { page, perPage } = paging(url.search.slice(1));
    const [rows, total] = await Promise.all([
      db.list.bind(perPage, (page - 1) * perPage).all<LinkRow>(),
      db.count.first<{ total: number }>(),
    ]);
    return listAnswer(rows.results, Number(total?.total ?? 0), page, perPage);
  }
  const item = ITEM.exec(url.pathname);
  if (item !== null) return itemAnswer((await db.item.bind(Number(item[1])).first<LinkRow>()) ?? undefined);
  return noRouteAnswer();
}

/** The worker module. */
export default {
  async fetch(request: Request, env: Record<string, unknown>): Promise<Response> {
    if (!isD1(env.DB)) throw new Error("env.DB is not a D1 binding: start the worker with d1Databases: ['DB'].");
    const binding = env.DB;
    seeded ??= seed(binding);
    await seeded;
    const statements = { list: binding.prepare(LIST_SQL), count: binding.prepare(COUNT_SQL), item: binding.prepare(ITEM_SQL) };
    const found = await answer(statements, new URL(request.url));
    return new Response(found.body, { status: found.status, headers: found.headers });
  },
};
