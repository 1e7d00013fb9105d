/**
 * The example site as a worker module, for Fetch runtimes (Bun, Deno): its default export is
 * `{ fetch(request, env) }`, Cloudflare Workers' shape. The site is built once, on the first
 * request, from `env` (the host's bindings: strings) over the process environment, with the
 * same settings as `main.ts` (`config.ts`); it answers with `createFetchHandler()` and, for
 * what the REST server does not serve, the uploads folder (or the S3 redirects) of
 * `media-store.ts`. Without `SITE_URL`, the site's address is the first request's origin
 * (a host listening on port 0 knows its port only once it listens).
 *
 * ```sh
 * PORT=8080 bun examples/site/src/worker.ts          # Bun serves the default export itself
 * deno serve -A --port 8080 examples/site/src/worker.ts
 * ```
 *
 * `WORKERS` and the node-only signal handling of `main.ts` do not apply here; the host stops
 * the process.
 *
 * @module
 */
import process from 'node:process';
import { createFetchHandler } from '@cms-json/fetch';
import { readConfig } from './config.js';
import { createSite, type Site } from './create-site.js';

/** A worker module's default export (contract 1 of issue 39: Workers' shape). */
export interface SiteWorker {
  fetch(request: Request, env?: unknown, context?: unknown): Promise<Response>;
  /** Closes the site when it was built (its database, its media store's connections); for tests and graceful hosts. */
  close(): Promise<void>;
}

/**
 * The settings a worker reads: the process environment, then the string values of `env`
 * over it (a host's bindings; `bun` and `deno serve` pass their server's details instead,
 * whose few string fields name no setting).
 */
export function workerEnvironment(env: unknown): Record<string, string | undefined> {
  const settings: Record<string, string | undefined> = { ...process.env };
  if (typeof env === 'object' && env !== null) {
    for (const [name, value] of Object.entries(env)) if (typeof value === 'string') settings[name] = value;
  }
  return settings;
}

/**
 * A worker serving the example site, built on its first request. A build that fails (a bad
 * setting, an unreachable database) answers that request and every later one with a 503
 * naming the problem, and is logged once; restart the process after fixing it.
 *
 * @example
 * ```ts
 * export default siteWorker(); // the default export of this module
 * ```
 */
export function siteWorker(): SiteWorker {
  let handler: Promise<(request: Request) => Promise<Response>> | undefined;
  let site: Site | undefined;
  const build = async (request: Request, env: unknown) => {
    const settings = workerEnvironment(env);
    const config = readConfig({ SITE_URL: new URL(request.url).origin, ...settings });
    site = await createSite(config);
    if (site.firstAdmin !== undefined) {
      console.log(`cms-json example site: created administrator "${site.firstAdmin.login}"`);
      if (site.firstAdmin.generated) console.log(`  application password (shown once): ${site.firstAdmin.password}`);
      if (site.firstAdmin.loginPassword !== undefined)
        console.log(`  login password (shown once): ${site.firstAdmin.loginPassword}`);
    }
    console.log(`cms-json example site: serving ${config.siteUrl}/ (REST root ${site.server.restRootUrl()})`);
    return createFetchHandler(site.server, { fallback: site.media.fetchFallback });
  };
  return {
    async fetch(request, env) {
      handler ??= build(request, env).catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        console.error(`cms-json example site: could not start: ${message}`);
        return async () =>
          new Response(`The site could not start: ${message}\n`, {
            status: 503,
            headers: { 'Content-Type': 'text/plain; charset=utf-8' },
          });
      });
      return (await handler)(request);
    },
    async close() {
      await handler;
      await site?.close();
      site = undefined;
    },
  };
}

export default siteWorker();
