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

const CHUNKED_OVER_LIMIT = 'rejects a chunked body over the limit with 413 and stays up';
const STREAM_FAR_OVER_LIMIT = 'lets a client streaming a body far over the limit read the 413, without a reset';
const DECLARED_OVER_LIMIT = 'rejects a body over the limit with 413 and stays up';
const REFUSED_UPLOAD = 'answers a refused upload without reading its body, and stays up';
const UPLOAD_OVER_LIMIT = 'refuses an upload over its endpoint limit with 413, declared or streamed, and stays up';
const HEADER_BEYOND_LATIN1 = 'answers 500 when a response cannot be written (a header beyond Latin-1), and stays up';

/**
 * What each runtime's server does differently from Node's (docs/adapters.md, "Conformance per
 * runtime"). Where the server answers before the request body is in (a 413, a refused upload),
 * the Fetch handler reads the rest in the background; Node keeps the connection open for that.
 * Bun.serve and workerd end it once answered, so a client still sending its body may see EPIPE
 * or ECONNRESET instead of the answer. Measured (tries): Bun, a chunked body over the limit 11
 * of 20, a streamed upload over its limit 1 of 20; workerd, a 12 MiB body 20 of 20, a chunked
 * body 1 of 20, a declared body over the limit 1 of 20, and a refused upload once in 8 runs of
 * the suite. A Bun.serve handler that reads the whole body before answering is read 20 of 20
 * times, and so is workerd's 12 MiB case when the handler drains before answering.
 */
const NOT_APPLICABLE: Record<RuntimeName, Record<string, string>> = {
  bun: {
    [CHUNKED_OVER_LIMIT]:
      'Bun.serve ends the connection once the 413 is answered, the body still coming: EPIPE about half the time',
    [UPLOAD_OVER_LIMIT]: 'its streamed half, as the chunked body over the limit: EPIPE now and then',
  },
  deno: {},
  workerd: {
    [DECLARED_OVER_LIMIT]: 'workerd ends the connection once the 413 is answered, the body still coming: ECONNRESET now and then',
    [CHUNKED_OVER_LIMIT]: 'workerd ends the connection once the 413 is answered, the body still coming: ECONNRESET now and then',
    [STREAM_FAR_OVER_LIMIT]: 'workerd ends the connection once the 413 is answered, 12 MiB still coming: ECONNRESET',
    [UPLOAD_OVER_LIMIT]: 'its streamed half, as the chunked body over the limit: ECONNRESET now and then',
    [REFUSED_UPLOAD]: 'workerd ends the connection once the 401 is answered, the body still coming: ECONNRESET now and then',
    [HEADER_BEYOND_LATIN1]: 'workerd sends a header value beyond Latin-1 as its UTF-8 bytes (200) instead of refusing it',
  },
};

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
