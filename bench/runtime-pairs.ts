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

/**
 * The servers of one runtime: cms-json, and the baselines. `static`: the runtime's minimal
 * handler sending the bytes cms-json sent (no database). `hand-written`: cms-json's work done by
 * hand on the runtime's own SQLite (the same SQL, the same bytes), as `baseline-node` does it
 * on Node.
 */
export type ServerRole = 'cms' | 'static' | 'hand-written';

/** The roles in the order a round runs them (cms-json between its two baselines). */
export const ROLES: readonly ServerRole[] = ['static', 'cms', 'hand-written'];

/** One runtime's servers, and how each baseline's answers compare with cms-json's. */
export interface RuntimePair {
  readonly runtime: TableRuntime;
  readonly hosts: ReadonlyMap<ServerRole, Host>;
  /** Per baseline and case id (`static:list`): its answer against cms-json's (status, body bytes, header lines without `Date`). */
  readonly checks: ReadonlyMap<string, Comparison>;
  /** cms-json's answers on this runtime, per case id. */
  readonly answers: ReadonlyMap<string, Captured>;
  /** Baselines that could not start on this runtime, and why (cms-json is still measured). */
  readonly missing: ReadonlyMap<ServerRole, string>;
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

const NODE_SCRIPTS: Record<ServerRole, string> = { cms: 'runtime-node', static: 'static-node', 'hand-written': 'baseline-node' };

async function startNode(workspace: Workspace, role: ServerRole, env: Record<string, string>): Promise<Host> {
  const script = NODE_SCRIPTS[role];
  const child = await startChild({
    file: join(workspace.bundles, `${script}.mjs`),
    name: `${script} (node)`,
    // Every Node server reads the file cms-json's server seeded.
    database: join(workspace.dir, 'node.db'),
    env,
  });
  return { url: child.url, pid: child.pid, close: () => child.stop() };
}

/** The worker module of each role: on workerd the sources (the host bundles them as wrangler does), elsewhere this run's bundles. */
const WORKERS: Record<ServerRole, { fetch: string; d1: string }> = {
  cms: { fetch: 'tel-worker', d1: 'tel-worker-d1' },
  static: { fetch: 'static-worker', d1: 'static-worker' },
  'hand-written': { fetch: 'hand-written-worker', d1: 'hand-written-worker-d1' },
};

async function startOn(
  runtime: Exclude<TableRuntime, 'node'>,
  workspace: Workspace,
  role: ServerRole,
  env: Record<string, string>,
): Promise<Host> {
  // Bun and Deno run this run's bundles (one self-contained module each, as the Node servers
  // run), which need no package resolution by the runtime (Deno resolves a bare import only when
  // a workspace member's package.json lists it) and no TypeScript loader.
  // workerd: the source, which the host bundles as wrangler does.
  const entry =
    runtime === 'workerd'
      ? join(BENCH, 'runtimes', `${WORKERS[role].d1}.ts`)
      : join(workspace.bundles, `${WORKERS[role].fetch}.mjs`);
  const file = join(workspace.dir, `${runtime}.db`);
  const databaseEnv: Record<string, string> =
    runtime === 'workerd' || role === 'static'
      ? {}
      : role === 'cms'
        ? { DATABASE_URL: `sqlite:${file}` }
        : { DATABASE_FILE: file };
  const server = await startRuntimeServer({
    runtime,
    entry,
    cwd: ROOT,
    env: { ...env, ...databaseEnv },
    // Each worker its own D1 database (in memory), which it seeds on its first request.
    ...(runtime === 'workerd' && role !== 'static' ? { d1Databases: ['DB'] } : {}),
  });
  pinToServerCpus(server.pid);
  return { url: server.url, pid: server.pid, close: () => server.close() };
}

function startHost(runtime: TableRuntime, workspace: Workspace, role: ServerRole, env: Record<string, string>) {
  return runtime === 'node' ? startNode(workspace, role, env) : startOn(runtime, workspace, role, env);
}

/**
 * Bundles the table's servers into `dir`: the Node servers as the bench bundles its children
 * (npm packages external), and the Bun/Deno worker modules whole (npm packages included; only
 * `node:*` left to the runtime; the SQLite drivers are loaded by name at run time, which no
 * bundler follows). workerd's are bundled by its host, as wrangler bundles a worker.
 */
export async function bundleTableServers(dir: string): Promise<void> {
  await bundle(
    Object.values(NODE_SCRIPTS).map((script) => join(BENCH, 'servers', `${script}.ts`)),
    dir,
  );
  await build({
    entryPoints: Object.values(WORKERS).map((worker) => join(BENCH, 'runtimes', `${worker.fetch}.ts`)),
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
 * Starts one runtime's servers: cms-json first (its first request migrates and seeds its own
 * empty database), then the baselines (the static one with cms-json's captured answers, the
 * hand-written one on the database cms-json seeded; on workerd on its own D1, which it seeds), and checks each baseline's answers against
 * cms-json's. A baseline that fails to start is reported in `missing`; when cms-json fails,
 * whatever started is stopped and the error thrown.
 */
export async function startPair(runtime: TableRuntime, workspace: Workspace): Promise<RuntimePair> {
  const hosts = new Map<ServerRole, Host>();
  const close = () => closeAll([...hosts.values()]);
  try {
    const cms = await startHost(runtime, workspace, 'cms', {});
    hosts.set('cms', cms);
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
    const missing = new Map<ServerRole, string>();
    const checks = new Map<string, Comparison>();
    for (const role of ['static', 'hand-written'] as const) {
      try {
        const env: Record<string, string> =
          role === 'static' ? { BENCH_STATIC: JSON.stringify(staticAnswers(runtime, answers)) } : {};
        const host = await startHost(runtime, workspace, role, env);
        hosts.set(role, host);
        for (const loadCase of RUNTIME_CASES) {
          const expected = answers.get(loadCase.id) as Captured;
          checks.set(`${role}:${loadCase.id}`, compare(expected, await capture(host.url, loadCase.request)));
        }
      } catch (error) {
        missing.set(role, (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '');
      }
    }
    return { runtime, hosts, checks, answers, missing, close };
  } catch (error) {
    await close();
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
