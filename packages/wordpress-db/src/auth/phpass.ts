/**
 * WordPress 6.1's password hashing (`wp_hash_password`): phpass portable hashes, `$P$B` and a
 * random 8-character salt, 2^13 = 8192 rounds of MD5, so WordPress's own PHP logs in a user
 * (or checks an application password) whose hash this project wrote. Checking every kind of
 * WordPress hash is content's `verifyWordPressHash`; both use content's phpass core
 * (`phpassCrypt`).
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import { phpassCrypt, phpassEncode64 } from '@cms-json/content';

/** `new PasswordHash( 8, true )`: log2 of the rounds is 8 + 5 = 13, written as `B`. */
const SETTING = '$P$B';

/** PHP's `trim()`: spaces, tabs, newlines, NUL and vertical tabs at both ends. */
function phpTrim(text: string): string {
  const trimmed = (char: string | undefined) => char !== undefined && PHP_TRIMMED.has(char);
  let start = 0;
  let end = text.length;
  while (start < end && trimmed(text[start])) start += 1;
  while (end > start && trimmed(text[end - 1])) end -= 1;
  return text.slice(start, end);
}

/** The characters PHP's `trim()` takes away. */
const PHP_TRIMMED: ReadonlySet<string> = new Set([' ', '\t', '\n', '\r', '\0', '\v']);

/**
 * The phpass portable hash of a password with a given 8-character salt (`crypt_private`).
 *
 * @example
 * phpassHash('secret', 'abcdefgh'); // '$P$Babcdefgh…' (34 characters)
 */
export function phpassHash(password: string, salt: string): string {
  if (!/^[./0-9A-Za-z]{8}$/.test(salt)) throw new Error('phpassHash: the salt is 8 characters of ./0-9A-Za-z.');
  const hash = phpassCrypt(password, `${SETTING}${salt}`);
  if (hash === undefined) throw new Error('phpassHash: the round count is out of range.');
  return hash;
}

/**
 * Hashes a password as WordPress 6.1's `wp_hash_password` does: the password trimmed (PHP's
 * `trim`), a random salt, a `$P$B…` hash of 34 characters.
 *
 * @example
 * const hash = hashWordPressPassword('correct horse'); // '$P$B…'
 * await verifyWordPressHash('correct horse', hash); // true (content's check)
 */
export function hashWordPressPassword(password: string): string {
  return phpassHash(phpTrim(password), phpassEncode64(randomBytes(6), 6));
}
