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

/** Each byte's two hex digits: a tag's hex from four lookups (`toString(16)` cost 8x as much). */
const BYTE_HEX: readonly string[] = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** An unsigned 32-bit value as eight hex digits. */
function hex32(value: number): string {
  return (
    (BYTE_HEX[value >>> 24] as string) +
    (BYTE_HEX[(value >>> 16) & 255] as string) +
    (BYTE_HEX[(value >>> 8) & 255] as string) +
    (BYTE_HEX[value & 255] as string)
  );
}

/** Bytes encoded and hashed at a time: a fixed size, so a text always splits the same way. */
const CHUNK = 16_384;
const encoder = new TextEncoder();
// One buffer for every hash (hashing is synchronous), 4 bytes longer than a chunk so the
// last word of a chunk can be padded with zeros; read as 32-bit words in the platform's order.
const buffer = new ArrayBuffer(CHUNK + 4);
const bytes = new Uint8Array(buffer);
const target = bytes.subarray(0, CHUNK);
const words = new Int32Array(buffer);

/**
 * A 64-bit hash of a text's UTF-8 bytes, as 16 hex digits: two 32-bit multiplicative lanes
 * over the bytes as 32-bit words, mixed at the end (the `cyrb53` construction, both lanes
 * kept). The text is encoded in chunks into one buffer (`TextEncoder.encodeInto`, native
 * and fast on any string), so hashing allocates nothing and works on every runtime. Not
 * for secrets: it only tells bodies apart. Words are read in the platform's byte order, so
 * the same text hashes the same on every little-endian machine (all usual ones).
 *
 * @example
 * ```ts
 * hashText('{"id":1}'); // '…16 hex digits…'
 * ```
 */
export function hashText(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  let offset = 0;
  let total = 0;
  let read = 0;
  // Bounded: each pass encodes at least one character (a chunk holds any character).
  do {
    const encoded = encoder.encodeInto(offset === 0 ? text : text.substring(offset), target);
    const written = encoded.written;
    read = encoded.read;
    bytes[written] = 0;
    bytes[written + 1] = 0;
    bytes[written + 2] = 0;
    const count = (written + 3) >>> 2;
    for (let i = 0; i < count; i++) {
      const word = words[i] as number;
      h1 = Math.imul(h1 ^ word, 2654435761);
      h2 = Math.imul(h2 ^ word, 1597334677);
    }
    offset += read;
    total += written;
  } while (offset < text.length && read > 0);
  // The length, so that trailing zero bytes are not the same as none.
  h1 = Math.imul(h1 ^ total, 2654435761);
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
  // The usual revalidation: the tag sent back as it was given.
  if (header === current && current.endsWith('"')) return true;
  const value = header.trim();
  if (value === '*') return true;
  const wanted = opaque(current);
  // An entity-tag is `[W/]"…"` with no `"` inside, so a tag list splits at the quotes.
  const tags = value.match(/(?:W\/)?"[^"]*"/g);
  if (tags === null) return false;
  for (const tag of tags) if (opaque(tag) === wanted) return true;
  return false;
}
