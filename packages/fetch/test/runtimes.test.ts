/**
 * The adapter conformance suite against `@cms-json/fetch` served by `Bun.serve`, `Deno.serve`
 * and workerd (Miniflare, the worker bundled as wrangler bundles it), all from the packed
 * tarballs installed in a project outside the workspace (`remoteConformanceProject`). One
 * server per runtime. A runtime that is not installed skips (fails with CMS_REQUIRE_RUNTIMES=1).
 */

import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RemoteConformanceProject, remoteConformanceProject, runAdapterConformance } from '@cms-json/adapter-conformance';
import { bundleWorker, missingRuntime, RUNTIMES, type RuntimeName, startRuntimeServer } from '@cms-json/runtimes';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Cases a runtime's server cannot pass, with the reason (docs/adapters.md, "Conformance per
 * runtime"): none. Bun.serve and workerd end the connection once an answer is sent, so the Fetch
 * handler reads a refused body (within LINGER_LIMITS) before it answers; before it did, Bun
 * failed a chunked body over the limit 11 of 20 tries and workerd a 12 MiB body every time.
 */
const NOT_APPLICABLE: Record<RuntimeName, Record<string, string>> = { bun: {}, deno: {}, workerd: {} };

let project: RemoteConformanceProject;
// Packing the tarballs builds four packages the first time (minutes on a busy machine); CI packs
// them once before the tests and names them with CMS_PACKED_DIR.
beforeAll(async () => {
  project = await remoteConformanceProject();
}, 600_000);

for (const runtime of RUNTIMES) {
  const missing = missingRuntime(runtime);
  if (missing !== null) {
    describe.skip(`fetch handler on ${runtime} (skipped: ${missing})`, () => {});
    continue;
  }
  runAdapterConformance({
    name: `fetch handler from the packed tarballs on ${runtime}`,
    notApplicable: NOT_APPLICABLE[runtime],
    startRemote: async () => {
      const server = await startRuntimeServer({ runtime, entry: project.entry });
      return { baseUrl: server.url, close: server.close };
    },
  });
}

// Item 4 of issue 39 on what users install: the tarballs' builds of the core and the Fetch
// adapter, bundled with Node compatibility off (no-node-bundle.test.ts does it from the sources).
const workerd = missingRuntime('workerd');
describe.skipIf(workerd !== null)(
  `the packed core and Fetch adapter on workerd without nodejs_compat${workerd === null ? '' : ` (skipped: ${workerd})`}`,
  () => {
    it('bundle with no node:* import, from their dist files, and answer there', async () => {
      const entry = join(project.dir, 'conformance', 'web-only-worker.ts');
      copyFileSync(fileURLToPath(new URL('./fixtures/web-only-worker.ts', import.meta.url)), entry);
      const bundle = await bundleWorker({ entry, nodeCompat: false });
      expect(bundle.runtimeImports).toEqual([]);
      const inputs = Object.keys(bundle.metafile.inputs);
      expect(inputs.some((path) => path.includes('node_modules/@cms-json/core/dist/'))).toBe(true);
      expect(inputs.some((path) => path.includes('node_modules/@cms-json/fetch/dist/'))).toBe(true);
      const server = await startRuntimeServer({ runtime: 'workerd', entry, nodeCompat: false });
      try {
        const res = await fetch(`${server.url}/cms-json/hello/v1/greeting?name=tarballs`);
        expect(await res.json()).toEqual({ message: 'Hello, tarballs!' });
      } finally {
        await server.close();
      }
    });
  },
);
