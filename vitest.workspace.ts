/**
 * The list of test projects. `vitest.config.ts` imports it as `test.projects`
 * (Vitest 4 replaced the workspace file with that option).
 */
import { telRuntimeProjects } from './examples/outgoing-links/test/runtime-projects.ts';
import { siteRuntimeProjects } from './examples/site/test/runtime-projects.ts';

const timeouts = { testTimeout: 30_000, hookTimeout: 60_000 };
const packages = [
  'core',
  'node',
  'express',
  'fetch',
  'database',
  'content',
  'adapter-conformance',
  'openapi',
  'browsable',
  'editor',
  'wordpress-db',
  's3',
  'runtimes',
];
const examples = ['outgoing-links', 'ratings', 'books', 'site', 'fetch', 'tel-site'];

/**
 * Test files that replace modules or globals (`vi.mock`, `vi.spyOn` on a shared module, a stubbed
 * global): they run in a project of their own, `<name>-isolated`, with every file in a fresh
 * module graph. The other files of a project share a worker's module graph (`isolate: false`,
 * issue 39): the suite spent more time importing the same modules once per file (~600 s summed
 * in CI's two runs) than running many of its tests. scripts/test-postgres.sh selects both.
 */
const isolatedFiles: Record<string, string[]> = {
  core: ['src/record-json.test.ts'],
  content: ['src/media/sharp.test.ts', 'src/net/guarded-fetch.test.ts', 'src/users/store.test.ts'],
  openapi: ['src/viewer-files.test.ts'],
  // @wordpress/api-fetch keeps its middlewares (apiFetch.use) in module state: a file sharing it would
  // send its requests to another file's (stopped) site. The browser flows run against a clock.
  editor: [
    'scripts/declared-side-effects.test.ts',
    'src/assets.test.ts',
    'test/profile-translation.test.ts',
    'test/browser/**/*.test.ts',
  ],
  'example-outgoing-links': ['src/routes.test.ts'],
  'example-site': [
    'src/media-store.test.ts',
    'test/api-fetch-posts.test.ts',
    'test/api-fetch-comments.test.ts',
    'test/upload-clients.test.ts',
    'test/wpapi-media.test.ts',
  ],
};

interface Project {
  test: { name: string; root: string; include: string[]; [option: string]: unknown };
}

/** The project, sharing modules between its files, and its `-isolated` part when it has one. */
function withIsolated(project: Project): Project[] {
  const isolated = isolatedFiles[project.test.name] ?? [];
  const shared = { test: { ...project.test, exclude: [...isolated, '**/node_modules/**'], isolate: false } };
  if (isolated.length === 0) return [shared];
  return [shared, { test: { ...project.test, name: `${project.test.name}-isolated`, include: isolated } }];
}

export default [
  ...packages.flatMap((name) =>
    withIsolated({
      test: {
        name,
        root: `packages/${name}`,
        include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
        // A WordPress database on a throwaway MariaDB (scripts/mariadb.sh), started once for the project.
        ...(name === 'wordpress-db' ? { globalSetup: ['test/global-setup.ts'] } : {}),
        ...timeouts,
      },
    }),
  ),
  ...examples.flatMap((name) =>
    withIsolated({
      test: {
        name: `example-${name}`,
        root: `examples/${name}`,
        include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        ...timeouts,
      },
    }),
  ),
  // The repository's own scripts (scripts/*.ts), e.g. the PostgreSQL run's file selection.
  { test: { name: 'scripts', root: 'scripts', include: ['*.test.ts'], ...timeouts } },
  // The example site's HTTP suites with the site served on Bun and on Deno (examples/site/test/runtime-projects.ts).
  ...siteRuntimeProjects(timeouts),
  // The tel/v1 suite against the tel site (examples/tel-site) on Bun, Deno and workerd (examples/outgoing-links/test/runtime-projects.ts).
  ...telRuntimeProjects(timeouts),
  // The benchmark's hand-written baselines against cms-json (docs/performance.md), in process.
  { test: { name: 'bench', root: 'bench', include: ['**/*.test.ts'], ...timeouts } },
  // The WordPress profile against the recorded original (docs/conformance.md).
  // Its run on a WordPress database (test/wordpress-db.test.ts) needs the throwaway MariaDB of the wordpress-db project.
  {
    test: {
      name: 'conformance',
      root: 'conformance',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      globalSetup: ['../packages/wordpress-db/test/global-setup.ts'],
      ...timeouts,
    },
  },
];
