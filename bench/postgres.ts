/**
 * The list on PostgreSQL with 1 and 2 worker processes, in the same run: req/s and the
 * server processes' CPU per request. The server comes from `BENCH_DATABASE_URL` (or
 * `CMS_TEST_DATABASE_URL`); without one a full run starts a throwaway server with
 * `scripts/postgres.sh` and a `--quick` run skips this part (keeps CI cheap).
 *
 * @module
 */
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@cms-json/database';
import { sql } from 'kysely';
import { LIST } from './cases.js';
import { startChild } from './children.js';
import { type LoadResult, load } from './load.js';
import type { Plan } from './options.js';
import { seedLinks } from './seed.js';
import { type Summary, summarize } from './stats.js';

const SCRIPT = fileURLToPath(new URL('../scripts/postgres.sh', import.meta.url));

/** What the PostgreSQL part measured, per worker count. */
export interface PostgresResults {
  readonly server: string;
  readonly rows: { workers: number; summary: Summary }[];
  readonly skipped?: string;
}

/** Runs the PostgreSQL list case; `fileOf` gives the bundle of `servers/<script>.ts`. */
export async function runPostgres(options: {
  plan: Plan;
  fileOf: (script: string) => string;
  log: (text: string) => void;
}): Promise<PostgresResults> {
  const { plan, log } = options;
  let server = process.env.BENCH_DATABASE_URL || process.env.CMS_TEST_DATABASE_URL || undefined;
  let started: string | undefined;
  if (server === undefined) {
    if (plan.mode === 'quick') return { server: '', rows: [], skipped: 'no BENCH_DATABASE_URL set (a --quick run starts none)' };
    started = join(tmpdir(), `cms-json-bench-postgres-${process.pid}`);
    server = execFileSync(SCRIPT, ['start'], { env: { ...process.env, CMS_PG_DIR: started }, encoding: 'utf8' }).trim();
    log(`started PostgreSQL for the benchmark: ${server}`);
  }
  const schema = `bench_${process.pid}`;
  const url = new URL(server);
  url.searchParams.set('options', `-c search_path=${schema}`);
  try {
    await seedPostgres(server, schema, url.toString());
    const rows: PostgresResults['rows'] = [];
    const budget = plan.list;
    for (const workers of [1, 2]) {
      const child = await startChild({
        env: { BENCH_WORKERS: String(workers), BENCH_PORT: String(await freePort()) },
        file: options.fileOf('cms-node-postgres'),
        name: `cms-json on PostgreSQL, ${workers} worker(s)`,
        database: url.toString(),
      });
      try {
        const loadOptions = { connections: plan.connections, expectStatus: LIST.expectStatus };
        if (budget.warmupSeconds > 0) await load(child.url, LIST.request, { ...loadOptions, seconds: budget.warmupSeconds });
        const runs: LoadResult[] = [];
        for (let round = 0; round < budget.rounds; round++) {
          const before = await child.stats();
          const result = await load(child.url, LIST.request, { ...loadOptions, seconds: budget.seconds });
          const after = await child.stats();
          result.cpuPerRequest = result.requests === 0 ? Number.NaN : (after.cpuMicros - before.cpuMicros) / result.requests;
          runs.push(result);
          log(
            `list on PostgreSQL, ${workers} worker(s), round ${round + 1}/${budget.rounds}: ${Math.round(result.rps)} req/s, ${Math.round(result.cpuPerRequest)} µs CPU/req`,
          );
        }
        rows.push({ workers, summary: summarize(runs) });
      } finally {
        await child.stop();
      }
    }
    return { server: redact(server), rows };
  } finally {
    await dropSchema(server, schema).catch(() => {});
    if (started !== undefined) execFileSync(SCRIPT, ['stop'], { env: { ...process.env, CMS_PG_DIR: started } });
  }
}

/** The table lines of the PostgreSQL part. */
export function renderPostgres(results: PostgresResults): string[] {
  if (results.skipped !== undefined) return [`List on PostgreSQL: skipped (${results.skipped}).`];
  const lines = [
    `List on PostgreSQL (${LIST.title}; node:cluster workers on the server CPUs; the database server's own CPU is not counted):`,
    '',
    '| workers | req/s (median) | server CPU per request (µs, median) | failures |',
    '| ------: | -------------: | ----------------------------------: | -------: |',
  ];
  for (const { workers, summary } of results.rows) {
    lines.push(
      `| ${workers} | ${Math.round(summary.rps)} | ${Number.isNaN(summary.cpuPerRequest) ? '–' : Math.round(summary.cpuPerRequest)} | ${summary.failures} |`,
    );
  }
  return lines;
}

async function seedPostgres(server: string, schema: string, url: string): Promise<void> {
  const admin = openDatabase({ url: server });
  try {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db);
    await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  } finally {
    await admin.close();
  }
  await seedLinks(url);
}

async function dropSchema(server: string, schema: string): Promise<void> {
  const admin = openDatabase({ url: server });
  try {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db);
  } finally {
    await admin.close();
  }
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function redact(url: string): string {
  return url.replace(/\/\/([^:/@]*):[^@/]*@/, '//$1:***@');
}
