/**
 * The PostgreSQL pool under a database that comes and goes: runs when
 * `CMS_TEST_DATABASE_URL` names a server (scripts/postgres.sh start), and its first case
 * (a server that is not there) everywhere.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, isDatabaseUnavailable, openDatabase } from './index.js';
import { databaseRelay, testDatabaseUrl, testDialect } from './testing.js';

const open: Database<unknown>[] = [];
afterEach(async () => {
  for (const database of open.splice(0)) await database.close();
});

function track<DB>(database: Database<DB>): Database<DB> {
  open.push(database as Database<unknown>);
  return database;
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as { port: number }).port;
  await new Promise((done) => server.close(done));
  return port;
}

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('a PostgreSQL server that is not there', () => {
  it('fails the query as unavailable, without hanging and without crashing', async () => {
    const port = await closedPort();
    const { db } = track(openDatabase({ url: `postgres://nobody@127.0.0.1:${port}/none`, connectTimeoutMs: 2_000 }));
    const error = await failure(() => sql`select 1`.execute(db));
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(String(error)).toMatch(/ECONNREFUSED/);
  });

  it('does not mark a wrong query as unavailable', async () => {
    const { db } = track(openDatabase({ url: 'sqlite::memory:' }));
    expect(isDatabaseUnavailable(await failure(() => sql`select * from missing`.execute(db)))).toBe(false);
  });
});

describe.skipIf(testDialect() !== 'postgres')('the PostgreSQL pool', () => {
  it('fails a query as unavailable when every connection stays busy past the wait', async () => {
    const url = await testDatabaseUrl();
    const { db } = track(openDatabase({ url, poolSize: 1, connectTimeoutMs: 300 }));
    const busy = sql`select pg_sleep(2)`.execute(db);
    const error = await failure(() => sql`select 1`.execute(db));
    expect(isDatabaseUnavailable(error)).toBe(true);
    await busy;
    expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
  });

  it('cancels a statement that runs past the statement timeout, as unavailable', async () => {
    const url = await testDatabaseUrl();
    const { db } = track(openDatabase({ url, statementTimeoutMs: 200 }));
    const error = await failure(() => sql`select pg_sleep(5)`.execute(db));
    expect(String(error)).toMatch(/statement timeout/);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('survives the server ending its idle connections (pg_terminate_backend) and goes on', async () => {
    const name = `pool-test-${randomBytes(4).toString('hex')}`;
    const url = new URL(await testDatabaseUrl());
    url.searchParams.set('application_name', name);
    const seen: Error[] = [];
    const { db } = track(openDatabase({ url: url.toString(), onIdleConnectionError: (error) => seen.push(error) }));
    await Promise.all([1, 2, 3].map(() => sql`select pg_sleep(0.05)`.execute(db)));
    const admin = track(openDatabase({ url: await testDatabaseUrl() }));
    const { rows } = await sql<{ ended: boolean }>`
      select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = ${name}`.execute(admin.db);
    expect(rows.length).toBeGreaterThan(0);
    for (let i = 0; i < 100 && seen.length < rows.length; i += 1) await new Promise((done) => setTimeout(done, 20));
    expect(seen.length).toBeGreaterThan(0);
    expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
  });

  it('answers unavailable while the server is down and recovers when it is back', async () => {
    const url = new URL(await testDatabaseUrl());
    const target = new URL(url);
    const proxy = await databaseRelay(target.hostname, Number(target.port));
    try {
      url.host = `127.0.0.1:${proxy.port}`;
      const { db } = track(openDatabase({ url: url.toString(), connectTimeoutMs: 1_000, onIdleConnectionError: () => {} }));
      expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
      await proxy.cut();
      for (let i = 0; i < 2; i += 1) expect(isDatabaseUnavailable(await failure(() => sql`select 1`.execute(db)))).toBe(true);
      await proxy.restore();
      expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
    } finally {
      proxy.close();
    }
  });
});
