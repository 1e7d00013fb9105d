import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWorker, missingRuntime, type RuntimeServer, startRuntimeServer } from '../src/index.js';

const entry = fileURLToPath(new URL('./fixtures/node-modules-worker.ts', import.meta.url));

describe('bundling for workerd with Node compatibility (as wrangler does)', () => {
  it("leaves node: and bare imports of Node's modules to the runtime, as node: names", async () => {
    const bundle = await bundleWorker({ entry });
    expect(bundle.runtimeImports).toEqual(['node:buffer', 'node:crypto', 'node:events', 'node:path']);
    expect(bundle.code).not.toMatch(/require\(["'](path|crypto)["']\)/);
  });

  it("refuses every kind of import of Node's modules without it, naming the first", async () => {
    await expect(bundleWorker({ entry, nodeCompat: false })).rejects.toThrow(
      /Could not resolve "(events|node:buffer|path|crypto)"/,
    );
  });
});

const missing = missingRuntime('workerd');
describe.skipIf(missing !== null)(
  `that bundle on workerd with nodejs_compat${missing === null ? '' : ` (skipped: ${missing})`}`,
  () => {
    let server: RuntimeServer;
    beforeAll(async () => {
      server = await startRuntimeServer({ runtime: 'workerd', entry });
    });
    afterAll(async () => {
      await server?.close();
    });

    it('runs the imports and the CommonJS require() calls', async () => {
      const res = await fetch(server.url);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        heard: 'hello',
        base64: 'w6l0w6k=',
        joined: 'a/b',
        digest: expect.stringMatching(/^[0-9a-f]{12}$/),
      });
    });
  },
);
