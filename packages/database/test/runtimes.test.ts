/**
 * The database on Bun and Deno: `runtime-check.ts` run as a program by each runtime (Bun's
 * `bun:sqlite`, Deno's `node:sqlite`, and `pg` over each runtime's own TCP), every check
 * passing as it does on Node, whose run is in process for comparison. On the engine of the
 * test switch: a SQLite file, or a fresh schema on `CMS_TEST_DATABASE_URL`'s PostgreSQL
 * server (CI's PostgreSQL run). A runtime that is missing skips its tests, saying why, unless
 * `CMS_REQUIRE_RUNTIMES=1` (CI) makes that a failure.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { findRuntimeBinary, missingRuntime } from '@cms-json/runtimes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropTestDatabase, testDatabaseUrl, testDialect } from '../src/testing.js';
import { type RuntimeCheckReport, runRuntimeChecks } from './runtime-check.js';

const run = promisify(execFile);
const CHECK = fileURLToPath(new URL('./runtime-check.ts', import.meta.url));
const PACKAGE = fileURLToPath(new URL('..', import.meta.url));

/** How each runtime runs the check program. */
const RUNTIMES = [
  { runtime: 'bun', args: [CHECK] },
  { runtime: 'deno', args: ['run', '-A', '--no-lock', CHECK] },
] as const;

let dir: string;
const urls: string[] = [];
/** A fresh database of the test switch's engine, dropped after the file. */
async function freshUrl(name: string): Promise<string> {
  const url = await testDatabaseUrl({ sqlite: `sqlite:${join(dir, `${name}.db`)}` });
  urls.push(url);
  return url;
}

/** The runtime's report, or the failure of its run with what it printed. */
async function checkOn(runtime: 'bun' | 'deno', args: readonly string[]): Promise<RuntimeCheckReport> {
  const binary = findRuntimeBinary(runtime);
  if (binary === null) throw new Error(`${runtime} is not installed`);
  const url = await freshUrl(runtime);
  try {
    const { stdout } = await run(binary, [...args], {
      cwd: PACKAGE,
      env: { ...process.env, CMS_CHECK_DATABASE_URL: url, NO_COLOR: '1' },
      timeout: 60_000,
    });
    const line = stdout.trim().split('\n').at(-1) ?? '';
    return JSON.parse(line) as RuntimeCheckReport;
  } catch (error) {
    const output = error as { stdout?: string; stderr?: string };
    throw new Error(`${runtime} ${args.join(' ')} failed: ${String(error)}\n${output.stdout ?? ''}\n${output.stderr ?? ''}`);
  }
}

/** The checks that did not pass, by name. */
function failures(report: RuntimeCheckReport): Record<string, string> {
  return Object.fromEntries(Object.entries(report.checks).filter(([, verdict]) => verdict !== 'ok'));
}

let onNode: RuntimeCheckReport;
/** Each runtime's run, started together before the tests (each takes a few seconds). */
const reports = new Map<string, Promise<RuntimeCheckReport>>();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cms-json-runtimes-'));
  for (const { runtime, args } of RUNTIMES) {
    if (missingRuntime(runtime) === null) {
      const report = checkOn(runtime, args);
      report.catch(() => {}); // Awaited by its test; not an unhandled rejection meanwhile.
      reports.set(runtime, report);
    }
  }
  onNode = await runRuntimeChecks(await freshUrl('node'));
});

afterAll(async () => {
  await Promise.allSettled(reports.values());
  for (const url of urls) await dropTestDatabase(url);
  rmSync(dir, { recursive: true, force: true });
});

describe(`the database rules on ${testDialect()}`, () => {
  it('pass on Node with its driver (the comparison)', () => {
    expect(onNode.driver).toBe(testDialect() === 'sqlite' ? 'better-sqlite3' : 'pg');
    expect(failures(onNode)).toEqual({});
    expect(Object.keys(onNode.checks).length).toBeGreaterThanOrEqual(12);
  });

  for (const { runtime } of RUNTIMES) {
    const missing = missingRuntime(runtime);
    const driver = testDialect() === 'postgres' ? 'pg' : runtime === 'bun' ? 'bun:sqlite' : 'node:sqlite';
    it.skipIf(missing !== null)(
      `pass on ${runtime} with ${driver}, every check Node runs${missing === null ? '' : ` (skipped: ${missing})`}`,
      async () => {
        const report = await reports.get(runtime);
        expect(report?.runtime.toLowerCase()).toMatch(new RegExp(`^${runtime} \\d`));
        expect(report?.driver).toBe(driver);
        expect(report === undefined ? {} : failures(report)).toEqual({});
        expect(Object.keys(report?.checks ?? {})).toEqual(Object.keys(onNode.checks));
      },
    );
  }
});
