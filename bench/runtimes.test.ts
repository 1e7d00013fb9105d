import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type RuntimeCell, type RuntimeResults, renderRuntimes, writeRuntimesSection } from './runtimes.js';
import { summarize } from './stats.js';

const run = (cpu: number, rps: number) => ({ requests: 1000, seconds: 1, rps, p50: 1, p99: 2, failures: 0, cpuPerRequest: cpu });
const same = { status: true, body: true, headers: true, sameHeaderSet: true, headerDiff: [] };

function cell(runtime: RuntimeCell['runtime'], caseId: string, cms: number, baseline: number): RuntimeCell {
  return {
    runtime,
    caseId,
    cms: summarize([run(cms, 1e6 / cms), run(cms, 1e6 / cms)]),
    baseline: summarize([run(baseline, 1e6 / baseline), run(baseline, 1e6 / baseline)]),
    check: same,
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
  cells: [cell('node', 'list', 40, 20), cell('bun', 'list', 25, 22)],
  unavailable: [{ runtime: 'workerd', reason: 'workerd is not installed' }],
};

describe('renderRuntimes', () => {
  it('gives each runtime and case its CPU, the ratio to its own baseline and the verdict', () => {
    const lines = renderRuntimes(results);
    expect(lines[0]).toContain('node 20.20.2, bun 1.4.5, deno not installed');
    expect(lines).toContain(
      '| Node (node adapter; baseline plain node:http) | list | 40.0 | 20.0 | 0.50× | 0.50× | **not met** | 25000 | 50000 | 1.00× | yes |',
    );
    expect(lines).toContain('| Bun (Bun.serve) | list | 25.0 | 22.0 | 0.88× | 0.88× | met | 40000 | 45455 | 1.60× | yes |');
  });

  it('says which runtime was not measured, and why', () => {
    expect(renderRuntimes(results)).toContain('workerd (Miniflare): not measured: workerd is not installed');
  });

  it('flags a baseline that did not send cms-json’s bytes', () => {
    const differs = { ...cell('deno', 'item', 30, 10), check: { ...same, body: false } };
    const row = renderRuntimes({ ...results, cells: [differs], unavailable: [] }).find((line) => line.startsWith('| Deno'));
    expect(row).toContain('**no**: body');
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
