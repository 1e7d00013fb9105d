/**
 * WordPress's `wp_rel_ugc`, the `pre_comment_content` filter every comment write runs for
 * every caller (administrators too), after kses: each `<a …>` tag gets `rel="nofollow ugc"`,
 * merged into a `rel` it has already; a link to the site's own host keeps its tag as written.
 * As the original it works on the text, not on a parsed tree: the tag is `<a ` up to the
 * first `>`, and only a tag with a `rel` is written again from its attributes.
 *
 * @module
 */

/** An attribute of a tag, as `wp_kses_hair` reads it: valueless (`download`) or with a value. */
interface TagAttribute {
  readonly name: string;
  readonly value: string;
  readonly valueless: boolean;
}

/** `name="value"`, `name='value'`, `name=value` or a bare `name`, as `wp_kses_hair`. */
const ATTRIBUTE = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"']+)))?/g;

/** A tag's attributes, names lower-cased; a repeated name keeps its first value. */
function tagAttributes(text: string): Map<string, TagAttribute> {
  const found = new Map<string, TagAttribute>();
  for (const match of text.matchAll(ATTRIBUTE)) {
    const name = (match[1] ?? '').toLowerCase();
    if (name === '' || found.has(name)) continue;
    const value = match[2] ?? match[3] ?? match[4];
    found.set(name, { name, value: value ?? '', valueless: value === undefined });
  }
  return found;
}

/** `esc_attr`: `&` (unless it starts an entity), `<`, `>`, `"` and `'` as entities. */
function escapeAttribute(value: string): string {
  return value
    .replace(/&(?!(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');
}

/** The host of an `http(s)` URL, lower-cased; undefined for other schemes or no URL. */
function webHost(url: string): string | undefined {
  const match = /^(https?):\/\/([^/?#:]*)/i.exec(url.trim());
  return match?.[2]?.toLowerCase();
}

/** One `<a …>` tag as `wp_rel_callback` writes it. */
function relTag(text: string, rel: string, homeHost: string | undefined): string {
  const attributes = tagAttributes(text);
  const href = attributes.get('href');
  if (href !== undefined && href.value !== '' && homeHost !== undefined && webHost(href.value) === homeHost) {
    return `<a ${text}>`;
  }
  const existing = attributes.get('rel');
  if (existing === undefined) return `<a ${text} rel="${escapeAttribute(rel)}">`;
  const parts = [...new Set([...existing.value.split(' '), ...rel.split(' ')].map((part) => part.trim()))];
  attributes.delete('rel');
  const kept = [...attributes.values()].map((attribute) =>
    attribute.valueless ? attribute.name : `${attribute.name}="${escapeAttribute(attribute.value)}"`,
  );
  return `<a ${kept.join(' ')} rel="${escapeAttribute(parts.join(' '))}">`;
}

/**
 * A comment's HTML with every link marked `rel="nofollow ugc"` (`wp_rel_ugc`); links to
 * `siteUrl`'s host are left as they are.
 *
 * @example
 * relUgc('<a href="https://x.test/" rel="me">x</a>', 'https://example.com'); // '<a href="https://x.test/" rel="me nofollow ugc">x</a>'
 */
export function relUgc(html: string, siteUrl: string): string {
  const homeHost = webHost(siteUrl);
  return html.replace(/<a (.+?)>/gi, (_whole, text: string) => relTag(text, 'nofollow ugc', homeHost));
}
