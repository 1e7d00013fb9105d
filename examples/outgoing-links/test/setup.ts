/**
 * A server with the plugin on a fresh test database (in-memory SQLite, or a PostgreSQL schema
 * when `CMS_TEST_DATABASE_URL` is set), and two principals chosen
 * by the `x-test-user` header (the real site authenticates with application passwords).
 *
 * With `CMS_TEL_RUNTIME=bun|deno|workerd`, {@link sitePerTest} gives the tests the same client
 * aimed at the tel site (`examples/tel-site`) on that runtime instead: one server per test file,
 * real users with application passwords behind `x-test-user`, and the links table emptied before
 * each test (`remote-site.ts`). Tests that reach into the process (the `server`, the `database`,
 * spies on the store) are marked {@link itInProcess} / {@link describeInProcess} and skipped there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRestServer, type RestServer, type RestServerOptions } from '@cms-json/core';
import { testClient } from '@cms-json/core/testing';
import type { Database } from '@cms-json/database';
import { openTestDatabase } from '@cms-json/database/testing';
import { missingRuntime } from '@cms-json/runtimes';
import { afterAll, afterEach, beforeAll, beforeEach, describe, it } from 'vitest';
import type { OutgoingLinksTables } from '../src/index.js';
import { outgoingLinks } from '../src/index.js';
import { type RemoteTelSite, SITE_URL, startRemoteTelSite, telRuntime } from './remote-site.js';

/** What a test gets: a client, the `x-test-user` header of the editor, a way to create a link, and (in process only) the server and database. */
export interface TelTestSite {
  readonly server: RestServer;
  readonly client: ReturnType<typeof testClient>;
  readonly database: Database<OutgoingLinksTables>;
  readonly editor: { 'x-test-user': string };
  create(title: string, link: string): Promise<{ id: number; slug: string }>;
}

/** The runtime the suite runs against, read once per file; `undefined` in process. */
const runtime = telRuntime();

/** A test that reaches into the process (the server, the database, spies): skipped against a runtime. */
export const itInProcess: typeof it.skip = it.skipIf(runtime !== undefined);

/** A group of tests that reach into the process: skipped against a runtime. */
export const describeInProcess: typeof describe.skip = describe.skipIf(runtime !== undefined);

/** A test of atomic batches: skipped on workerd, whose D1 has no interactive transactions (the batch answers 501 there). */
export const itWithTransactions: typeof it.skip = it.skipIf(runtime === 'workerd');

/** A test of a database without interactive transactions: run on workerd (D1) only. */
export const itWithoutTransactions: typeof it.skip = it.runIf(runtime === 'workerd');

function linkCreator(client: TelTestSite['client'], editor: TelTestSite['editor']): TelTestSite['create'] {
  return async (title, link) => {
    const res = await client.post('/tel/v1/outgoing-links', { headers: editor, body: { title, link } });
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
    return res.body as { id: number; slug: string };
  };
}

/** The plugin on a fresh in-process server and database (every test of the suite can use it). */
export async function setup(options: RestServerOptions = {}): Promise<TelTestSite> {
  const database = await openTestDatabase<OutgoingLinksTables>();
  const server = createRestServer({ siteUrl: SITE_URL, ...options });
  server.authenticate((request) => {
    const who = request.header('x-test-user');
    if (who === 'editor') return { user: { id: 1, can: (cap: string) => cap === 'edit_posts' } };
    if (who === 'subscriber') return { user: { id: 2, can: (cap: string) => cap === 'read' } };
    return null;
  });
  // Atomic batches run in one transaction, as on the tel site.
  server.provideTransactions(database.transactionRunner());
  await server.use(outgoingLinks({ database: database }));
  const client = testClient(server);
  const editor = { 'x-test-user': 'editor' };
  return { server, client, database, editor, create: linkCreator(client, editor) };
}

/** The remote site as a test sees it: `server` and `database` are not in this process. */
function remoteTestSite(remote: RemoteTelSite): TelTestSite {
  const editor = { 'x-test-user': 'editor' };
  const notHere = (what: string) =>
    new Error(
      `The ${what} is in the ${remote.server.runtime} process, not in the test's: mark this test itInProcess (test/setup.ts).`,
    );
  return {
    get server(): RestServer {
      throw notHere('server');
    },
    get database(): Database<OutgoingLinksTables> {
      throw notHere('database');
    },
    client: remote.client,
    editor,
    create: linkCreator(remote.client, editor),
  };
}

/**
 * A fresh site for each test of a file, closed after the test: call it at the top level of
 * the file, then `await site()` inside a test. Against a runtime (`CMS_TEL_RUNTIME`): one tel
 * site for the file, its links emptied before each test.
 */
export function sitePerTest(): () => Promise<TelTestSite> {
  if (runtime !== undefined) return remoteSitePerTest(runtime);
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });
  return async () => {
    const s = await setup();
    cleanup = () => s.database.close();
    return s;
  };
}

function remoteSitePerTest(name: NonNullable<typeof runtime>): () => Promise<TelTestSite> {
  // Throws with CMS_REQUIRE_RUNTIMES=1 (CI); else every test of the file skips, saying why.
  const missing = missingRuntime(name);
  let remote: RemoteTelSite | undefined;
  let folder: string | undefined;
  beforeAll(async () => {
    if (missing !== null) return;
    folder = mkdtempSync(join(tmpdir(), `tel-on-${name}-`));
    remote = await startRemoteTelSite(name, { folder });
  });
  afterAll(async () => {
    await remote?.close();
    if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
  });
  beforeEach((context) => {
    if (missing !== null) context.skip(`${name} is missing: ${missing}`);
  });
  return async () => {
    if (remote === undefined) throw new Error(`The tel site on ${name} did not start (see the error of beforeAll).`);
    await remote.reset();
    return remoteTestSite(remote);
  };
}
