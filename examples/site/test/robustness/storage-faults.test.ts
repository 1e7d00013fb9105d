/**
 * Storage faults (issue 8): a query that fails (a Kysely plugin throwing on the next
 * query, or the table renamed away) gives the plugin's 500 with the database's text, the
 * process keeps serving, and the next request after recovery succeeds.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { testDialect } from '@cms-json/database/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHarness, type Harness, handle, invariantProblem, parseBody, pollution } from './harness.js';
import { type Listening, listen, send } from './http.js';
import { itemRoutesBroken } from './probe.js';

const BASE = '/cms-json/tel/v1/outgoing-links';
let h: Harness;
let served: Listening;
let faults = 0;
const problems: string[] = [];

async function call(method: string, url: string, body?: unknown, faultInjected = false) {
  const headers: Record<string, string> = { authorization: h.editor.basic };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await handle(h.server, { method, url, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const problem = invariantProblem(res, { method, url, faultInjected });
  if (problem !== undefined) problems.push(problem);
  return {
    ...res,
    json: parseBody(res.body) as { code?: string; message?: string; data?: { status?: number }; id?: number; title?: string },
  };
}

beforeAll(async () => {
  h = await buildHarness({ mode: 'parts' });
  served = await listen(h.server);
  for (let i = 0; i < 5; i += 1) await h.createLink(`Stored ${i}`, `https://stored${i}.test`);
  // Warm up every item endpoint once (an unknown id: 400), so that the core has learnt that
  // the `id` refinement is async; see the first-request test below for why that matters.
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
    await call(method, `${BASE}/999999`, { title: 'x' }, itemRoutesBroken);
});

afterAll(async () => {
  await served.close();
  await h.close();
  console.info(`[robustness] storage faults injected: ${faults + h.fault.injected} (${h.fault.injected} by the query plugin)`);
  expect(problems).toEqual([]);
  expect(pollution()).toBeUndefined();
});

describe('a failing query', () => {
  // [method, url, body, which query fails (skip), the plugin's code]
  const cases: [string, string, unknown, number, string][] = [
    ['GET', BASE, undefined, 0, 'tel/rest/get_items'],
    ['GET', BASE, undefined, 1, 'tel/rest/get_items'],
    // One query: the id's check finds the link and hands it to the handler.
    ['GET', `${BASE}/1`, undefined, 0, 'tel/rest/item'],
    ['POST', BASE, { title: 'Fault', link: 'https://fault.test' }, 0, 'tel/rest/insert'],
    ['PUT', `${BASE}/2`, { title: 'Changed' }, 0, 'tel/rest/item'],
    ['PUT', `${BASE}/2`, { title: 'Changed' }, 1, 'tel/rest/update'],
    ['PUT', `${BASE}/2`, { title: 'Changed' }, 2, 'tel/rest/update'],
    ['DELETE', `${BASE}/3`, undefined, 1, 'tel/rest/delete'],
    ['DELETE', `${BASE}/4`, undefined, 2, 'tel/rest/delete'],
  ];

  // With BUG-0 (probe.ts) every item route fails before its queries: only the collection cases run.
  it.each(itemRoutesBroken ? cases.filter(([, url]) => url === BASE) : cases)(
    '%s %s (query #%#) is 500 with the database text, then recovers',
    async (method, url, body, skip, code) => {
      h.fault.arm(1, skip);
      const failed = await call(method, url, body, true);
      h.fault.disarm();
      expect(failed.status).toBe(500);
      expect(failed.json.code).toBe(code);
      expect(failed.json.message).toContain('Database responded with the following error: SQLITE_IOERR: disk I/O error');
      expect(failed.json.data?.status).toBe(500);
      // Nothing half-written: the record reads as before and the same request now succeeds.
      const retry = await call(method, url, body);
      expect(retry.status, retry.body ?? '').toBeLessThan(300);
    },
  );

  it.skipIf(itemRoutesBroken)('a failed update leaves the record unchanged', async () => {
    const before = await call('GET', `${BASE}/1`);
    h.fault.arm(1, 2);
    const failed = await call('PUT', `${BASE}/1`, { title: 'Never written' }, true);
    h.fault.disarm();
    expect(failed.status).toBe(500);
    const after = await call('GET', `${BASE}/1`);
    expect(after.json).toEqual(before.json);
  });

  it('a table renamed away is 500 with "no such table", and renaming it back recovers', async () => {
    await sql`ALTER TABLE outgoing_links RENAME TO outgoing_links_away`.execute(h.database.db);
    faults += 1;
    try {
      const attempts: [string, string, unknown, string][] = [
        ['GET', BASE, undefined, 'tel/rest/get_items'],
        ['POST', BASE, { title: 'Gone', link: 'https://gone.test' }, 'tel/rest/insert'],
      ];
      if (!itemRoutesBroken) attempts.push(['GET', `${BASE}/1`, undefined, 'tel/rest/item']);
      for (const [method, url, body, code] of attempts) {
        const res = await call(method, url, body, true);
        expect(res.status).toBe(500);
        expect(res.json.code).toBe(code);
        expect(res.json.message).toMatch(
          /Database responded with the following error: .*(no such table: outgoing_links|relation "outgoing_links" does not exist)/,
        );
      }
    } finally {
      await sql`ALTER TABLE outgoing_links_away RENAME TO outgoing_links`.execute(h.database.db);
    }
    expect((await call('GET', BASE)).status).toBe(200);
  });

  // `PRAGMA query_only` is SQLite's; a read-only PostgreSQL is a server setting per connection.
  it.skipIf(testDialect() === 'postgres')('a read-only database refuses writes with the plugin error; reads go on', async () => {
    await sql`PRAGMA query_only = ON`.execute(h.database.db);
    faults += 1;
    try {
      const res = await call('POST', BASE, { title: 'Read only', link: 'https://ro.test' }, true);
      expect(res.status).toBe(500);
      expect(res.json.code).toBe('tel/rest/insert');
      expect(res.json.message).toMatch(/readonly|read-only|query_only|attempt to write/i);
      expect((await call('GET', BASE)).status).toBe(200);
    } finally {
      await sql`PRAGMA query_only = OFF`.execute(h.database.db);
    }
    expect((await call('POST', BASE, { title: 'Writable', link: 'https://rw.test' })).status).toBe(201);
  });

  it('through the node adapter: a failing click is a 500, the process keeps serving, the next click counts', async () => {
    const created = await h.createLink('Click fault', 'https://click.test');
    h.fault.arm(1);
    const failed = await send(served.port, { path: `/out/${created.slug}` });
    h.fault.disarm();
    expect(failed.status).toBe(500);
    const ok = await send(served.port, { path: `/out/${created.slug}` });
    expect(ok.status).toBe(302);
    expect(ok.headers.location).toBe('https://click.test/');
    expect(await h.storedCount(created.id)).toBe(1);
    h.fault.arm(1);
    const rest = await send(served.port, { path: BASE });
    h.fault.disarm();
    expect(rest.status).toBe(500);
    expect(JSON.parse(rest.body)).toMatchObject({ code: 'tel/rest/get_items', data: { status: 500 } });
    expect((await send(served.port, { path: BASE })).status).toBe(200);
  });

  it('random faults under a stream of requests: 5xx only where injected, and always the wire shape', async () => {
    let injected = 0;
    for (let i = 0; i < 200; i += 1) {
      const inject = i % 3 === 0;
      if (inject) h.fault.arm(1, i % 2);
      const before = h.fault.injected;
      const pick = itemRoutesBroken ? i % 2 : i % 4;
      const res =
        pick === 0
          ? await call('GET', `${BASE}?per_page=5&page=${(i % 3) + 1}`, undefined, inject)
          : pick === 1
            ? await call('POST', BASE, { title: `Stream ${i}`, link: `https://s${i}.test` }, inject)
            : pick === 2
              ? await call('PUT', `${BASE}/1`, { title: `Renamed ${i}` }, inject)
              : await call('GET', `${BASE}/2`, undefined, inject);
      const hit = h.fault.injected > before;
      h.fault.disarm();
      if (hit) injected += 1;
      if (!hit) expect(res.status, `${i} ${res.body}`).toBeLessThan(500);
      else expect(res.status).toBe(500);
    }
    expect(injected).toBeGreaterThan(30);
    expect((await call('GET', BASE)).status).toBe(200);
  });
});

describe('a failed "last used" stamp of an application password (issue 16, item 7)', () => {
  /** Makes the stamp due again: the editor's application passwords look never used. */
  async function stampDue(): Promise<void> {
    await h.database.db
      .updateTable('application_passwords')
      .set({ last_used: null })
      .where('user_id', '=', h.editor.id)
      .execute();
  }

  it('a stamp that cannot be written (the column gone) does not fail the request: 200', async () => {
    await stampDue();
    // Portable: a write that fails on SQLite and PostgreSQL alike, while reads go on.
    await sql`ALTER TABLE application_passwords RENAME COLUMN last_used TO last_used_away`.execute(h.database.db);
    faults += 1;
    try {
      const me = await call('GET', '/cms-json/cms/v2/users/me');
      expect(me.status, me.body ?? '').toBe(200);
      expect(me.json.id).toBe(h.editor.id);
      const list = await call('GET', BASE);
      expect(list.status).toBe(200);
    } finally {
      await sql`ALTER TABLE application_passwords RENAME COLUMN last_used_away TO last_used`.execute(h.database.db);
    }
    // Stamped on the next use, once the database takes writes again.
    expect((await call('GET', '/cms-json/cms/v2/users/me')).status).toBe(200);
    const rows = await h.database.db
      .selectFrom('application_passwords')
      .select('last_used')
      .where('user_id', '=', h.editor.id)
      .execute();
    expect(rows.some((row) => row.last_used !== null)).toBe(true);
  });

  it('on a read-only SQLite database, authenticated reads are 200 and writes the plugin error', async () => {
    if (h.database.dialect !== 'sqlite') return;
    await stampDue();
    await sql`PRAGMA query_only = ON`.execute(h.database.db);
    faults += 1;
    try {
      expect((await call('GET', '/cms-json/cms/v2/users/me')).status).toBe(200);
      expect((await call('GET', `${BASE}?context=edit`)).status).toBe(200);
      const write = await call('POST', BASE, { title: 'Read only', link: 'https://ro.test' }, true);
      expect(write.status).toBe(500);
      expect(write.json.code).toBe('tel/rest/insert');
    } finally {
      await sql`PRAGMA query_only = OFF`.execute(h.database.db);
    }
  });

  it('on a full SQLite database, no create answers 201 unless stored, reads are 200, and it recovers', async () => {
    if (h.database.dialect !== 'sqlite') return;
    const { rows } = await sql<{ page_count: number }>`PRAGMA page_count`.execute(h.database.db);
    const pages = Number(rows[0]?.page_count);
    await sql.raw(`PRAGMA max_page_count = ${pages}`).execute(h.database.db);
    faults += 1;
    const acknowledged: number[] = [];
    const statuses = new Map<number, number>();
    try {
      await stampDue();
      for (let i = 0; i < 300; i += 1) {
        const res = await call('POST', BASE, { title: `Full ${i} ${'x'.repeat(80)}`, link: `https://full.test/${i}` }, true);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 201 && typeof res.json.id === 'number') acknowledged.push(res.json.id);
        else {
          expect(res.status).toBe(500);
          expect(res.json.message).toMatch(/full/i);
        }
      }
      expect(statuses.get(500) ?? 0).toBeGreaterThan(0);
      expect((await call('GET', '/cms-json/cms/v2/users/me')).status).toBe(200);
      expect((await call('GET', BASE)).status).toBe(200);
    } finally {
      await sql.raw('PRAGMA max_page_count = 1073741823').execute(h.database.db);
    }
    const stored = await h.database.db.selectFrom('outgoing_links').select('id').where('title', 'like', 'Full %').execute();
    expect(stored.map((row) => row.id).sort((a, b) => a - b)).toEqual(acknowledged.sort((a, b) => a - b));
    expect((await call('POST', BASE, { title: 'Room again', link: 'https://room.test' })).status).toBe(201);
  });
});

describe('the SQLite file deleted under a running site (issue 16, item 9)', () => {
  it('writes are refused (500, never 201) and reads go on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cms-json-deleted-'));
    const file = join(dir, 'site.db');
    const site = await buildHarness({ url: `sqlite:${file}` });
    try {
      if (site.database.dialect !== 'sqlite') return;
      const kept = await site.createLink('Kept', 'https://kept.test');
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
      faults += 1;
      const headers = { authorization: site.editor.basic, 'content-type': 'application/json' };
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const res = await handle(site.server, {
          method: 'POST',
          url: BASE,
          headers,
          body: JSON.stringify({ title: `Lost ${i}`, link: 'https://lost.test' }),
        });
        statuses.push(res.status);
        expect(JSON.parse(res.body ?? '{}')).toMatchObject({ code: 'tel/rest/insert', data: { status: 500 } });
      }
      expect(statuses).toEqual([500, 500, 500, 500, 500]);
      const read = await handle(site.server, { method: 'GET', url: `${BASE}/${kept.id}`, headers: {} });
      expect(read.status).toBe(200);
    } finally {
      await site.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the first request after start', () => {
  // BUG-4 (packages/core/src/schema/args.ts, parseWithZod): the first time an endpoint parses
  // an argument with an async refinement (the plugin's `id`, which must exist), the core tries
  // Zod's sync `safeParse` first. Zod runs the refinement, which starts its database query, then
  // throws $ZodAsyncError; the core retries with `safeParseAsync` and the first promise is
  // abandoned. When that first query fails, its rejection is unhandled and Node exits the
  // process (the request itself was answered 200 by the retry). The first request also runs
  // the query twice. Reproduce: `node --import tsx fixtures/first-request-fault.ts` prints
  // `status 200`, then dies with the RestError 'Could not fetch the link…'. Expected: the
  // process lives. Remove `.fails` once fixed.
  it('a storage fault on the first item request does not crash the process', () => {
    const script = fileURLToPath(new URL('./fixtures/first-request-fault.ts', import.meta.url));
    const child = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 60_000 });
    faults += 1;
    expect(child.stdout).toMatch(/status (200|500)/);
    expect(child.stdout).toContain('alive');
    expect(child.status).toBe(0);
  });
});
