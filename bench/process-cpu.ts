/**
 * The CPU time processes have used, read from `/proc/<pid>/stat` (user + system), so a run
 * can count every process that serves a request — the web server, PHP's workers, the
 * database server — and not only its own.
 *
 * @module
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Clock ticks per second of `/proc/<pid>/stat`'s `utime`/`stime` (`getconf CLK_TCK`: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * Parses one `/proc/<pid>/stat` line into CPU microseconds (utime + stime). The command
 * name between parentheses may hold spaces and parentheses: fields are counted after the
 * last `)`.
 *
 * @example
 * statCpuMicros('42 (php-fpm: pool x) S 1 2 3 4 5 6 7 8 9 10 250 50 0 0') // 3_000_000
 */
export function statCpuMicros(stat: string): number {
  const close = stat.lastIndexOf(')');
  if (close < 0) throw new Error(`Not a /proc stat line: ${stat.slice(0, 60)}`);
  // After ") ": state(3) ppid(4) … utime(14) stime(15): indexes 11 and 12 of the rest.
  const rest = stat
    .slice(close + 2)
    .trim()
    .split(/\s+/);
  const utime = Number(rest[11]);
  const stime = Number(rest[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new Error(`No utime/stime in: ${stat.slice(0, 60)}`);
  return ((utime + stime) * 1_000_000) / TICKS_PER_SECOND;
}

/** CPU microseconds one process has used, or `undefined` when it has exited. */
export function processCpuMicros(pid: number): number | undefined {
  try {
    return statCpuMicros(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ESRCH') return undefined;
    throw error;
  }
}

/** The pids whose command line matches `pattern` (`pgrep -f`), this process excluded. */
export function pidsMatching(pattern: string): number[] {
  try {
    return execFileSync('pgrep', ['-f', pattern], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map(Number)
      .filter((pid) => pid !== process.pid);
  } catch {
    // pgrep exits 1 when nothing matches.
    return [];
  }
}

/** A CPU reading of a set of processes. */
export interface CpuSample {
  /** CPU microseconds per pid, at the time of the sample. */
  readonly byPid: ReadonlyMap<number, number>;
}

/** Reads the CPU of every pid in `pids` (exited ones are left out). */
export function sampleCpu(pids: readonly number[]): CpuSample {
  const byPid = new Map<number, number>();
  for (const pid of pids) {
    const micros = processCpuMicros(pid);
    if (micros !== undefined) byPid.set(pid, micros);
  }
  return { byPid };
}

/**
 * The CPU microseconds used between two samples: per pid present in both, the difference;
 * a pid only in `after` (started during the run) counts whole.
 */
export function cpuBetween(before: CpuSample, after: CpuSample): number {
  let total = 0;
  for (const [pid, micros] of after.byPid) total += micros - (before.byPid.get(pid) ?? 0);
  return total;
}
