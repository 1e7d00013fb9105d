/**
 * Concurrency over real sockets (issue 8): the site behind the node adapter on a SQLite
 * file. 1,000 concurrent clicks raise `count` by exactly 1,000; 200 concurrent creates give
 * 200 distinct ids and an exact total.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testDatabaseUrl } from '@cms-json/database/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHarness, envInt, type Harness, handle, invariantProblem } from './harness.js';
import { type Listening, listen, send, type WireResponse } from './http.js';

const CLICKS = envInt('CONCURRENT_CLICKS', 1000);
const CREATES = envInt('CONCURRENT_CREATES', 200);
const UPDATE_ROUNDS = envInt('CONCURRENT_UPDATE_ROUNDS', 100);
const BASE = '/cms-json/tel/v1/outgoing-links';

let dir: string;
let h: Harness;
let served: Listening;
let agent: Agent;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cms-json-robustness-'));
  h = await buildHarness({ url: await testDatabaseUrl({ sqlite: `sqlite:${join(dir, 'site.db')}` }) });
  served = await listen(h.server);
  agent = new Agent({ keepAlive: true, maxSockets: 100 });
});

afterAll(async () => {
  agent.destroy();
  await served.close();
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

async function total(): Promise<number> {
  const res = await send(served.port, { path: `${BASE}?per_page=1`, agent });
  expect(res.status).toBe(200);
  return Number(res.headers['x-cms-total']);
}

describe('concurrency over sockets', () => {
  it(`${CLICKS} concurrent clicks on one link raise its count by exactly ${CLICKS}`, { timeout: 300_000 }, async () => {
    const link = await h.createLink('Hot Link', 'https://hot.test/landing');
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: CLICKS }, () =>
        send(served.port, { path: `/out/${link.slug}`, agent, timeoutMs: 120_000 }).then(
          (res) => res,
          (error: unknown): WireResponse => ({ status: -1, headers: {}, body: String(error) }),
        ),
      ),
    );
    const statuses = new Map<number, number>();
    for (const res of answers) statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    expect(Object.fromEntries(statuses)).toEqual({ 302: CLICKS });
    for (const res of answers) expect(res.headers.location).toBe('https://hot.test/landing');
    expect(await h.storedCount(link.id)).toBe(CLICKS);
    // And the API reports the same count.
    const listed = await send(served.port, { path: `${BASE}?search=hot.test&per_page=100`, agent });
    expect((JSON.parse(listed.body) as { id: number; count: number }[]).find((l) => l.id === link.id)?.count).toBe(CLICKS);
    console.info(`[robustness] ${CLICKS} concurrent clicks in ${Date.now() - started} ms through ${served.adapter}`);
  });

  it(`${CREATES} concurrent creates give ${CREATES} distinct ids and an exact total`, { timeout: 300_000 }, async () => {
    const before = await total();
    const answers = await Promise.all(
      Array.from({ length: CREATES }, (_, i) =>
        send(served.port, {
          method: 'POST',
          path: BASE,
          agent,
          timeoutMs: 120_000,
          headers: { authorization: h.editor.basic, 'content-type': 'application/json' },
          body: JSON.stringify({ title: `Concurrent ${i}`, link: `https://concurrent.test/${i}` }),
        }),
      ),
    );
    const problems = answers.map((res) => invariantProblem(res, { method: 'POST', url: BASE })).filter((p) => p !== undefined);
    expect(problems).toEqual([]);
    expect(answers.map((res) => res.status)).toEqual(Array(CREATES).fill(201));
    const bodies = answers.map((res) => JSON.parse(res.body) as { id: number; title: string; link: string });
    const ids = new Set(bodies.map((b) => b.id));
    expect(ids.size).toBe(CREATES);
    for (const [i, body] of bodies.entries()) {
      expect(body.title).toBe(`Concurrent ${i}`);
      expect(body.link).toBe(`https://concurrent.test/${i}`);
    }
    expect(await total()).toBe(before + CREATES);
    // Every id reads back as what was created under it.
    const rows = await h.database.db
      .selectFrom('outgoing_links')
      .select(['id', 'title'])
      .where('title', 'like', 'Concurrent %')
      .execute();
    expect(rows).toHaveLength(CREATES);
    for (const row of rows) expect(bodies.find((b) => b.id === row.id)?.title).toBe(row.title);
  });

  it('concurrent clicks on many links and list reads together stay exact', { timeout: 300_000 }, async () => {
    const links = await Promise.all(
      Array.from({ length: 10 }, (_, i) => h.createLink(`Spread ${i}`, `https://spread.test/${i}`)),
    );
    const perLink = 30;
    const jobs: Promise<number>[] = [];
    for (let round = 0; round < perLink; round += 1) {
      for (const link of links)
        jobs.push(send(served.port, { path: `/out/${link.slug}`, agent, timeoutMs: 120_000 }).then((r) => r.status));
      jobs.push(
        send(served.port, { path: `${BASE}?per_page=100&orderby=count`, agent, timeoutMs: 120_000 }).then((r) => r.status),
      );
    }
    const statuses = await Promise.all(jobs);
    expect(statuses.filter((s) => s !== 302 && s !== 200)).toEqual([]);
    for (const link of links) expect(await h.storedCount(link.id)).toBe(perLink);
  });
});

describe('lost updates (issue 16, item 4): concurrent PATCHes of different fields both stay', () => {
  /**
   * Sends two PATCHes at once: over the sockets, or in process (started in the same tick, so
   * that they interleave at every await, as two processes on one PostgreSQL do). Both must
   * answer 200.
   */
  async function patchPair(site: Harness, path: string, authorization: string, bodies: object[]): Promise<void> {
    const headers = { authorization, 'content-type': 'application/json' };
    const answers = await Promise.all(
      bodies.map((body) =>
        site === h
          ? send(served.port, { method: 'PATCH', path, agent, timeoutMs: 60_000, headers, body: JSON.stringify(body) })
          : handle(site.server, { method: 'PATCH', url: path, headers, body: JSON.stringify(body) }),
      ),
    );
    expect(answers.map((res) => `${res.status} ${res.status === 200 ? '' : res.body}`)).toEqual(['200 ', '200 ']);
  }

  async function linkRounds(site: Harness): Promise<number> {
    const created = await site.createLink('Patched 0', 'https://patched.test/0');
    let lost = 0;
    for (let round = 1; round <= UPDATE_ROUNDS; round += 1) {
      const bodies = [{ title: `Patched ${round}` }, { link: `https://patched.test/${round}` }];
      await patchPair(site, `${BASE}/${created.id}`, site.editor.basic, bodies);
      const row = await site.database.db
        .selectFrom('outgoing_links')
        .select(['title', 'slug', 'link'])
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      if (row.title !== `Patched ${round}` || row.link !== `https://patched.test/${round}` || row.slug !== `patched${round}`)
        lost += 1;
    }
    return lost;
  }

  it(`an outgoing link over sockets: title and link, ${UPDATE_ROUNDS} rounds, none lost`, { timeout: 300_000 }, async () => {
    const lost = await linkRounds(h);
    console.info(`[robustness] outgoing link over sockets: ${lost} of ${UPDATE_ROUNDS} rounds lost an acknowledged change`);
    expect(lost).toBe(0);
  });

  it(`an outgoing link on a database 2 ms away: ${UPDATE_ROUNDS} rounds, none lost`, { timeout: 300_000 }, async () => {
    // Every query answers 2 ms late, as across a network: the read and the write of two
    // requests interleave. Before the fix, every round lost one of the two changes.
    const slow = await buildHarness({ mode: 'parts', url: `sqlite:${join(dir, 'slow.db')}` });
    slow.fault.latencyMs = 2;
    try {
      const lost = await linkRounds(slow);
      console.info(`[robustness] outgoing link, 2 ms latency: ${lost} of ${UPDATE_ROUNDS} rounds lost an acknowledged change`);
      expect(lost).toBe(0);
    } finally {
      await slow.close();
    }
  });

  it(`a user: first_name and last_name, ${UPDATE_ROUNDS} rounds, none lost`, { timeout: 300_000 }, async () => {
    let lost = 0;
    for (let round = 1; round <= UPDATE_ROUNDS; round += 1) {
      const bodies = [{ first_name: `First${round}` }, { last_name: `Last${round}` }];
      await patchPair(h, `/cms-json/cms/v2/users/${h.editor.id}`, h.admin.basic, bodies);
      const row = await h.database.db
        .selectFrom('users')
        .select(['first_name', 'last_name'])
        .where('id', '=', h.editor.id)
        .executeTakeFirstOrThrow();
      if (row.first_name !== `First${round}` || row.last_name !== `Last${round}`) lost += 1;
    }
    console.info(`[robustness] user: ${lost} of ${UPDATE_ROUNDS} rounds lost an acknowledged change`);
    expect(lost).toBe(0);
  });
});

describe('check-then-write races (in process, interleaved at every await)', () => {
  it('concurrent creates of one user login give one user and 400 existing_user_login for the rest', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        h.server.handle({
          method: 'POST',
          url: '/cms-json/cms/v2/users',
          headers: { authorization: h.admin.basic, 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'racer', email: `racer${i}@example.com`, password: 'a-long-password-1' }),
        }),
      ),
    );
    const statuses = answers.map((res) => res?.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(400)]);
  });

  // BUG-3 (packages/content/src/application-passwords.ts, `create`): the duplicate-name check
  // is a SELECT followed by an INSERT, with no transaction and no unique index on
  // (user_id, name) in packages/content/src/migrations.ts. Ten concurrent
  // `POST /cms/v2/users/<id>/application-passwords {"name":"dup"}` give two 201s and two
  // stored passwords named "dup". Expected: one 201 and 409 application_password_duplicate_name
  // for the others (a unique index, or the check and insert in one transaction).
  it('BUG-3: concurrent application passwords with one name give exactly one 201', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        h.server.handle({
          method: 'POST',
          url: `/cms-json/cms/v2/users/${h.editor.id}/application-passwords`,
          headers: { authorization: h.admin.basic, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'dup' }),
        }),
      ),
    );
    expect(answers.filter((res) => res?.status === 201)).toHaveLength(1);
    const stored = await h.database.db
      .selectFrom('application_passwords')
      .select('name')
      .where('user_id', '=', h.editor.id)
      .execute();
    expect(stored.filter((row) => row.name === 'dup')).toHaveLength(1);
  });
});
