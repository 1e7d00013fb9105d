/**
 * A term's name as WordPress stores it. Its slug is content's `sanitizeTitle`, the same
 * `sanitize_title` posts use.
 *
 * @module
 */

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
