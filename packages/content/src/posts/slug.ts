/**
 * Slugs as WordPress's `sanitize_title` makes them: accents removed, lowercase, everything but
 * letters, digits, `-` and `_` removed (dots and spaces become dashes), runs of dashes made
 * single, at most 200 characters. Posts and terms (this project's and the WordPress storage's)
 * all make their slugs here.
 *
 * @module
 */

/** The longest slug the `posts.slug` and `terms.slug` columns keep (WordPress's too). */
export const SLUG_MAX = 200;

/**
 * The letters of WordPress's `remove_accents` table (its default locale) that Unicode's
 * decomposition does not turn into theirs: `ł` → `l`, `æ` → `ae`, `þ` → `th`, `€` → `E`, …
 */
const LETTERS: Readonly<Record<string, string>> = {
  Æ: 'AE',
  æ: 'ae',
  Ð: 'D',
  ð: 'd',
  Þ: 'TH',
  þ: 'th',
  ß: 's',
  Ø: 'O',
  ø: 'o',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  ĸ: 'k',
  Ŀ: 'L',
  ŀ: 'l',
  Ł: 'L',
  ł: 'l',
  ŉ: 'n',
  Ŋ: 'N',
  ŋ: 'n',
  Œ: 'OE',
  œ: 'oe',
  Ŧ: 'T',
  ŧ: 't',
  '€': 'E',
  '£': '',
  ɑ: 'a',
};
const NOT_DECOMPOSED = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'g');

/**
 * The slug of a title or of a slug a client sent.
 *
 * @example
 * sanitizeTitle('Crème Brûlée: a recipe!'); // 'creme-brulee-a-recipe'
 */
export function sanitizeTitle(text: string): string {
  return text
    .replace(NOT_DECOMPOSED, (letter) => LETTERS[letter] ?? letter)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/&[a-z0-9#]+;/gi, '')
    .replace(/<[^>]*>/g, '')
    .toLowerCase()
    .replace(/\./g, '-')
    .replace(/[^\p{L}\p{N}_\s-]/gu, '')
    .replace(/[\s-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
}

/**
 * The first of `slug`, `slug-2`, `slug-3` … that `taken` does not hold, cut to fit the column.
 *
 * @example
 * uniqueSlug('hello', new Set(['hello', 'hello-2'])); // 'hello-3'
 */
export function uniqueSlug(slug: string, taken: ReadonlySet<string>): string {
  if (!taken.has(slug)) return slug;
  for (let suffix = 2; ; suffix++) {
    const tail = `-${suffix}`;
    const candidate = `${slug.slice(0, SLUG_MAX - tail.length)}${tail}`;
    if (!taken.has(candidate)) return candidate;
  }
}
