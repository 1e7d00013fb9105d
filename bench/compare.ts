/**
 * `--save=<name>` and `--compare=<name>[@case[@server]]`: the A/B of a change. `--save` keeps
 * the current bundles of the cms-json servers (the node one of the links cases, the posts
 * one, and the Fetch adapter on node:http) under a name; after changing the code,
 * `--compare` runs one of them (default the case's own cms-json server) from that saved
 * build and from the current one, with the servers its targets are measured against (the
 * case's hand-written and Fastify servers, on the case's data set; for the Fetch adapter the
 * current node adapter and the hand-written server), side by side on one case, in many short
 * alternating rounds, and prints each one's median CPU per request and req/s, and the
 * ratios. Comparing builds in one run is
 * the only comparison this noisy a machine allows: numbers from two runs minutes apart differ
 * by more than most changes. The ratios are medians of each round's own ratio: the servers
 * of one round ran within seconds of each other, so a slow spell of the machine mostly
 * cancels out.
 *
 * @module
 */
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Bundles } from './build.js';
import type { LoadCase } from './cases.js';
import { type Child, startChild } from './children.js';
import { load } from './load.js';
import type { Plan } from './options.js';
import type { Seeded } from './seed.js';
import { BASELINE_NODE, CMS_FETCH, CMS_NODE, CMS_POSTS, FASTIFY, type ServerSpec } from './servers.js';
import { median, pairedRatio } from './stats.js';

const SAVED = fileURLToPath(new URL('../node_modules/.cache/cms-json-bench/saved/', import.meta.url));

/** The cms-json servers `--save` keeps and `--compare` can compare: the links cases' one, the posts cases' one, the Fetch adapter. */
export const COMPARABLE: readonly ServerSpec[] = [CMS_NODE, CMS_POSTS, CMS_FETCH];

function savedFile(name: string, server: ServerSpec): string {
  if (!/^[\w.-]+$/.test(name)) throw new Error(`A saved build's name is letters, digits, ".", "_" and "-": "${name}".`);
  // The links server keeps the name alone, as builds saved before the posts server was kept.
  return join(SAVED, server.id === CMS_NODE.id ? `${name}.mjs` : `${name}@${server.id}.mjs`);
}

/** Keeps the current cms-json server bundles (and their source maps) as `name`; returns the links server's file. */
export function saveBuild(bundles: Bundles, name: string): string {
  mkdirSync(SAVED, { recursive: true });
  for (const server of COMPARABLE) {
    const target = savedFile(name, server);
    copyFileSync(bundles.fileOf(server.id), target);
    copyFileSync(`${bundles.fileOf(server.id)}.map`, `${target}.map`);
  }
  return savedFile(name, CMS_NODE);
}

/**
 * Runs the saved build `name` of `server` (default the case's own cms-json server), its
 * current build and the two servers its targets are measured against on one case.
 */
export async function compareBuilds(
  data: Seeded,
  bundles: Bundles,
  options: { name: string; loadCase: LoadCase; plan: Plan; server?: ServerSpec | undefined },
): Promise<void> {
  const { name, loadCase, plan } = options;
  if (loadCase.revalidates === true)
    throw new Error(`--compare does not run ${loadCase.id}: the baselines do not revalidate. Compare its full case instead.`);
  const server = options.server ?? loadCase.reference ?? CMS_NODE;
  if (!COMPARABLE.includes(server))
    throw new Error(`--compare runs ${COMPARABLE.map((s) => s.id).join(', ')}, not "${server.id}".`);
  // The baselines the server's targets are measured against, on the case's data set.
  const baselineOf = (fallback: ServerSpec, named: string) =>
    loadCase.ratios.find(([a, b]) => a.id === server.id && b.id.startsWith(named))?.[1] ?? fallback;
  const [baseline, fastify] =
    server === CMS_FETCH ? [CMS_NODE, BASELINE_NODE] : [baselineOf(BASELINE_NODE, 'baseline'), baselineOf(FASTIFY, 'fastify')];
  const saved = savedFile(name, server);
  if (!existsSync(saved))
    throw new Error(`No saved build "${name}" of ${server.id}: run \`npm run bench -- --save=${name}\` first.`);
  const contenders: { label: string; file: string; dataset: 'links' | 'posts' }[] = [
    { label: `saved "${name}"`, file: saved, dataset: server.dataset ?? 'links' },
    { label: 'current', file: bundles.fileOf(server.id), dataset: server.dataset ?? 'links' },
    { label: baseline.name, file: bundles.fileOf(baseline.id), dataset: baseline.dataset ?? 'links' },
    { label: fastify.name, file: bundles.fileOf(fastify.id), dataset: fastify.dataset ?? 'links' },
  ];
  const children: Child[] = [];
  for (const [index, contender] of contenders.entries()) {
    const database = data.copyFor(`compare-${index}`, contender.dataset);
    children.push(await startChild({ file: contender.file, name: contender.label, database }));
  }
  const cpu: number[][] = contenders.map(() => []);
  const rps: number[][] = contenders.map(() => []);
  try {
    const loadOptions = { connections: plan.connections, expectStatus: loadCase.expectStatus };
    for (const child of children)
      await load(child.url, loadCase.request, { ...loadOptions, seconds: plan.compare.warmupSeconds });
    // The hand-written server, the saved build, the current one, Fastify: the current build
    // runs next to the two it is most compared with. Forwards, then backwards (as in run.ts).
    const runOrder = [2, 0, 1, 3];
    for (let round = 0; round < plan.compare.rounds; round++) {
      for (const index of round % 2 === 0 ? runOrder : [...runOrder].reverse()) {
        const child = children[index] as Child;
        const before = await child.stats();
        const result = await load(child.url, loadCase.request, { ...loadOptions, seconds: plan.compare.seconds });
        // A wrong status would compare the cost of an error page.
        if (result.failures > 0)
          throw new Error(`${contenders[index]?.label}: ${result.failures} failed requests on ${loadCase.id}.`);
        const after = await child.stats();
        cpu[index]?.push((after.cpuMicros - before.cpuMicros) / Math.max(1, result.requests));
        rps[index]?.push(result.rps);
      }
    }
  } finally {
    for (const child of children) await child.stop();
  }
  console.log(`\n${loadCase.title} on ${server.name}: ${plan.compare.rounds} rounds of ${plan.compare.seconds} s, medians\n`);
  console.log('| build | server CPU µs/req | req/s |\n|---|---:|---:|');
  contenders.forEach((contender, index) => {
    console.log(`| ${contender.label} | ${median(cpu[index] ?? []).toFixed(1)} | ${Math.round(median(rps[index] ?? []))} |`);
  });
  // b's CPU per request over a's, round by round: above 1, a needs less CPU than b.
  const ratio = (a: number, b: number) => pairedRatio(cpu[a] ?? [], cpu[b] ?? []).toFixed(2);
  console.log(
    `\ncurrent / saved "${name}": ${ratio(1, 0)}× (CPU, median of the rounds' ratios; above 1 the current build is faster)`,
  );
  console.log(`current / ${baseline.name}: ${ratio(1, 2)}×; current / ${fastify.name}: ${ratio(1, 3)}×`);
}
