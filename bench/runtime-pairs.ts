/**
 * The servers of the runtime table (`npm run bench -- --runtimes`), two per runtime: cms-json's
 * `tel/v1` server (`runtimes/tel-server.ts`) and that runtime's minimal handler sending the
 * bytes cms-json sent. On Node the node adapter and a plain `node:http` handler (bundled
 * children, as the rest of the bench runs them); on Bun, Deno and workerd the worker modules
 * `runtimes/tel-worker*.ts` and `runtimes/static-worker.ts` served by `@cms-json/runtimes`'
 * hosts (`Bun.serve`, `Deno.serve`, workerd through Miniflare). Every process listens on
 * 127.0.0.1, runs on the server CPUs and is stopped by `close()`.
 *
 * @module
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRuntimeServer } from '@cms-json/runtimes';
import { build } from 'esbuild';
import { pinToServerCpus } from './affinity.js';
import { bundle } from './build.js';
import { startChild } from './children.js';
import type { LoadRequest } from './load.js';
import type { StaticAnswers } from './runtimes/static-worker.js';
import { ITEM_PATH, LIST_PATH } from './shared/constants.js';
import { type Captured, type Comparison, capture, compare } from './verify.js';

/** A runtime of the table. */
export type TableRuntime = 'node' | 'bun' | 'deno' | 'workerd';

/** Every runtime of the table, in its order: the node adapter first, the reference of the others. */
export const TABLE_RUNTIMES: readonly TableRuntime[] = ['node', 'bun', 'deno', 'workerd'];

/** A case of the runtime table. */
export interface RuntimeCase {
  readonly id: 'list' | 'item';
  readonly title: string;
  readonly request: LoadRequest;
}

/**
 * The two cases: the tel list and one record. The bench's tel server has no content plugin,
 * so "one post" is the `tel/v1` item, the plugin's own single-record read.
 */
export const RUNTIME_CASES: readonly RuntimeCase[] = [
  { id: 'list', title: `GET ${LIST_PATH} (10 items)`, request: { path: LIST_PATH } },
  { id: 'item', title: `GET ${ITEM_PATH} (one record)`, request: { path: ITEM_PATH } },
];

/** A server process of the table. */
export interface Host {
  readonly url: string;
  /** The process that serves the requests (workerd's own for workerd), whose CPU is read. */
  readonly pid: number;
  close(): Promise<void>;
}

/** One runtime's two servers, and how the baseline's answers compare with cms-json's. */
export interface RuntimePair {
  readonly runtime: TableRuntime;
  readonly cms: Host;
  readonly baseline: Host;
  /** Per case id: the baseline's answer against cms-json's (status, body bytes, header lines without `Date`). */
  readonly checks: ReadonlyMap<string, Comparison>;
  /** cms-json's answers on this runtime, per case id. */
  readonly answers: ReadonlyMap<string, Captured>;
  close(): Promise<void>;
}

const BENCH = fileURLToPath(new URL('./', import.meta.url));
const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** Header lines the serving runtime writes itself (framing and connection), left out of the fixed answers. */
const SERVER_WRITTEN = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * The answers the baseline sends: cms-json's status, body bytes and header lines, minus the
 * lines the runtime's server writes by itself (and, for a Fetch runtime, `Content-Length`,
 * which it computes from the body: the same bytes give the same length).
 */
export function staticAnswers(runtime: TableRuntime, captured: ReadonlyMap<string, Captured>): StaticAnswers {
  const answers: StaticAnswers = {};
  for (const loadCase of RUNTIME_CASES) {
    const answer = captured.get(loadCase.id);
    if (answer === undefined) continue;
    const headers: [string, string][] = [];
    for (const line of answer.headers) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon);
      const lower = name.toLowerCase();
      if (SERVER_WRITTEN.has(lower) || (runtime !== 'node' && lower === 'content-length')) continue;
      headers.push([name, line.slice(colon + 1).trimStart()]);
    }
    answers[loadCase.request.path] = { status: answer.status, headers, bodyBase64: answer.body.toString('base64') };
  }
  return answers;
}

/** Where a pair's files live: the node bundles (beside `node_modules`, so npm packages resolve) and the databases. */
interface Workspace {
  readonly dir: string;
  readonly bundles: string;
}

async function startNode(workspace: Workspace, which: 'cms' | 'baseline', env: Record<string, string>): Promise<Host> {
  const script = which === 'cms' ? 'runtime-node' : 'static-node';
  const child = await startChild({
    file: join(workspace.bundles, `${script}.mjs`),
    name: `${script} (node)`,
    database: join(workspace.dir, 'node.db'),
    env,
  });
  return { url: child.url, pid: child.pid, close: () => child.stop() };
}

async function startOn(
  runtime: Exclude<TableRuntime, 'node'>,
  workspace: Workspace,
  which: 'cms' | 'baseline',
  env: Record<string, string>,
): Promise<Host> {
  // workerd: the sources, which the host bundles as wrangler does. Bun and Deno: this run's
  // bundles (one self-contained module each, as the Node servers run), which need no package
  // resolution by the runtime (Deno resolves a bare import only when a workspace member's
  // package.json lists it) and no TypeScript loader.
  const entry =
    runtime === 'workerd'
      ? join(BENCH, which === 'baseline' ? 'runtimes/static-worker.ts' : 'runtimes/tel-worker-d1.ts')
      : join(workspace.bundles, which === 'baseline' ? 'static-worker.mjs' : 'tel-worker.mjs');
  const server = await startRuntimeServer({
    runtime,
    entry,
    cwd: ROOT,
    env:
      which === 'cms' && runtime !== 'workerd' ? { ...env, DATABASE_URL: `sqlite:${join(workspace.dir, `${runtime}.db`)}` } : env,
    ...(which === 'cms' && runtime === 'workerd' ? { d1Databases: ['DB'], d1Persist: join(workspace.dir, 'd1') } : {}),
  });
  pinToServerCpus(server.pid);
  return { url: server.url, pid: server.pid, close: () => server.close() };
}

function startHost(runtime: TableRuntime, workspace: Workspace, which: 'cms' | 'baseline', env: Record<string, string>) {
  return runtime === 'node' ? startNode(workspace, which, env) : startOn(runtime, workspace, which, env);
}

/**
 * Bundles the table's servers into `dir`: the two Node servers as the bench bundles its
 * children (npm packages external), and the Bun/Deno worker modules whole (npm packages
 * included; only `node:*` left to the runtime; the SQLite drivers are loaded by name at run
 * time, which no bundler follows).
 */
export async function bundleTableServers(dir: string): Promise<void> {
  await bundle([join(BENCH, 'servers/runtime-node.ts'), join(BENCH, 'servers/static-node.ts')], dir);
  await build({
    entryPoints: [join(BENCH, 'runtimes/tel-worker.ts'), join(BENCH, 'runtimes/static-worker.ts')],
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'es2022',
    logLevel: 'error',
  });
}

/**
 * Starts one runtime's pair: cms-json first (its first request migrates and seeds its own
 * empty database), then the baseline with cms-json's captured answers, and checks the
 * baseline's answers against them. On a failure whatever started is stopped.
 */
export async function startPair(runtime: TableRuntime, workspace: Workspace): Promise<RuntimePair> {
  const hosts: Host[] = [];
  try {
    const cms = await startHost(runtime, workspace, 'cms', {});
    hosts.push(cms);
    const answers = new Map<string, Captured>();
    for (const loadCase of RUNTIME_CASES) {
      const answer = await capture(cms.url, loadCase.request);
      if (answer.status !== 200) {
        throw new Error(
          `cms-json on ${runtime} answered ${loadCase.request.path} with ${answer.status}: ${answer.body.toString('utf8').slice(0, 300)}`,
        );
      }
      answers.set(loadCase.id, answer);
    }
    const baseline = await startHost(runtime, workspace, 'baseline', {
      BENCH_STATIC: JSON.stringify(staticAnswers(runtime, answers)),
    });
    hosts.push(baseline);
    const checks = new Map<string, Comparison>();
    for (const loadCase of RUNTIME_CASES) {
      checks.set(loadCase.id, compare(answers.get(loadCase.id) as Captured, await capture(baseline.url, loadCase.request)));
    }
    return { runtime, cms, baseline, checks, answers, close: () => closeAll(hosts) };
  } catch (error) {
    await closeAll(hosts);
    throw error;
  }
}

async function closeAll(hosts: readonly Host[]): Promise<void> {
  await Promise.allSettled(hosts.map((host) => host.close()));
}

/** A temporary folder for the table's databases and Node bundles; `remove()` deletes both. */
export async function createWorkspace(): Promise<Workspace & { remove(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'cms-json-bench-runtimes-'));
  const bundles = join(ROOT, 'node_modules', '.cache', 'cms-json-bench-runtimes', String(process.pid));
  mkdirSync(bundles, { recursive: true });
  await bundleTableServers(bundles);
  return {
    dir,
    bundles,
    remove() {
      rmSync(dir, { recursive: true, force: true });
      rmSync(bundles, { recursive: true, force: true });
    },
  };
}
