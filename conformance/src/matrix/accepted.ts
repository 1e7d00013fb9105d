/**
 * The permission matrix's accepted differences: cells where cms-json knowingly answers
 * otherwise than the original, each with its reason. An accepted difference may only be
 * stricter (fewer records shown, a refusal where the original answered): the test fails on a
 * looser one even when it is listed, and on an entry that no longer occurs.
 *
 * @module
 */
import { matchesPattern } from '../accepted.js';
import type { CellDifference, CellPart } from './compare.js';

/** One accepted difference of the matrix. */
export interface AcceptedCellDifference {
  /** The cell, as `cellId` spells it (`contributor · view · post · draft-by-author`); `*` and `{a,b}` as in `accepted.ts`. */
  readonly cell: string;
  /** The part that differs. */
  readonly part: CellPart | '*';
  /** Why cms-json answers otherwise. */
  readonly reason: string;
}

/** The list. Keep it short and narrow. */
export const MATRIX_ACCEPTED: readonly AcceptedCellDifference[] = [
  {
    cell: '{anonymous,subscriber,contributor,author,author2} · list context=edit status=any · * · *',
    part: '*',
    reason:
      "Both refuse. The original checks the arguments first (400 rest_invalid_param, detail rest_forbidden_status, for `any` without the type's edit_posts); cms-json runs the permission step first, so the edit context's own refusal (401/403 rest_forbidden_context) answers, with the route's Allow header.",
  },
];

/** The entry that accepts a difference of a cell, if any; a looser difference is never accepted. */
export function acceptedCell(
  cell: string,
  difference: CellDifference,
  list: readonly AcceptedCellDifference[] = MATRIX_ACCEPTED,
): AcceptedCellDifference | undefined {
  if (!difference.stricter) return undefined;
  return list.find((entry) => matchesPattern(entry.cell, cell) && (entry.part === '*' || entry.part === difference.part));
}
