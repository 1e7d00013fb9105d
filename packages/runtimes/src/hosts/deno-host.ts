/**
 * Run by Deno (`deno run -A deno-host.ts <file URL of a worker module>`): serves the module's
 * default export `{ fetch(request, env, ctx) }` with `Deno.serve` on 127.0.0.1 and a free port,
 * `env` being the process environment, and prints `cms-json-runtime-listening <url>` once it
 * listens.
 *
 * @module
 */
import { LISTENING_LINE, loadWorker, workerFailed } from './worker-module.ts';

interface DenoServeOptions {
  hostname: string;
  port: number;
  onListen(address: { hostname: string; port: number }): void;
  onError(error: unknown): Response;
}

interface DenoRuntime {
  args: string[];
  env: { toObject(): Record<string, string> };
  serve(options: DenoServeOptions, handler: (request: Request) => Promise<Response>): unknown;
}

const deno = (globalThis as { Deno?: DenoRuntime }).Deno;
if (deno === undefined) throw new Error('deno-host.ts runs on Deno: deno run -A deno-host.ts <worker module URL>');
const entry = deno.args[0];
if (entry === undefined) throw new Error('Usage: deno run -A deno-host.ts <worker module URL>');

deno.serve(
  {
    hostname: '127.0.0.1',
    port: 0,
    onListen: ({ port }) => console.log(`${LISTENING_LINE} http://127.0.0.1:${port}`),
    onError: workerFailed,
  },
  await loadWorker(entry, deno.env.toObject()),
);
