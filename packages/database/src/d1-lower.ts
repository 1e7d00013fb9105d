/**
 * `lower()` for D1, which runs no user functions: SQLite's `lower()` folds ASCII letters only
 * (`'ÉCOLE'` → `'École'`), so the accented letters of the Latin alphabets of Western and
 * Central Europe are folded by SQL `replace()` after it, and only for values that hold a
 * non-ASCII character at all.
 *
 * D1 refuses an expression tree deeper than 100 (`Expression tree is too large`), and each
 * `replace()` is one level, so the list is bounded ({@link D1_FOLDED_LETTERS}, leaving room for
 * the `like`, `and` and `or` around it): ASCII, Latin-1 (`À`–`Þ`: French, German, Spanish,
 * Portuguese, Nordic, …), and the Latin Extended-A letters of Polish, Czech, Slovak, Hungarian,
 * Romanian, Turkish and Croatian, plus `Œ` and `Ÿ`. Not folded (they compare as written):
 * Greek, Cyrillic and every other script's capitals, the Baltic and other Latin Extended
 * letters, and letters whose lower case is two characters (`İ`). Searches in those compare
 * case-sensitively beyond ASCII on D1 (docs/database.md, "D1 on workerd").
 *
 * @module
 */
import { type Expression, type RawBuilder, sql } from 'kysely';

/** The upper-case letters folded beyond ASCII, each with a one-letter lower case (checked by the tests). */
const FOLDED_UPPER =
  // Latin-1 Supplement, À–Þ without ×.
  'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞ' +
  // Polish, Czech and Slovak, Hungarian, Romanian and Turkish, Croatian; French Œ and Ÿ.
  'ĄĆĘŁŃŚŹŻ' +
  'ČĎĚĹĽŇŘŠŤŮŽ' +
  'ŐŰ' +
  'ĂŞŢĞ' +
  'Đ' +
  'ŒŸ';

/** Each folded upper-case letter with its lower case. */
const FOLDED_PAIRS: readonly (readonly [string, string])[] = [...FOLDED_UPPER].map((upper) => [upper, upper.toLowerCase()]);

/** The `replace(…)` chain around the ASCII-folded value, built once: letters only, no quote to escape. */
const FOLD_CHAIN = {
  open: 'replace('.repeat(FOLDED_PAIRS.length),
  close: FOLDED_PAIRS.map(([upper, lower]) => `, '${upper}', '${lower}')`).join(''),
};

/**
 * `lower(expression)` that folds the letters listed in the module's note on D1: SQLite's
 * `lower()` for ASCII, then a `replace()` per folded letter when the value is not all ASCII
 * (its length in characters differs from its length in bytes).
 *
 * @example
 * db.selectFrom('notes').where(sql`${d1LowerText(sql.ref('title'))} like ${pattern.toLowerCase()}`);
 */
export function d1LowerText(expression: RawBuilder<unknown> | Expression<unknown>): RawBuilder<string> {
  const lowered = sql`lower(${expression})`;
  return sql<string>`(case when length(${expression}) = length(cast(${expression} as blob)) then ${lowered} else ${sql.raw(FOLD_CHAIN.open)}${lowered}${sql.raw(FOLD_CHAIN.close)} end)`;
}

/**
 * How many upper-case letters {@link d1LowerText} folds beyond ASCII (for the docs and tests).
 *
 * @example
 * D1_FOLDED_LETTERS; // 58
 */
export const D1_FOLDED_LETTERS: number = FOLDED_PAIRS.length;
