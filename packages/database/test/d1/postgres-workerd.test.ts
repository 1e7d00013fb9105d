import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { missingRuntime } from '@cms-json/runtimes';
import * as esbuild from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { dropTestDatabase, testDatabaseUrl, testDialect } from '../../src/testing.js';

// PostgreSQL from a Worker on workerd over workerd's own TCP, on the test switch's server
// (CI's PostgreSQL run sets CMS_TEST_DATABASE_URL; a fresh schema per run). `pg` is CommonJS
// and requires Node's modules by their bare names: bundled as wrangler bundles it with
// nodejs_compat, each such require() becomes an import of `node:<name>` (the plugin below).
const missing = missingRuntime('workerd');
const skipped = missing ?? (testDialect() === 'postgres' ? null : 'needs a PostgreSQL server: set CMS_TEST_DATABASE_URL');
const entry = fileURLToPath(new URL('./postgres-worker.ts', import.meta.url));
const urls: string[] = [];
afterAll(async () => {
  for (const url of urls) await dropTestDatabase(url);
});

const BUILTINS = new Set(builtinModules);

/** Node's modules as workerd's nodejs_compat has them: imports of `node:<name>`, require() calls included. */
const nodeBuiltins: esbuild.Plugin = {
  name: 'node-builtins',
  setup(build) {
    build.onResolve({ filter: /^(node:)?[a-z_/]+$/ }, (args) => {
      const name = args.path.replace(/^node:/, '');
      if (!BUILTINS.has(name)) return undefined;
      if (args.kind === 'require-call') return { path: name, namespace: 'require-builtin' };
      return { path: `node:${name}`, external: true };
    });
    build.onLoad({ filter: /.*/, namespace: 'require-builtin' }, (args) => ({
      contents: `import * as all from 'node:${args.path}'; module.exports = 'default' in all ? all.default : all;`,
      loader: 'js',
    }));
  },
};

describe.skipIf(skipped !== null)(`PostgreSQL from workerd${skipped === null ? '' : ` (skipped: ${skipped})`}`, () => {
  it('migrates, commits, rolls back and versions over workerd’s own TCP', async () => {
    const url = await testDatabaseUrl();
    urls.push(url);
    const built = await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      write: false,
      conditions: ['workerd', 'worker', 'browser'],
      mainFields: ['browser', 'module', 'main'],
      external: ['cloudflare:*'],
      plugins: [nodeBuiltins],
      logLevel: 'silent',
    });
    const code = built.outputFiles[0]?.text ?? '';
    const { Miniflare } = await import('miniflare');
    const root = fileURLToPath(new URL('.', import.meta.url));
    const mf = new Miniflare({
      modules: [{ type: 'ESModule', path: `${root}postgres-worker.bundle.js`, contents: code }],
      modulesRoot: root,
      bindings: { DATABASE_URL: url },
      compatibilityDate: '2026-04-01',
      compatibilityFlags: ['nodejs_compat'],
      host: '127.0.0.1',
      port: 0,
    });
    try {
      const res = await fetch(new URL('/checks', await mf.ready));
      const body: unknown = await res.json();
      expect({ status: res.status, body }).toMatchObject({
        status: 200,
        body: {
          applied: ['0001-notes', '0002-track'],
          atomicTransactions: true,
          order: ['work', 'afterCommit'],
          failure: 'the work failed',
          titles: ['committed'],
          named: [{ title: 'committed' }],
          versionsDistinct: 2,
          lowered: 'école',
        },
      });
    } finally {
      await mf.dispose();
    }
  });
});
