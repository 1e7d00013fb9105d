/**
 * The tel/v1 suite against the tel site on each runtime: one vitest project per runtime
 * (`example-outgoing-links-bun`, `-deno`, `-workerd`), each running the suites that use
 * `sitePerTest()` with `CMS_TEL_RUNTIME` set (`setup.ts`, `remote-site.ts`). `vitest.workspace.ts`
 * lists them. A runtime that is not installed makes each test skip saying why (fail with
 * `CMS_REQUIRE_RUNTIMES=1`).
 *
 * ```sh
 * npx vitest run --project example-outgoing-links-bun --project example-outgoing-links-deno
 * ```
 *
 * @module
 */

/**
 * The suites run on each runtime. In process only: `cache-keys.test.ts` (a purger recording
 * its keys in the test's process), `database-error.test.ts` (an unreachable PostgreSQL and the
 * error texts), and the tests marked `itInProcess` / `describeInProcess` in these suites.
 */
export const TEL_RUNTIME_SUITES: readonly string[] = [
  'src/routes.test.ts',
  'src/batch.test.ts',
  'src/same-on-both-engines.test.ts',
];

/**
 * The vitest projects of the tel/v1 suite on the given runtimes, with the workspace's timeouts.
 *
 * @example
 * export default [...otherProjects, ...telRuntimeProjects({ testTimeout: 30_000, hookTimeout: 60_000 })];
 */
export function telRuntimeProjects(
  timeouts: { testTimeout: number; hookTimeout: number },
  runtimes: readonly ('bun' | 'deno' | 'workerd')[] = ['bun', 'deno', 'workerd'],
) {
  return runtimes.map((runtime) => ({
    test: {
      name: `example-outgoing-links-${runtime}`,
      root: 'examples/outgoing-links',
      include: [...TEL_RUNTIME_SUITES],
      env: { CMS_TEL_RUNTIME: runtime },
      ...timeouts,
    },
  }));
}
