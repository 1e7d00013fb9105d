/**
 * The list of test projects. `vitest.config.ts` imports it as `test.projects`
 * (Vitest 4 replaced the workspace file with that option).
 */
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

export default [
  ...packages.map((name) => ({
    test: {
      name,
      root: `packages/${name}`,
      include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
      // A WordPress database on a throwaway MariaDB (scripts/mariadb.sh), started once for the project.
      ...(name === 'wordpress-db' ? { globalSetup: ['test/global-setup.ts'] } : {}),
      ...timeouts,
    },
  })),
  ...examples.map((name) => ({
    test: { name: `example-${name}`, root: `examples/${name}`, include: ['src/**/*.test.ts', 'test/**/*.test.ts'], ...timeouts },
  })),
  // The repository's own scripts (scripts/*.ts), e.g. the PostgreSQL run's file selection.
  { test: { name: 'scripts', root: 'scripts', include: ['*.test.ts'], ...timeouts } },
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
