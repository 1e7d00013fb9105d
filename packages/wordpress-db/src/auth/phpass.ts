/**
 * WordPress 6.1's password hashing (`wp_hash_password`): phpass portable hashes, `$P$B` and a
 * random 8-character salt, 2^13 = 8192 rounds of MD5, so WordPress's own PHP logs in a user
 * (or checks an application password) whose hash this project wrote. Checking every kind of
 * WordPress hash is content's `verifyWordPressHash`.
 *
 * @module
 */
import { createHash, randomBytes } from 'node:crypto';

const ITOA64 = './0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** `new PasswordHash( 8, true )`: log2 of the rounds is 8 + 5 = 13, written as `B`. */
const COUNT_LOG2 = 13;

/** phpass's own base64 (`encode64`): little-endian groups of 6 bits. */
function encode64(input: Uint8Array, count: number): string {
  let output = '';
  let i = 0;
  do {
    let value = input[i++] ?? 0;
    output += ITOA64[value & 0x3f];
    if (i < count) value |= (input[i] ?? 0) << 8;
    output += ITOA64[(value >> 6) & 0x3f];
    if (i++ >= count) break;
    if (i < count) value |= (input[i] ?? 0) << 16;
    output += ITOA64[(value >> 12) & 0x3f];
    if (i++ >= count) break;
    output += ITOA64[(value >> 18) & 0x3f];
  } while (i < count);
  return output;
}

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
  const secret = Buffer.from(password, 'utf8');
  let hash = createHash('md5').update(salt).update(secret).digest();
  for (let count = 2 ** COUNT_LOG2; count > 0; count -= 1) hash = createHash('md5').update(hash).update(secret).digest();
  return `$P$${ITOA64[COUNT_LOG2]}${salt}${encode64(hash, 16)}`;
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
  return phpassHash(phpTrim(password), encode64(randomBytes(6), 6));
}
