/**
 * `npm run bench [-- --quick] [-- --write] [-- --profile]`: the benchmark orchestrator.
 *
 * Starts every server as its own child process on 127.0.0.1 (each on its own copy of a
 * seeded SQLite file), checks the baselines answer byte for byte what cms-json answers,
 * drives each with autocannon, alternating servers round by round, runs the in-process
 * loop and the memory case, and prints (with `--write`, records) the tables. Children are
 * killed on every way out.
 *
 * @module
 */
import { loadavg } from 'node:os';
import { affinityNote, pinLoadGenerator } from './affinity.js';
import { runAllocationProfile } from './alloc.js';
import { type Bundles, bundleServers } from './build.js';
import { LIST, LOAD_CASES, type LoadCase, POSTS_CREATE } from './cases.js';
import { type Child, killAll, startChild, stopAll } from './children.js';
import { compareBuilds, saveBuild } from './compare.js';
import { type LoadRequest, load } from './load.js';
import { measureMemory } from './memory.js';
import { parseOptions } from './options.js';
import { renderPostgres, runPostgres } from './postgres.js';
import { runProfile } from './profile.js';
import { type BenchResults, describeMachine, renderResults, writeResults } from './report.js';
import { requestFor } from './revalidating.js';
import { renderRuntimes, runRuntimes, writeRuntimesSection } from './runtimes.js';
import { type Seeded, seed } from './seed.js';
import type { InProcessResult } from './servers/cms-inprocess.js';
import { BASELINE_NODE, BASELINE_POSTS, CMS_NODE, HTTP_SERVERS, IN_PROCESS, type ServerSpec } from './servers.js';
import { renderSharedCache, runSharedCache } from './shared-cache.js';
import { type Summary, summarize } from './stats.js';
import { type Captured, capture, compare, withoutDates } from './verify.js';
import { renderWordPressDb, runWordPressDb, WORDPRESS_HARD_LIMIT_S, writeWordPressSection } from './wordpress-db.js';

const options = parseOptions(process.argv.slice(2));
const { plan } = options;
let seeded: Seeded | undefined;
let bundles: Bundles | undefined;

function cleanUp(): void {
  killAll();
  seeded?.remove();
  bundles?.remove();
}
process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the servers.`);
    cleanUp();
    process.exit(130);
  });
}
// A hard bound on the whole run, whatever happens.
const HARD_LIMIT_S =
  options.profile !== undefined || options.alloc !== undefined
    ? 120
    : options.compare !== undefined
      ? 180
      : options.wordpress
        ? WORDPRESS_HARD_LIMIT_S[plan.mode]
        : options.sharedCache
          ? 600
          : options.runtimes !== undefined
            ? 480
            : plan.mode === 'quick'
              ? 150 + WORDPRESS_HARD_LIMIT_S.quick
              : 900 + WORDPRESS_HARD_LIMIT_S.full;
setTimeout(() => {
  console.error(`The benchmark exceeded ${HARD_LIMIT_S} s; stopping.`);
  cleanUp();
  process.exit(1);
}, HARD_LIMIT_S * 1000).unref();

const t0 = performance.now();
const log = (text: string) => console.log(`[bench +${((performance.now() - t0) / 1000).toFixed(1)}s] ${text}`);

function fileOf(spec: ServerSpec): string {
  if (bundles === undefined) throw new Error('The servers are not bundled yet.');
  return bundles.fileOf(spec.id);
}

async function startServers(specs: readonly ServerSpec[], data: Seeded, results: BenchResults): Promise<Map<string, Child>> {
  const children = new Map<string, Child>();
  // Two at a time: the machine may have two cores, and tsx compiles on start.
  for (let i = 0; i < specs.length; i += 2) {
    const batch = specs.slice(i, i + 2);
    const started = await Promise.allSettled(
      batch.map((spec) =>
        startChild({ file: fileOf(spec), name: spec.name, database: data.copyFor(spec.id, spec.dataset ?? 'links') }),
      ),
    );
    started.forEach((outcome, j) => {
      const spec = batch[j] as ServerSpec;
      if (outcome.status === 'fulfilled') children.set(spec.id, outcome.value);
      else {
        const reason = outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
        results.unavailable.push({ server: spec, reason: reason.split('\n')[0] ?? reason });
        log(`${spec.name} is not available: ${reason.split('\n')[0]}`);
      }
    });
  }
  return children;
}

async function check(children: Map<string, Child>, results: BenchResults): Promise<void> {
  for (const loadCase of LOAD_CASES) {
    // The tel create answers a new id each time (the servers' tables grew apart in no way
    // the check knows); the posts create is checked once, its dates masked, on identical copies.
    if (loadCase.request.method === 'POST' && loadCase !== POSTS_CREATE) continue;
    const reference = children.get((loadCase.reference ?? CMS_NODE).id);
    if (reference === undefined) continue;
    try {
      await checkCase(loadCase, reference, children, results);
    } catch (error) {
      log(`WARNING: the start-up check of ${loadCase.id} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

async function checkCase(
  loadCase: LoadCase,
  reference: Child,
  children: Map<string, Child>,
  results: BenchResults,
): Promise<void> {
  const masked = loadCase === POSTS_CREATE ? withoutDates : (captured: Captured) => captured;
  const referenceSpec = loadCase.reference ?? CMS_NODE;
  const expected = masked(await capture(reference.url, loadCase.request));
  if (loadCase === LIST) results.referenceBody = expected.body.toString('utf8');
  for (const spec of loadCase.servers) {
    const child = children.get(spec.id);
    if (child === undefined || spec === referenceSpec) continue;
    const comparison = compare(expected, masked(await capture(child.url, loadCase.request)));
    results.checks.push({ server: spec, caseId: loadCase.id, comparison });
    if ((spec === BASELINE_NODE || spec === BASELINE_POSTS) && !(comparison.body && comparison.headers && comparison.status)) {
      log(`WARNING: the hand-written baseline differs from cms-json on ${loadCase.id}: ${comparison.headerDiff.join('; ')}`);
    }
  }
}

async function runCase(loadCase: LoadCase, children: Map<string, Child>): Promise<Map<string, Summary>> {
  const budget = plan[loadCase.budget];
  const servers = loadCase.servers.filter((spec) => children.has(spec.id));
  const runs = new Map<string, Awaited<ReturnType<typeof load>>[]>();
  const loadOptions = { connections: plan.connections, expectStatus: loadCase.expectStatus };
  const requests = new Map<string, LoadRequest>();
  for (const spec of servers) requests.set(spec.id, await requestFor(loadCase, (children.get(spec.id) as Child).url));
  for (const spec of servers) {
    if (budget.warmupSeconds <= 0) break;
    const child = children.get(spec.id) as Child;
    await load(child.url, requests.get(spec.id) as LoadRequest, { ...loadOptions, seconds: budget.warmupSeconds });
  }
  for (let round = 0; round < budget.rounds; round++) {
    // Forwards, then backwards (A B C, C B A, …): the servers compared sit side by side in the
    // list, so each pair always runs back to back, and which of the two goes first alternates.
    // A drift of the machine's speed then moves the pair together, and cancels out over rounds.
    const order = round % 2 === 0 ? servers : [...servers].reverse();
    for (const spec of order) {
      const child = children.get(spec.id) as Child;
      // A child that died mid-run is reported (its runs count errors), never fatal.
      const before = await child.stats().catch(() => undefined);
      const result = await load(child.url, requests.get(spec.id) as LoadRequest, { ...loadOptions, seconds: budget.seconds });
      const after = await child.stats().catch(() => undefined);
      result.cpuPerRequest =
        before === undefined || after === undefined || result.requests === 0
          ? Number.NaN
          : (after.cpuMicros - before.cpuMicros) / result.requests;
      runs.set(spec.id, [...(runs.get(spec.id) ?? []), result]);
      log(
        `${loadCase.id} round ${round + 1}/${budget.rounds} ${spec.name}: ${Math.round(result.rps)} req/s, p99 ${result.p99} ms`,
      );
    }
  }
  const summaries = new Map<string, Summary>();
  for (const [id, list] of runs) summaries.set(id, summarize(list));
  return summaries;
}

async function benchmark(data: Seeded): Promise<BenchResults> {
  const started = performance.now();
  const results: BenchResults = {
    plan,
    machine: describeMachine(),
    affinity: affinityNote(),
    startedAt: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    seconds: 0,
    unavailable: [],
    checks: [],
    referenceBody: undefined,
    cases: [],
    inProcess: undefined,
    memory: [],
    peakRss: [],
  };
  log(`${plan.mode} run; starting ${HTTP_SERVERS.length} servers`);
  const children = await startServers(HTTP_SERVERS, data, results);
  for (const child of children.values()) if (child.note !== undefined) log(`${child.name}: ${child.note}`);

  await check(children, results);
  log(`cms-json's list body (the baseline must match it byte for byte):\n${results.referenceBody ?? '(cms-json unavailable)'}`);
  for (const c of results.checks.filter((x) => x.caseId === 'list' || x.caseId.startsWith('posts-'))) {
    log(
      `  ${c.caseId} ${c.server.name}: body ${c.comparison.body ? 'identical' : 'DIFFERS'}, headers ${c.comparison.headers ? 'identical' : 'differ'}`,
    );
  }

  for (const loadCase of LOAD_CASES) results.cases.push({ loadCase, summaries: await runCase(loadCase, children) });

  for (const [id, child] of children) {
    const spec = HTTP_SERVERS.find((s) => s.id === id) as ServerSpec;
    const stats = await child.stats().catch(() => undefined);
    if (stats !== undefined) results.peakRss.push({ server: spec, maxRss: stats.maxRss });
  }
  await stopAll();

  // Case 5: in-process, alone on the machine.
  try {
    const child = await startChild({ file: fileOf(IN_PROCESS), name: IN_PROCESS.name, database: data.copyFor(IN_PROCESS.id) });
    results.inProcess = (await child.run(plan.inProcessSeconds)) as InProcessResult;
    await child.stop();
    log(
      `in-process: handle ${Math.round(results.inProcess.handleOps)} ops/s, dispatch ${Math.round(results.inProcess.dispatchOps)} ops/s`,
    );
  } catch (error) {
    results.unavailable.push({ server: IN_PROCESS, reason: error instanceof Error ? error.message : String(error) });
  }

  // Case 6: memory, on fresh servers, one at a time: the list on cms-json and the
  // hand-written server; in a full run also every other kind on its cms-json server.
  const memoryLegs: { spec: ServerSpec; loadCase: LoadCase }[] = [
    { spec: CMS_NODE, loadCase: LIST },
    { spec: BASELINE_NODE, loadCase: LIST },
    ...(plan.mode === 'full'
      ? LOAD_CASES.filter((c) => c !== LIST).map((loadCase) => ({ spec: loadCase.reference ?? CMS_NODE, loadCase }))
      : []),
  ];
  for (const { spec, loadCase } of memoryLegs) {
    try {
      const child = await startChild({
        file: fileOf(spec),
        name: spec.name,
        database: data.copyFor(`${spec.id}-${loadCase.id}-memory`),
      });
      const points = await measureMemory(child, plan, await requestFor(loadCase, child.url), loadCase.expectStatus);
      await child.stop();
      results.memory.push({ server: spec, caseId: loadCase.id, points });
      log(
        `memory ${spec.name} ${loadCase.id}: ${points.map((p) => `${p.requests} req → ${(p.rss / 2 ** 20).toFixed(1)} MiB`).join(', ')}`,
      );
    } catch (error) {
      log(`memory case ${loadCase.id} for ${spec.name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  results.seconds = (performance.now() - started) / 1000;
  results.loadAverageAtEnd = loadavg()[0];
  return results;
}

function caseById(id: string): LoadCase {
  const loadCase = LOAD_CASES.find((c) => c.id === id);
  if (loadCase === undefined) throw new Error(`Unknown case "${id}": use ${LOAD_CASES.map((c) => c.id).join(', ')}.`);
  return loadCase;
}

function serverById(id: string): ServerSpec {
  const server = HTTP_SERVERS.find((s) => s.id === id);
  if (server === undefined) throw new Error(`Unknown server "${id}": use ${HTTP_SERVERS.map((s) => s.id).join(', ')}.`);
  return server;
}

async function mainRun(): Promise<void> {
  pinLoadGenerator();
  if (options.wordpress) {
    const lines = renderWordPressDb(await runWordPressDb({ plan, log }));
    console.log(`\n${lines.join('\n')}`);
    if (options.write) log(`written to ${writeWordPressSection(lines)}`);
    return;
  }
  if (options.runtimes !== undefined) {
    // cms-json on Node, Bun, Deno and workerd against each runtime's minimal handler (issue 39).
    const lines = renderRuntimes(await runRuntimes({ plan, log, runtimes: options.runtimes }));
    console.log(`\n${lines.join('\n')}`);
    if (options.write) log(`written to ${writeRuntimesSection(lines)}`);
    return;
  }
  if (options.sharedCache) {
    // The origin's CPU with and without Varnish in front (issue 38); printed, not recorded.
    console.log(`\n${renderSharedCache(await runSharedCache({ plan, log })).join('\n')}`);
    return;
  }
  [seeded, bundles] = await Promise.all([seed(), bundleServers()]);
  if (options.save !== undefined) {
    log(`saved the current cms-json servers as ${saveBuild(bundles, options.save)}`);
    return;
  }
  if (options.compare !== undefined) {
    const [name = '', caseId = LIST.id, serverId] = options.compare.split('@');
    const server = serverId === undefined ? undefined : serverById(serverId);
    await compareBuilds(seeded, bundles, { name, loadCase: caseById(caseId), plan, server });
    return;
  }
  if (options.alloc !== undefined) {
    await runAllocationProfile(seeded, bundles.fileOf(IN_PROCESS.id), caseById(options.alloc), plan);
    return;
  }
  if (options.profile !== undefined) {
    const [caseId = LIST.id, serverId = CMS_NODE.id] = options.profile.split('@');
    const loadCase = caseById(caseId);
    const server = serverById(serverId);
    await runProfile(seeded, { server, file: bundles.fileOf(server.id) }, loadCase, plan);
    return;
  }
  const results = await benchmark(seeded);
  const lines = renderResults(results);
  // The list on PostgreSQL, 1 and 2 worker processes (issue 18).
  try {
    const postgres = await runPostgres({ plan, fileOf: (script) => (bundles as Bundles).fileOf(script), log });
    lines.push('', ...renderPostgres(postgres));
  } catch (error) {
    log(`the PostgreSQL part failed: ${error instanceof Error ? error.message : String(error)}`);
    lines.push('', `List on PostgreSQL: failed (${error instanceof Error ? error.message : String(error)}).`);
  }
  // The WordPress-database cases on MariaDB (issue 37); skipped, saying so, without MariaDB.
  try {
    lines.push('', ...renderWordPressDb(await runWordPressDb({ plan, log })));
  } catch (error) {
    log(`the WordPress-database part failed: ${error instanceof Error ? error.message : String(error)}`);
    lines.push('', `Serving a WordPress database: failed (${error instanceof Error ? error.message : String(error)}).`);
  }
  console.log(`\n${lines.join('\n')}`);
  if (options.write) log(`written to ${writeResults(lines)}`);
}

mainRun().then(
  () => {
    cleanUp();
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error);
    cleanUp();
    process.exit(1);
  },
);
