/**
 * Serving a worker module on Bun, Deno or workerd, on 127.0.0.1 and a free port.
 *
 * @module
 */
import { existsSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { startChildServer } from './child-server.js';
import { RUNTIMES } from './runtime.js';
import type { RuntimeServer, RuntimeServerOptions } from './runtime-server.js';
import { startWorkerdServer } from './workerd-server.js';

/**
 * Serves the worker module `entry` (default export `{ fetch(request, env, ctx) }`) on a runtime:
 * `Bun.serve` or `Deno.serve` in a process of that runtime (with `env` = the process
 * environment), or workerd through Miniflare (the entry bundled as wrangler bundles it, `env` =
 * the text bindings and the D1 bindings). Resolves once the server accepts connections;
 * `close()` stops it (call it in `afterAll`). When the runtime fails to start, the error holds
 * its output.
 *
 * @example
 * ```ts
 * const server = await startRuntimeServer({ runtime: 'deno', entry: '/abs/worker.ts', env: { CMS_SECRET: 's' } });
 * try {
 *   const res = await fetch(`${server.url}/cms-json/`);
 * } finally {
 *   await server.close();
 * }
 * ```
 */
export async function startRuntimeServer(options: RuntimeServerOptions): Promise<RuntimeServer> {
  if (!RUNTIMES.includes(options.runtime)) {
    throw new Error(`Unknown runtime "${String(options.runtime)}": use one of ${RUNTIMES.join(', ')}.`);
  }
  if (!isAbsolute(options.entry)) throw new Error(`The worker module path must be absolute: "${options.entry}".`);
  if (!existsSync(options.entry)) throw new Error(`The worker module ${options.entry} does not exist.`);
  if (options.runtime === 'workerd') return startWorkerdServer(options);
  const workerdOnly = (['d1Databases', 'd1Persist', 'nodeCompat', 'bundle'] as const).filter((key) => options[key] !== undefined);
  if (workerdOnly.length > 0) throw new Error(`${workerdOnly.join(', ')} only apply to workerd, not to ${options.runtime}.`);
  return startChildServer(options.runtime, options);
}
