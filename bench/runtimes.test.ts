import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type RuntimeCell, type RuntimeResults, renderRuntimes, writeRuntimesSection } from './runtimes.js';
import { summarize } from './stats.js';

const run = (cpu: number, rps: number) => ({ requests: 1000, seconds: 1, rps, p50: 1, p99: 2, failures: 0, cpuPerRequest: cpu });
const same = { status: true, body: true, headers: true, sameHeaderSet: true, headerDiff: [] };

const rounds = (cpu: number) => summarize([run(cpu, 1e6 / cpu), run(cpu, 1e6 / cpu)]);

function cell(
  runtime: RuntimeCell['runtime'],
  caseId: string,
  cms: number,
  fixed: number,
  hand: number | undefined,
): RuntimeCell {
  return {
    runtime,
    caseId,
    cms: rounds(cms),
    static: rounds(fixed),
    handWritten: hand === undefined ? undefined : rounds(hand),
    checks: { static: same, handWritten: hand === undefined ? undefined : same },
  };
}

const results: RuntimeResults = {
  startedAt: '2026-11-29T04:00:00Z',
  mode: 'full',
  connections: 50,
  rounds: 2,
  seconds: 1.5,
  versions: { node: '20.20.2', bun: '1.4.5', deno: null },
  machine: 'a CPU, 2 cores',
  affinity: 'no CPU pinning',
  loadAverage: { start: 1, end: 2 },
  cells: [cell('node', 'list', 40, 20, 44), cell('bun', 'list', 25, 10, undefined)],
  unavailable: [{ runtime: 'workerd', reason: 'workerd is not installed' }],
  missingBaselines: [{ runtime: 'bun', role: 'hand-written', reason: 'bun:sqlite failed' }],
};

describe('renderRuntimes', () => {
  it('gives each runtime and case its CPU, the ratio to each of its own baselines and the verdicts', () => {
    const lines = renderRuntimes(results);
    expect(lines[0]).toContain('node 20.20.2, bun 1.4.5, deno not installed');
    expect(lines).toContain(
      '| Node (node adapter) | list | 40.0 | 20.0 | 0.50× (0.50×) | 44.0 | 1.10× (1.10×) | **not met** / met | 25000 / 50000 / 22727 | 1.00× | yes / yes |',
    );
  });

  it('compares each runtime’s cms-json with the node adapter’s, and leaves out a baseline that did not run', () => {
    expect(renderRuntimes(results)).toContain(
      '| Bun (Bun.serve) | list | 25.0 | 10.0 | 0.40× (0.40×) | n/a | n/a (n/a) | **not met** / n/a | 40000 / 100000 / n/a | 1.60× | yes / n/a |',
    );
  });

  it('says which runtime or baseline was not measured, and why', () => {
    const lines = renderRuntimes(results);
    expect(lines).toContain('workerd (Miniflare): not measured: workerd is not installed');
    expect(lines).toContain('Bun (Bun.serve): the hand-written baseline did not run: bun:sqlite failed');
  });

  it('flags a baseline that did not send cms-json’s bytes', () => {
    const base = cell('deno', 'item', 30, 10, 20);
    const differs = { ...base, checks: { static: same, handWritten: { ...same, body: false } } };
    const row = renderRuntimes({ ...results, cells: [differs], unavailable: [] }).find((line) => line.startsWith('| Deno'));
    expect(row).toContain('yes / **no**: body');
  });
});

describe('writeRuntimesSection', () => {
  it('adds a "Per runtime" section once, then replaces only what is between its markers', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-runtimes-doc-'));
    try {
      const file = join(dir, 'performance.md');
      writeFileSync(file, '# Performance\n\nProse.\n');
      writeRuntimesSection(['first'], file);
      writeRuntimesSection(['second'], file);
      const text = readFileSync(file, 'utf8');
      expect(text.match(/## Per runtime/g)).toHaveLength(1);
      expect(text).toContain('Prose.');
      expect(text).toContain('second');
      expect(text).not.toContain('first');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
