/**
 * `npm run bench -- --shared-cache`: what a shared HTTP cache saves the origin. The example
 * site (`examples/site/src/main.ts`, SQLite, 25 posts written through its API, the shared cache on) is driven
 * with one mix of anonymous posts-list URLs, directly and then through a Varnish in front of
 * it (`scripts/varnish.sh` with `docs/varnish.vcl`), in alternating rounds of the same
 * number of requests by the same client. Reports the site process's CPU (from
 * `/proc/<pid>/stat`) per 1,000 reads each way, req/s, and Varnish's hit ratio over the
 * measured rounds. The site runs under tsx, as `npm start` runs it; the loader costs at
 * start, not per request.
 *
 * Never part of a test's assertions: numbers for `docs/performance.md` and `docs/scaling.md`.
 *
 * @module
 */
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { onServerCpus } from './affinity.js';
import type { Plan } from './options.js';
import { processCpuMicros } from './process-cpu.js';

const run = promisify(execFile);
const REPO = fileURLToPath(new URL('../', import.meta.url));
const VARNISH_SCRIPT = join(REPO, 'scripts/varnish.sh');
const VCL = join(REPO, 'docs/varnish.vcl');

/** The URL mix: the posts lists an anonymous visitor's pages ask for. */
export const POSTS_LIST_MIX: readonly string[] = [
  '/cms-json/cms/v2/posts',
  '/cms-json/cms/v2/posts?per_page=5',
  '/cms-json/cms/v2/posts?per_page=5&page=2',
  '/cms-json/cms/v2/posts?_embed',
  '/cms-json/cms/v2/posts?orderby=title&order=asc',
  '/cms-json/cms/v2/posts?search=story',
  '/cms-json/cms/v2/posts?page=2',
  '/cms-json/cms/v2/posts?per_page=3&_fields=id,title,link',
];

/** Posts the case writes before measuring (the sample content is off: the lists are of plain posts only). */
const POSTS = 25;
const APP_PASSWORD = 'abcdABCD1234efghEFGH5678';

/** Creates the posts the mix lists, through the REST API as the first administrator. */
async function addPosts(origin: string): Promise<void> {
  const authorization = `Basic ${Buffer.from(`admin:${APP_PASSWORD}`).toString('base64')}`;
  for (let i = 1; i <= POSTS; i++) {
    const res = await fetch(`${origin}/cms-json/cms/v2/posts`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: `A story, number ${i}`,
        status: 'publish',
        content: `<p>Paragraph one of story ${i}.</p><p>Paragraph two, a little longer, with <a href="https://example.com/${i}">a link</a>.</p>`,
        excerpt: `The ${i}th story.`,
      }),
    });
    await res.arrayBuffer();
    if (res.status !== 201) throw new Error(`creating post ${i} answered ${res.status}`);
  }
}

/** One way of serving the mix, over every measured round. */
export interface SharedCacheRow {
  readonly via: 'origin' | 'varnish';
  readonly requests: number;
  /** Requests per second, over the measured rounds. */
  readonly rps: number;
  /** The site process's CPU per 1,000 reads, in milliseconds. */
  readonly cpuMsPer1000: number;
  /** Answers that were not 200, and socket errors. */
  readonly failures: number;
}

/** What the shared-cache case measured. */
export interface SharedCacheResults {
  readonly rows: SharedCacheRow[];
  /** Varnish's `cache_hit / (cache_hit + cache_miss)` over the measured rounds through it. */
  readonly hitRatio: number | undefined;
  /** The machine's 1-minute load average at the end (a busy machine inflates every figure). */
  readonly loadAverage?: number;
  readonly skipped?: string;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

function varnishInstalled(): boolean {
  return ['/usr/sbin/varnishd', '/usr/bin/varnishd', '/usr/local/sbin/varnishd'].some((path) => existsSync(path));
}

async function varnishCounters(directory: string): Promise<{ hits: number; misses: number }> {
  // scripts/varnish.sh keeps varnishd's state in `<workdir>/state`.
  const { stdout } = await run('varnishstat', ['-j', '-n', join(directory, 'state')], { timeout: 10_000 });
  const parsed = JSON.parse(stdout) as Record<string, unknown>;
  // varnishstat 7 nests the counters under `counters`; 6 put them at the top.
  const counters = (parsed.counters ?? parsed) as Record<string, { value?: number } | undefined>;
  return { hits: counters['MAIN.cache_hit']?.value ?? 0, misses: counters['MAIN.cache_miss']?.value ?? 0 };
}

/** Drives `base` with `amount` requests of the mix (each connection cycles through it). */
async function drive(base: string, amount: number, connections: number): Promise<{ seconds: number; failures: number }> {
  if (!base.startsWith('http://127.0.0.1:')) throw new Error(`Refusing to load ${base}: 127.0.0.1 only.`);
  let failures = 0;
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        pipelining: 1,
        amount,
        timeout: 10,
        requests: POSTS_LIST_MIX.map((path) => ({ method: 'GET' as const, path })),
      },
      (error: unknown) => {
        clearTimeout(cap);
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else resolve();
      },
    );
    instance.on('response', (_client, statusCode) => {
      if (statusCode !== 200) failures++;
    });
    instance.on('reqError', () => failures++);
    // Bounded in time whatever the server does.
    const cap = setTimeout(() => instance.stop(), 60_000);
  });
  return { seconds: (performance.now() - started) / 1000, failures };
}

async function waitForSite(port: number, proc: ChildProcess, output: string[]): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error(`the site exited:\n${output.join('')}`);
    const ok = await fetch(`http://127.0.0.1:${port}/cms-json/`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the site did not answer in 60 s:\n${output.join('')}`);
}

/**
 * Runs the case: the site, Varnish in front, the same requests each way in alternating
 * rounds. Skips (saying why) without `varnishd` or the project's Varnish script and VCL.
 */
export async function runSharedCache(options: { plan: Plan; log: (text: string) => void }): Promise<SharedCacheResults> {
  const { plan, log } = options;
  if (!varnishInstalled())
    return { rows: [], hitRatio: undefined, skipped: 'varnishd is not installed (scripts/varnish.sh install)' };
  if (!existsSync(VARNISH_SCRIPT) || !existsSync(VCL)) {
    return { rows: [], hitRatio: undefined, skipped: 'scripts/varnish.sh or docs/varnish.vcl is missing' };
  }
  const dir = mkdtempSync(join(tmpdir(), 'cms-json-bench-shared-cache-'));
  const varnishDir = join(dir, 'varnish');
  const [sitePort, cachePort] = [await freePort(), await freePort()];
  const output: string[] = [];
  const [command, args] = onServerCpus(process.execPath, ['--import', 'tsx', join(REPO, 'examples/site/src/main.ts')]);
  const site = spawn(command, args, {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(sitePort),
      DATABASE_URL: `sqlite:${join(dir, 'site.db')}`,
      UPLOADS_DIR: join(dir, 'uploads'),
      CMS_SECRET: 'bench-shared-cache-secret-0123456789abcdef',
      CMS_ADMIN_APP_PASSWORD: APP_PASSWORD,
      CMS_SAMPLE_LINKS: '0',
      CMS_SAMPLE_CONTENT: '0',
      CMS_SHARED_CACHE: '1',
      CACHE_S_MAXAGE: '300',
      CACHE_PURGE_URLS: `http://127.0.0.1:${cachePort}`,
    },
  });
  site.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  site.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  let varnishStarted = false;
  // The orchestrator exits on a signal or its hard limit without unwinding: stop both then too.
  const onExit = () => {
    if (site.exitCode === null) site.kill('SIGKILL');
    if (varnishStarted) execFileSync('bash', [VARNISH_SCRIPT, 'stop', varnishDir], { stdio: 'ignore', timeout: 10_000 });
  };
  process.once('exit', onExit);
  try {
    await waitForSite(sitePort, site, output);
    await run('bash', [VARNISH_SCRIPT, 'start', `127.0.0.1:${sitePort}`, String(cachePort), varnishDir], { timeout: 60_000 });
    varnishStarted = true;
    const origin = `http://127.0.0.1:${sitePort}`;
    const cache = `http://127.0.0.1:${cachePort}`;
    const pid = site.pid;
    if (pid === undefined) throw new Error('the site has no pid');
    // Bounded: the origin may serve only ~100 of these lists a second on a busy 2-core machine.
    const amount = plan.mode === 'quick' ? 1_000 : 3_000;
    const rounds = plan.mode === 'quick' ? 2 : 3;
    const connections = 10;
    await addPosts(origin);
    // Every URL of the mix must answer 200; say which ones the origin marks shareable.
    for (const path of POSTS_LIST_MIX) {
      const res = await fetch(`${origin}${path}`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: fix the mix`);
      log(`${path}: Cache-Control ${res.headers.get('cache-control') ?? '(none)'}`);
    }
    // Warm-up: the site's optimised code, and the cache filled once.
    await drive(origin, 500, connections);
    await drive(cache, POSTS_LIST_MIX.length * connections, connections);
    const totals = {
      origin: { requests: 0, seconds: 0, cpu: 0, failures: 0 },
      varnish: { requests: 0, seconds: 0, cpu: 0, failures: 0 },
    };
    let hits = 0;
    let misses = 0;
    for (let round = 0; round < rounds; round++) {
      const order: ('origin' | 'varnish')[] = round % 2 === 0 ? ['origin', 'varnish'] : ['varnish', 'origin'];
      for (const via of order) {
        const counters = via === 'varnish' ? await varnishCounters(varnishDir) : undefined;
        const before = processCpuMicros(pid);
        const done = await drive(via === 'origin' ? origin : cache, amount, connections);
        const after = processCpuMicros(pid);
        if (before === undefined || after === undefined) throw new Error(`the site exited:\n${output.join('')}`);
        if (counters !== undefined) {
          const now = await varnishCounters(varnishDir);
          hits += now.hits - counters.hits;
          misses += now.misses - counters.misses;
        }
        const total = totals[via];
        total.requests += amount;
        total.seconds += done.seconds;
        total.cpu += after - before;
        total.failures += done.failures;
        log(
          `shared cache round ${round + 1}/${rounds} via ${via}: ${Math.round(amount / done.seconds)} req/s, site CPU ${((after - before) / amount).toFixed(0)} µs/request`,
        );
      }
    }
    const rows = (['origin', 'varnish'] as const).map((via) => {
      const total = totals[via];
      return {
        via,
        requests: total.requests,
        rps: total.requests / total.seconds,
        cpuMsPer1000: total.cpu / total.requests,
        failures: total.failures,
      };
    });
    return { rows, hitRatio: hits + misses === 0 ? undefined : hits / (hits + misses), loadAverage: loadavg()[0] };
  } finally {
    process.off('exit', onExit);
    if (varnishStarted) await run('bash', [VARNISH_SCRIPT, 'stop', varnishDir], { timeout: 30_000 }).catch(() => undefined);
    if (site.exitCode === null) site.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The case as lines of Markdown. */
export function renderSharedCache(results: SharedCacheResults): string[] {
  if (results.skipped !== undefined) return [`Shared cache (Varnish): skipped: ${results.skipped}.`];
  const lines = [
    `Anonymous posts lists (${POSTS_LIST_MIX.length} URLs), the same requests directly and through Varnish, one run` +
      (results.loadAverage === undefined ? ':' : ` (load average ${results.loadAverage.toFixed(1)} at the end):`),
    '',
    '| via | requests | req/s | site CPU per 1,000 reads | failures |',
    '| --- | -------: | ----: | -----------------------: | -------: |',
  ];
  for (const row of results.rows) {
    lines.push(
      `| ${row.via === 'origin' ? 'origin (no cache)' : 'Varnish in front'} | ${row.requests} | ${Math.round(row.rps)} | ${row.cpuMsPer1000.toFixed(1)} ms | ${row.failures} |`,
    );
  }
  const [origin, varnish] = results.rows;
  if (origin !== undefined && varnish !== undefined && varnish.cpuMsPer1000 > 0) {
    lines.push('', `Origin CPU saved: ${(origin.cpuMsPer1000 / varnish.cpuMsPer1000).toFixed(0)}× less through Varnish.`);
  }
  if (results.hitRatio !== undefined)
    lines.push(`Varnish hit ratio over the measured rounds: ${(results.hitRatio * 100).toFixed(2)} %.`);
  if (varnish !== undefined) {
    // /proc counts CPU in clock ticks (10 ms): below that the figure is a count of ticks.
    lines.push(
      `(CPU is read from /proc in 10 ms ticks: one tick over ${varnish.requests} reads is ${(10_000 / varnish.requests).toFixed(1)} ms per 1,000.)`,
    );
  }
  return lines;
}
