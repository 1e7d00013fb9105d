/**
 * Whether RSS keeps growing past the bench's memory checkpoints (a leak) or levels off (the
 * allocator and SQLite warming up): the tel list on cms-json and on the hand-written server,
 * each a fresh child, read after a forced GC at 10,000, 100,000, 200,000 and 300,000
 * requests (each leg capped at 40 s). About two minutes:
 *
 *     npx tsx bench/rss-plateau.ts
 *
 * @module
 */
import { bundleServers } from './build.js';
import { LIST } from './cases.js';
import { startChild, stopAll } from './children.js';
import { load } from './load.js';
import { seed } from './seed.js';

const CHECKPOINTS = [10_000, 100_000, 200_000, 300_000];

const bundles = await bundleServers();
const data = await seed();
try {
  for (const id of ['cms-node', 'baseline-node']) {
    const child = await startChild({ file: bundles.fileOf(id), name: id, database: data.copyFor(`${id}-rss-plateau`) });
    const points: string[] = [];
    let served = 0;
    for (const checkpoint of CHECKPOINTS) {
      const result = await load(child.url, LIST.request, {
        connections: 50,
        seconds: 40,
        amount: checkpoint - served,
        expectStatus: 200,
      });
      served += result.requests;
      const stats = await child.stats(true);
      points.push(`${served.toLocaleString('en')} requests: ${(stats.rss / 2 ** 20).toFixed(1)} MiB`);
    }
    console.log(`${id}: ${points.join(' | ')}`);
    await child.stop();
  }
} finally {
  await stopAll();
  data.remove();
}
