/**
 * Login passwords: hashed with scrypt and a random salt, compared in constant time.
 *
 * @module
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/** log2 of the scrypt cost N used for new hashes (N = 32768: about 50–100 ms a hash). */
const LOG_N = 15;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** Highest cost accepted from a stored hash, so a tampered row cannot stall the process. */
const MAX_LOG_N = 20;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** logN, r, p, maxmem: 256 * 2 ** logN * r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/**
 * Hashes a password with scrypt and a random salt. The result is self-describing,
 * `$scrypt$ln=15,r=8,p=1$<salt>$<hash>` (base64, no padding), so the cost can rise later
 * without breaking stored hashes.
 *
 * @example
 * const hash = await hashPassword('correct horse battery staple');
 * await verifyPassword('correct horse battery staple', hash); // true
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, LOG_N, BLOCK_SIZE, PARALLELISM);
  return `$scrypt$ln=${LOG_N},r=${BLOCK_SIZE},p=${PARALLELISM}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

const FORMAT = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

/**
 * Checks a password against a hash from {@link hashPassword}, in constant time. A malformed
 * hash never matches.
 *
 * @example
 * await verifyPassword('wrong', hash); // false
 */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const match = FORMAT.exec(hash);
  if (!match) return false;
  const [, logN, r, p, salt, expected] = match.map(String);
  const cost = Number(logN);
  if (cost < 1 || cost > MAX_LOG_N || Number(r) < 1 || Number(p) < 1) return false;
  const expectedKey = Buffer.from(expected ?? '', 'base64url');
  if (expectedKey.length !== KEY_LENGTH) return false;
  const key = await derive(password, Buffer.from(salt ?? '', 'base64url'), cost, Number(r), Number(p));
  return timingSafeEqual(key, expectedKey);
}
