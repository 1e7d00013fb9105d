/**
 * workerd: the entry bundled as wrangler bundles it, served by Miniflare (started in this
 * process), whose workerd process is the one that serves.
 *
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs';
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
function workerdChildren(): Set<number> {
  const found = new Set<number>();
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
      if (ppid === process.pid && comm === 'workerd') found.add(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

/** Starts the worker module on workerd through Miniflare. */
export async function startWorkerdServer(options: RuntimeServerOptions): Promise<RuntimeServer> {
  const missing = missingRuntime('workerd');
  if (missing !== null) throw new Error(`${missing}.`);
  const { Log, LogLevel, Miniflare } = await import('miniflare');
  const nodeCompat = options.nodeCompat ?? true;
  const bundle = await bundleWorker({ entry: options.entry, nodeCompat, ...options.bundle });
  const output = processOutput();
  const before = workerdChildren();
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
    const started = [...workerdChildren()].filter((pid) => !before.has(pid));
    const pid = started[0];
    if (pid === undefined || started.length > 1) {
      throw new Error(`Cannot tell which workerd process serves ${url} (new workerd children: ${started.join(', ') || 'none'}).`);
    }
    return { runtime: 'workerd', url, pid, close, output: () => output.text() };
  } catch (error) {
    await close().catch(() => {});
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`workerd could not serve ${options.entry}: ${message}\n--- workerd output ---\n${output.text()}`, {
      cause: error,
    });
  }
}
