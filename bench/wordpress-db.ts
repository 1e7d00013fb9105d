/**
 * The WordPress-database cases (issue 37): cms-json serving a WordPress database on MariaDB
 * (`wordpressSite` of `@cms-json/wordpress-db`, the fixture dump WordPress 6.1 wrote) under
 * the three requests of `wordpress-cases.ts`, its requests per server CPU-second (the node
 * server's CPU plus the MariaDB server's), against WordPress's own figures on the same
 * database (`wordpress-figures.json`, written by `wordpress-reference.ts`).
 *
 * The MariaDB server comes from `BENCH_MYSQL_URL` (or `CMS_TEST_MYSQL_URL`); without one, a
 * throwaway server is started with `scripts/mariadb.sh` when a `mariadbd` binary is found,
 * and the part is skipped (saying so) when none is — never installed here.
 *
 * `BENCH_WORDPRESS_CPU_PROF=<dir>` runs the server child under `node --cpu-prof` and prints
 * where its time went; `BENCH_WORDPRESS_STATEMENTS=1` prints the SQL statements of one request
 * of each case (MariaDB's general log).
 *
 * @module
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundle } from './build.js';
import { type Child, startChild } from './children.js';
import { load } from './load.js';
import type { Plan } from './options.js';
import { cpuBetween, pidsMatching, sampleCpu } from './process-cpu.js';
import { areaOf, selfTimes } from './profile.js';
import { median } from './stats.js';
import {
  type AnswerShape,
  fetchShape,
  shapeDifferences,
  WORDPRESS_CASES,
  type WordPressCase,
  type WordPressFigures,
} from './wordpress-cases.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MARIADB_SCRIPT = join(ROOT, 'scripts', 'mariadb.sh');
const FIGURES = fileURLToPath(new URL('./wordpress-figures.json', import.meta.url));
const SERVER_ENTRY = fileURLToPath(new URL('./wordpress-server.ts', import.meta.url));
/** The REST root `wordpressSite` serves, as WordPress does. */
const REST_ROOT = '/wp-json';

/** How long each part of a case runs, per plan. */
export interface WordPressBudget {
  readonly warmupSeconds: number;
  readonly rounds: number;
  readonly seconds: number;
}

/** The budgets: a `--quick` run stays well under 30 s with MariaDB's start-up. */
export const WORDPRESS_BUDGETS: Readonly<Record<Plan['mode'], WordPressBudget>> = {
  quick: { warmupSeconds: 0.5, rounds: 2, seconds: 1 },
  full: { warmupSeconds: 2, rounds: 5, seconds: 3 },
};

/**
 * What the part may add to a run's hard time limit, in seconds: MariaDB's start-up (up to a
 * minute on a busy machine), loading the fixture, bundling, and the load itself.
 */
export const WORDPRESS_HARD_LIMIT_S: Readonly<Record<Plan['mode'], number>> = { quick: 90, full: 180 };

/** One case's row. */
export interface WordPressRow {
  readonly benchCase: WordPressCase;
  /** cms-json's requests per CPU-second (node + mariadbd), median of the rounds. */
  readonly cmsPerCpuSecond: number;
  readonly cmsPerSecond: number;
  /** The part of cms-json's CPU that the database server used, in percent. */
  readonly databaseShare: number;
  /** Statements the database server received per request (its `Questions` counter). */
  readonly statementsPerRequest: number;
  readonly wordpressPerCpuSecond: number | undefined;
  readonly failures: number;
  /** How cms-json's answer differs from WordPress's recorded one (empty: same posts, same embedding). */
  readonly differences: readonly string[];
}

/** What the part measured. */
export interface WordPressResults {
  readonly rows: readonly WordPressRow[];
  readonly figures: WordPressFigures | undefined;
  readonly connections: number;
  /** Whether the database server's CPU is counted (its pid was found). */
  readonly databaseCounted: boolean;
  readonly budget: WordPressBudget;
  readonly skipped?: string;
}

/** WordPress's recorded figures, or `undefined` when none were recorded. */
export function readFigures(file: string = FIGURES): WordPressFigures | undefined {
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as WordPressFigures;
}

/** The `mariadbd` binary, or `undefined` when none is installed. */
function mariadbBinary(): string | undefined {
  try {
    return execFileSync('sh', ['-c', 'command -v mariadbd'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return existsSync('/usr/sbin/mariadbd') ? '/usr/sbin/mariadbd' : undefined;
  }
}

/** A MariaDB server for the run, and how to stop it when the run started it. */
interface DatabaseServer {
  readonly url: string;
  /** The server's pid, when it runs on this machine and was found. */
  readonly pid: number | undefined;
  stop(): void;
}

function startDatabaseServer(log: (text: string) => void): DatabaseServer | string {
  const given = process.env.BENCH_MYSQL_URL || process.env.CMS_TEST_MYSQL_URL || undefined;
  if (given !== undefined) {
    const port = new URL(given).port || '3306';
    // A server on this machine started with its port on the command line (scripts/mariadb.sh does).
    const pid = pidsMatching(`mariadbd.*--port=${port}( |$)`)[0];
    return { url: given, pid, stop: () => {} };
  }
  if (mariadbBinary() === undefined) return 'no MariaDB server binary (mariadbd) and no BENCH_MYSQL_URL';
  const dir = join(tmpdir(), `cms-json-bench-mariadb-${process.pid}`);
  const env = { ...process.env, CMS_MARIADB_DIR: dir };
  const stop = () => {
    try {
      execFileSync(MARIADB_SCRIPT, ['stop'], { env, stdio: 'ignore' });
    } catch {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    const url = execFileSync(MARIADB_SCRIPT, ['start'], { env, encoding: 'utf8', timeout: 60_000 }).trim();
    const pid = Number(readFileSync(join(dir, 'mariadbd.pid'), 'utf8').trim());
    log(`started MariaDB for the WordPress cases: ${url} (pid ${pid})`);
    return { url, pid: Number.isInteger(pid) && pid > 0 ? pid : undefined, stop };
  } catch (error) {
    stop();
    return `MariaDB did not start: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
  }
}

/** Bundles the cms-json server child as `build.ts` bundles the others (workspace in, npm packages out). */
async function bundleServer(): Promise<{ file: string; remove: () => void }> {
  const dir = join(ROOT, 'node_modules', '.cache', 'cms-json-bench', `wordpress-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  await bundle([SERVER_ENTRY], dir);
  return { file: join(dir, 'wordpress-server.mjs'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs the WordPress-database cases. Never throws for a missing MariaDB: the results say it was skipped. */
export async function runWordPressDb(options: { plan: Plan; log: (text: string) => void }): Promise<WordPressResults> {
  const { log } = options;
  const budget = WORDPRESS_BUDGETS[options.plan.mode];
  const figures = readFigures();
  const connections = figures?.connections ?? 8;
  const skipped = (reason: string): WordPressResults => ({
    rows: [],
    figures,
    connections,
    databaseCounted: false,
    budget,
    skipped: reason,
  });
  const server = startDatabaseServer(log);
  if (typeof server === 'string') return skipped(server);
  // A run stopped on its hard limit or a signal exits without `finally`: the server goes too.
  const stopOnExit = () => server.stop();
  process.once('exit', stopOnExit);
  let fixture: Awaited<ReturnType<typeof import('@cms-json/wordpress-db/testing').openFixtureDatabase>> | undefined;
  let bundle: { file: string; remove: () => void } | undefined;
  let child: Child | undefined;
  let status: import('mysql2/promise').Connection | undefined;
  const profileDir = process.env.BENCH_WORDPRESS_CPU_PROF || undefined;
  try {
    // Imported here: the MariaDB client is loaded only when a server is there.
    const { openFixtureDatabase } = await import('@cms-json/wordpress-db/testing');
    fixture = await openFixtureDatabase({ serverUrl: server.url });
    const { createConnection } = await import('mysql2/promise');
    const target = new URL(server.url);
    status = await createConnection({
      host: target.hostname,
      port: Number(target.port || 3306),
      user: decodeURIComponent(target.username),
      password: decodeURIComponent(target.password),
    });
    bundle = await bundleServer();
    const databaseUrl = new URL(`/${fixture.name}`, server.url).href;
    child = await startChild({
      file: bundle.file,
      name: 'cms-json on a WordPress database',
      database: databaseUrl,
      ...(profileDir ? { execArgv: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {}),
    });
    if (server.pid === undefined) log('WARNING: the MariaDB server was not found on this machine: its CPU is not counted.');
    const rows: WordPressRow[] = [];
    const statusConnection = status;
    const questions = async (): Promise<number> => {
      const [found] = await statusConnection.query("SHOW GLOBAL STATUS LIKE 'Questions'");
      return Number((found as { Value?: string }[])[0]?.Value ?? Number.NaN);
    };
    const logStatements = async (work: () => Promise<unknown>): Promise<string[]> => {
      await statusConnection.query("SET GLOBAL log_output = 'TABLE'");
      await statusConnection.query('TRUNCATE mysql.general_log');
      await statusConnection.query('SET GLOBAL general_log = 1');
      try {
        await work();
      } finally {
        await statusConnection.query('SET GLOBAL general_log = 0');
      }
      const [logged] = await statusConnection.query(
        "SELECT CONVERT(argument USING utf8mb4) AS text FROM mysql.general_log WHERE command_type IN ('Query', 'Execute') ORDER BY event_time",
      );
      return (logged as { text: string }[]).map((row) => row.text).filter((text) => !text.startsWith('SET GLOBAL general_log'));
    };
    const served = {
      child,
      databasePid: server.pid,
      questions,
      ...(process.env.BENCH_WORDPRESS_STATEMENTS ? { logStatements } : {}),
    };
    for (const benchCase of WORDPRESS_CASES) rows.push(await runCase(benchCase, served, figures, budget, connections, log));
    return { rows, figures, connections, databaseCounted: server.pid !== undefined, budget };
  } finally {
    // Requests still queued when the last round ended would meet a closed pool and log it.
    if (child !== undefined) await new Promise((resolve) => setTimeout(resolve, 1500));
    await child?.stop();
    // The profile is read before the bundle (and its source map) goes.
    if (profileDir !== undefined && child !== undefined) printProfile(profileDir, log);
    await status?.end().catch(() => {});
    await fixture?.close().catch(() => {});
    bundle?.remove();
    process.off('exit', stopOnExit);
    server.stop();
  }
}

async function runCase(
  benchCase: WordPressCase,
  served: {
    child: Child;
    databasePid: number | undefined;
    questions: () => Promise<number>;
    /** `BENCH_WORDPRESS_STATEMENTS=1`: the statements the database server received while `work` ran. */
    logStatements?: ((work: () => Promise<unknown>) => Promise<string[]>) | undefined;
  },
  figures: WordPressFigures | undefined,
  budget: WordPressBudget,
  connections: number,
  log: (text: string) => void,
): Promise<WordPressRow> {
  const { child, databasePid, questions } = served;
  const request = { path: `${REST_ROOT}${benchCase.path}` };
  const recorded = figures?.cases[benchCase.id];
  const answer: AnswerShape = await fetchShape(`${child.url}${request.path}`);
  const differences = recorded === undefined ? [] : shapeDifferences(recorded.answer, answer);
  if (differences.length > 0)
    log(`WARNING: ${benchCase.path}: cms-json's answer differs from WordPress's: ${differences.join('; ')}`);
  if (budget.warmupSeconds > 0) await load(child.url, request, { connections, seconds: budget.warmupSeconds });
  if (served.logStatements !== undefined) {
    // Requests of the warm-up still being answered would mix into the log.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const logged = await served.logStatements(() => fetch(`${child.url}${request.path}`).then((response) => response.text()));
    log(
      `the statements of one ${benchCase.path} (after the warm-up):\n${logged.map((text, i) => `  ${i + 1}. ${text}`).join('\n')}`,
    );
  }
  const perCpuSecond: number[] = [];
  const perSecond: number[] = [];
  const databaseShares: number[] = [];
  const statements: number[] = [];
  let failures = 0;
  let requestsTotal = 0;
  const databasePids = databasePid === undefined ? [] : [databasePid];
  for (let round = 0; round < budget.rounds; round++) {
    const questionsBefore = await questions();
    const before = await child.stats();
    const databaseBefore = sampleCpu(databasePids);
    const result = await load(child.url, request, { connections, seconds: budget.seconds });
    const databaseAfter = sampleCpu(databasePids);
    const after = await child.stats();
    // The status read itself is one statement.
    statements.push((await questions()) - questionsBefore - 1);
    const nodeMicros = after.cpuMicros - before.cpuMicros;
    const databaseMicros = cpuBetween(databaseBefore, databaseAfter);
    const cpuSeconds = (nodeMicros + databaseMicros) / 1e6;
    failures += result.failures;
    requestsTotal += result.requests;
    perCpuSecond.push(result.requests / cpuSeconds);
    perSecond.push(result.rps);
    databaseShares.push((databaseMicros / (nodeMicros + databaseMicros)) * 100);
    const perRequest = (statements.at(-1) ?? 0) / Math.max(result.requests, 1);
    log(
      `wordpress ${benchCase.id} round ${round + 1}/${budget.rounds}: ${Math.round(result.rps)} req/s, ${Math.round(result.requests / cpuSeconds)} req/CPU-s (MariaDB ${Math.round(databaseShares.at(-1) ?? 0)}% of it, ${perRequest.toFixed(1)} statements a request), ${result.failures} failures`,
    );
  }
  return {
    benchCase,
    cmsPerCpuSecond: median(perCpuSecond),
    cmsPerSecond: median(perSecond),
    databaseShare: median(databaseShares),
    statementsPerRequest: statements.reduce((a, b) => a + b, 0) / Math.max(requestsTotal, 1),
    wordpressPerCpuSecond: recorded?.requestsPerCpuSecond,
    failures,
    differences,
  };
}

/**
 * `BENCH_WORDPRESS_CPU_PROF=<dir>`: the server child ran under `--cpu-prof`; prints its
 * newest profile's self time by area and its top functions (the profile stays in `dir`).
 */
function printProfile(dir: string, log: (text: string) => void): void {
  const newest = readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => ({ name, time: statSync(join(dir, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time)[0];
  if (newest === undefined) {
    log(`no .cpuprofile in ${dir}`);
    return;
  }
  const times = selfTimes(JSON.parse(readFileSync(join(dir, newest.name), 'utf8'))).filter((entry) => entry.name !== '(idle)');
  const areas = new Map<string, number>();
  for (const entry of times) areas.set(areaOf(entry), (areas.get(areaOf(entry)) ?? 0) + entry.share);
  const lines = [`profile ${join(dir, newest.name)} (every case, warm-ups included):`, '', '| area | share |', '|---|---:|'];
  for (const [area, share] of [...areas].sort((a, b) => b[1] - a[1]).slice(0, 20))
    lines.push(`| ${area} | ${(share * 100).toFixed(1)}% |`);
  lines.push('', '| self ms | share | function | where |', '|---:|---:|---|---|');
  for (const entry of times.slice(0, 40))
    lines.push(`| ${entry.ms.toFixed(0)} | ${(entry.share * 100).toFixed(1)}% | ${entry.name} | ${entry.where} |`);
  log(lines.join('\n'));
}

/** The table lines of the part. */
export function renderWordPressDb(results: WordPressResults): string[] {
  if (results.skipped !== undefined) return [`Serving a WordPress database (MariaDB): skipped (${results.skipped}).`];
  const figures = results.figures;
  const lines = [
    `Serving a WordPress database (the WordPress 6.1 fixture on MariaDB; ${results.connections} connections; ${results.budget.rounds} rounds of ${results.budget.seconds} s; requests per CPU-second of the server${results.databaseCounted ? ' and of MariaDB' : ' — MariaDB NOT counted'}):`,
    '',
    '| case | cms-json req/CPU-s | WordPress req/CPU-s | ratio | cms-json req/s | MariaDB share of cms-json CPU | statements a request | failures | same posts as WordPress |',
    '| ---- | -----------------: | ------------------: | ----: | -------------: | ----------------------------: | -------------------: | -------: | ----------------------- |',
  ];
  for (const row of results.rows) {
    const wordpress = row.wordpressPerCpuSecond;
    lines.push(
      `| ${row.benchCase.title} | ${Math.round(row.cmsPerCpuSecond)} | ${wordpress === undefined ? '–' : wordpress.toFixed(1)} | ${wordpress === undefined ? '–' : `${(row.cmsPerCpuSecond / wordpress).toFixed(1)}×`} | ${Math.round(row.cmsPerSecond)} | ${Math.round(row.databaseShare)}% | ${row.statementsPerRequest.toFixed(1)} | ${row.failures} | ${row.differences.length === 0 ? (wordpress === undefined ? '–' : 'yes') : row.differences.join('; ')} |`,
    );
  }
  lines.push(
    '',
    figures === undefined
      ? 'WordPress: no figures recorded (run `npx tsx bench/wordpress-reference.ts` against the reference).'
      : `WordPress: ${figures.versions.wordpress ?? '?'}, measured ${figures.measured} with \`${figures.command}\` (nginx + php-fpm + mariadbd CPU).`,
  );
  return lines;
}

const DOC = fileURLToPath(new URL('../docs/performance.md', import.meta.url));
const START = '<!-- bench:wordpress-db:start -->';
const END = '<!-- bench:wordpress-db:end -->';

/**
 * Records the part's table in `docs/performance.md` between its own markers (in the section
 * "Serving a WordPress database"; added at the end when the markers are missing), and
 * returns the file.
 */
export function writeWordPressSection(lines: readonly string[], file: string = DOC): string {
  const block = `${START}\n<!-- Written by \`npm run bench -- --wordpress --write\`; edits between the markers are replaced. -->\n\n${lines.join('\n')}\n${END}`;
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n';
  const from = current.indexOf(START);
  const to = current.indexOf(END);
  const next =
    from === -1 || to === -1
      ? `${current.trimEnd()}\n\n## Serving a WordPress database\n\n${block}\n`
      : `${current.slice(0, from)}${block}${current.slice(to + END.length)}`;
  writeFileSync(file, next);
  return file;
}
