/**
 * Run by Deno (`deno run -A deno-host.ts <file URL of a worker module>`): serves the module's
 * default export `{ fetch(request, env, ctx) }` with `Deno.serve` on 127.0.0.1 and a free port,
 * `env` being the process environment, and prints `cms-json-runtime-listening <url>` once it
 * listens. Self-contained (no imports): {@link startRuntimeServer} runs it as it is.
 *
 * @module
 */

// A module (top-level await), exporting nothing.
export {};

/** What a worker module's `fetch` is called with as its third argument. */
interface ExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
  passThroughOnException(): void;
}

interface WorkerModule {
  default?: { fetch?: (request: Request, env: Record<string, unknown>, ctx: ExecutionContext) => Promise<Response> | Response };
}

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

const worker: WorkerModule = await import(entry);
const fetchHandler = worker.default?.fetch;
if (typeof fetchHandler !== 'function') throw new Error(`${entry} has no default export { fetch(request, env, ctx) }.`);
const env: Record<string, unknown> = deno.env.toObject();
const ctx: ExecutionContext = {
  waitUntil: (promise) => {
    promise.catch((error: unknown) => console.error('waitUntil failed:', error));
  },
  passThroughOnException: () => {},
};

deno.serve(
  {
    hostname: '127.0.0.1',
    port: 0,
    onListen: ({ port }) => console.log(`cms-json-runtime-listening http://127.0.0.1:${port}`),
    onError: (error) => {
      console.error('The worker module failed:', error);
      return new Response('The worker module failed; see the runtime output.', { status: 500 });
    },
  },
  async (request) => fetchHandler.call(worker.default, request, env, ctx),
);
