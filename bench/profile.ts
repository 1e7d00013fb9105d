/**
 * `--profile`: the cms-json node child under `node --cpu-prof`, loaded with the list
 * request, then the profile's self time summed per function and printed: overall, and for
 * `packages/core` and `packages/node` alone.
 *
 * @module
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadCase } from './cases.js';
import { startChild } from './children.js';
import { load } from './load.js';
import type { Plan } from './options.js';
import { requestFor } from './revalidating.js';
import type { Seeded } from './seed.js';
import type { ServerSpec } from './servers.js';

/** The parts of a `.cpuprofile` read here. */
interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time of one function. */
export interface SelfTime {
  name: string;
  where: string;
  ms: number;
  share: number;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Maps a bundle position back to `packages/core/src/…:line` with the bundle's source map. */
export function locator(): (url: string, line: number, column: number) => string {
  const maps = new Map<string, SourceMap | null>();
  const mapOf = (path: string): SourceMap | null => {
    let map = maps.get(path);
    if (map === undefined) {
      map = existsSync(`${path}.map`) ? new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8'))) : null;
      maps.set(path, map);
    }
    return map;
  };
  const shorten = (path: string) => {
    const modules = path.lastIndexOf('/node_modules/');
    if (modules !== -1) return `~${path.slice(modules + '/node_modules/'.length)}`;
    return path.startsWith(ROOT) ? relative(ROOT, path) : path;
  };
  return (url, line, column) => {
    if (url === '') return '(native)';
    if (!url.startsWith('file://')) return url;
    const path = fileURLToPath(url);
    const entry = mapOf(path)?.findEntry(line, column);
    if (entry !== undefined && 'originalSource' in entry && typeof entry.originalSource === 'string') {
      const source = entry.originalSource.startsWith('file://')
        ? fileURLToPath(entry.originalSource)
        : resolve(dirname(path), entry.originalSource);
      return `${shorten(source)}:${entry.originalLine + 1}`;
    }
    return `${shorten(path)}:${line + 1}`;
  };
}

/** Sums a profile's samples into self time per function, largest first. */
export function selfTimes(profile: CpuProfile): SelfTime[] {
  const byNode = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    byNode.set(id, (byNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...byNode.values()].reduce((a, b) => a + b, 0);
  const where = locator();
  const byFunction = new Map<string, SelfTime>();
  for (const node of profile.nodes) {
    const micros = byNode.get(node.id) ?? 0;
    if (micros === 0) continue;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const name = functionName === '' ? '(anonymous)' : functionName;
    const at = where(url, lineNumber, columnNumber);
    const key = `${name}@${at}`;
    const entry = byFunction.get(key) ?? { name, where: at, ms: 0, share: 0 };
    entry.ms += micros / 1000;
    byFunction.set(key, entry);
  }
  const list = [...byFunction.values()];
  // Shares of busy time: idle samples are left out.
  const idle = list.filter((entry) => entry.name === '(idle)').reduce((sum, entry) => sum + entry.ms, 0);
  for (const entry of list) entry.share = entry.ms / (total / 1000 - idle);
  return list.sort((a, b) => b.ms - a.ms);
}

/** The area a function belongs to, for the summary. */
export function areaOf(entry: Pick<SelfTime, 'name' | 'where'>): string {
  const { name, where } = entry;
  // better-sqlite3 runs the statement inside this frame: its self time is mostly SQLite's.
  if (name === 'executeQuery' && where.includes('sqlite-driver')) return 'SQLite execution (in the Kysely driver frame)';
  if (where.startsWith('packages/') || where.startsWith('examples/')) return where.split('/').slice(0, 2).join('/');
  if (where.startsWith('bench/')) return 'bench (hand-written code)';
  if (where.startsWith('~')) {
    const parts = where.slice(1).split('/');
    return (parts[0]?.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]) ?? where;
  }
  if (where.startsWith('node:')) return 'node internals (JS)';
  if (name.startsWith('(')) return name;
  if (where === '(native)') return 'native (socket writes, builtins)';
  return 'other';
}

function print(title: string, entries: readonly SelfTime[]): void {
  console.log(`\n${title}\n| self ms | share | function | where |\n|---:|---:|---|---|`);
  for (const e of entries) console.log(`| ${e.ms.toFixed(0)} | ${(e.share * 100).toFixed(1)}% | ${e.name} | ${e.where} |`);
}

/** Profiles the cms-json node child under one case's load and prints the top functions. */
export async function runProfile(
  data: Seeded,
  target: { server: ServerSpec; file: string },
  loadCase: LoadCase,
  plan: Plan,
): Promise<void> {
  const dir = join(data.dir, 'profile');
  mkdirSync(dir, { recursive: true });
  const child = await startChild({
    file: target.file,
    name: target.server.name,
    database: data.copyFor('profile', target.server.dataset ?? 'links'),
    execArgv: ['--cpu-prof', '--cpu-prof-dir', dir, '--cpu-prof-interval', '250'],
  });
  const options = { connections: plan.connections, expectStatus: loadCase.expectStatus };
  const request = await requestFor(loadCase, child.url);
  await load(child.url, request, { ...options, seconds: 1 });
  const result = await load(child.url, request, { ...options, seconds: plan.profileSeconds });
  console.log(
    `[bench] profiled ${result.requests} requests of ${loadCase.title} on ${target.server.name} (${Math.round(result.rps)} req/s under the profiler` +
      `${result.failures === 0 ? '' : `, ${result.failures} unexpected responses`})`,
  );
  await child.stop();
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (file === undefined) throw new Error(`No .cpuprofile was written in ${dir}`);
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
  const times = selfTimes(profile).filter((e) => e.name !== '(idle)');
  print('Top self time, all functions', times.slice(0, 35));
  print('Top self time in packages/* (core and adapters)', times.filter((e) => e.where.startsWith('packages/')).slice(0, 25));
  const groups = new Map<string, number>();
  for (const e of times) {
    const group = areaOf(e);
    groups.set(group, (groups.get(group) ?? 0) + e.share);
  }
  console.log('\nSelf time by area\n| area | share |\n|---|---:|');
  for (const [group, share] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`| ${group} | ${(share * 100).toFixed(1)}% |`);
  const keep = join(tmpdir(), `cms-json-${Date.now()}.cpuprofile`);
  copyFileSync(join(dir, file), keep);
  console.log(`\n[bench] profile kept at ${keep} (open it in Chrome DevTools → Performance)`);
}
