/**
 * Term slugs as WordPress's `sanitize_title` makes them: tags stripped, accents removed,
 * lower case, anything but letters, digits, `_` and `-` dropped, spaces and dashes folded
 * into single dashes.
 *
 * @module
 */

/**
 * The slug of a title.
 *
 * @example
 * sanitizeTitle('Café <b>Society</b>!'); // 'cafe-society'
 */
export function sanitizeTitle(title: string): string {
  return title
    .replace(/<[^>]*>/g, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&[a-z0-9#]+;/g, '')
    .replace(/[\s.]+/g, '-')
    .replace(/[^a-z0-9_-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}
