/**
 * The core of phpass's portable hashes (`$P$…`, `$H$…`), the hashes WordPress up to 6.7
 * writes: its own base64 (`encode64`) and `crypt_private`, MD5 iterated 2^n times over the
 * salt and the password. Checking a hash (`verifyWordPressHash`) and writing one (the
 * WordPress storage's `wp_hash_password`) both use it.
 *
 * @module
 */
import { createHash } from 'node:crypto';

/** phpass's alphabet: index 0 is `.`, 63 is `z`; the setting's fourth character is log2 of the rounds. */
const ITOA64 = './0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * phpass's own base64 (`encode64`) of the first `count` bytes: little-endian groups of 6 bits.
 * Also makes a salt from random bytes (`gensalt_private`: 6 bytes give 8 characters).
 *
 * @example
 * phpassEncode64(randomBytes(6), 6); // 8 characters of ./0-9A-Za-z
 */
export function phpassEncode64(input: Uint8Array, count: number): string {
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

/**
 * phpass's `crypt_private`: the portable hash of a password for a setting (a hash's first 12
 * characters: `$P$`, the log2-of-rounds character, 8 of salt). `undefined` when the setting's
 * round count is outside phpass's 7–30.
 *
 * @example
 * phpassCrypt('secret', '$P$Babcdefgh'); // '$P$Babcdefgh…' (34 characters)
 * phpassCrypt('secret', storedHash) === storedHash; // the password matches
 */
export function phpassCrypt(password: string | Uint8Array, setting: string): string | undefined {
  const countLog2 = ITOA64.indexOf(setting.charAt(3));
  if (countLog2 < 7 || countLog2 > 30) return undefined;
  const secret = typeof password === 'string' ? Buffer.from(password, 'utf8') : password;
  const salt = setting.slice(4, 12);
  let hash = createHash('md5').update(salt).update(secret).digest();
  for (let count = 2 ** countLog2; count > 0; count -= 1) hash = createHash('md5').update(hash).update(secret).digest();
  return setting.slice(0, 12) + phpassEncode64(hash, 16);
}
