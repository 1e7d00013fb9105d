/**
 * `--alloc[=case]`: what one request allocates, by function. The in-process child runs
 * `server.handle()` on the case's request under V8's sampling heap profiler (every object
 * counts, whether a collection took it since or not); the orchestrator maps each function
 * back to its TypeScript source and prints bytes per request. Allocation is the other half
 * of a request's cost: on this route every extra 10 KB a request allocates costs a few µs
 * of CPU in the server, in the collector and in the caches it evicts.
 *
 * @module
 */
import type { LoadCase } from './cases.js';
import { startChild } from './children.js';
import type { Plan } from './options.js';
import { areaOf, locator } from './profile.js';
import type { Seeded } from './seed.js';
import { IN_PROCESS } from './servers.js';
import type { AllocNode } from './shared/protocol.js';

/** Bytes a function allocated, in total. */
interface Allocated {
  name: string;
  where: string;
  bytes: number;
}

/** Sums a sampled heap profile's self sizes per function, largest first. */
function byFunction(root: AllocNode): Allocated[] {
  const where = locator();
  const totals = new Map<string, Allocated>();
  const visit = (node: AllocNode) => {
    if (node.selfSize > 0) {
      const { functionName, url, lineNumber, columnNumber } = node.callFrame;
      const name = functionName === '' ? '(anonymous)' : functionName;
      const at = where(url, lineNumber, columnNumber);
      const key = `${name}@${at}`;
      const entry = totals.get(key) ?? { name, where: at, bytes: 0 };
      entry.bytes += node.selfSize;
      totals.set(key, entry);
    }
    for (const child of node.children) visit(child);
  };
  visit(root);
  return [...totals.values()].sort((a, b) => b.bytes - a.bytes);
}

/** Samples the allocations of one case's request in process and prints them per request. */
export async function runAllocationProfile(data: Seeded, file: string, loadCase: LoadCase, plan: Plan): Promise<void> {
  if (loadCase.revalidates === true) throw new Error(`--alloc does not run ${loadCase.id}: allocate its full case instead.`);
  const child = await startChild({ file, name: IN_PROCESS.name, database: data.copyFor('alloc') });
  const requests = plan.allocRequests;
  let root: AllocNode;
  try {
    const { method = 'GET', path, headers = {}, body } = loadCase.request;
    root = await child.alloc({ method, url: path, headers: { host: '127.0.0.1', ...headers }, body }, requests);
  } finally {
    await child.stop();
  }
  const entries = byFunction(root);
  const total = entries.reduce((sum, entry) => sum + entry.bytes, 0);
  const perRequest = (bytes: number) => Math.round(bytes / requests).toLocaleString('en-US');
  console.log(`\n${loadCase.title}: ${perRequest(total)} bytes allocated per server.handle() call (${requests} calls sampled)`);
  console.log('\n| bytes/request | function | where |\n|---:|---|---|');
  for (const entry of entries.slice(0, 30)) console.log(`| ${perRequest(entry.bytes)} | ${entry.name} | ${entry.where} |`);
  const areas = new Map<string, number>();
  for (const entry of entries) areas.set(areaOf(entry), (areas.get(areaOf(entry)) ?? 0) + entry.bytes);
  console.log('\n| area | bytes/request |\n|---|---:|');
  for (const [area, bytes] of [...areas].sort((a, b) => b[1] - a[1]).slice(0, 12))
    console.log(`| ${area} | ${perRequest(bytes)} |`);
}
