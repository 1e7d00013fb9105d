/**
 * Escaping for the example site's pages: every value the site did not render itself is
 * written as text. Titles come from the REST answers' `rendered` (HTML: entities, the
 * filters' typography, and whatever markup an administrator put there); the pages show them
 * as text, tags stripped and the rest escaped, entities kept, so no title can open an
 * element, end the `<title>` or carry an attribute. A record's `content.rendered` is the one
 * value shown as HTML, as WordPress shows it.
 *
 * @module
 */
import { escapeAttribute, phpStripTags } from '@cms-json/content';

/**
 * Text for HTML content and double- or single-quoted attributes: `&`, `<`, `>`, `"`, `'`.
 *
 * @example
 * escapeHtml('"><img src=x>'); // '&quot;&gt;&lt;img src=x&gt;'
 */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * A `rendered` value (HTML) as text: its tags (and comments) removed, every `<`, `>`, `"`
 * and `'` left escaped, and an `&` that starts no entity escaped; entities are kept
 * (`Tom &amp; Jerry` shows as `Tom & Jerry`).
 *
 * @example
 * renderedAsText('<script>alert(1)</script> &amp; more'); // 'alert(1) &amp; more'
 */
export function renderedAsText(html: string): string {
  return escapeAttribute(phpStripTags(html));
}
