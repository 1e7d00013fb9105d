import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { missingRuntime, type RuntimeServer, startRuntimeServer } from '@cms-json/runtimes';
import { afterAll, describe, expect, it } from 'vitest';
import { FOLDING_TITLES } from './checks.js';

// `@cms-json/database/d1` in a Worker on workerd, bundled as wrangler bundles it, against
// miniflare's local D1 persisted to a folder: first WITHOUT nodejs_compat (nothing of Node may
// be reachable from the entry), then a second start WITH it on the same folder, which finds
// the data and the migrations of the first.
const missing = missingRuntime('workerd');
const entry = fileURLToPath(new URL('./worker.ts', import.meta.url));
const persist = mkdtempSync(join(tmpdir(), 'cms-json-d1-'));
const servers: RuntimeServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
  rmSync(persist, { recursive: true, force: true });
});

async function serve(nodeCompat: boolean): Promise<RuntimeServer> {
  const server = await startRuntimeServer({ runtime: 'workerd', entry, d1Databases: ['DB'], d1Persist: persist, nodeCompat });
  servers.push(server);
  return server;
}

async function answer(server: RuntimeServer, path: string): Promise<unknown> {
  const res = await fetch(`${server.url}${path}`);
  const body: unknown = await res.json();
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}\n${server.output()}`);
  return body;
}

describe.skipIf(missing !== null)(`openD1Database on workerd${missing === null ? '' : ` (skipped: ${missing})`}`, () => {
  it('migrates, writes, reads and versions in a Worker without nodejs_compat, and a second start sees it all', async () => {
    const first = await serve(false);
    expect(await answer(first, '/checks')).toMatchObject({
      atomicTransactions: false,
      migrations: { applied: ['0001-notes', '0002-track'], again: [] },
      insertId: 1,
      updatedRows: 1,
      returned: { id: 2, title: 'second' },
      versionsDistinct: 4,
      transaction: { failure: 'the work failed', order: ['afterCommit', 'work'], kept: 1, beforeCommit: 'undefined' },
      kyselyTransaction: { failure: 'the Kysely transaction failed', kept: 1 },
      batch: { failed: true, kept: 0 },
      named: [[{ id: 1, title: 'First' }], [{ id: 2, title: 'second' }], []],
      echoed: [...FOLDING_TITLES],
      lowered: ['école ärger', 'łódź škoda', 'ΑΘΗΝΑ', 'МОСКВА', 'ՀԱՅԱՍՏԱՆ'],
      search: ['ÉCOLE Ärger'],
      noTransactionStatements: [],
    });
    await first.close();

    const second = await serve(true);
    const seen = (await answer(second, '/second-start')) as { titles: string[]; version: string };
    expect(seen).toMatchObject({ migrations: { applied: [], again: [] } });
    expect(seen.titles).toEqual([
      'First',
      'second',
      'kept though the work failed',
      'kept by a Kysely transaction',
      'ÉCOLE Ärger',
    ]);
    expect(Number(seen.version)).toBeGreaterThan(0);
  });
});
