/**
 * The shared services of the two-machine test, each a real server on 127.0.0.1 in a folder
 * of its own: an S3-protocol server (`s3rver`, run as its own process), a PostgreSQL primary
 * with a streaming replica (`scripts/postgres-replica.sh`), and Varnish with the VCL the
 * project ships (`scripts/varnish.sh`, `docs/varnish.vcl`). Each `start…` gives back a
 * `stop()` that the test calls in `afterAll`, also when a test failed.
 *
 * @module
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from '../robustness/http.js';

const run = promisify(execFile);

/** The repository's root folder. */
export const REPO = fileURLToPath(new URL('../../../../', import.meta.url));

/** A started service: where it answers and how to stop it. */
export interface Service {
  /** Stops the service and removes what it made; never throws. */
  stop(): Promise<void>;
}

/** The S3-protocol server. */
export interface S3Service extends Service {
  readonly endpoint: string;
  readonly bucket: string;
  /** The folder s3rver keeps its objects in (`<bucket>/<key>._S3rver_object`). */
  readonly directory: string;
}

/** Waits until `probe` resolves true, every 100 ms, at most `timeoutMs`. */
export async function until(what: string, probe: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function exited(proc: ChildProcess): Promise<void> {
  return proc.exitCode !== null || proc.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => proc.once('exit', () => resolve()));
}

/**
 * Starts `s3rver` in its own process on a free port with one bucket.
 *
 * @example
 * const s3 = await startS3({ directory: '/tmp/x/s3', bucket: 'media' }); // s3.endpoint: http://127.0.0.1:41234
 */
export async function startS3(options: { directory: string; bucket: string }): Promise<S3Service> {
  const port = await freePort();
  const bin = `${REPO}node_modules/s3rver/bin/s3rver.js`;
  const proc = spawn(
    process.execPath,
    [bin, '-d', options.directory, '-a', '127.0.0.1', '-p', String(port), '--silent', '--configure-bucket', options.bucket],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const errors: string[] = [];
  proc.stderr?.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  const endpoint = `http://127.0.0.1:${port}`;
  await until(
    `s3rver on ${endpoint}${errors.length > 0 ? `: ${errors.join('')}` : ''}`,
    async () => {
      if (proc.exitCode !== null) throw new Error(`s3rver exited: ${errors.join('')}`);
      // A bucket that exists answers 200 to an anonymous list (s3rver does not check signatures of GETs here) or 403.
      const res = await fetch(`${endpoint}/${options.bucket}?list-type=2`);
      return res.status < 500;
    },
    20_000,
  );
  return {
    endpoint,
    bucket: options.bucket,
    directory: options.directory,
    async stop() {
      if (proc.exitCode === null) proc.kill('SIGKILL');
      await exited(proc);
    },
  };
}

/** The PostgreSQL primary and its streaming replica. */
export interface PostgresPair extends Service {
  readonly primaryUrl: string;
  /** `undefined` when the replica script is missing: the test then runs on the primary only and says so. */
  readonly replicaUrl: string | undefined;
}

/**
 * Whether PostgreSQL's server binaries (with `pg_basebackup`) are here, or can be: as root the
 * PostgreSQL scripts install Debian's package themselves.
 */
export function hasPostgresBinaries(): boolean {
  return existsSync('/usr/lib/postgresql') || existsSync('/usr/bin/pg_basebackup') || process.getuid?.() === 0;
}

/** Whether `varnishd` is on this machine. */
export function hasVarnish(): boolean {
  return ['/usr/sbin/varnishd', '/usr/bin/varnishd', '/usr/local/sbin/varnishd'].some((path) => existsSync(path));
}

const REPLICA_SCRIPT = `${REPO}scripts/postgres-replica.sh`;
const VARNISH_SCRIPT = `${REPO}scripts/varnish.sh`;

/** Whether the replica script (part D of issue 38) is in the tree. */
export function hasReplicaScript(): boolean {
  return existsSync(REPLICA_SCRIPT);
}

/** Whether the Varnish script and VCL (part C of issue 38) are in the tree. */
export function hasVarnishScript(): boolean {
  return existsSync(VARNISH_SCRIPT) && existsSync(`${REPO}docs/varnish.vcl`);
}

/**
 * Starts a PostgreSQL primary and a streaming replica made by `pg_basebackup`, in `directory`,
 * through `scripts/postgres-replica.sh`. Without the script, a primary alone (`scripts/postgres.sh`).
 */
export async function startPostgres(options: { directory: string }): Promise<PostgresPair> {
  const env = { ...process.env, CMS_PG_DIR: options.directory, CMS_PG_REPLICA_DIR: options.directory };
  if (!hasReplicaScript()) {
    const { stdout } = await run('bash', [`${REPO}scripts/postgres.sh`, 'start'], { env, timeout: 120_000 });
    return {
      primaryUrl: stdout.trim().split('\n').pop() ?? '',
      replicaUrl: undefined,
      async stop() {
        await run('bash', [`${REPO}scripts/postgres.sh`, 'stop'], { env, timeout: 60_000 }).catch(() => undefined);
      },
    };
  }
  const stop = async () => {
    await run('bash', [REPLICA_SCRIPT, 'stop'], { env, timeout: 60_000 }).catch(() => undefined);
  };
  // A start that fails half-way (the primary up, the replica not) stops what it started.
  const { stdout } = await run('bash', [REPLICA_SCRIPT, 'start'], { env, timeout: 180_000 }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  const urls = stdout
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('postgres://'));
  const [primaryUrl, replicaUrl] = urls;
  if (primaryUrl === undefined || replicaUrl === undefined) {
    await stop();
    throw new Error(`postgres-replica.sh printed no two URLs:\n${stdout}`);
  }
  return { primaryUrl, replicaUrl, stop };
}

/** One Varnish, in front of one backend. */
export interface VarnishService extends Service {
  readonly port: number;
  readonly url: string;
  /** `MAIN.cache_hit` and `MAIN.cache_miss` from `varnishstat`. */
  stats(): Promise<{ hits: number; misses: number }>;
}

/**
 * Starts a throwaway `varnishd` on `port` in front of `backend` (`127.0.0.1:PORT`) with the
 * shipped VCL, through `scripts/varnish.sh start`.
 */
export async function startVarnish(options: { backend: string; port: number; directory: string }): Promise<VarnishService> {
  const url = `http://127.0.0.1:${options.port}`;
  await run('bash', [VARNISH_SCRIPT, 'start', options.backend, String(options.port), options.directory], {
    timeout: 60_000,
  });
  return {
    port: options.port,
    url,
    async stats() {
      // scripts/varnish.sh keeps varnishd's state in `<workdir>/state`.
      const { stdout } = await run('varnishstat', ['-j', '-n', join(options.directory, 'state')], { timeout: 10_000 });
      const parsed = JSON.parse(stdout) as { counters?: Record<string, { value: number }> } & Record<string, unknown>;
      // varnishstat 7 nests the counters under `counters`; older versions put them at the top.
      const counters = (parsed.counters ?? parsed) as Record<string, { value?: number } | undefined>;
      return { hits: counters['MAIN.cache_hit']?.value ?? 0, misses: counters['MAIN.cache_miss']?.value ?? 0 };
    },
    async stop() {
      await run('bash', [VARNISH_SCRIPT, 'stop', options.directory], { timeout: 30_000 }).catch(() => undefined);
    },
  };
}
