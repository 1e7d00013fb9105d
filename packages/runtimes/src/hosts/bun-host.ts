/**
 * Run by Bun (`bun bun-host.ts <file URL of a worker module>`): serves the module's default
 * export `{ fetch(request, env, ctx) }` with `Bun.serve` on 127.0.0.1 and a free port, `env`
 * being the process environment, and prints `cms-json-runtime-listening <url>` once it listens.
 *
 * @module
 */
import { LISTENING_LINE, loadWorker, workerFailed } from './worker-module.ts';

interface BunServeOptions {
  hostname: string;
  port: number;
  idleTimeout: number;
  fetch(request: Request): Promise<Response>;
  error(error: unknown): Response;
}

interface BunRuntime {
  argv: string[];
  env: Record<string, string | undefined>;
  serve(options: BunServeOptions): { port: number };
}

const bun = (globalThis as { Bun?: BunRuntime }).Bun;
if (bun === undefined) throw new Error('bun-host.ts runs on Bun: bun bun-host.ts <worker module URL>');
const entry = bun.argv[2];
if (entry === undefined) throw new Error('Usage: bun bun-host.ts <worker module URL>');

const server = bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  // No idle limit: the suites hold connections open while they stream.
  idleTimeout: 0,
  fetch: await loadWorker(entry, { ...bun.env }),
  error: workerFailed,
});
console.log(`${LISTENING_LINE} http://127.0.0.1:${server.port}`);
