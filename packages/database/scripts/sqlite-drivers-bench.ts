/**
 * The SQLite driver of the runtime running this script, measured: `npx tsx` (Node,
 * better-sqlite3), `bun` (bun:sqlite), `deno run -A` (node:sqlite). Each loop is bounded in
 * count and in time; the script prints one line of JSON (µs per operation, CPU and wall).
 *
 *   node_modules/.bin/bun packages/database/scripts/sqlite-drivers-bench.ts
 *   node_modules/.bin/deno run -A packages/database/scripts/sqlite-drivers-bench.ts
 *   npx tsx packages/database/scripts/sqlite-drivers-bench.ts
 *
 * Loops: a page of 10 rows by a named query (`Database.prepare`, the store's reads seam), one
 * row by id through Kysely (the statement cache), and a one-row insert committed on its own
 * (`synchronous: 'normal'`, so the loop measures the driver rather than the disk's sync).
 *
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Generated, sql } from 'kysely';
import { openDatabase } from '../src/index.js';

interface Tables {
  notes: { id: Generated<number>; title: string; body: string; created: string };
}

/** At most this many operations per loop, and at most this long. */
const MAX_OPERATIONS = 20_000;
const MAX_MS = 3_000;

/** CPU time of this process so far, in µs (user + system). */
function cpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** Runs `operation` until the bounds, after a warm-up; µs per operation. */
async function measure(
  operation: (i: number) => Promise<unknown>,
): Promise<{ cpuUs: number; wallUs: number; operations: number }> {
  for (let i = 0; i < 500; i++) await operation(i);
  const startCpu = cpuMicros();
  const start = performance.now();
  let count = 0;
  while (count < MAX_OPERATIONS && performance.now() - start < MAX_MS) {
    await operation(count);
    count += 1;
  }
  const wallUs = ((performance.now() - start) * 1000) / count;
  return {
    cpuUs: Math.round(((cpuMicros() - startCpu) / count) * 10) / 10,
    wallUs: Math.round(wallUs * 10) / 10,
    operations: count,
  };
}

const dir = mkdtempSync(join(tmpdir(), 'cms-json-sqlite-bench-'));
try {
  const database = openDatabase<Tables>({ url: `sqlite:${join(dir, 'bench.db')}`, synchronous: 'normal' });
  const { db } = database;
  await sql`create table notes (id integer primary key, title text not null, body text not null, created text not null)`.execute(
    db,
  );
  await database.transaction(async () => {
    for (let i = 0; i < 1_000; i++) {
      await db
        .insertInto('notes')
        .values({ title: `Note ${i}`, body: 'x'.repeat(200), created: new Date(i * 1000).toISOString() })
        .execute();
    }
  });
  const page = database.prepare('bench.page', { offset: 0 }, (p) =>
    db.selectFrom('notes').select(['id', 'title', 'body', 'created']).orderBy('id', 'desc').limit(10).offset(p.offset),
  );
  const results = {
    runtime: runtime(),
    driver: database.sqlite?.driver,
    pageOf10: await measure((i) => page({ offset: (i % 5) * 10 })),
    byIdKysely: await measure((i) =>
      db
        .selectFrom('notes')
        .selectAll()
        .where('id', '=', (i % 1000) + 1)
        .executeTakeFirst(),
    ),
    insert: await measure((i) =>
      db
        .insertInto('notes')
        .values({ title: `New ${i}`, body: 'y', created: '2026-01-01' })
        .execute(),
    ),
  };
  await database.close();
  console.log(JSON.stringify(results));
} finally {
  rmSync(dir, { recursive: true, force: true });
}

function runtime(): string {
  const bun: unknown = Reflect.get(globalThis, 'Bun');
  if (typeof bun === 'object' && bun !== null) return `Bun ${String(Reflect.get(bun, 'version'))}`;
  const deno: unknown = Reflect.get(globalThis, 'Deno');
  if (typeof deno === 'object' && deno !== null) return `Deno ${String(Reflect.get(Reflect.get(deno, 'version'), 'deno'))}`;
  return `Node ${process.versions.node}`;
}
