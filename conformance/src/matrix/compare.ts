/**
 * Compares a cell's answer on cms-json with the original's, part by part, and says whether a
 * difference is stricter (cms-json shows less or refuses more) or looser (a leak).
 *
 * @module
 */
import type { Cell, CellResult } from './cells.js';

/** The parts of a cell compared. */
export type CellPart = 'status' | 'code' | 'shown' | 'total' | 'unlocked' | 'embedded' | 'parts';

/** One part where cms-json's cell differs from the original's. */
export interface CellDifference {
  readonly part: CellPart;
  readonly expected: unknown;
  readonly actual: unknown;
  /** Whether cms-json is stricter there: it refuses or shows less, never more. */
  readonly stricter: boolean;
}

const PARTS: readonly CellPart[] = ['status', 'code', 'shown', 'total', 'unlocked', 'embedded', 'parts'];

const refused = (status: unknown) => typeof status === 'number' && status >= 400;

function partStatus(part: string): number {
  return Number(part.split(' ')[0]);
}

function isSubset(actual: readonly string[], expected: readonly string[]): boolean {
  const left = [...expected];
  for (const item of actual) {
    const index = left.indexOf(item);
    if (index < 0) return false;
    left.splice(index, 1);
  }
  return true;
}

/** Whether `actual` is stricter than `expected` in `part` (the two differ). */
function stricterIn(part: CellPart, expected: CellResult, actual: CellResult): boolean {
  switch (part) {
    case 'status':
      return refused(actual.status) && (!refused(expected.status) || actual.status !== 200);
    case 'code':
      return refused(actual.status);
    case 'shown':
      return isSubset(actual.shown ?? [], expected.shown ?? []);
    case 'total':
      return (actual.total ?? 0) <= (expected.total ?? 0);
    case 'unlocked':
      if (typeof expected.unlocked === 'boolean' || typeof actual.unlocked === 'boolean') return actual.unlocked !== true;
      return isSubset(actual.unlocked ?? [], expected.unlocked ?? []);
    case 'embedded': {
      // Each embedded link either as the original's, or a refusal where the original embedded a record.
      const want = expected.embedded ?? [];
      const got = actual.embedded ?? [];
      return got.every((item, index) => item === want[index] || item.includes(':!'));
    }
    case 'parts': {
      const want = expected.parts ?? [];
      const got = actual.parts ?? [];
      return got.length === want.length && got.every((item, index) => item === want[index] || partStatus(item) >= 400);
    }
  }
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Every part where cms-json's answer differs from the original's cell.
 *
 * @example
 * compareCell(cell, { status: 200, shown: ['draft-by-admin'] });
 */
export function compareCell(expected: Cell, actual: CellResult): CellDifference[] {
  const out: CellDifference[] = [];
  for (const part of PARTS) {
    // Past the status and code, an error has nothing to compare: the status says it all.
    if (part !== 'status' && part !== 'code' && (refused(expected.status) || refused(actual.status))) continue;
    if (same(expected[part], actual[part])) continue;
    out.push({ part, expected: expected[part], actual: actual[part], stricter: stricterIn(part, expected, actual) });
  }
  return out;
}

/** A difference in words. */
export function describeCellDifference(difference: CellDifference): string {
  const show = (value: unknown) => (value === undefined ? '(none)' : JSON.stringify(value));
  const kind = difference.stricter ? 'stricter' : 'LOOSER';
  return `${difference.part}: ${show(difference.actual)}, the original has ${show(difference.expected)} (${kind})`;
}
