/**
 * The tel site as a worker module, the same file for Bun, Deno and Cloudflare Workers
 * (workerd): `export default { fetch(request, env) }`. The host passes `env` (the process
 * environment on Bun and Deno, the bindings on Workers); the site is built from it on the
 * first request, once per process or isolate.
 *
 * - Bun: `Bun.serve({ fetch: (request) => worker.fetch(request, process.env) })`
 * - Deno: `Deno.serve((request) => worker.fetch(request, Deno.env.toObject()))`
 * - Workers: this module is the entry (`main` in wrangler's config), with `DB` a D1 binding.
 *
 * @module
 */
import { openTelSite } from './open-tel-site.js';

/** A module's default export as Cloudflare Workers (and the hosts of Bun and Deno here) call it. */
export interface TelWorker {
  fetch(request: Request, env: Readonly<Record<string, unknown>>, ctx?: unknown): Promise<Response>;
}

/**
 * A worker that builds the tel site from `env` on its first request and serves every request
 * with it. A failed start (a missing setting, an unreachable database) is logged and thrown
 * (the host answers 500), and the next request tries again.
 *
 * @example
 * const worker = createTelWorker();
 * const res = await worker.fetch(new Request('http://localhost/cms-json/tel/v1/outgoing-links'), process.env);
 */
export function createTelWorker(): TelWorker {
  let started: Promise<(request: Request) => Promise<Response>> | undefined;
  const start = async (env: Readonly<Record<string, unknown>>) => {
    try {
      return (await openTelSite(env)).handler;
    } catch (error) {
      started = undefined;
      console.error('tel site: could not start:', error instanceof Error ? error.message : error);
      throw error;
    }
  };
  return {
    async fetch(request, env) {
      started ??= start(env);
      return (await started)(request);
    },
  };
}

/** The tel site's worker: the module's default export. */
export default createTelWorker();
