/**
 * A term's slug as WordPress's `sanitize_title` makes it (`wp_insert_term` and
 * `wp_update_term` run every slug through it): accents removed, lowercase, entities and tags
 * dropped, dots and spaces to dashes, everything but letters, digits, `-` and `_` removed, at
 * most 200 characters (the width of `terms.slug`).
 *
 * The content package has the same rule for posts (`posts/slug.ts`), not exported from it;
 * this copy keeps the WordPress storage independent of its internals.
 *
 * @module
 */

/** The width of `terms.slug`. */
const SLUG_MAX = 200;

/** Letters of `remove_accents` that Unicode's decomposition leaves alone. */
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
  Ł: 'L',
  ł: 'l',
  Œ: 'OE',
  œ: 'oe',
  '€': 'E',
  '£': '',
};
const NOT_DECOMPOSED = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'g');

/**
 * The slug of a term name or of a slug a client sent; `''` when nothing is left.
 *
 * @example
 * termSlug('Crème Brûlée'); // 'creme-brulee'
 * termSlug('A.B c'); // 'a-b-c'
 */
export function termSlug(text: string): string {
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
 * A term name as WordPress stores it (`sanitize_term_field` in the `db` context:
 * `sanitize_text_field`, `wp_filter_kses`, `_wp_specialchars`): tags removed, white space
 * made single spaces and trimmed, `&`, `<`, `>` written as entities (an entity already
 * written stays as it is).
 *
 * @example
 * termName('  Salt &  Pepper <b>x</b> '); // 'Salt &amp; Pepper x'
 */
export function termName(name: string): string {
  return name
    .replace(/<[^>]*>/g, '')
    .replace(/[\r\n\t ]+/g, ' ')
    .trim()
    .replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]*|#\d+|#x[0-9a-fA-F]+);)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}
