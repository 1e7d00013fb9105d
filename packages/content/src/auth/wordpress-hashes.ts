/**
 * WordPress's own login-password hashes, so users brought over from a WordPress site keep
 * their passwords: phpass portable hashes (`$P$…`, WordPress up to 6.7; `$H$…`), WordPress
 * 6.8's bcrypt of a SHA-384 HMAC (`$wp$2y$…`), plain bcrypt (`$2y$…`, from plugins) and the
 * oldest unsalted MD5 (32 hex digits). The store checks them at login and replaces them with
 * its own scrypt hash on the first success.
 *
 * @module
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import bcrypt from 'bcryptjs';

const ITOA64 = './0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const PHPASS = /^\$[PH]\$[./0-9A-Za-z]{31}$/;
const WP_BCRYPT = /^\$wp\$2[aby]\$\d\d\$[./0-9A-Za-z]{53}$/;
const BCRYPT = /^\$2[aby]\$\d\d\$[./0-9A-Za-z]{53}$/;
const MD5 = /^[a-f0-9]{32}$/i;
/** phpass refuses longer passwords (its `CheckPassword`), and so do we: hashing them costs. */
const MAX_PASSWORD_BYTES = 4096;

/**
 * Whether a stored hash is one of WordPress's (see the module's description).
 *
 * @example
 * isWordPressHash('$P$BvVvCh0Pd2Ai0dGJo0uEd3j0kqCSk6/'); // true
 */
export function isWordPressHash(hash: string): boolean {
  return PHPASS.test(hash) || WP_BCRYPT.test(hash) || BCRYPT.test(hash) || MD5.test(hash);
}

/** phpass's own base64 of a digest. */
function encode64(input: Buffer, count: number): string {
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

/** phpass's `crypt_private`: MD5 iterated 2^n times over salt and password. */
function phpass(password: Buffer, setting: string): string | undefined {
  const countLog2 = ITOA64.indexOf(setting.charAt(3));
  if (countLog2 < 7 || countLog2 > 30) return undefined;
  const salt = setting.slice(4, 12);
  let hash = createHash('md5').update(salt).update(password).digest();
  for (let count = 2 ** countLog2; count > 0; count -= 1) hash = createHash('md5').update(hash).update(password).digest();
  return setting.slice(0, 12) + encode64(hash, 16);
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Checks a password against a WordPress hash, as WordPress's `wp_check_password` does. A
 * hash of another kind never matches.
 *
 * @example
 * await verifyWordPressHash('secret', '$wp$2y$10$…'); // true or false
 */
export async function verifyWordPressHash(password: string, hash: string): Promise<boolean> {
  const bytes = Buffer.from(password, 'utf8');
  if (bytes.length > MAX_PASSWORD_BYTES) return false;
  if (PHPASS.test(hash)) {
    const computed = phpass(bytes, hash);
    return computed !== undefined && sameText(computed, hash);
  }
  if (WP_BCRYPT.test(hash)) {
    const prehash = createHmac('sha384', 'wp-sha384').update(bytes).digest('base64');
    return bcrypt.compare(prehash, hash.slice(3));
  }
  if (BCRYPT.test(hash)) return bcrypt.compare(password, hash);
  if (MD5.test(hash)) return sameText(createHash('md5').update(bytes).digest('hex'), hash.toLowerCase());
  return false;
}
