/**
 * What the Bun and Deno hosts share: loading a worker module and calling its `fetch` as
 * Workers do, with the process environment as `env` and a small `ctx`. Web APIs only, so
 * that both runtimes run it as it is.
 *
 * @module
 */

/** What a worker module's `fetch` is called with as its third argument. */
interface ExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
  passThroughOnException(): void;
}

interface WorkerModule {
  default?: { fetch?: (request: Request, env: Record<string, unknown>, ctx: ExecutionContext) => Promise<Response> | Response };
}

/** The line a host prints once it listens; `startRuntimeServer` waits for it. */
export const LISTENING_LINE = 'cms-json-runtime-listening';

/**
 * Imports the worker module at `entry` (a file URL) and answers its `fetch(request, env, ctx)`
 * as a plain request handler.
 *
 * @throws Error when the module has no default export with `fetch`.
 * @example
 * const handle = await loadWorker(entry, { ...Bun.env });
 */
export async function loadWorker(entry: string, env: Record<string, unknown>): Promise<(request: Request) => Promise<Response>> {
  const worker: WorkerModule = await import(entry);
  const target = worker.default;
  const fetchHandler = target?.fetch;
  if (typeof fetchHandler !== 'function') throw new Error(`${entry} has no default export { fetch(request, env, ctx) }.`);
  const ctx: ExecutionContext = {
    waitUntil: (promise) => {
      promise.catch((error: unknown) => console.error('waitUntil failed:', error));
    },
    passThroughOnException: () => {},
  };
  return async (request) => fetchHandler.call(target, request, env, ctx);
}

/**
 * The answer when the worker module's `fetch` threw: 500, the error on stderr.
 *
 * @example
 * Deno.serve({ onError: workerFailed }, handle);
 */
export function workerFailed(error: unknown): Response {
  console.error('The worker module failed:', error);
  return new Response('The worker module failed; see the runtime output.', { status: 500 });
}
