/**
 * Two site processes (`examples/site/src/main.ts`) on one PostgreSQL database, started
 * together on an empty schema: counts stay exact, ids and slugs distinct, a cookie session
 * made on one is accepted by the other, and a SIGKILL of one under write load loses no
 * acknowledged write. Runs when `CMS_TEST_DATABASE_URL` names a PostgreSQL server.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { Agent } from 'node:http';
import { fileURLToPath } from 'node:url';
import { openTestDatabase, testDatabaseUrl, testDialect } from '@cms-json/database/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, send, type WireResponse } from './robustness/http.js';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const BASE = '/cms-json/tel/v1/outgoing-links';
const APP_PASSWORD = 'abcdABCD1234efghEFGH5678';
const APPLICATION = `multi-process-${process.pid}`;
const admin = `Basic ${Buffer.from(`admin:${APP_PASSWORD}`).toString('base64')}`;

interface Child {
  proc: ChildProcess;
  port: number;
  output: string[];
  exited: Promise<void>;
}

const children: Child[] = [];
let env: Record<string, string>;
const agent = new Agent({ keepAlive: true, maxSockets: 50 });

function start(port: number, extra: Record<string, string> = {}): Child {
  const proc = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO,
    env: { ...process.env, ...env, PORT: String(port), ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  proc.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  proc.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const child = { proc, port, output, exited };
  children.push(child);
  return child;
}

async function ready(child: Child): Promise<void> {
  for (let i = 0; i < 450; i += 1) {
    if (child.proc.exitCode !== null) throw new Error(`a site process exited:\n${child.output.join('')}`);
    const res = await send(child.port, { path: '/cms-json/', timeoutMs: 5_000 }).catch(() => undefined);
    if (res?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`a site process was not ready in 90 s:\n${child.output.join('')}`);
}

const failed = (error: unknown): WireResponse => ({ status: -1, headers: {}, body: String(error) });

function create(port: number, title: string, headers: Record<string, string> = { authorization: admin }) {
  return send(port, {
    method: 'POST',
    path: BASE,
    agent,
    timeoutMs: 60_000,
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ title, link: `https://multi.test/${encodeURIComponent(title)}` }),
  }).catch(failed);
}

let a: Child;
let b: Child;

describe.skipIf(testDialect() !== 'postgres')('two site processes on one PostgreSQL database', () => {
  beforeAll(async () => {
    const url = new URL(await testDatabaseUrl());
    url.searchParams.set('application_name', APPLICATION);
    env = {
      HOST: '127.0.0.1',
      DATABASE_URL: url.toString(),
      CMS_SECRET: 'multi-process-test-secret-0123456789',
      CMS_ADMIN_USER: 'admin',
      CMS_ADMIN_APP_PASSWORD: APP_PASSWORD,
    };
    // Both start at once on the empty schema: migrations and seeding must not race.
    a = start(await freePort());
    b = start(await freePort());
    await Promise.all([ready(a), ready(b)]);
  }, 120_000);

  afterAll(async () => {
    agent.destroy();
    for (const child of children) if (child.proc.exitCode === null) child.proc.kill('SIGKILL');
    await Promise.all(children.map((child) => child.exited));
  });

  it('seeds once: one administrator and one set of sample links', async () => {
    const users = await send(a.port, {
      path: '/cms-json/cms/v2/users?per_page=100&context=edit',
      headers: { authorization: admin },
    });
    expect(users.status).toBe(200);
    expect((JSON.parse(users.body) as { slug: string }[]).map((user) => user.slug)).toEqual(['admin']);
    const links = await send(b.port, { path: `${BASE}?per_page=100` });
    const slugs = (JSON.parse(links.body) as { slug: string }[]).map((link) => link.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs.length).toBe(12);
  });

  it('survives the server ending every connection of both processes (pg_terminate_backend)', async () => {
    // Both processes hold idle pooled connections after some reads.
    await Promise.all([a, b].flatMap((child) => Array.from({ length: 10 }, () => send(child.port, { path: BASE, agent }))));
    const database = await openTestDatabase();
    try {
      const { rows } = await sql<{ ended: boolean }>`
        select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = ${APPLICATION}`.execute(
        database.db,
      );
      expect(rows.length).toBeGreaterThanOrEqual(2);
    } finally {
      await database.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const child of [a, b]) {
      expect(child.proc.exitCode, child.output.join('')).toBeNull();
      expect((await send(child.port, { path: BASE })).status).toBe(200);
    }
  });

  it('counts 1,000 concurrent clicks split across both processes exactly', { timeout: 300_000 }, async () => {
    const created = await create(a.port, 'Hot across processes');
    expect(created.status).toBe(201);
    const link = JSON.parse(created.body) as { id: number; slug: string };
    const statuses = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        send(i % 2 === 0 ? a.port : b.port, { path: `/out/${link.slug}`, agent, timeoutMs: 120_000 }).then(
          (res) => res.status,
          () => -1,
        ),
      ),
    );
    expect(statuses.filter((status) => status !== 302)).toEqual([]);
    const read = await send(b.port, { path: `${BASE}/${link.id}` });
    expect((JSON.parse(read.body) as { count: number }).count).toBe(1000);
  });

  it('gives 300 concurrent creates across both processes distinct ids and slugs', { timeout: 300_000 }, async () => {
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => create(i % 2 === 0 ? a.port : b.port, `Many ${i}`)));
    expect(answers.map((res) => res.status)).toEqual(Array(300).fill(201));
    const bodies = answers.map((res) => JSON.parse(res.body) as { id: number; slug: string });
    expect(new Set(bodies.map((body) => body.id)).size).toBe(300);
    expect(new Set(bodies.map((body) => body.slug)).size).toBe(300);
    const listed = await send(a.port, { path: `${BASE}?search=Many&per_page=1` });
    expect(Number(listed.headers['x-cms-total'])).toBe(300);
  });

  it('accepts on one process a cookie session and nonce made on the other', async () => {
    const user = await send(a.port, {
      method: 'POST',
      path: '/cms-json/cms/v2/users',
      headers: { authorization: admin, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'hopper', email: 'hopper@example.com', password: 'hopper-password-1', roles: ['editor'] }),
    });
    expect(user.status).toBe(201);
    const login = await send(a.port, {
      method: 'POST',
      path: '/cms-json/cms-auth/v1/session',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=hopper&password=hopper-password-1',
    });
    expect([200, 201]).toContain(login.status);
    const setCookie = login.headers['set-cookie'];
    const cookie = ((Array.isArray(setCookie) ? setCookie[0] : setCookie) ?? '').split(';')[0] ?? '';
    const nonce = String((JSON.parse(login.body) as { nonce: unknown }).nonce);
    const created = await create(b.port, 'Made by cookie', { cookie, 'x-cms-nonce': nonce });
    expect(created.status).toBe(201);
    const me = await send(b.port, { path: '/cms-json/cms/v2/users/me', headers: { cookie, 'x-cms-nonce': nonce } });
    expect(JSON.parse(me.body)).toMatchObject({ slug: 'hopper' });
  });

  it('serves one port from WORKERS=2 cluster workers and replaces a worker that dies', { timeout: 120_000 }, async () => {
    const cluster = start(await freePort(), { WORKERS: '2' });
    await ready(cluster);
    const pids = async (count: number) => {
      for (let i = 0; i < 300; i += 1) {
        const found = [...cluster.output.join('').matchAll(/worker (\d+) listening/g)].map((match) => Number(match[1]));
        if (found.length >= count) return found;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`fewer than ${count} workers listening:\n${cluster.output.join('')}`);
    };
    const [first] = await pids(2);
    const statuses = await Promise.all(
      Array.from({ length: 40 }, () => send(cluster.port, { path: BASE }).then((res) => res.status)),
    );
    expect(statuses).toEqual(Array(40).fill(200));
    process.kill(first as number, 'SIGKILL');
    expect((await pids(3)).length).toBe(3);
    expect((await send(cluster.port, { path: BASE })).status).toBe(200);
    cluster.proc.kill('SIGTERM');
    await cluster.exited;
    expect(cluster.proc.exitCode).toBe(0);
  });

  it('loses no acknowledged write when one process is SIGKILLed under write load', { timeout: 300_000 }, async () => {
    const acked: { id: number; title: string }[] = [];
    let killed = false;
    const worker = async (w: number) => {
      // Bounded: at most 150 creates per worker.
      for (let i = 0; i < 150; i += 1) {
        const port = (w + i) % 2 === 0 ? a.port : b.port;
        if (killed && port === a.port) continue;
        const title = `Kill ${w}-${i}`;
        const res = await create(port, title);
        if (res.status === 201) acked.push({ id: (JSON.parse(res.body) as { id: number }).id, title });
        else if (port === b.port) throw new Error(`the surviving process answered ${res.status}: ${res.body.slice(0, 300)}`);
        if (!killed && acked.length >= 100) {
          killed = true;
          a.proc.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
    await a.exited;
    expect(killed).toBe(true);
    expect(acked.length).toBeGreaterThan(100);
    const stored = new Map<number, string>();
    for (let page = 1; ; page += 1) {
      const res = await send(b.port, { path: `${BASE}?search=Kill&per_page=100&page=${page}` });
      const items = JSON.parse(res.body) as { id: number; title: string }[];
      for (const item of items) stored.set(item.id, item.title);
      if (items.length < 100) break;
    }
    for (const write of acked) expect(stored.get(write.id)).toBe(write.title);
  });
});
