/**
 * A throwaway PostgreSQL primary with a real streaming replica (`pg_basebackup`), for tests:
 * `scripts/postgres-replica.sh` in a temporary directory of its own, so tests running side by
 * side never share one.
 *
 * @module
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
/**
 * `scripts/postgres-replica.sh` of the cms-json repository (the package does not ship it), or
 * `CMS_PG_REPLICA_SCRIPT`. Found from this file: `__filename` in the CommonJS build,
 * `import.meta.url` in ESM.
 */
function replicaScript(): string {
  const configured = process.env.CMS_PG_REPLICA_SCRIPT;
  if (configured !== undefined && configured !== '') return configured;
  const here = typeof __filename === 'string' ? pathToFileURL(__filename).href : import.meta.url;
  return fileURLToPath(new URL('../../../scripts/postgres-replica.sh', here));
}

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
  const script = replicaScript();
  if (!existsSync(script))
    throw new Error(
      `startReplicaPair: ${script} is missing (set CMS_PG_REPLICA_SCRIPT to scripts/postgres-replica.sh of cms-json).`,
    );
  const parent = await mkdtemp(join(tmpdir(), 'cms-json-replica-'));
  // As root the servers run as `postgres`, which must reach its directory inside.
  await chmod(parent, 0o755);
  const env = { ...process.env, CMS_PG_REPLICA_DIR: join(parent, 'servers') };
  const call = (command: string) => run('bash', [script, command], { env, timeout: 120_000 });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await call('stop').catch(() => {});
    await rm(parent, { recursive: true, force: true });
  };
  try {
    const { stdout } = await call('start');
    const [primaryUrl, replicaUrl] = stdout.trim().split('\n');
    if (primaryUrl === undefined || replicaUrl === undefined) throw new Error(`postgres-replica.sh printed no URLs: ${stdout}`);
    return {
      primaryUrl,
      replicaUrl,
      stopReplica: async () => {
        await call('replica-stop');
      },
      startReplica: async () => {
        await call('replica-start');
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
