/**
 * `npm run bench -- --runtimes`: cms-json's `tel/v1` list and item on Node (the node adapter),
 * Bun (`Bun.serve`), Deno (`Deno.serve`) and workerd (Miniflare), each against that runtime's
 * minimal handler sending the same bytes (`runtime-pairs.ts`), by the serving process's CPU
 * per request (`/proc/<pid>/stat`, user + system, every thread) under the bench's load
 * generator. Servers alternate round by round (forwards, then backwards), each runtime's pair
 * back to back; the warm-up is not counted. A runtime that cannot start is reported, not fatal.
 *
 * @module
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { runtimeVersions } from '@cms-json/runtimes';
import { affinityNote } from './affinity.js';
import { type LoadResult, load } from './load.js';
import type { Plan } from './options.js';
import { processCpuMicros } from './process-cpu.js';
import { describeMachine } from './report.js';
import {
  createWorkspace,
  type Host,
  ROLES,
  RUNTIME_CASES,
  type RuntimePair,
  type ServerRole,
  startPair,
  TABLE_RUNTIMES,
  type TableRuntime,
} from './runtime-pairs.js';
import { pairedRatio, type Summary, summarize } from './stats.js';
import type { Comparison } from './verify.js';

/** The target: cms-json's CPU per request at least 0.8× as good as its runtime's minimal handler's. */
export const RUNTIME_TARGET = 0.8;

/** Rounds and seconds of the runtime table, per mode. */
const BUDGET = {
  full: { rounds: 5, seconds: 1.5, warmupSeconds: 1.5 },
  quick: { rounds: 1, seconds: 1, warmupSeconds: 0.5 },
} as const;

/** One runtime × case of the table. */
export interface RuntimeCell {
  readonly runtime: TableRuntime;
  readonly caseId: string;
  readonly cms: Summary;
  /** The runtime's minimal handler sending cms-json's bytes; `undefined` when it could not start. */
  readonly static: Summary | undefined;
  /** cms-json's work by hand on the runtime's SQLite; `undefined` when it could not start. */
  readonly handWritten: Summary | undefined;
  /** Each baseline's answer against cms-json's on this runtime. */
  readonly checks: { static: Comparison | undefined; handWritten: Comparison | undefined };
}

/** What `--runtimes` measured. */
export interface RuntimeResults {
  readonly startedAt: string;
  readonly mode: Plan['mode'];
  readonly connections: number;
  readonly rounds: number;
  readonly seconds: number;
  readonly versions: Record<string, string | null>;
  readonly machine: string;
  readonly affinity: string;
  readonly loadAverage: { start: number; end: number };
  readonly cells: RuntimeCell[];
  /** Runtimes that could not run, and why. */
  readonly unavailable: { runtime: TableRuntime; reason: string }[];
  /** Baselines that could not start, per runtime, and why. */
  readonly missingBaselines: { runtime: TableRuntime; role: ServerRole; reason: string }[];
}

async function measure(host: Host, path: string, seconds: number, connections: number): Promise<LoadResult> {
  const before = processCpuMicros(host.pid);
  const result = await load(host.url, { path }, { connections, seconds });
  const after = processCpuMicros(host.pid);
  result.cpuPerRequest =
    before === undefined || after === undefined || result.requests === 0 ? Number.NaN : (after - before) / result.requests;
  return result;
}

/** Runs the table. `runtimes` narrows it (the node adapter is always in: it is the reference). */
export async function runRuntimes(options: {
  plan: Plan;
  log: (text: string) => void;
  runtimes?: readonly TableRuntime[];
}): Promise<RuntimeResults> {
  const { plan, log } = options;
  const budget = BUDGET[plan.mode];
  const wanted = TABLE_RUNTIMES.filter((runtime) => runtime === 'node' || (options.runtimes ?? TABLE_RUNTIMES).includes(runtime));
  const startedAt = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const loadAtStart = loadavg()[0] ?? 0;
  const versions = await runtimeVersions();
  const workspace = await createWorkspace();
  const pairs: RuntimePair[] = [];
  const unavailable: RuntimeResults['unavailable'] = [];
  // A hard exit (the orchestrator's time limit, a signal) does not unwind: remove the files then too.
  const onExit = () => workspace.remove();
  process.once('exit', onExit);
  try {
    for (const runtime of wanted) {
      try {
        pairs.push(await startPair(runtime, workspace));
        log(`runtimes: ${runtime} started`);
      } catch (error) {
        const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
        unavailable.push({ runtime, reason });
        log(`runtimes: ${runtime} is not available: ${reason}`);
      }
    }
    const cells: RuntimeCell[] = [];
    for (const loadCase of RUNTIME_CASES) {
      const hosts = pairs.flatMap((pair) =>
        ROLES.flatMap((role) => {
          const host = pair.hosts.get(role);
          return host === undefined ? [] : [{ pair, which: role, host }];
        }),
      );
      for (const { host } of hosts)
        await load(host.url, loadCase.request, { connections: plan.connections, seconds: budget.warmupSeconds });
      const runs = new Map<Host, LoadResult[]>();
      for (let round = 0; round < budget.rounds; round++) {
        const order = round % 2 === 0 ? hosts : [...hosts].reverse();
        for (const { pair, which, host } of order) {
          const result = await measure(host, loadCase.request.path, budget.seconds, plan.connections);
          runs.set(host, [...(runs.get(host) ?? []), result]);
          log(
            `runtimes ${loadCase.id} round ${round + 1}/${budget.rounds} ${pair.runtime} ${which}: ${Math.round(result.rps)} req/s, ${result.cpuPerRequest.toFixed(1)} µs CPU/req`,
          );
        }
      }
      for (const pair of pairs) {
        const summary = (role: ServerRole) => {
          const host = pair.hosts.get(role);
          return host === undefined ? undefined : summarize(runs.get(host) ?? []);
        };
        cells.push({
          runtime: pair.runtime,
          caseId: loadCase.id,
          cms: summary('cms') ?? summarize([]),
          static: summary('static'),
          handWritten: summary('hand-written'),
          checks: {
            static: pair.checks.get(`static:${loadCase.id}`),
            handWritten: pair.checks.get(`hand-written:${loadCase.id}`),
          },
        });
        for (const [role, reason] of pair.missing) log(`runtimes: ${pair.runtime} ${role} not measured: ${reason}`);
      }
    }
    return {
      startedAt,
      mode: plan.mode,
      connections: plan.connections,
      rounds: budget.rounds,
      seconds: budget.seconds,
      versions: { ...versions },
      machine: machineLine(),
      affinity: affinityNote(),
      loadAverage: { start: loadAtStart, end: loadavg()[0] ?? 0 },
      cells,
      unavailable,
      missingBaselines: pairs.flatMap((pair) =>
        [...pair.missing].map(([role, reason]) => ({ runtime: pair.runtime, role, reason })),
      ),
    };
  } finally {
    await Promise.allSettled(pairs.map((pair) => pair.close()));
    process.off('exit', onExit);
    workspace.remove();
  }
}

function machineLine(): string {
  const machine = describeMachine();
  return `${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.platform}`;
}

const RUNTIME_NAMES: Record<TableRuntime, string> = {
  node: 'Node (node adapter)',
  bun: 'Bun (Bun.serve)',
  deno: 'Deno (Deno.serve)',
  workerd: 'workerd (Miniflare)',
};

const micros = (value: number | undefined) => (value !== undefined && Number.isFinite(value) ? value.toFixed(1) : 'n/a');
const times = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : 'n/a');

/** `baseline ÷ cms-json` CPU per request, and its paired form (the median of the rounds' own ratios). */
function ratios(cms: Summary, baseline: Summary | undefined): { ratio: number; paired: number } {
  if (baseline === undefined) return { ratio: Number.NaN, paired: Number.NaN };
  return { ratio: baseline.cpuPerRequest / cms.cpuPerRequest, paired: pairedRatio(cms.cpuRounds, baseline.cpuRounds) };
}

function verdict(ratio: number): string {
  return !Number.isFinite(ratio) ? 'n/a' : ratio >= RUNTIME_TARGET ? 'met' : '**not met**';
}

function sameBytes(check: Comparison | undefined): string {
  if (check === undefined) return 'n/a';
  if (check.status && check.body && check.sameHeaderSet) return 'yes';
  const what = [
    !check.status && 'status',
    !check.body && 'body',
    !check.sameHeaderSet && `headers (${check.headerDiff.join('; ')})`,
  ];
  return `**no**: ${what.filter((x) => x !== false).join(', ')}`;
}

/** The table as lines of Markdown. */
export function renderRuntimes(results: RuntimeResults): string[] {
  const versions = Object.entries(results.versions)
    .map(([name, version]) => `${name} ${version ?? 'not installed'}`)
    .join(', ');
  const lines = [
    `Run of ${results.startedAt} (${results.mode} mode): ${results.machine}; ${versions}; load average ${results.loadAverage.start.toFixed(1)} at start, ${results.loadAverage.end.toFixed(1)} at end. autocannon: ${results.connections} connections, 127.0.0.1, ${results.affinity}; ${results.rounds} round(s) × ${results.seconds} s per server per case after a warm-up, servers alternated; medians over rounds. CPU: the serving process's user + system time from /proc (all its threads), per request.`,
    '',
    '| Runtime | Case | cms-json CPU µs/req | static CPU µs/req | static ÷ cms-json (paired) | hand-written CPU µs/req | hand-written ÷ cms-json (paired) | target ≥ 0.80×: static / hand-written | req/s: cms-json / static / hand-written | node adapter ÷ this (CPU) | same bytes: static / hand-written |',
    '|---|---|---:|---:|---:|---:|---:|---|---:|---:|---|',
  ];
  for (const cell of results.cells) {
    const fixed = ratios(cell.cms, cell.static);
    const hand = ratios(cell.cms, cell.handWritten);
    const node = results.cells.find((c) => c.runtime === 'node' && c.caseId === cell.caseId);
    const versusNode = node === undefined ? Number.NaN : node.cms.cpuPerRequest / cell.cms.cpuPerRequest;
    const rps = [cell.cms, cell.static, cell.handWritten]
      .map((s) => (s === undefined ? 'n/a' : String(Math.round(s.rps))))
      .join(' / ');
    const failures = [cell.cms, cell.static, cell.handWritten].reduce((sum, s) => sum + (s?.failures ?? 0), 0);
    lines.push(
      `| ${RUNTIME_NAMES[cell.runtime]} | ${cell.caseId} | ${micros(cell.cms.cpuPerRequest)} | ${micros(cell.static?.cpuPerRequest)} | ${times(fixed.ratio)} (${times(fixed.paired)}) | ${micros(cell.handWritten?.cpuPerRequest)} | ${times(hand.ratio)} (${times(hand.paired)}) | ${verdict(fixed.ratio)} / ${verdict(hand.ratio)} | ${rps} | ${cell.runtime === 'node' ? '1.00×' : times(versusNode)} | ${sameBytes(cell.checks.static)} / ${sameBytes(cell.checks.handWritten)}${failures > 0 ? ` (${failures} failed requests)` : ''} |`,
    );
  }
  for (const { runtime, reason } of results.unavailable) lines.push('', `${RUNTIME_NAMES[runtime]}: not measured: ${reason}`);
  for (const { runtime, role, reason } of results.missingBaselines) {
    lines.push('', `${RUNTIME_NAMES[runtime]}: the ${role} baseline did not run: ${reason}`);
  }
  return lines;
}

const DOC = fileURLToPath(new URL('../docs/performance.md', import.meta.url));
const START = '<!-- bench:runtimes:start -->';
const END = '<!-- bench:runtimes:end -->';

/** Records the table in `docs/performance.md` between its markers (a "Per runtime" section is added when they are missing). */
export function writeRuntimesSection(lines: readonly string[], file: string = DOC): string {
  const block = `${START}\n<!-- Written by \`npm run bench -- --runtimes --write\`; edits between the markers are replaced. -->\n\n${lines.join('\n')}\n${END}`;
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n';
  const from = current.indexOf(START);
  const to = current.indexOf(END);
  const next =
    from === -1 || to === -1
      ? `${current.trimEnd()}\n\n## Per runtime\n\n${block}\n`
      : `${current.slice(0, from)}${block}${current.slice(to + END.length)}`;
  writeFileSync(file, next);
  return file;
}
