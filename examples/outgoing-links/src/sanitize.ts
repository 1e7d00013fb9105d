/**
 * The original's sanitizers, for the title, the slug and the link.
 *
 * @module
 */

/**
 * The slug of a title, the way the original's `sanitize_key` makes it: lower case, and only
 * `a-z`, `0-9`, `_` and `-` kept; everything else is dropped.
 *
 * @example
 * ```ts
 * slugOf('PHP Manual'); // 'phpmanual'
 * ```
 */
export function slugOf(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9_-]/g, '');
}

/** A title as the original's `sanitize_text_field` leaves it: no tags, no line breaks, trimmed. */
export function sanitizeTitle(text: string): string {
  return text
    .replace(/<[^>]*>?/g, '')
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

const ALLOWED_SCHEMES = new Set(['http', 'https', 'ftp', 'ftps', 'mailto', 'tel', 'sms', 'xmpp', 'webcal', 'urn', 'news', 'irc']);

/**
 * A link as the original's `sanitize_url` leaves it: trimmed, control characters and spaces
 * dropped, `http://` added when there is no scheme, and `''` for a scheme that is not
 * allowed (`javascript:`, `data:`), which the plugin then reports as a missing URL.
 */
export function sanitizeLink(url: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
  const cleaned = url.trim().replace(/[\u0000-\u001f\u007f\s]+/g, '');
  if (cleaned === '') return '';
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned);
  if (scheme === null) return cleaned.startsWith('/') || cleaned.startsWith('#') ? '' : `http://${cleaned}`;
  return ALLOWED_SCHEMES.has((scheme[1] as string).toLowerCase()) ? cleaned : '';
}
