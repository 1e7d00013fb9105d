/**
 * The per-runtime examples of docs/adapters.md and docs/database.md, run as they are: each
 * example's files written to a temporary folder (with the workspace's `node_modules` linked in
 * place of an install), served on its runtime (Bun and Deno run the documented `server.ts`;
 * workerd serves the documented `worker.ts` with a local D1 bound as `DB`), and asked with the
 * first administrator's application password.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { findRuntimeBinary, missingRuntime, REPOSITORY_ROOT, type RuntimeName, startRuntimeServer } from '@cms-json/runtimes';
import { afterAll, describe, expect, it } from 'vitest';
import { type ExampleFiles, markdownExamples } from './docs-examples.js';

const docs = ['docs/adapters.md', 'docs/database.md'].map((path) => readFileSync(join(REPOSITORY_ROOT, path), 'utf8'));
const examples = markdownExamples(docs);
const appPassword = 'docs exam ple0 admi nPas s123';
const settings = { CMS_SECRET: 'a-secret-of-the-docs-example-0123456789', CMS_ADMIN_APP_PASSWORD: appPassword };
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The example's files in a fresh folder, with the workspace's packages where an install would put them. */
function writeExample(name: string, files: ExampleFiles): string {
  const folder = mkdtempSync(join(tmpdir(), `cms-json-docs-${name}-`));
  folders.push(folder);
  for (const [path, text] of files) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  symlinkSync(join(REPOSITORY_ROOT, 'node_modules'), join(folder, 'node_modules'), 'dir');
  return folder;
}

/** Asks the site as the docs do: the administrator, then anonymous. */
async function askSite(url: string): Promise<void> {
  const admin = { authorization: `Basic ${btoa(`admin:${appPassword}`)}` };
  const me = await fetch(`${url}/cms-json/cms/v2/users/me?context=edit`, { headers: admin });
  expect(me.status).toBe(200);
  expect(await me.json()).toMatchObject({ slug: 'admin', roles: ['administrator'] });
  const created = await fetch(`${url}/cms-json/cms/v2/users/me/application-passwords`, {
    method: 'POST',
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'deploy script' }),
  });
  expect(created.status).toBe(201);
  expect((await fetch(`${url}/cms-json/cms/v2/users/me`)).status).toBe(401);
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Runs the documented `server.ts` with the runtime's program until it prints its address (at most 60 s). */
async function runServer(
  runtime: 'bun' | 'deno',
  folder: string,
): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const binary = findRuntimeBinary(runtime);
  if (binary === null) throw new Error(`${runtime} is missing`);
  // The workspace's packages are TypeScript sources importing ./x.js for ./x.ts; published ones are not.
  const args = runtime === 'bun' ? ['server.ts'] : ['run', '-A', '--no-lock', '--sloppy-imports', 'server.ts'];
  const port = await freePort();
  const env = { ...process.env, ...settings, PORT: String(port), DATABASE_URL: `sqlite:${join(folder, 'data', 'site.db')}` };
  const child = spawn(binary, args, { cwd: folder, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const deadline = Date.now() + 60_000;
  while (!output.includes('listening on')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill();
      throw new Error(`${runtime} server.ts did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url: `http://127.0.0.1:${port}`, child, output: () => output };
}

const runtimes: [name: string, runtime: RuntimeName][] = [
  ['bun', 'bun'],
  ['deno', 'deno'],
  ['workers', 'workerd'],
];

describe('the docs examples per runtime', () => {
  it('gives each runtime its complete files: package.json, database.ts, worker.ts and how it is served', () => {
    expect([...(examples.get('bun')?.keys() ?? [])].sort()).toEqual(['database.ts', 'package.json', 'server.ts', 'worker.ts']);
    expect([...(examples.get('deno')?.keys() ?? [])].sort()).toEqual(['database.ts', 'package.json', 'server.ts', 'worker.ts']);
    expect([...(examples.get('workers')?.keys() ?? [])].sort()).toEqual([
      'database.ts',
      'package.json',
      'worker.ts',
      'wrangler.toml',
    ]);
    const wrangler = examples.get('workers')?.get('wrangler.toml') ?? '';
    expect(wrangler).toMatch(/^main = "worker\.ts"$/m);
    expect(wrangler).toMatch(/compatibility_flags = \["nodejs_compat"\]/);
    expect(wrangler).toMatch(/binding = "DB"/);
  });

  it('refuses a marker without a block, and a file given twice', () => {
    expect(() => markdownExamples(['<!-- example: bun file: a.ts -->\ntext'])).toThrow(/not followed by a fenced block/);
    const twice = '<!-- example: bun file: a.ts -->\n```ts\n1\n```\n<!-- example: bun file: a.ts -->\n```ts\n2\n```\n';
    expect(() => markdownExamples([twice])).toThrow(/Two blocks give a.ts of the example "bun"/);
  });

  for (const [name, runtime] of runtimes) {
    const missing = missingRuntime(runtime);
    it.skipIf(missing !== null)(
      `serves the ${name} example and answers its first administrator${missing === null ? '' : ` (skipped: ${missing})`}`,
      async () => {
        const folder = writeExample(name, examples.get(name) ?? new Map());
        if (runtime === 'workerd') {
          const server = await startRuntimeServer({
            runtime,
            entry: join(folder, 'worker.ts'),
            env: settings,
            d1Databases: ['DB'],
            d1Persist: join(folder, 'd1'),
          });
          try {
            await askSite(server.url);
          } catch (error) {
            throw new Error(`${error instanceof Error ? error.message : error}\n${server.output()}`, { cause: error });
          } finally {
            await server.close();
          }
          return;
        }
        const served = await runServer(runtime, folder);
        try {
          await askSite(served.url);
        } catch (error) {
          throw new Error(`${error instanceof Error ? error.message : error}\n${served.output()}`, { cause: error });
        } finally {
          served.child.kill();
        }
      },
      120_000,
    );
  }
});
