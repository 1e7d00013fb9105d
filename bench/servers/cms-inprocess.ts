/**
 * Case 5: the list request through `server.handle()` (the adapters' front door) and through
 * `server.dispatch()` (in-process, no encoding), in a loop, no sockets. Bounded in time.
 * Also `--alloc`: V8's sampling heap profiler around a loop of `server.handle()`.
 *
 * @module
 */
import { Session } from 'node:inspector/promises';
import type { HttpRequest } from '@cms-json/core';
import { attach, databaseFile, main, send } from '../shared/child-runtime.js';
import { createCmsApp } from '../shared/cms-app.js';
import { LIST_PATH, REST_ROOT } from '../shared/constants.js';
import type { AllocNode, AllocRequest } from '../shared/protocol.js';

/** What the loop measured. */
export interface InProcessResult {
  handleOps: number;
  dispatchOps: number;
  bodyBytes: number;
}

async function loop(seconds: number, once: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 200; i++) await once();
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  let ops = 0;
  while (performance.now() < end) {
    for (let i = 0; i < 50; i++) await once();
    ops += 50;
  }
  return ops / ((performance.now() - started) / 1000);
}

/** Samples what `requests` calls of `handle(request)` allocate, after a warm-up; every allocation counts, collected or not. */
async function sampleAllocations(handle: (request: HttpRequest) => Promise<unknown>, request: AllocRequest, requests: number) {
  for (let i = 0; i < 2000; i++) await handle(request);
  const session = new Session();
  session.connect();
  try {
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 64,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    for (let i = 0; i < requests; i++) await handle(request);
    const { profile } = await session.post('HeapProfiler.stopSampling');
    return profile.head as AllocNode;
  } finally {
    session.disconnect();
  }
}

main(async () => {
  const app = await createCmsApp(databaseFile());
  const request: HttpRequest = { method: 'GET', url: LIST_PATH, headers: { host: '127.0.0.1' } };
  const routePath = LIST_PATH.slice(REST_ROOT.length);
  const first = await app.server.handle(request);
  if (first?.status !== 200 || first.body === null) throw new Error(`handle() answered ${first?.status}`);
  attach({
    close: app.close,
    alloc: (sample, requests) => sampleAllocations((http) => app.server.handle(http), sample, requests),
    run: async (seconds): Promise<InProcessResult> => {
      const handleOps = await loop(seconds, () => app.server.handle(request));
      const dispatchOps = await loop(seconds, () => app.server.dispatch({ path: routePath }));
      return { handleOps, dispatchOps, bodyBytes: Buffer.byteLength(first.body ?? '') };
    },
  });
  send({ type: 'ready', port: 0 });
});
