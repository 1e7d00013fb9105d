/**
 * Case 6: RSS of a fresh server after N requests in total (a leak shows as growth between
 * the checkpoints). Each leg is bounded in time; the reading is taken after a forced GC.
 *
 * @module
 */
import type { Child } from './children.js';
import { load } from './load.js';
import type { Plan } from './options.js';
import type { MemoryPoint } from './report.js';
import { LIST_PATH } from './shared/constants.js';

/** Loads `child` up to each checkpoint and reads its memory there. */
export async function measureMemory(child: Child, plan: Plan): Promise<MemoryPoint[]> {
  const start = await child.stats(true);
  const points: MemoryPoint[] = [{ requests: 0, rss: start.rss, heapUsed: start.heapUsed }];
  let served = 0;
  for (const checkpoint of plan.memory.checkpoints) {
    const result = await load(
      child.url,
      { path: LIST_PATH },
      { connections: plan.connections, seconds: plan.memory.capSeconds, amount: checkpoint - served },
    );
    served += result.requests;
    const stats = await child.stats(true);
    points.push({ requests: served, rss: stats.rss, heapUsed: stats.heapUsed });
  }
  return points;
}
