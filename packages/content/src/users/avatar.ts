/**
 * Avatar URLs of a user, by size (24, 48, 96), from the email's hash, as the original's
 * `get_avatar_url` builds them.
 *
 * @module
 */
import { createHash } from 'node:crypto';

/**
 * The avatar sizes the user record lists, as WordPress's `rest_get_avatar_sizes`.
 *
 * @example
 * AVATAR_SIZES; // ['24', '48', '96']
 */
export const AVATAR_SIZES = ['24', '48', '96'] as const;

/**
 * Avatar URLs keyed by size.
 *
 * @example
 * const urls: AvatarUrls = avatarUrls('jane@example.com');
 */
export type AvatarUrls = Record<(typeof AVATAR_SIZES)[number], string>;

/**
 * Gravatar URLs for an email, one per size: the MD5 of the trimmed lower-case address, with
 * the "mystery person" fallback and the `g` rating, as WordPress builds them: on an https
 * site from `secure.gravatar.com`, on a plain http one from `http://{0,1,2}.gravatar.com`
 * (the hash's first digit modulo 3).
 *
 * @example
 * avatarUrls('Jane@Example.com')['24']; // 'https://secure.gravatar.com/avatar/…?s=24&d=mm&r=g'
 * avatarUrls('Jane@Example.com', { secure: false })['24']; // 'http://2.gravatar.com/avatar/…?s=24&d=mm&r=g'
 */
export function avatarUrls(email: string, options: { secure?: boolean } = {}): AvatarUrls {
  const hash = emailHash(email);
  const host =
    (options.secure ?? true) ? 'https://secure.gravatar.com' : `http://${Number.parseInt(hash.charAt(0), 16) % 3}.gravatar.com`;
  const url = (size: string) => `${host}/avatar/${hash}?s=${size}&d=mm&r=g`;
  return { '24': url('24'), '48': url('48'), '96': url('96') };
}

/** Hashes of the emails met last (the authors of a site's pages come back on every request). */
const hashes = new Map<string, string>();
const HASHES_KEPT = 1000;

/** The MD5 of the trimmed lower-case address, kept for the last {@link HASHES_KEPT} addresses. */
function emailHash(email: string): string {
  let hash = hashes.get(email);
  if (hash === undefined) {
    hash = createHash('md5').update(email.trim().toLowerCase()).digest('hex');
    // The oldest goes first: a Map iterates in insertion order.
    if (hashes.size >= HASHES_KEPT) hashes.delete(hashes.keys().next().value as string);
    hashes.set(email, hash);
  }
  return hash;
}
