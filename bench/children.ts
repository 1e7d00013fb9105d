/**
 * Server children: one process per server (its own event loop, its own RSS), run from
 * their bundles on plain `node`, on 127.0.0.1, and always killed when the orchestrator ends.
 *
 * @module
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { onServerCpus } from './affinity.js';
import type { AllocNode, AllocRequest, ChildMessage, ChildStats, ParentMessage } from './shared/protocol.js';

const live = new Set<ChildProcess>();

/** A running server child. */
export interface Child {
  readonly name: string;
  readonly url: string;
  readonly note: string | undefined;
  readonly pid: number;
  stats(gc?: boolean): Promise<ChildStats>;
  run(seconds: number): Promise<unknown>;
  /** `--alloc`, on the in-process child only. */
  alloc(request: AllocRequest, requests: number): Promise<AllocNode>;
  stop(): Promise<void>;
}

/** Options of {@link startChild}. */
export interface StartOptions {
  /** The bundled child script (see `build.ts`). */
  file: string;
  /** The display name. */
  name: string;
  /** The SQLite file it serves. */
  database: string;
  /** Extra `node` flags (`--cpu-prof`, …). */
  execArgv?: string[];
  /** How long to wait for `ready`. @default 30000 */
  timeoutMs?: number;
  /** Extra environment variables. */
  env?: Record<string, string>;
}

/** Starts a server child and resolves once it listens. */
export function startChild(options: StartOptions): Promise<Child> {
  const [command, args] = onServerCpus(process.execPath, ['--expose-gc', ...(options.execArgv ?? []), options.file]);
  const child = spawn(command, args, {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...options.env, BENCH_DB: options.database, NODE_ENV: 'production' },
  });
  live.add(child);
  child.once('exit', () => live.delete(child));
  let nextId = 1;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let starting: ((error: Error) => void) | undefined;
  const fail = (error: Error) => {
    starting?.(error);
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  };
  child.on('message', (raw: unknown) => {
    const message = raw as ChildMessage;
    if (message.type === 'stats' || message.type === 'result') {
      const waiter = pending.get(message.id);
      pending.delete(message.id);
      waiter?.resolve(message.type === 'stats' ? message.stats : message.result);
    } else if (message.type === 'failed') fail(new Error(`${options.name}: ${message.error}`));
  });
  child.once('exit', (code, signal) => fail(new Error(`${options.name} exited (${signal ?? code})`)));

  const ask = <T>(message: ParentMessage & { id: number }): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (!child.connected) {
        reject(new Error(`${options.name} is not running`));
        return;
      }
      pending.set(message.id, { resolve: (value) => resolve(value as T), reject });
      child.send(message);
    });

  return new Promise<Child>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${options.name} did not start within ${options.timeoutMs ?? 30_000} ms`));
    }, options.timeoutMs ?? 30_000);
    starting = (error) => {
      clearTimeout(timer);
      reject(error);
    };
    child.on('message', (raw: unknown) => {
      const message = raw as ChildMessage;
      if (message.type !== 'ready') return;
      clearTimeout(timer);
      starting = undefined;
      resolve({
        name: options.name,
        url: `http://127.0.0.1:${message.port}`,
        note: message.note,
        pid: child.pid ?? 0,
        stats: (gc = false) => ask<ChildStats>({ type: 'stats', id: nextId++, gc }),
        run: (seconds) => ask<unknown>({ type: 'run', id: nextId++, seconds }),
        alloc: (request, requests) => ask<AllocNode>({ type: 'alloc', id: nextId++, request, requests }),
        stop: () => stopChild(child),
      });
    });
  });
}

/** Asks a child to exit (so `--cpu-prof` is written), then kills it after 10 s. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    if (child.connected) child.send({ type: 'exit' } satisfies ParentMessage);
    else child.kill('SIGTERM');
  });
}

/** Kills every child still running (synchronous: safe in `exit` handlers). */
export function killAll(): void {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
}

/** Stops every child still running, politely. */
export async function stopAll(): Promise<void> {
  await Promise.all([...live].map((child) => stopChild(child)));
}
