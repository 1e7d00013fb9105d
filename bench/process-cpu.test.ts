import { describe, expect, it } from 'vitest';
import { cpuBetween, pidsMatching, processCpuMicros, sampleCpu, statCpuMicros } from './process-cpu.js';

describe('statCpuMicros', () => {
  it('adds utime and stime, in microseconds', () => {
    expect(statCpuMicros('42 (node) S 1 2 3 4 5 6 7 8 9 10 250 50 0 0 20 0')).toBe(3_000_000);
  });

  it('counts fields after the last parenthesis of a command name with spaces and parentheses', () => {
    expect(statCpuMicros('7 (php-fpm: pool (x) y) R 1 2 3 4 5 6 7 8 9 10 1 2 0 0')).toBe(30_000);
  });

  it('rejects a line that is not a stat line', () => {
    expect(() => statCpuMicros('garbage')).toThrow(/Not a \/proc stat line/);
    expect(() => statCpuMicros('1 (x) S 1 2')).toThrow(/No utime\/stime/);
  });
});

describe('process samples', () => {
  it('reads this process, and nothing for a pid that does not exist', () => {
    expect(processCpuMicros(process.pid)).toBeGreaterThan(0);
    expect(processCpuMicros(2 ** 30)).toBeUndefined();
  });

  it('counts a process started between samples whole and leaves out one that exited', () => {
    const before = {
      byPid: new Map([
        [1, 100],
        [2, 500],
      ]),
    };
    const after = {
      byPid: new Map([
        [1, 300],
        [3, 50],
      ]),
    };
    expect(cpuBetween(before, after)).toBe(250);
  });

  it('sees CPU spent between two samples of this process', () => {
    const before = sampleCpu([process.pid]);
    const until = performance.now() + 50;
    let spin = 0;
    while (performance.now() < until) spin++;
    expect(spin).toBeGreaterThan(0);
    expect(cpuBetween(before, sampleCpu([process.pid]))).toBeGreaterThan(0);
  });

  it('finds no process for a pattern nothing matches', () => {
    expect(pidsMatching('no-such-process-name-[x]yz')).toEqual([]);
  });
});
