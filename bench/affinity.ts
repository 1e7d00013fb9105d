/**
 * CPU pinning on Linux (with `taskset`): the load generator on CPU 0, every server child on
 * the other CPUs, so the two never take turns on one core. Elsewhere, or on one CPU,
 * nothing is pinned.
 *
 * @module
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';

const TASKSET = ['/usr/bin/taskset', '/bin/taskset'].find((path) => existsSync(path));
const CPUS = cpus().length;

/** Whether pinning is in effect. */
export const pinned = process.platform === 'linux' && TASKSET !== undefined && CPUS >= 2;

/** Pins this process (the load generator) to CPU 0. */
export function pinLoadGenerator(): void {
  if (!pinned || TASKSET === undefined) return;
  try {
    execFileSync(TASKSET, ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });
  } catch {
    // Not allowed here: run unpinned.
  }
}

/** The command and arguments that start `args` on the server CPUs. */
export function onServerCpus(command: string, args: readonly string[]): [string, string[]] {
  if (!pinned || TASKSET === undefined) return [command, [...args]];
  return [TASKSET, ['-c', `1-${CPUS - 1}`, command, ...args]];
}

/** A description for the report. */
export function affinityNote(): string {
  return pinned ? `load generator pinned to CPU 0, servers to CPU${CPUS > 2 ? `s 1-${CPUS - 1}` : ' 1'}` : 'no CPU pinning';
}

/**
 * Moves a running process, every thread of it, onto the server CPUs (a runtime host started
 * by another package, which could not start it through {@link onServerCpus}). Threads it starts
 * later inherit the mask. Does nothing when pinning is off or not allowed.
 */
export function pinToServerCpus(pid: number): void {
  if (!pinned || TASKSET === undefined) return;
  try {
    execFileSync(TASKSET, ['-a', '-p', '-c', `1-${CPUS - 1}`, String(pid)], { stdio: 'ignore' });
  } catch {
    // Not allowed here, or the process is gone: the run says so in its CPU figures, not here.
  }
}
