/**
 * Nothing Node-only in the core, by construction: `@cms-json/core` and `@cms-json/fetch` (their
 * sources) bundled for workerd with Node compatibility OFF (no `nodejs_compat`, `node:*` not
 * left to the runtime, so any `node:*` import fails the bundle), loaded by workerd, and
 * answering. The biome rule banning `node:*` in the core stays; this proves it by the bundle.
 */
import { fileURLToPath } from 'node:url';
import { bundleWorker, missingRuntime, type RuntimeServer, startRuntimeServer, type WorkerBundle } from '@cms-json/runtimes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const entry = fileURLToPath(new URL('./fixtures/web-only-worker.ts', import.meta.url));
const nodeImport = fileURLToPath(new URL('./fixtures/node-import-worker.ts', import.meta.url));

describe('the core and the Fetch adapter bundled without Node compatibility', () => {
  let bundle: WorkerBundle;
  beforeAll(async () => {
    bundle = await bundleWorker({ entry, nodeCompat: false });
  });

  it('leave nothing to the runtime: no node:* (nor any other) import in the bundle or its inputs', () => {
    expect(bundle.runtimeImports).toEqual([]);
    const imports = Object.values(bundle.metafile.inputs).flatMap((input) => input.imports.map((i) => i.path));
    expect(imports.filter((path) => path.startsWith('node:') || !path.includes('/'))).toEqual([]);
    expect(bundle.code).not.toMatch(/\bfrom\s*["']node:|import\(\s*["']node:|require\(\s*["']node:/);
  });

  it('are made of the sources of both packages (the Node bridge of the Fetch adapter left out)', () => {
    const inputs = Object.keys(bundle.metafile.inputs);
    expect(inputs.some((path) => path.includes('packages/core/src/server.ts'))).toBe(true);
    expect(inputs.some((path) => path.includes('packages/fetch/src/handler.ts'))).toBe(true);
    expect(inputs.filter((path) => /packages\/fetch\/src\/node/.test(path))).toEqual([]);
  });

  it('refuse a worker that imports a node:* module (what a Node-only import in the core would do)', async () => {
    await expect(bundleWorker({ entry: nodeImport, nodeCompat: false })).rejects.toThrow(/Could not resolve "node:crypto"/);
    // With Node compatibility the same import is left to the runtime.
    expect((await bundleWorker({ entry: nodeImport })).runtimeImports).toEqual(['node:crypto']);
  });
});

const missing = missingRuntime('workerd');
describe.skipIf(missing !== null)(
  `that bundle on workerd without nodejs_compat${missing === null ? '' : ` (skipped: ${missing})`}`,
  () => {
    let server: RuntimeServer;
    beforeAll(async () => {
      server = await startRuntimeServer({ runtime: 'workerd', entry, nodeCompat: false });
    });
    afterAll(async () => {
      await server?.close();
    });

    it('loads in a runtime with no process and no Buffer', async () => {
      const res = await fetch(`${server.url}/elsewhere`);
      expect(await res.json()).toEqual({ process: 'undefined', Buffer: 'undefined' });
    });

    it('answers the API root, a route with a query, and a JSON body', async () => {
      const root = await fetch(`${server.url}/cms-json/`);
      expect(root.status).toBe(200);
      expect(await root.json()).toMatchObject({ namespaces: ['hello/v1'] });
      const greeting = await fetch(`${server.url}/cms-json/hello/v1/greeting?name=Workers`);
      expect(await greeting.json()).toEqual({ message: 'Hello, Workers!' });
      const echo = await fetch(`${server.url}/cms-json/hello/v1/greeting`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'été ✓' }),
      });
      expect(echo.status).toBe(200);
      expect(await echo.json()).toEqual({ echo: 'été ✓', bytes: 9 });
    });
  },
);
