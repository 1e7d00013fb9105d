/**
 * Case 6: RSS of a fresh server after N requests of one kind in total (a leak shows as
 * growth between the checkpoints). Each leg is bounded in time; the reading is taken after
 * a forced GC.
 *
 * @module
 */
import type { Child } from './children.js';
import { type LoadRequest, load } from './load.js';
import type { Plan } from './options.js';
import type { MemoryPoint } from './report.js';

/** Loads `child` with `request` up to each checkpoint and reads its memory there. */
export async function measureMemory(
  child: Child,
  plan: Plan,
  request: LoadRequest,
  expectStatus: number,
): Promise<MemoryPoint[]> {
  const start = await child.stats(true);
  const points: MemoryPoint[] = [{ requests: 0, rss: start.rss, heapUsed: start.heapUsed }];
  let served = 0;
  for (const checkpoint of plan.memory.checkpoints) {
    const result = await load(child.url, request, {
      connections: plan.connections,
      seconds: plan.memory.capSeconds,
      amount: checkpoint - served,
      expectStatus,
    });
    served += result.requests;
    const stats = await child.stats(true);
    points.push({ requests: served, rss: stats.rss, heapUsed: stats.heapUsed });
  }
  return points;
}
