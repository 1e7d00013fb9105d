/**
 * Entity tags: the weak `ETag` of an answer, and the weak comparison of `If-None-Match` and
 * `If-Match` lists (RFC 9110 §8.8.3, §13.1.1–§13.1.2).
 *
 * A tag is `W/"<scope>.<hash>"`: the scope is the caller (`0` for an anonymous caller, else
 * the user's id), so two callers never share a tag; the hash is a 64-bit non-cryptographic
 * hash of the body text as sent. It is weak because the same body may be sent with other
 * headers (and in another encoding by a proxy); what it promises is "the same JSON".
 *
 * @module
 */

const HEX = '0123456789abcdef';

function hex32(value: number): string {
  let out = '';
  for (let shift = 28; shift >= 0; shift -= 4) out += HEX[(value >>> shift) & 15];
  return out;
}

/**
 * A 64-bit hash of a text, as 16 hex digits: two 32-bit multiplicative lanes over the UTF-16
 * code units (two units a step), mixed at the end (the `cyrb53` construction, both lanes
 * kept). The body's bytes are its UTF-8 encoding, a function of these units, so hashing the
 * units hashes the bytes without encoding them. Not for secrets: it only tells bodies apart.
 *
 * @example
 * ```ts
 * hashText('{"id":1}'); // '…16 hex digits…'
 * ```
 */
export function hashText(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  const length = text.length;
  const even = length & ~1;
  let i = 0;
  for (; i < even; i += 2) {
    const unit = text.charCodeAt(i) | (text.charCodeAt(i + 1) << 16);
    h1 = Math.imul(h1 ^ unit, 2654435761);
    h2 = Math.imul(h2 ^ unit, 1597334677);
  }
  if (i < length) {
    const unit = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ unit, 2654435761);
    h2 = Math.imul(h2 ^ unit, 1597334677);
  }
  // The length, so that a trailing NUL unit is not the same as none.
  h1 = Math.imul(h1 ^ length, 2654435761);
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return hex32(h2 >>> 0) + hex32(h1 >>> 0);
}

/**
 * The weak entity tag of a body sent to a caller: `W/"<user id or 0>.<hash>"`.
 *
 * @example
 * ```ts
 * entityTag('[]', { userId: 0 }); // 'W/"0.…"'
 * ```
 */
export function entityTag(body: string, scope: { readonly userId: number }): string {
  return `W/"${scope.userId}.${hashText(body)}"`;
}

/** The opaque part of a tag, without `W/`: what the weak comparison compares. */
function opaque(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}

/**
 * Whether a conditional header's value (`If-None-Match` or `If-Match`: `*`, or a list of
 * tags) matches the current tag, by the weak comparison (`W/"a"` matches `"a"`). A value
 * that does not parse matches nothing but `*`.
 *
 * @example
 * ```ts
 * matchesTag('"x", W/"0.ab"', 'W/"0.ab"'); // true
 * matchesTag('*', 'W/"0.ab"'); // true
 * ```
 */
export function matchesTag(header: string, current: string): boolean {
  const value = header.trim();
  if (value === '*') return true;
  const wanted = opaque(current);
  // An entity-tag is `[W/]"…"` with no `"` inside, so a tag list splits at the quotes.
  const tags = value.match(/(?:W\/)?"[^"]*"/g);
  if (tags === null) return false;
  for (const tag of tags) if (opaque(tag) === wanted) return true;
  return false;
}
