/**
 * HTML escaping for the pages the server writes (the discovery link, the RSD document) and
 * plugins' pages.
 *
 * @module
 */

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Escapes text for HTML content and double- or single-quoted attributes.
 *
 * @example
 * ```ts
 * escapeHtml('<a href="x">Tom & Jerry</a>'); // '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&lt;/a&gt;'
 * ```
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch] as string);
}
