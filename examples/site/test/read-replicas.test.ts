/**
 * The site on a PostgreSQL primary with a real streaming replica (`pg_basebackup`, started by
 * this file): anonymous reads come from the replica, and a client that writes then reads
 * through HTTP always sees its write (the read-after cookie), also while the replica's replay
 * is paused, and no anonymous read fails while the replica restarts. 30 to 60 s.
 */
import { type ReplicaPair, startReplicaPair } from '@cms-json/database/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_BASIC, type RunningSite, restUrl, startSite } from './start-site.js';

let pair: ReplicaPair;
let running: RunningSite;
let replicaAdmin: pg.Client;

const replicaReads = () => running.site.database.replicaStatus()[0]?.reads ?? 0;

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 20));
  }
}

beforeAll(async () => {
  pair = await startReplicaPair();
  running = await startSite({
    DATABASE_URL: pair.primaryUrl,
    DATABASE_REPLICA_URLS: ` ${pair.replicaUrl} ,`,
    DATABASE_REPLICA_MAX_LAG_MS: '60000',
    CMS_SAMPLE_CONTENT: '0',
    CMS_SAMPLE_LINKS: '0',
  });
  replicaAdmin = new pg.Client({ connectionString: pair.replicaUrl });
  await replicaAdmin.connect();
  await until(() => running.site.database.replicaStatus().every((replica) => replica.inRotation), 15_000);
}, 90_000);

afterAll(async () => {
  await replicaAdmin?.end().catch(() => {});
  await running?.stop();
  await pair?.stop();
});

async function write(title: string): Promise<{ id: number; readAfter: string | null; cookie: string | null }> {
  const res = await fetch(restUrl(running, '/posts'), {
    method: 'POST',
    headers: { authorization: ADMIN_BASIC, 'content-type': 'application/json' },
    body: JSON.stringify({ title, status: 'publish' }),
  });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: number };
  return { id, readAfter: res.headers.get('x-cms-read-after'), cookie: res.headers.get('set-cookie') };
}

describe('the site on read replicas', () => {
  it('answers anonymous reads from the replica, and authenticated ones from the primary', async () => {
    const before = replicaReads();
    expect((await fetch(restUrl(running, '/posts'))).status).toBe(200);
    const afterAnonymous = replicaReads();
    expect(afterAnonymous).toBeGreaterThan(before);
    expect((await fetch(restUrl(running, '/posts?status=draft'), { headers: { authorization: ADMIN_BASIC } })).status).toBe(200);
    expect(replicaReads()).toBe(afterAnonymous);
  });

  it('gives a write answer its position, as a header and a short-lived cookie', async () => {
    const { readAfter, cookie } = await write('position');
    expect(readAfter).toMatch(/^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/);
    expect(cookie).toBe(`cms_read_after=${readAfter}; Max-Age=30; Path=/; HttpOnly; SameSite=Lax`);
  });

  it('reads from the primary for a read-after value that is not a position, and answers it', async () => {
    for (const bad of ['x', '0/1x', '1/2/3', '%30/1', '123456789/0']) {
      const before = replicaReads();
      const byCookie = await fetch(restUrl(running, '/posts'), { headers: { cookie: `cms_read_after=${bad}` } });
      const byHeader = await fetch(restUrl(running, '/posts'), { headers: { 'x-cms-read-after': bad } });
      expect([byCookie.status, byHeader.status]).toEqual([200, 200]);
      expect(replicaReads()).toBe(before);
    }
  });

  it('a client that writes then reads always sees its write, while the replica lags (150 rounds, replay paused for 50)', async () => {
    const rounds = 150;
    let seen = 0;
    let staleWithoutCookie = 0;
    let fromReplica = 0;
    let lagBytes = 0;
    let lagMs = 0;
    for (let i = 0; i < rounds; i++) {
      if (i === 50) await replicaAdmin.query('select pg_wal_replay_pause()');
      if (i === 100) await replicaAdmin.query('select pg_wal_replay_resume()');
      const title = `written ${i}`;
      const { id, cookie } = await write(title);
      const before = replicaReads();
      const res = await fetch(restUrl(running, `/posts/${id}`), { headers: { cookie: (cookie ?? '').split(';')[0] ?? '' } });
      if (replicaReads() > before) fromReplica += 1;
      const body = (await res.json()) as { title?: { rendered?: string } };
      if (res.status === 200 && body.title?.rendered === title) seen += 1;
      // The same read without the cookie, for contrast: it may come from a replica behind.
      if (i % 10 === 0 && (await fetch(restUrl(running, `/posts/${id}`))).status !== 200) staleWithoutCookie += 1;
      const status = running.site.database.replicaStatus()[0];
      lagBytes = Math.max(lagBytes, status?.lagBytes ?? 0);
      lagMs = Math.max(lagMs, status?.lagMs ?? 0);
    }
    console.log(
      `site read-your-writes: ${seen}/${rounds} seen through HTTP with the cookie (${fromReplica} of those reads from the replica); ${staleWithoutCookie}/15 sampled reads without it missed the write; replica lag up to ${lagBytes} bytes, ${lagMs} ms`,
    );
    expect(seen).toBe(rounds);
  }, 90_000);

  it('answers every anonymous read while the replica stops and starts again: 0 errors (bounded load)', async () => {
    await until(() => running.site.database.replicaStatus().every((replica) => replica.inRotation), 15_000);
    await replicaAdmin.end();
    let answered = 0;
    const failures: string[] = [];
    let reading = true;
    const reader = async () => {
      for (let i = 0; reading && i < 2_000; i++) {
        try {
          const res = await fetch(restUrl(running, '/posts?per_page=5'));
          await res.arrayBuffer();
          if (res.status === 200) answered += 1;
          else failures.push(String(res.status));
        } catch (error) {
          failures.push(String(error));
        }
      }
    };
    const readers = Promise.all([reader(), reader(), reader()]);
    const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
    await pause(300);
    const replicaBefore = replicaReads();
    await pair.stopReplica();
    await pause(500);
    await pair.startReplica();
    await until(() => running.site.database.replicaStatus().every((replica) => replica.inRotation), 15_000);
    await pause(300);
    reading = false;
    await readers;
    console.log(
      `site replica restart: ${answered} anonymous reads answered 200, ${failures.length} failed, ${replicaReads() - replicaBefore} replica statements after the stop began`,
    );
    replicaAdmin = new pg.Client({ connectionString: pair.replicaUrl });
    await replicaAdmin.connect();
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(0);
  }, 60_000);
});
