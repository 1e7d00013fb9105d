/**
 * The example site's suites on Bun and Deno: one vitest project per runtime
 * (`example-site-bun`, `example-site-deno`), each running the suites that talk HTTP only
 * with `CMS_SITE_RUNTIME` set, so `startSite()` serves `src/worker.ts` on that runtime.
 * `vitest.workspace.ts` lists them. A runtime that is not installed leaves its project
 * `runtimes.test.ts` alone, which skips saying why (fails with `CMS_REQUIRE_RUNTIMES=1`).
 *
 * ```sh
 * npx vitest run --project example-site-bun --project example-site-deno
 * ```
 *
 * @module
 */
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The suites run on each runtime: between them posts, pages, terms, comments, users and
 * application passwords, media (uploads, sizes, the served files, deletes), settings, the
 * front page and record pages, `tel/v1` and books, through real clients (wpapi, api-fetch).
 * In process only (they read `running.site` or run the site on node on purpose): sample-content,
 * read-replicas, shared-cache, two-machines, multi-process, database-down, the browser check.
 */
export const SITE_RUNTIME_SUITES: readonly string[] = [
  'test/runtimes.test.ts',
  'test/site.test.ts',
  'test/wpapi.test.ts',
  'test/wpapi-comments.test.ts',
  'test/wpapi-media.test.ts',
  'test/wpapi-books.test.ts',
  'test/api-fetch-posts.test.ts',
  'test/api-fetch-comments.test.ts',
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
  return (['bun', 'deno'] as const).map((runtime) => ({
    test: {
      name: `example-site-${runtime}`,
      root: 'examples/site',
      include:
        installed(runtime) || process.env.CMS_REQUIRE_RUNTIMES === '1' ? [...SITE_RUNTIME_SUITES] : ['test/runtimes.test.ts'],
      env: { CMS_SITE_RUNTIME: runtime },
      ...timeouts,
    },
  }));
}
