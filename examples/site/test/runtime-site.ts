/**
 * The example site on another runtime for its suites: with `CMS_SITE_RUNTIME=bun` (or `deno`)
 * `startSite()` serves `src/worker.ts` on that runtime (`@cms-json/runtimes`) instead of in
 * this process, so the suites that talk HTTP only run unchanged against Bun's or Deno's server.
 * What a suite reads of the site object itself (`running.site`) exists in process only.
 *
 * @module
 */
import { fileURLToPath } from 'node:url';
import { startRuntimeServer } from '@cms-json/runtimes';

/** A runtime the site's suites can be pointed at. */
export type SiteRuntime = 'bun' | 'deno';

/** The worker module the runtimes serve. */
export const SITE_WORKER = fileURLToPath(new URL('../src/worker.ts', import.meta.url));

/**
 * The runtime `CMS_SITE_RUNTIME` names (`bun` or `deno`), or `undefined` (unset, empty or
 * `node`: the site runs in process). Any other value is an error naming the choices.
 *
 * @example
 * siteRuntime({ CMS_SITE_RUNTIME: 'deno' }); // 'deno'
 */
export function siteRuntime(env: Readonly<Record<string, string | undefined>>): SiteRuntime | undefined {
  const value = env.CMS_SITE_RUNTIME;
  if (value === undefined || value === '' || value === 'node') return undefined;
  if (value === 'bun' || value === 'deno') return value;
  throw new Error(`CMS_SITE_RUNTIME must be "bun", "deno" or "node" (in process), not "${value}".`);
}

/** The site served on a runtime. */
export interface RuntimeSite {
  readonly url: string;
  /** The runtime's process, which serves the requests. */
  readonly pid: number;
  /** What the runtime printed so far (for a failure's message). */
  output(): string;
  close(): Promise<void>;
}

/**
 * Serves the site's worker module on `runtime` with the settings `env` (the working folder
 * `dir`), and sends it a first request (its front page), which builds the site (migrations, the first
 * administrator, the sample content): it resolves once the site answers, and fails with the
 * runtime's output when it does not.
 */
export async function startRuntimeSite(runtime: SiteRuntime, env: Record<string, string>, dir: string): Promise<RuntimeSite> {
  const server = await startRuntimeServer({ runtime, entry: SITE_WORKER, env, cwd: dir, startTimeoutMs: 60_000 });
  try {
    const res = await fetch(`${server.url}/`, { signal: AbortSignal.timeout(60_000) });
    if (res.status !== 200) throw new Error(`answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
    await res.arrayBuffer().catch(() => undefined);
  } catch (error) {
    const output = server.output();
    await server.close();
    throw new Error(
      `The example site did not start on ${runtime}: ${error instanceof Error ? error.message : String(error)}\n${output}`,
    );
  }
  return server;
}
