/**
 * The example site's suites on Bun and Deno: one vitest project per runtime
 * (`example-site-bun`, `example-site-deno`), each running suites that talk HTTP only
 * ({@link SITE_RUNTIME_SUITES}, or all of them with `CMS_SITE_RUNTIME_SUITES=all`) with `CMS_SITE_RUNTIME` set, so `startSite()` serves `src/worker.ts` on that runtime.
 * `vitest.workspace.ts` lists them. A runtime that is not installed leaves its project
 * `runtimes.test.ts` alone, which skips saying why (fails with `CMS_REQUIRE_RUNTIMES=1`).
 *
 * ```sh
 * npx vitest run --project example-site-bun --project example-site-deno
 * CMS_SITE_RUNTIME_SUITES=all npx vitest run --project example-site-bun   # every HTTP suite
 * ```
 *
 * @module
 */
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The suites run on each runtime by default (CI): between them posts, pages, terms, comments,
 * users and application passwords, media (uploads through wpapi and api-fetch, sizes made by
 * sharp on the runtime, the files served and deleted from the disk), settings, the front page,
 * `tel/v1` and its `/out/` redirects. One site start (a runtime process, migrations, the
 * first administrator) per file: a few seconds of CPU each.
 */
export const SITE_RUNTIME_SUITES: readonly string[] = [
  'test/runtimes.test.ts',
  'test/site.test.ts',
  'test/wpapi.test.ts',
  'test/wpapi-media.test.ts',
  'test/api-fetch-comments.test.ts',
];

/**
 * Every suite that talks HTTP only (`CMS_SITE_RUNTIME_SUITES=all`): the default set and books,
 * the block editor's post flows, the comments through wpapi, the uploads folder, escaping and
 * the record pages with their oEmbed discovery. In process only (they read `running.site` or
 * run the site on node on purpose): sample-content, read-replicas, shared-cache, two-machines,
 * multi-process, database-down, the browser check, the typed client (which type-checks with tsc).
 */
export const ALL_SITE_RUNTIME_SUITES: readonly string[] = [
  ...SITE_RUNTIME_SUITES,
  'test/wpapi-books.test.ts',
  'test/wpapi-comments.test.ts',
  'test/api-fetch-posts.test.ts',
  'test/uploads.test.ts',
  'test/escaping.test.ts',
  'test/oembed-discovery.test.ts',
];

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function installed(runtime: string): boolean {
  if (existsSync(join(ROOT, 'node_modules', '.bin', runtime))) return true;
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && existsSync(join(dir, runtime)));
}

/**
 * The vitest projects of the site's suites on Bun and Deno, with the workspace's timeouts.
 *
 * @example
 * export default [...otherProjects, ...siteRuntimeProjects({ testTimeout: 30_000, hookTimeout: 60_000 })];
 */
export function siteRuntimeProjects(timeouts: { testTimeout: number; hookTimeout: number }) {
  const suites = process.env.CMS_SITE_RUNTIME_SUITES === 'all' ? ALL_SITE_RUNTIME_SUITES : SITE_RUNTIME_SUITES;
  return (['bun', 'deno'] as const).map((runtime) => ({
    test: {
      name: `example-site-${runtime}`,
      root: 'examples/site',
      include: installed(runtime) || process.env.CMS_REQUIRE_RUNTIMES === '1' ? [...suites] : ['test/runtimes.test.ts'],
      env: { CMS_SITE_RUNTIME: runtime },
      ...timeouts,
    },
  }));
}
