/**
 * WordPress's own figures for the WordPress-database comparison: drives the running
 * reference (http://127.0.0.1:8081, nginx + php-fpm with opcache + MariaDB) with the three
 * requests of `wordpress-cases.ts` and counts the CPU its nginx, php-fpm (master and
 * workers) and mariadbd processes used, read from `/proc/<pid>/stat`. Writes
 * `bench/wordpress-figures.json`, which `npm run bench -- --wordpress` compares against.
 *
 * By hand only (it needs the reference: `/work/shared/tools/wordpress-reference/start.sh`),
 * never in CI or tests:
 *
 *     npx tsx bench/wordpress-reference.ts [--seconds=4] [--rounds=5] [--connections=8] [--dry-run]
 *
 * @module
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { load } from './load.js';
import { type CpuSample, cpuBetween, sampleCpu } from './process-cpu.js';
import { median } from './stats.js';
import { fetchShape, WORDPRESS_CASES, type WordPressFigures } from './wordpress-cases.js';

const BASE_URL = process.env.WORDPRESS_URL ?? 'http://127.0.0.1:8081';
const REST_ROOT = '/wp-json';
const PID_FILES = {
  nginx: '/var/lib/wp-oracle/nginx.pid',
  phpFpm: '/var/lib/wp-oracle/php-fpm.pid',
  mariadbd: '/run/mysqld/mysqld.pid',
};
const OUTPUT = fileURLToPath(new URL('./wordpress-figures.json', import.meta.url));

function flag(name: string, fallback: number): number {
  const raw = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0 || value > 60) throw new Error(`--${name} must be a number in (0, 60], got ${raw}`);
  return value;
}

function readPid(file: string): number {
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`No pid in ${file}`);
  return pid;
}

function childrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** The reference's server processes: nginx and php-fpm masters with their workers, and mariadbd. */
function serverPids(): Record<'nginx' | 'php-fpm' | 'mariadbd', number[]> {
  const nginx = readPid(PID_FILES.nginx);
  const phpFpm = readPid(PID_FILES.phpFpm);
  return {
    nginx: [nginx, ...childrenOf(nginx)],
    'php-fpm': [phpFpm, ...childrenOf(phpFpm)],
    mariadbd: [readPid(PID_FILES.mariadbd)],
  };
}

function version(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
      .split('\n')[0]
      ?.trim() as string;
  } catch (error) {
    // nginx -v writes to stderr.
    const stderr = (error as { stderr?: string }).stderr;
    return stderr?.split('\n')[0]?.trim() ?? 'unknown';
  }
}

function nginxVersion(): string {
  try {
    return execFileSync('sh', ['-c', 'nginx -v 2>&1'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

async function wordpressVersion(): Promise<string> {
  const response = await fetch(`${BASE_URL}/wp-json/`);
  if (!response.ok) throw new Error(`The reference answers ${response.status} at ${BASE_URL}/wp-json/: is it running?`);
  const html = await (await fetch(`${BASE_URL}/`)).text();
  return html.match(/<meta name="generator" content="([^"]+)"/)?.[1] ?? 'WordPress (generator tag not found)';
}

/** The reference's opcache check (`GET /__oracle/opcache`, answered by php-fpm). */
async function opcacheStatus(): Promise<string> {
  const response = await fetch(`${BASE_URL}/__oracle/opcache`);
  if (!response.ok) return `unknown (${response.status})`;
  const status = (await response.json()) as { opcache_enabled?: boolean; jit?: boolean };
  return `${status.opcache_enabled === true ? 'enabled' : 'DISABLED'}, JIT ${status.jit === true ? 'on' : 'off'}`;
}

/** The part of a sample that belongs to `pids`. */
function sampleCpuOf(sample: CpuSample, pids: readonly number[]): CpuSample {
  return { byPid: new Map([...sample.byPid].filter(([pid]) => pids.includes(pid))) };
}

/** Each group's share of the CPU, in percent. */
function shareOf(micros: Record<string, number>): Record<string, number> {
  const total = Object.values(micros).reduce((sum, value) => sum + value, 0);
  return Object.fromEntries(Object.entries(micros).map(([group, value]) => [group, Math.round((value / total) * 1000) / 10]));
}

async function main(): Promise<void> {
  const seconds = flag('seconds', 4);
  const rounds = flag('rounds', 5);
  const connections = flag('connections', 8);
  const dryRun = process.argv.includes('--dry-run');
  const log = (text: string) => console.error(text);
  const wordpress = await wordpressVersion();
  const cases: Record<string, WordPressFigures['cases'][keyof WordPressFigures['cases']]> = {};
  for (const benchCase of WORDPRESS_CASES) {
    const request = { path: `${REST_ROOT}${benchCase.path}` };
    const answer = await fetchShape(`${BASE_URL}${request.path}`);
    if (answer.status !== 200) throw new Error(`${benchCase.path} answers ${answer.status}`);
    await load(BASE_URL, request, { connections, seconds: 2 });
    const perCpuSecond: number[] = [];
    const perSecond: number[] = [];
    const shares = { nginx: 0, 'php-fpm': 0, mariadbd: 0 };
    let failures = 0;
    for (let round = 0; round < rounds; round++) {
      const groups = serverPids();
      const pids = Object.values(groups).flat();
      const before = sampleCpu(pids);
      const result = await load(BASE_URL, request, { connections, seconds });
      const after = sampleCpu(pids);
      if (Object.values(serverPids()).flat().join() !== pids.join() || after.byPid.size !== before.byPid.size) {
        log(`${benchCase.id} round ${round + 1}: the reference restarted during the round; measuring it again`);
        round--;
        continue;
      }
      const cpuSeconds = cpuBetween(before, after) / 1e6;
      for (const [group, members] of Object.entries(groups) as [keyof typeof shares, number[]][]) {
        shares[group] += cpuBetween(sampleCpuOf(before, members), sampleCpuOf(after, members));
      }
      failures += result.failures;
      perCpuSecond.push(result.requests / cpuSeconds);
      perSecond.push(result.rps);
      log(
        `${benchCase.id} round ${round + 1}/${rounds}: ${result.requests} requests, ${Math.round(result.rps)} req/s, ${cpuSeconds.toFixed(2)} CPU-s, ${(result.requests / cpuSeconds).toFixed(1)} req/CPU-s, ${result.failures} failures`,
      );
    }
    const requestsPerCpuSecond = median(perCpuSecond);
    cases[benchCase.id] = {
      path: benchCase.path,
      answer,
      requestsPerCpuSecond: Math.round(requestsPerCpuSecond * 10) / 10,
      requestsPerSecond: Math.round(median(perSecond) * 10) / 10,
      cpuMicrosPerRequest: Math.round(1e6 / requestsPerCpuSecond),
      rounds: perCpuSecond.map((value) => Math.round(value * 10) / 10),
      cpuShares: shareOf(shares),
      failures,
    };
  }
  const figures: WordPressFigures = {
    measured: new Date().toISOString(),
    command: `npx tsx bench/wordpress-reference.ts --seconds=${seconds} --rounds=${rounds} --connections=${connections}`,
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Linux`,
    versions: {
      wordpress,
      php: version('php', ['-v']),
      nginx: nginxVersion(),
      mariadb: version('mariadbd', ['--version']),
      opcache: await opcacheStatus(),
    },
    counted: 'utime+stime of nginx (master, workers), php-fpm (master, 4 static workers, opcache on) and mariadbd',
    connections,
    cases: cases as WordPressFigures['cases'],
  };
  const text = `${JSON.stringify(figures, null, 2)}\n`;
  if (dryRun) process.stdout.write(text);
  else {
    writeFileSync(OUTPUT, text);
    log(`wrote ${OUTPUT}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
