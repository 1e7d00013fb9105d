import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingRuntime, RUNTIMES, type RuntimeServer, runtimeVersions, startRuntimeServer } from '../src/index.js';

const echo = fileURLToPath(new URL('./fixtures/echo-worker.ts', import.meta.url));
const broken = fileURLToPath(new URL('./fixtures/broken-worker.ts', import.meta.url));
const hanging = fileURLToPath(new URL('./fixtures/hanging-worker.ts', import.meta.url));

/** Whether process `pid` is alive (Linux `/proc`). */
function alive(pid: number): boolean {
  return existsSync(`/proc/${pid}`);
}

/** The processes whose command line names `text` (Linux `/proc`). */
function processesNaming(text: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text);
      } catch {
        return false;
      }
    })
    .map(Number);
}

for (const runtime of RUNTIMES) {
  const missing = missingRuntime(runtime);
  describe.skipIf(missing !== null)(`a worker module on ${runtime}${missing === null ? '' : ` (skipped: ${missing})`}`, () => {
    let server: RuntimeServer;
    beforeAll(async () => {
      server = await startRuntimeServer({
        runtime,
        entry: echo,
        env: { GREETING: 'hello from the test' },
        ...(runtime === 'workerd' ? { d1Databases: ['DB'] } : {}),
      });
    });
    afterAll(async () => {
      await server?.close();
    });

    it('answers on 127.0.0.1 with the runtime, the request and the env it was given', async () => {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const res = await fetch(`${server.url}/hello?x=1`, { method: 'POST', body: 'the body' });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        runtime,
        method: 'POST',
        path: '/hello',
        body: 'the body',
        greeting: 'hello from the test',
        d1: runtime === 'workerd' ? 2 : null,
      });
    });

    it("names the runtime's own serving process, and keeps its output", async () => {
      expect(server.pid).not.toBe(process.pid);
      expect(alive(server.pid)).toBe(true);
      expect(readFileSync(`/proc/${server.pid}/comm`, 'utf8').trim()).toBe(runtime);
      await fetch(`${server.url}/logged`);
      await expect.poll(() => server.output(), { timeout: 5_000 }).toContain('echo-worker GET /logged');
    });

    it('answers 500 when the module throws, tells why, and goes on serving', async () => {
      const res = await fetch(`${server.url}/fail`);
      expect(res.status).toBe(500);
      const text = await res.text();
      expect((await fetch(`${server.url}/again`)).status).toBe(200);
      // Bun and Deno hosts log the error; Miniflare answers with it (its development error page).
      await expect.poll(() => `${text}\n${server.output()}`, { timeout: 5_000 }).toContain('echo-worker failure');
    });
  });
}

describe.skipIf(missingRuntime('bun') !== null)('stopping a runtime server', () => {
  it('close() ends the process and frees the port; a second close() does nothing', async () => {
    const server = await startRuntimeServer({ runtime: 'bun', entry: echo });
    await server.close();
    expect(alive(server.pid)).toBe(false);
    await expect(fetch(server.url)).rejects.toThrow();
    await server.close();
  });
});

describe.skipIf(missingRuntime('workerd') !== null)('two workerd servers started at once in one process', () => {
  it('name each its own workerd process', async () => {
    const [first, second] = await Promise.all([
      startRuntimeServer({ runtime: 'workerd', entry: echo, env: { GREETING: 'first' } }),
      startRuntimeServer({ runtime: 'workerd', entry: echo, env: { GREETING: 'second' } }),
    ]);
    try {
      expect(first.pid).not.toBe(second.pid);
      await first.close();
      expect(alive(first.pid)).toBe(false);
      expect(alive(second.pid)).toBe(true);
      expect(await (await fetch(second.url)).json()).toMatchObject({ greeting: 'second' });
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('bad inputs', () => {
  it('refuses an unknown runtime, naming the ones there are', async () => {
    // @ts-expect-error: a runtime that does not exist, as an untyped caller could pass it.
    await expect(startRuntimeServer({ runtime: 'node', entry: echo })).rejects.toThrow(
      /Unknown runtime "node": use one of bun, deno, workerd/,
    );
  });

  it('refuses a relative or missing entry', async () => {
    await expect(startRuntimeServer({ runtime: 'bun', entry: 'test/fixtures/echo-worker.ts' })).rejects.toThrow(
      /must be absolute/,
    );
    await expect(startRuntimeServer({ runtime: 'deno', entry: '/nowhere/worker.ts' })).rejects.toThrow(/does not exist/);
  });

  it('refuses workerd-only options on Bun and Deno', async () => {
    await expect(startRuntimeServer({ runtime: 'deno', entry: echo, d1Databases: ['DB'] })).rejects.toThrow(
      /d1Databases only apply to workerd, not to deno/,
    );
  });

  it.skipIf(missingRuntime('deno') !== null)(
    'gives up on a module that never finishes loading, and stops the runtime',
    async () => {
      await expect(startRuntimeServer({ runtime: 'deno', entry: hanging, startTimeoutMs: 1_500 })).rejects.toThrow(
        /deno did not listen within 1500 ms serving .*hanging-worker\.ts/,
      );
      expect(processesNaming('hanging-worker.ts')).toEqual([]);
    },
  );

  for (const runtime of RUNTIMES) {
    it.skipIf(missingRuntime(runtime) !== null)(`fails with the output of ${runtime} when the module cannot load`, async () => {
      await expect(startRuntimeServer({ runtime, entry: broken })).rejects.toThrow(/broken-worker cannot load/);
    });
  }
});

describe('runtime versions', () => {
  it('names the version of Node and of each runtime installed', async () => {
    const versions = await runtimeVersions();
    expect(versions.node).toBe(process.versions.node);
    for (const runtime of RUNTIMES) {
      if (missingRuntime(runtime) === null) expect(versions[runtime]).toMatch(/^\d[\w.-]+$/);
      else expect(versions[runtime]).toBeNull();
    }
  });
});
