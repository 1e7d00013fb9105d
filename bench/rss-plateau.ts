/**
 * Whether RSS keeps growing past the bench's memory checkpoints (a leak) or levels off (the
 * allocator and SQLite warming up): one read case on cms-json and on the hand-written server,
 * each a fresh child, read after a forced GC at 10,000, 100,000, 200,000 and 300,000
 * requests (each leg capped in time: 40 s, or 150 s on the slower posts cases, so the
 * printed counts are those actually served). The tel list by default, about two minutes:
 *
 *     npx tsx bench/rss-plateau.ts
 *     npx tsx bench/rss-plateau.ts posts-embed   # any GET case of bench/cases.ts
 *
 * @module
 */
import { bundleServers } from './build.js';
import { LIST, LOAD_CASES } from './cases.js';
import { startChild, stopAll } from './children.js';
import { load } from './load.js';
import { seed } from './seed.js';
import { BASELINE_NODE, BASELINE_POSTS } from './servers.js';

const CHECKPOINTS = [10_000, 100_000, 200_000, 300_000];

const caseId = process.argv[2] ?? LIST.id;
const loadCase = LOAD_CASES.find((candidate) => candidate.id === caseId);
if (loadCase === undefined || (loadCase.request.method ?? 'GET') !== 'GET' || loadCase.revalidates === true) {
  const ids = LOAD_CASES.filter((c) => (c.request.method ?? 'GET') === 'GET' && c.revalidates !== true).map((c) => c.id);
  throw new Error(`Unknown or unsuitable case "${caseId}": use one of ${ids.join(', ')}.`);
}
const cms = loadCase.reference ?? loadCase.servers.find((spec) => spec.id === 'cms-node');
const baseline = loadCase.servers.find((spec) => spec === BASELINE_NODE || spec === BASELINE_POSTS);
const legSeconds = cms?.dataset === 'posts' ? 150 : 40;

const bundles = await bundleServers();
const data = await seed();
try {
  for (const spec of [cms, baseline]) {
    if (spec === undefined) continue;
    const child = await startChild({
      file: bundles.fileOf(spec.id),
      name: spec.name,
      database: data.copyFor(`${spec.id}-rss-plateau`, spec.dataset ?? 'links'),
    });
    const points: string[] = [];
    let served = 0;
    for (const checkpoint of CHECKPOINTS) {
      const result = await load(child.url, loadCase.request, {
        connections: 50,
        seconds: legSeconds,
        amount: checkpoint - served,
        expectStatus: loadCase.expectStatus,
      });
      served += result.requests;
      const stats = await child.stats(true);
      points.push(
        `${served.toLocaleString('en')} requests: ${(stats.rss / 2 ** 20).toFixed(1)} MiB (heap ${(stats.heapUsed / 2 ** 20).toFixed(1)})`,
      );
    }
    console.log(`${spec.id} ${loadCase.id}: ${points.join(' | ')}`);
    await child.stop();
  }
} finally {
  await stopAll();
  bundles.remove();
  data.remove();
}
