/**
 * `npx tsx bench/revalidation.ts`: a revalidated GET (`If-None-Match` → 304) against the
 * full GET, on the tel list (10 items) and one item, in process through `server.handle()`
 * (the adapters' front door) and over HTTP through the node adapter on 127.0.0.1 with
 * autocannon. Rounds alternate full and revalidated, each bounded in time; the medians are
 * printed. A separate script, so it does not touch the load cases of `bench/cases.ts`.
 *
 * @module
 */
import { rmSync } from 'node:fs';
import type { HttpRequest } from '@cms-json/core';
import { serve } from '@cms-json/node';
import autocannon from 'autocannon';
import { seed } from './seed.js';
import { createCmsApp } from './shared/cms-app.js';
import { ITEM_PATH, LIST_PATH } from './shared/constants.js';

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
const app = await createCmsApp(seeded.copyFor('revalidation'));
const served = await serve({ server: app.server, port: 0 });
try {
  console.log('| case | where | full GET req/s | 304 req/s | 304 / full |');
  console.log('|---|---|---:|---:|---:|');
  for (const path of [LIST_PATH, ITEM_PATH]) {
    const full: HttpRequest = { method: 'GET', url: path, headers: { host: '127.0.0.1' } };
    const first = await app.server.handle(full);
    const tag = first?.headers.ETag;
    if (first?.status !== 200 || typeof tag !== 'string')
      throw new Error(`GET ${path} answered ${first?.status} without an ETag`);
    const conditional: HttpRequest = { ...full, headers: { ...full.headers, 'if-none-match': tag } };
    const check = await app.server.handle(conditional);
    if (check?.status !== 304) throw new Error(`GET ${path} with If-None-Match answered ${check?.status}`);
    const rounds = { inFull: [] as number[], in304: [] as number[], httpFull: [] as number[], http304: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      rounds.inFull.push(await inProcessOps(() => app.server.handle(full)));
      rounds.in304.push(await inProcessOps(() => app.server.handle(conditional)));
      rounds.httpFull.push(await httpOps(`${served.url}${path}`, {}));
      rounds.http304.push(await httpOps(`${served.url}${path}`, { 'if-none-match': tag }));
    }
    const row = (where: string, a: number[], b: number[]) =>
      console.log(
        `| GET ${path} (${first.body?.length ?? 0} bytes) | ${where} | ${median(a).toFixed(0)} | ${median(b).toFixed(0)} | ${(median(b) / median(a)).toFixed(2)}× |`,
      );
    row('in process (server.handle)', rounds.inFull, rounds.in304);
    row('HTTP, node adapter', rounds.httpFull, rounds.http304);
  }
} finally {
  await served.close();
  await app.close();
  seeded.remove();
  rmSync(seeded.dir, { recursive: true, force: true });
}
