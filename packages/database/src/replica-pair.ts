/**
 * A throwaway PostgreSQL primary with a real streaming replica (`pg_basebackup`), for tests:
 * `scripts/postgres-replica.sh` in a temporary directory of its own, so tests running side by
 * side never share one.
 *
 * @module
 */
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('../../../scripts/postgres-replica.sh', import.meta.url));

/** A running primary and replica. */
export interface ReplicaPair {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` of the primary. */
  readonly primaryUrl: string;
  /** The same of the replica (a hot standby of the primary). */
  readonly replicaUrl: string;
  /** Stops the replica (fast shutdown: its sessions are ended). */
  stopReplica(): Promise<void>;
  /** Starts it again on the same port. */
  startReplica(): Promise<void>;
  /** Stops both and deletes their directory. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Starts a primary and a streaming replica on free ports of 127.0.0.1 (a few seconds).
 *
 * @example
 * const pair = await startReplicaPair();
 * try { openDatabase({ url: pair.primaryUrl, replicas: [pair.replicaUrl] }); } finally { await pair.stop(); }
 */
export async function startReplicaPair(): Promise<ReplicaPair> {
  const parent = await mkdtemp(join(tmpdir(), 'cms-json-replica-'));
  // As root the servers run as `postgres`, which must reach its directory inside.
  await chmod(parent, 0o755);
  const env = { ...process.env, CMS_PG_REPLICA_DIR: join(parent, 'servers') };
  const script = (command: string) => run('bash', [SCRIPT, command], { env, timeout: 120_000 });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await script('stop').catch(() => {});
    await rm(parent, { recursive: true, force: true });
  };
  try {
    const { stdout } = await script('start');
    const [primaryUrl, replicaUrl] = stdout.trim().split('\n');
    if (primaryUrl === undefined || replicaUrl === undefined) throw new Error(`postgres-replica.sh printed no URLs: ${stdout}`);
    return {
      primaryUrl,
      replicaUrl,
      stopReplica: async () => {
        await script('replica-stop');
      },
      startReplica: async () => {
        await script('replica-start');
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
