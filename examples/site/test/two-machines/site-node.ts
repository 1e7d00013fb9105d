/**
 * One "machine" of the two-machine test: an example-site process (`tsx
 * examples/site/src/main.ts`, as `npm start` runs it) with its own port, data folder and
 * environment. It shares with the other node only what the environment names.
 *
 * @module
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { send } from '../robustness/http.js';
import { REPO } from './services.js';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

/** A running site process. */
export interface SiteNode {
  readonly name: string;
  readonly port: number;
  readonly proc: ChildProcess;
  /** Everything it printed, for failure messages. */
  readonly output: string[];
  readonly exited: Promise<void>;
  /** Waits until `/cms-json/` answers 200 (at most 90 s); throws with its output when it exits first. */
  ready(): Promise<void>;
  /** SIGKILL, as a machine that loses power; resolves once it is gone. */
  kill(): Promise<void>;
}

/**
 * Spawns a site process on `port` with `env` added to this process's environment (give it
 * its own `UPLOADS_DIR`: nothing on disk is shared).
 *
 * @example
 * const node = startSiteNode({ name: 'node 1', port, env: { DATABASE_URL, CMS_SECRET } });
 * await node.ready();
 */
export function startSiteNode(options: { name: string; port: number; env: Record<string, string> }): SiteNode {
  const proc = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    // The repository, where `tsx` is found; every path the node writes to is absolute, in `env`.
    cwd: REPO,
    env: {
      ...process.env,
      AWS_SDK_JS_SUPPRESS_NODE_VERSION_WARNING: '1',
      ...options.env,
      HOST: '127.0.0.1',
      PORT: String(options.port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  proc.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  proc.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return {
    name: options.name,
    port: options.port,
    proc,
    output,
    exited,
    async ready() {
      for (let i = 0; i < 450; i += 1) {
        if (proc.exitCode !== null) throw new Error(`${options.name} exited:\n${output.join('')}`);
        const res = await send(options.port, { path: '/cms-json/', timeoutMs: 5_000 }).catch(() => undefined);
        if (res?.status === 200) return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`${options.name} was not ready in 90 s:\n${output.join('')}`);
    },
    async kill() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      await exited;
    },
  };
}
