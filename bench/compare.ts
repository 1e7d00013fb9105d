/**
 * `--save=<name>` and `--compare=<name>[@case]`: the A/B of a change. `--save` keeps the
 * current cms-json node server bundle under a name; after changing the code, `--compare`
 * runs that saved build and the current one (and the hand-written and Fastify servers, the
 * targets' baselines) side by side on one case, in many short alternating rounds, and prints
 * each one's median CPU per request and req/s, and the ratios. Comparing builds in one run is
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
import { BASELINE_NODE, CMS_NODE, FASTIFY } from './servers.js';
import { median, pairedRatio } from './stats.js';

const SAVED = fileURLToPath(new URL('../node_modules/.cache/cms-json-bench/saved/', import.meta.url));

function savedFile(name: string): string {
  if (!/^[\w.-]+$/.test(name)) throw new Error(`A saved build's name is letters, digits, ".", "_" and "-": "${name}".`);
  return join(SAVED, `${name}.mjs`);
}

/** Keeps the current cms-json node server bundle (and its source map) as `name`. */
export function saveBuild(bundles: Bundles, name: string): string {
  const target = savedFile(name);
  mkdirSync(SAVED, { recursive: true });
  copyFileSync(bundles.fileOf(CMS_NODE.id), target);
  copyFileSync(`${bundles.fileOf(CMS_NODE.id)}.map`, `${target}.map`);
  return target;
}

/** Runs the saved build `name`, the current build, the hand-written server and Fastify on one case. */
export async function compareBuilds(
  data: Seeded,
  bundles: Bundles,
  options: { name: string; loadCase: LoadCase; plan: Plan },
): Promise<void> {
  const { name, loadCase, plan } = options;
  const saved = savedFile(name);
  if (!existsSync(saved)) throw new Error(`No saved build "${name}": run \`npm run bench -- --save=${name}\` first.`);
  const contenders: { label: string; file: string }[] = [
    { label: `saved "${name}"`, file: saved },
    { label: 'current', file: bundles.fileOf(CMS_NODE.id) },
    { label: BASELINE_NODE.name, file: bundles.fileOf(BASELINE_NODE.id) },
    { label: FASTIFY.name, file: bundles.fileOf(FASTIFY.id) },
  ];
  const children: Child[] = [];
  for (const [index, contender] of contenders.entries())
    children.push(await startChild({ file: contender.file, name: contender.label, database: data.copyFor(`compare-${index}`) }));
  const loadOptions = { connections: plan.connections, expectStatus: loadCase.expectStatus };
  for (const child of children) await load(child.url, loadCase.request, { ...loadOptions, seconds: plan.compare.warmupSeconds });
  const cpu: number[][] = contenders.map(() => []);
  const rps: number[][] = contenders.map(() => []);
  // The hand-written server, the saved build, the current one, Fastify: the current build
  // runs next to the two it is most compared with. Forwards, then backwards (as in run.ts).
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
  console.log(`\n${loadCase.title}: ${plan.compare.rounds} rounds of ${plan.compare.seconds} s, medians\n`);
  console.log('| build | server CPU µs/req | req/s |\n|---|---:|---:|');
  contenders.forEach((contender, index) => {
    console.log(`| ${contender.label} | ${median(cpu[index] ?? []).toFixed(1)} | ${Math.round(median(rps[index] ?? []))} |`);
  });
  // b's CPU per request over a's, round by round: above 1, a needs less CPU than b.
  const ratio = (a: number, b: number) => pairedRatio(cpu[a] ?? [], cpu[b] ?? []).toFixed(2);
  console.log(
    `\ncurrent / saved "${name}": ${ratio(1, 0)}× (CPU, median of the rounds' ratios; above 1 the current build is faster)`,
  );
  console.log(`current / ${BASELINE_NODE.name}: ${ratio(1, 2)}×; current / ${FASTIFY.name}: ${ratio(1, 3)}×`);
}
