/**
 * Run by Bun (`bun bun-host.ts <file URL of a worker module>`): serves the module's default
 * export `{ fetch(request, env, ctx) }` with `Bun.serve` on 127.0.0.1 and a free port, `env`
 * being the process environment, and prints `cms-json-runtime-listening <url>` once it listens.
 * Self-contained (no imports): {@link startRuntimeServer} runs it as it is.
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

const worker: WorkerModule = await import(entry);
const fetchHandler = worker.default?.fetch;
if (typeof fetchHandler !== 'function') throw new Error(`${entry} has no default export { fetch(request, env, ctx) }.`);
const env: Record<string, unknown> = { ...bun.env };
const ctx: ExecutionContext = {
  waitUntil: (promise) => {
    promise.catch((error: unknown) => console.error('waitUntil failed:', error));
  },
  passThroughOnException: () => {},
};

const server = bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  // No idle limit: the suites hold connections open while they stream.
  idleTimeout: 0,
  fetch: async (request) => fetchHandler.call(worker.default, request, env, ctx),
  error: (error) => {
    console.error('The worker module failed:', error);
    return new Response('The worker module failed; see the runtime output.', { status: 500 });
  },
});
console.log(`cms-json-runtime-listening http://127.0.0.1:${server.port}`);
