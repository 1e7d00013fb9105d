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
import { phpassCrypt } from './phpass.js';

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
    const computed = phpassCrypt(bytes, hash);
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
