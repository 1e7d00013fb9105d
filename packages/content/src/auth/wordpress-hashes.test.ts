import { describe, expect, it } from 'vitest';
import { isWordPressHash, verifyWordPressHash } from './wordpress-hashes.js';

// Made by WordPress's own code (class-phpass.php, PHP's password_hash) with PHP 8.2.
const PASSWORD = 'Pässword with spaces ';
const PHPASS = '$P$B65P9hHh5CVkB0HNBTmUIyVM3uJ82L0';
const WP_BCRYPT = '$wp$2y$04$bbgxD/F1tGFgdNNZdm/Vtur6ZMEd0acppJu202jfYqlB0CQeUD5SC';
const BCRYPT = '$2y$04$E1ZaLmtKNWFlr1nFlGgKzeroTXSJx175iqrgkz2xgVX9KvCseMohK';
const MD5 = '228c70bfc5589c58c044e03fff0e17eb';

describe('WordPress password hashes', () => {
  it('recognises phpass, $wp bcrypt, bcrypt and MD5 hashes, and not the project own', () => {
    for (const hash of [PHPASS, WP_BCRYPT, BCRYPT, MD5]) expect(isWordPressHash(hash), hash).toBe(true);
    expect(isWordPressHash('$scrypt$ln=15,r=8,p=1$abc$def')).toBe(false);
    expect(isWordPressHash('$P$short')).toBe(false);
  });

  it('accepts the right password and refuses a wrong one, for each kind', async () => {
    expect(await verifyWordPressHash(PASSWORD, PHPASS)).toBe(true);
    expect(await verifyWordPressHash(PASSWORD.trim(), PHPASS)).toBe(false);
    expect(await verifyWordPressHash(PASSWORD, WP_BCRYPT)).toBe(true);
    expect(await verifyWordPressHash('other', WP_BCRYPT)).toBe(false);
    expect(await verifyWordPressHash('plain-bcrypt', BCRYPT)).toBe(true);
    expect(await verifyWordPressHash('plain-bcrypt ', BCRYPT)).toBe(false);
    expect(await verifyWordPressHash('legacy', MD5)).toBe(true);
    expect(await verifyWordPressHash('Legacy', MD5)).toBe(false);
  });

  it('refuses passwords longer than phpass takes, without hashing them', async () => {
    expect(await verifyWordPressHash('x'.repeat(4097), PHPASS)).toBe(false);
  });
});
