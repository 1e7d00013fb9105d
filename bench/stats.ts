/**
 * Small statistics over the rounds of a case.
 *
 * @module
 */
import type { LoadResult } from './load.js';

/** The median of a non-empty list (the mean of the middle two for an even length). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * How much less CPU per request `a` needs than `b`, from rounds run side by side: the median
 * of `b[i] / a[i]`. Pairing each round with its neighbour cancels most of a shared machine's
 * slow and fast spells, which the ratio of two medians keeps.
 */
export function pairedRatio(a: readonly number[], b: readonly number[]): number {
  const ratios: number[] = [];
  for (let i = 0; i < Math.min(a.length, b.length); i++) ratios.push((b[i] as number) / (a[i] as number));
  return median(ratios);
}

/** The medians of a server's rounds in one case. */
export interface Summary {
  rps: number;
  p50: number;
  p99: number;
  /** Server CPU time per request, in microseconds. */
  cpuPerRequest: number;
  /** The same, round by round (for ratios paired by round). */
  cpuRounds: number[];
  requests: number;
  failures: number;
  rounds: number;
}

/** Summarises the rounds of one server in one case. */
export function summarize(runs: readonly LoadResult[]): Summary {
  return {
    rps: median(runs.map((run) => run.rps)),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    cpuPerRequest: median(runs.map((run) => run.cpuPerRequest)),
    cpuRounds: runs.map((run) => run.cpuPerRequest),
    requests: runs.reduce((sum, run) => sum + run.requests, 0),
    failures: runs.reduce((sum, run) => sum + run.failures, 0),
    rounds: runs.length,
  };
}
