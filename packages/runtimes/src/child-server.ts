/**
 * Bun and Deno: a host script (`src/hosts/*-host.ts`) run by the runtime's own program serves
 * the worker module, and says its URL on stdout.
 *
 * @module
 */
import { spawn } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LISTENING_LINE } from './hosts/worker-module.js';
import { processOutput } from './process-output.js';
import { requireRuntimeBinary } from './runtime.js';
import type { RuntimeServer, RuntimeServerOptions } from './runtime-server.js';
import { waitForPort } from './wait-for-port.js';

/** The line a host prints once it listens: the marker, a space, the URL. */
const LISTENING = new RegExp(`${LISTENING_LINE} (http://127\\.0\\.0\\.1:\\d+)`);

/** How long `close()` waits after SIGTERM before SIGKILL. */
const TERM_GRACE_MS = 3_000;

/** The command line that runs a host script on `runtime`. */
function hostCommand(runtime: 'bun' | 'deno', moduleUrl: string): string[] {
  if (runtime === 'bun') {
    // No `.env` file of the working folder: the environment is what the caller gives.
    return ['--no-env-file', fileURLToPath(new URL('./hosts/bun-host.ts', import.meta.url)), moduleUrl];
  }
  // No lock file written into the working folder; every permission (the site reads files, env, the network);
  // `./x.js` finds `./x.ts`, as the workspace's TypeScript sources import each other.
  return [
    'run',
    '-A',
    '--no-lock',
    '--sloppy-imports',
    fileURLToPath(new URL('./hosts/deno-host.ts', import.meta.url)),
    moduleUrl,
  ];
}

/** Starts the worker module on Bun or Deno. */
export async function startChildServer(runtime: 'bun' | 'deno', options: RuntimeServerOptions): Promise<RuntimeServer> {
  const binary = requireRuntimeBinary(runtime);
  const timeoutMs = options.startTimeoutMs ?? 60_000;
  const child = spawn(binary, hostCommand(runtime, pathToFileURL(options.entry).href), {
    cwd: options.cwd ?? dirname(options.entry),
    env: { ...process.env, NO_COLOR: '1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = processOutput();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  // A test process that ends (or crashes) without close() must not leave the runtime behind.
  const killOnExit = (): void => {
    if (!gone) child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  const close = async (): Promise<void> => {
    process.removeListener('exit', killOnExit);
    if (gone) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), TERM_GRACE_MS);
    await exited;
    clearTimeout(timer);
  };

  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${runtime} did not listen within ${timeoutMs} ms serving ${options.entry}.`)),
        timeoutMs,
      );
      output.collect(child.stdout, () => {
        const listening = LISTENING.exec(output.text());
        if (listening?.[1] !== undefined) {
          clearTimeout(timer);
          resolve(listening[1]);
        }
      });
      output.collect(child.stderr);
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(new Error(`${runtime} (${binary}) could not be started: ${error.message}`));
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${runtime} exited (${signal ?? `code ${code}`}) before listening, serving ${options.entry}.`));
      });
    });
    await waitForPort(url, timeoutMs);
    if (child.pid === undefined) throw new Error(`${runtime} has no process id.`);
    return { runtime, url, pid: child.pid, close, output: () => output.text() };
  } catch (error) {
    await close();
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${message}\n--- ${runtime} output ---\n${output.text()}`, { cause: error });
  }
}
