/**
 * `--save=<name>` and `--compare=<name>[@case[@server]]`: the A/B of a change. `--save`
 * keeps the current cms-json server bundles (node adapter, and Fetch adapter on node:http)
 * under a name; after changing the code, `--compare` runs the saved build of one of them
 * (default the node adapter) and the current one, with the servers its targets are measured
 * against (for the node adapter the hand-written and Fastify servers; for the Fetch adapter
 * the current node adapter and the hand-written server), side by side on one case, in many
 * short alternating rounds, and prints each one's median CPU per request and req/s, and
 * the ratios. Comparing builds in one run is
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
import { BASELINE_NODE, CMS_FETCH, CMS_NODE, FASTIFY, type ServerSpec } from './servers.js';
import { median, pairedRatio } from './stats.js';

const SAVED = fileURLToPath(new URL('../node_modules/.cache/cms-json-bench/saved/', import.meta.url));

/** The cms-json servers `--save` keeps, and `--compare` can compare. */
export const COMPARABLE: readonly ServerSpec[] = [CMS_NODE, CMS_FETCH];

/** The servers a compared server's targets are measured against, in the order the ratios are printed. */
function baselinesOf(server: ServerSpec): readonly ServerSpec[] {
  return server === CMS_FETCH ? [CMS_NODE, BASELINE_NODE] : [BASELINE_NODE, FASTIFY];
}

/** The saved bundle of one server; the node adapter's keeps its former name, `<name>.mjs`. */
function savedFile(name: string, server: ServerSpec): string {
  if (!/^[\w.-]+$/.test(name)) throw new Error(`A saved build's name is letters, digits, ".", "_" and "-": "${name}".`);
  return join(SAVED, server === CMS_NODE ? `${name}.mjs` : `${name}@${server.id}.mjs`);
}

/** Keeps the current bundles of the {@link COMPARABLE} servers (and their source maps) as `name`. */
export function saveBuild(bundles: Bundles, name: string): string {
  mkdirSync(SAVED, { recursive: true });
  const targets = COMPARABLE.map((server) => {
    const target = savedFile(name, server);
    copyFileSync(bundles.fileOf(server.id), target);
    copyFileSync(`${bundles.fileOf(server.id)}.map`, `${target}.map`);
    return target;
  });
  return targets.join(', ');
}

/**
 * Runs the saved build `name` of `server` (default the node adapter), its current build
 * and the servers its targets are measured against on one case.
 */
export async function compareBuilds(
  data: Seeded,
  bundles: Bundles,
  options: { name: string; loadCase: LoadCase; plan: Plan; server?: ServerSpec },
): Promise<void> {
  const { name, loadCase, plan, server = CMS_NODE } = options;
  if (!COMPARABLE.includes(server))
    throw new Error(`--compare runs ${COMPARABLE.map((s) => s.id).join(' or ')}, not "${server.id}".`);
  const saved = savedFile(name, server);
  if (!existsSync(saved))
    throw new Error(`No saved build "${name}" of ${server.id}: run \`npm run bench -- --save=${name}\` first.`);
  const [first, second] = baselinesOf(server) as [ServerSpec, ServerSpec];
  const contenders: { label: string; file: string }[] = [
    { label: `saved "${name}"`, file: saved },
    { label: 'current', file: bundles.fileOf(server.id) },
    { label: first.name, file: bundles.fileOf(first.id) },
    { label: second.name, file: bundles.fileOf(second.id) },
  ];
  const children: Child[] = [];
  for (const [index, contender] of contenders.entries())
    children.push(await startChild({ file: contender.file, name: contender.label, database: data.copyFor(`compare-${index}`) }));
  const loadOptions = { connections: plan.connections, expectStatus: loadCase.expectStatus };
  for (const child of children) await load(child.url, loadCase.request, { ...loadOptions, seconds: plan.compare.warmupSeconds });
  const cpu: number[][] = contenders.map(() => []);
  const rps: number[][] = contenders.map(() => []);
  // The first baseline, the saved build, the current one, the second baseline: the current
  // build runs next to the two it is most compared with. Forwards, then backwards (as in run.ts).
  const runOrder = [2, 0, 1, 3];
  for (let round = 0; round < plan.compare.rounds; round++) {
    for (const index of round % 2 === 0 ? runOrder : [...runOrder].reverse()) {
      const child = children[index] as Child;
      const before = await child.stats();
      const result = await load(child.url, loadCase.request, { ...loadOptions, seconds: plan.compare.seconds });
      const after = await child.stats();
      cpu[index]?.push((after.cpuMicros - before.cpuMicros) / Math.max(1, result.requests));
      rps[index]?.push(result.rps);
    }
  }
  for (const child of children) await child.stop();
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
  console.log(`current / ${first.name}: ${ratio(1, 2)}×; current / ${second.name}: ${ratio(1, 3)}×`);
}
