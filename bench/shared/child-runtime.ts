/**
 * The runtime every server child shares: listen on 127.0.0.1 (an ephemeral port), tell the
 * orchestrator the port, answer memory questions, and exit when told to or when the
 * orchestrator goes away.
 *
 * @module
 */
import type { Server } from 'node:http';
import type { AllocNode, AllocRequest, ChildMessage, ChildStats, ParentMessage } from './protocol.js';

/** Sends a message to the orchestrator (no-op when started by hand). */
export function send(message: ChildMessage): void {
  process.send?.(message);
}

/** Current and peak memory of this process. */
export function childStats(gc: boolean): ChildStats {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (gc && collect !== undefined) collect();
  const usage = process.memoryUsage();
  const cpu = process.cpuUsage();
  return {
    rss: usage.rss,
    maxRss: process.resourceUsage().maxRSS * 1024,
    heapUsed: usage.heapUsed,
    cpuMicros: cpu.user + cpu.system,
  };
}

/** Extra work a child can do on request (the in-process loop). */
export type RunHandler = (seconds: number) => Promise<unknown>;

/** `--alloc`: sample what `requests` calls of one request allocate; resolves the profile's root. */
export type AllocHandler = (request: AllocRequest, requests: number) => Promise<AllocNode>;

/** Wires the IPC channel: stats, run, alloc, exit; exits when the orchestrator disconnects. */
export function attach(options: { run?: RunHandler; alloc?: AllocHandler; close?: () => Promise<void> } = {}): void {
  let closing = false;
  const shutdown = async (code: number) => {
    if (closing) return;
    closing = true;
    try {
      await options.close?.();
    } finally {
      process.exit(code);
    }
  };
  process.on('message', (raw: unknown) => {
    const message = raw as ParentMessage;
    if (message.type === 'stats') send({ type: 'stats', id: message.id, stats: childStats(message.gc) });
    else if (message.type === 'exit') void shutdown(0);
    else if (message.type === 'alloc' && options.alloc !== undefined) {
      options.alloc(message.request, message.requests).then(
        (result) => send({ type: 'result', id: message.id, result }),
        (error: unknown) => send({ type: 'failed', error: String(error) }),
      );
    } else if (message.type === 'run' && options.run !== undefined) {
      options.run(message.seconds).then(
        (result) => send({ type: 'result', id: message.id, result }),
        (error: unknown) => send({ type: 'failed', error: String(error) }),
      );
    }
  });
  process.on('disconnect', () => void shutdown(0));
  process.on('SIGINT', () => void shutdown(130));
  process.on('SIGTERM', () => void shutdown(143));
}

/** Starts `server` on 127.0.0.1 and reports the port. */
export async function listen(server: Server, options: { note?: string; close?: () => Promise<void> } = {}): Promise<void> {
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The server has no TCP address.');
  attach({
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await options.close?.();
    },
  });
  send({ type: 'ready', port: address.port, ...(options.note === undefined ? {} : { note: options.note }) });
}

/** Runs a child's main function; a failure is reported and ends the child. */
export function main(start: () => Promise<void>): void {
  start().catch((error: unknown) => {
    send({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    console.error(error);
    process.exit(1);
  });
}

/** The SQLite file this child serves, from `BENCH_DB`. */
export function databaseFile(): string {
  const file = process.env.BENCH_DB;
  if (file === undefined || file === '') throw new Error('BENCH_DB is not set.');
  return file;
}
