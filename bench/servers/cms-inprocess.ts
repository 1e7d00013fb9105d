/**
 * Case 5: the list request through `server.handle()` (the adapters' front door) and through
 * `server.dispatch()` (in-process, no encoding), in a loop, no sockets. Bounded in time.
 *
 * @module
 */
import type { HttpRequest } from '@cms-json/core';
import { attach, databaseFile, main, send } from '../shared/child-runtime.js';
import { createCmsApp } from '../shared/cms-app.js';
import { LIST_PATH, REST_ROOT } from '../shared/constants.js';

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

main(async () => {
  const app = await createCmsApp(databaseFile());
  const request: HttpRequest = { method: 'GET', url: LIST_PATH, headers: { host: '127.0.0.1' } };
  const routePath = LIST_PATH.slice(REST_ROOT.length);
  const first = await app.server.handle(request);
  if (first?.status !== 200 || first.body === null) throw new Error(`handle() answered ${first?.status}`);
  attach({
    close: app.close,
    run: async (seconds): Promise<InProcessResult> => {
      const handleOps = await loop(seconds, () => app.server.handle(request));
      const dispatchOps = await loop(seconds, () => app.server.dispatch({ path: routePath }));
      return { handleOps, dispatchOps, bodyBytes: Buffer.byteLength(first.body ?? '') };
    },
  });
  send({ type: 'ready', port: 0 });
});
