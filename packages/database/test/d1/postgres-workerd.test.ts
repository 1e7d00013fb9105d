import { fileURLToPath } from 'node:url';
import { missingRuntime, startRuntimeServer } from '@cms-json/runtimes';
import { afterAll, describe, expect, it } from 'vitest';
import { dropTestDatabase, testDatabaseUrl, testDialect } from '../../src/testing.js';

// PostgreSQL from a Worker on workerd over workerd's own TCP, on the test switch's server
// (CI's PostgreSQL run sets CMS_TEST_DATABASE_URL; a fresh schema per run). `pg` is CommonJS
// and requires Node's modules by their bare names: bundled as wrangler bundles it with
// nodejs_compat (`bundleWorker`), each such require() becomes an import of `node:<name>`.
const missing = missingRuntime('workerd');
const skipped = missing ?? (testDialect() === 'postgres' ? null : 'needs a PostgreSQL server: set CMS_TEST_DATABASE_URL');
const entry = fileURLToPath(new URL('./postgres-worker.ts', import.meta.url));
const urls: string[] = [];
afterAll(async () => {
  for (const url of urls) await dropTestDatabase(url);
});

describe.skipIf(skipped !== null)(`PostgreSQL from workerd${skipped === null ? '' : ` (skipped: ${skipped})`}`, () => {
  it('migrates, commits, rolls back and versions over workerd’s own TCP', async () => {
    const url = await testDatabaseUrl();
    urls.push(url);
    const server = await startRuntimeServer({ runtime: 'workerd', entry, env: { DATABASE_URL: url } });
    try {
      const res = await fetch(`${server.url}/checks`);
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
      await server.close();
    }
  });
});
