/**
 * Crash durability (issue 8): the site runs as a child process on a SQLite file under a
 * stream of authenticated creates and is killed with SIGKILL mid-stream. After a restart
 * every create that had been answered 201 is present and intact, and `PRAGMA
 * integrity_check` is `ok`.
 *
 * The child is the example site (`examples/site/src/main.ts`) when it starts and accepts
 * the admin's application password from the environment; otherwise the stand-in
 * `fixtures/child-site.ts` (the same parts; `CRASH_CHILD=stand-in` forces it). `CRASH_CYCLES` sets
 * how many kills (default 2).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Sqlite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { envInt } from './harness.js';
import { freePort, send } from './http.js';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const SITE_MAIN = join(REPO, 'examples/site/src/main.ts');
const STAND_IN = fileURLToPath(new URL('./fixtures/child-site.ts', import.meta.url));
const CYCLES = envInt('CRASH_CYCLES', 2);
const BASE = '/cms-json/tel/v1/outgoing-links';

interface Child {
  proc: ChildProcess;
  output: string[];
  exited: Promise<void>;
}

const children = new Set<ChildProcess>();
const dirs: string[] = [];

function start(script: string, env: Record<string, string>): Child {
  const proc = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: REPO,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(proc);
  const output: string[] = [];
  proc.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  proc.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => {
    proc.once('exit', () => {
      children.delete(proc);
      resolve();
    });
  });
  return { proc, output, exited };
}

async function kill(child: Child, signal: NodeJS.Signals): Promise<void> {
  if (child.proc.exitCode === null && child.proc.signalCode === null) child.proc.kill(signal);
  const timer = setTimeout(() => child.proc.kill('SIGKILL'), 15_000);
  await child.exited;
  clearTimeout(timer);
}

/** Polls the REST root until it answers 200; throws if the child exits or 90 s pass. */
async function waitReady(child: Child, port: number): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.proc.exitCode !== null || child.proc.signalCode !== null) {
      throw new Error(`the child exited before it was ready:\n${child.output.join('').slice(-2000)}`);
    }
    const res = await send(port, { path: '/cms-json/', timeoutMs: 5_000 }).catch(() => undefined);
    if (res?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the child was not ready within 90 s:\n${child.output.join('').slice(-2000)}`);
}

function integrity(file: string): { check: string; rows: number } {
  const db = new Sqlite(file);
  try {
    const check = db.pragma('integrity_check', { simple: true }) as string;
    const row = db.prepare('select count(*) as n from outgoing_links').get() as { n: number };
    return { check, rows: row.n };
  } finally {
    db.close();
  }
}

interface Acked {
  id: number;
  title: string;
  link: string;
}

afterAll(async () => {
  for (const proc of children) proc.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('crash durability', () => {
  it(`every create answered 201 survives ${CYCLES} SIGKILLs mid-stream, and the file passes integrity_check`, {
    timeout: 600_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cms-json-crash-'));
    dirs.push(dir);
    const file = join(dir, 'site.db');
    const port = await freePort();
    const appPassword = randomBytes(18)
      .toString('base64url')
      .replace(/[^A-Za-z0-9]/g, 'a')
      .slice(0, 24);
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${file}`,
      CMS_ADMIN_USER: 'crashadmin',
      CMS_ADMIN_APP_PASSWORD: appPassword,
      CMS_SAMPLE_LINKS: '0',
      CMS_SECRET: 'crash-test-secret-0123456789abcdef',
    };
    const authorization = `Basic ${Buffer.from(`crashadmin:${appPassword}`).toString('base64')}`;
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });

    const create = (title: string, link: string) =>
      send(port, {
        method: 'POST',
        path: BASE,
        agent,
        timeoutMs: 30_000,
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ title, link }),
      });

    // Which child: the example site if it runs and takes the admin password from the environment.
    let script = SITE_MAIN;
    let child: Child | undefined;
    if (existsSync(SITE_MAIN) && process.env.CRASH_CHILD !== 'stand-in') {
      child = start(SITE_MAIN, env);
      try {
        await waitReady(child, port);
        const probe = await create('Probe', 'https://probe.test');
        if (probe.status !== 201) throw new Error(`probe create: ${probe.status} ${probe.body.slice(0, 300)}`);
      } catch (error) {
        console.info(`[robustness] the example site could not be used (${String(error).slice(0, 300)}); using the stand-in`);
        await kill(child, 'SIGKILL');
        child = undefined;
        for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
      }
    }
    if (child === undefined) {
      script = STAND_IN;
      child = start(STAND_IN, env);
      await waitReady(child, port);
    }
    console.info(`[robustness] crash child: ${script === SITE_MAIN ? 'examples/site/src/main.ts' : 'fixtures/child-site.ts'}`);

    const acked: Acked[] = [];
    let killedWithInFlight = 0;
    try {
      for (let cycle = 0; cycle < CYCLES; cycle += 1) {
        const target = acked.length + 60 + Math.floor(Math.random() * 80);
        let killed = false;
        let inFlight = 0;
        let sent = 0;
        const current: Child = child;
        const worker = async (w: number) => {
          // Bounded: each worker sends at most 400 creates per cycle.
          for (let i = 0; i < 400 && !killed; i += 1) {
            const title = `Crash ${cycle}-${w}-${i}`;
            const link = `https://crash.test/${cycle}/${w}/${i}?q=%27x%27`;
            inFlight += 1;
            sent += 1;
            const res = await create(title, link).catch(() => undefined);
            inFlight -= 1;
            if (res === undefined) return;
            if (res.status === 201) {
              const body = JSON.parse(res.body) as Acked;
              expect(body).toMatchObject({ title, link });
              acked.push({ id: body.id, title, link });
            } else if (!killed) throw new Error(`create answered ${res.status}: ${res.body.slice(0, 300)}`);
            if (acked.length >= target && !killed) {
              killed = true;
              killedWithInFlight += inFlight;
              current.proc.kill('SIGKILL');
            }
          }
        };
        await Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
        await current.exited;
        expect(killed, `cycle ${cycle}: ${sent} sent, ${acked.length} acked`).toBe(true);
        expect(current.proc.signalCode).toBe('SIGKILL');

        const after = integrity(file);
        expect(after.check).toBe('ok');
        expect(after.rows).toBeGreaterThanOrEqual(acked.length);

        child = start(script, env);
        await waitReady(child, port);
        // Every acknowledged create is there, intact.
        const stored = new Map<number, { title: string; link: string }>();
        for (let page = 1; page <= 100; page += 1) {
          const res = await send(port, {
            path: `${BASE}?per_page=100&page=${page}&orderby=id&order=asc`,
            agent,
            timeoutMs: 30_000,
          });
          expect(res.status).toBe(200);
          const items = JSON.parse(res.body) as Acked[];
          for (const item of items) stored.set(item.id, { title: item.title, link: item.link });
          if (items.length < 100) break;
        }
        const missing = acked.filter((a) => stored.get(a.id)?.title !== a.title || stored.get(a.id)?.link !== a.link);
        expect(missing).toEqual([]);
        // Creates in flight at the kill are there whole or not at all: no torn rows.
        for (const [id, row] of stored) {
          const parts = /^Crash (\d+)-(\d+)-(\d+)$/.exec(row.title);
          if (parts === null) continue;
          expect(row.link, `row ${id}`).toBe(`https://crash.test/${parts[1]}/${parts[2]}/${parts[3]}?q=%27x%27`);
        }
        expect(new Set(acked.map((a) => a.id)).size).toBe(acked.length);
      }
    } finally {
      agent.destroy();
      if (child !== undefined) await kill(child, 'SIGTERM');
    }
    const final = integrity(file);
    expect(final.check).toBe('ok');
    console.info(
      `[robustness] crash: ${CYCLES} SIGKILLs, ${acked.length} acknowledged creates checked after restart, ${killedWithInFlight} requests in flight at the kills`,
    );
  });
});
