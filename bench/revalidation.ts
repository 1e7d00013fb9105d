/**
 * `npx tsx bench/revalidation.ts`: a revalidated GET (`If-None-Match` → 304) against the
 * full GET, on the tel list (10 items) and one item, and on the posts list (10 posts) and one
 * post (both routes declare a validator, so a revalidation at a version already answered is
 * a 304 before the body is built; the first one, untimed, builds it), in process through
 * `server.handle()`
 * (the adapters' front door) and over HTTP through the node adapter on 127.0.0.1 with
 * autocannon. Rounds alternate full and revalidated, each bounded in time; the medians are
 * printed. A separate script, so it does not touch the load cases of `bench/cases.ts`.
 *
 * @module
 */
import { rmSync } from 'node:fs';
import type { HttpRequest, RestServer } from '@cms-json/core';
import { serve } from '@cms-json/node';
import autocannon from 'autocannon';
import { seed } from './seed.js';
import { createCmsApp } from './shared/cms-app.js';
import { ITEM_PATH, LIST_PATH, POSTS_ITEM_PATH, POSTS_PATH } from './shared/constants.js';
import { createPostsApp } from './shared/posts-app.js';

const ROUNDS = 5;
const ROUND_SECONDS = 1;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function inProcessOps(handle: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 200; i++) await handle();
  const started = performance.now();
  const end = started + ROUND_SECONDS * 1000;
  let ops = 0;
  while (performance.now() < end) {
    for (let i = 0; i < 50; i++) await handle();
    ops += 50;
  }
  return ops / ((performance.now() - started) / 1000);
}

async function httpOps(url: string, headers: Record<string, string>): Promise<number> {
  const result = await autocannon({ url, headers, connections: 10, duration: ROUND_SECONDS });
  return result.requests.average;
}

const seeded = await seed();
const tel = await createCmsApp(seeded.copyFor('revalidation'));
const posts = await createPostsApp(seeded.copyFor('revalidation-posts', 'posts'));
const cases = [
  { app: tel, paths: [LIST_PATH, ITEM_PATH] },
  { app: posts, paths: [POSTS_PATH, POSTS_ITEM_PATH] },
];
try {
  console.log('| case | where | full GET req/s | 304 req/s | 304 / full |');
  console.log('|---|---|---:|---:|---:|');
  for (const { app, paths } of cases) {
    const served = await serve({ server: app.server, port: 0 });
    try {
      for (const path of paths) await measure(app.server, served.url, path);
    } finally {
      await served.close();
    }
  }
} finally {
  await tel.close();
  await posts.close();
  seeded.remove();
  rmSync(seeded.dir, { recursive: true, force: true });
}

async function measure(server: RestServer, url: string, path: string): Promise<void> {
  const full: HttpRequest = { method: 'GET', url: path, headers: { host: '127.0.0.1' } };
  const first = await server.handle(full);
  const tag = first?.headers.ETag;
  if (first?.status !== 200 || typeof tag !== 'string') throw new Error(`GET ${path} answered ${first?.status} without an ETag`);
  const conditional: HttpRequest = { ...full, headers: { ...full.headers, 'if-none-match': tag } };
  const check = await server.handle(conditional);
  if (check?.status !== 304) throw new Error(`GET ${path} with If-None-Match answered ${check?.status}`);
  const rounds = { inFull: [] as number[], in304: [] as number[], httpFull: [] as number[], http304: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    rounds.inFull.push(await inProcessOps(() => server.handle(full)));
    rounds.in304.push(await inProcessOps(() => server.handle(conditional)));
    rounds.httpFull.push(await httpOps(`${url}${path}`, {}));
    rounds.http304.push(await httpOps(`${url}${path}`, { 'if-none-match': tag }));
  }
  const row = (where: string, a: number[], b: number[]) =>
    console.log(
      `| GET ${path} (${first.body?.length ?? 0} bytes) | ${where} | ${median(a).toFixed(0)} | ${median(b).toFixed(0)} | ${(median(b) / median(a)).toFixed(2)}× |`,
    );
  row('in process (server.handle)', rounds.inFull, rounds.in304);
  row('HTTP, node adapter', rounds.httpFull, rounds.http304);
}
