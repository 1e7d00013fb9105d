/**
 * workerd: the entry bundled as wrangler bundles it, served by Miniflare (started in this
 * process), whose workerd process is the one that serves.
 *
 * @module
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { bundleWorker } from './bundle-worker.js';
import { type ProcessOutput, processOutput } from './process-output.js';
import { missingRuntime } from './runtime.js';
import type { RuntimeServer, RuntimeServerOptions } from './runtime-server.js';
import { waitForPort } from './wait-for-port.js';

/** The compatibility date workers are run with. */
export const COMPATIBILITY_DATE = '2026-04-01';

/**
 * Miniflare's log (an uncaught exception of the worker, with its stack) kept with workerd's own
 * output, not printed.
 */
function outputLog(Log: typeof import('miniflare').Log, level: number, output: ProcessOutput): InstanceType<typeof Log> {
  return new (class extends Log {
    protected override log(message: string): void {
      output.append(`${message}\n`);
    }
  })(level);
}

/** The ids of this process's child processes named `workerd` (Linux `/proc`; empty elsewhere). */
function workerdChildren(): number[] {
  const found: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // `pid (comm) state ppid …`; comm may hold spaces and parentheses.
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const ppid = Number(stat.slice(close + 2).split(' ')[1]);
      if (ppid === process.pid && comm === 'workerd') found.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

/** The socket inodes listening on TCP `port` on 127.0.0.1 (Linux `/proc/net/tcp`). */
function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    // sl local_address rem_address st … inode: 0A is LISTEN.
    if (fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A' && fields[9] !== undefined) inodes.add(fields[9]);
  }
  return inodes;
}

/**
 * Which workerd child of this process listens on `port`: the one holding the listening
 * socket. Servers started at the same time in one process are told apart this way.
 */
function workerdListeningOn(port: number): number | undefined {
  const inodes = listeningInodes(port);
  return workerdChildren().find((pid) => {
    try {
      return readdirSync(`/proc/${pid}/fd`).some((fd) => {
        try {
          return inodes.has(/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? '');
        } catch {
          return false;
        }
      });
    } catch {
      return false;
    }
  });
}

/** Starts the worker module on workerd through Miniflare. */
export async function startWorkerdServer(options: RuntimeServerOptions): Promise<RuntimeServer> {
  const missing = missingRuntime('workerd');
  if (missing !== null) throw new Error(`${missing}.`);
  const { Log, LogLevel, Miniflare } = await import('miniflare');
  const nodeCompat = options.nodeCompat ?? true;
  const bundle = await bundleWorker({ entry: options.entry, nodeCompat, ...options.bundle });
  const output = processOutput();
  const root = options.cwd ?? dirname(options.entry);
  const mf = new Miniflare({
    modules: [{ type: 'ESModule', path: join(root, 'worker.bundle.js'), contents: bundle.code }],
    modulesRoot: root,
    bindings: options.env ?? {},
    d1Databases: options.d1Databases ?? [],
    ...(options.d1Persist === undefined ? {} : { d1Persist: options.d1Persist }),
    compatibilityDate: COMPATIBILITY_DATE,
    compatibilityFlags: nodeCompat ? ['nodejs_compat'] : [],
    // The placeholder `request.cf`: no fetch of Cloudflare's from the test machine.
    cf: false,
    host: '127.0.0.1',
    port: 0,
    log: outputLog(Log, LogLevel.WARN, output),
    handleRuntimeStdio: (stdout: Readable, stderr: Readable) => {
      output.collect(stdout);
      output.collect(stderr);
    },
  });
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    await mf.dispose();
  };
  try {
    const ready = await mf.ready;
    const url = ready.origin;
    await waitForPort(url, options.startTimeoutMs ?? 60_000);
    const pid = workerdListeningOn(Number(new URL(url).port));
    if (pid === undefined) throw new Error(`No workerd process of this one listens on ${url} (/proc tells).`);
    return { runtime: 'workerd', url, pid, close, output: () => output.text() };
  } catch (error) {
    await close().catch(() => {});
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`workerd could not serve ${options.entry}: ${message}\n--- workerd output ---\n${output.text()}`, {
      cause: error,
    });
  }
}
