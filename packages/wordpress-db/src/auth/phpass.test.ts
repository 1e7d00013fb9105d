import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { verifyWordPressHash } from '@cms-json/content';
import { describe, expect, it } from 'vitest';
import { hashWordPressPassword, phpassHash } from './phpass.js';

const PHPASS_PHP = '/usr/share/wordpress/wp-includes/class-phpass.php';

/** Whether WordPress's own PHP (class-phpass.php) accepts a password for a hash; undefined without PHP. */
function wordpressChecks(password: string, hash: string): boolean | undefined {
  if (!existsSync(PHPASS_PHP)) return undefined;
  try {
    const code = `require '${PHPASS_PHP}'; $h = new PasswordHash(8, true); echo $h->CheckPassword($argv[1], $argv[2]) ? 'yes' : 'no';`;
    return execFileSync('php', ['-r', code, password, hash], { encoding: 'utf8' }) === 'yes';
  } catch {
    return undefined;
  }
}

describe('phpass hashing as wp_hash_password', () => {
  it('writes a $P$B hash of 34 characters that verifies, and fails a wrong password', async () => {
    const hash = hashWordPressPassword('correct horse');
    expect(hash).toMatch(/^\$P\$B[./0-9A-Za-z]{30}$/);
    expect(await verifyWordPressHash('correct horse', hash)).toBe(true);
    expect(await verifyWordPressHash('correct hors', hash)).toBe(false);
    expect(hashWordPressPassword('correct horse')).not.toBe(hash);
  });

  it("gives the hash WordPress's PHP gave for a known password and salt (recorded pair)", async () => {
    // The fixture's application password of admin, hashed by WordPress 6.1 itself.
    expect(await verifyWordPressHash('oracleadminapppassword01', '$P$B93A7l4l0jBKHNxUB7dky.au259mzo.')).toBe(true);
    expect(phpassHash('oracleadminapppassword01', '93A7l4l0')).toBe('$P$B93A7l4l0jBKHNxUB7dky.au259mzo.');
  });

  it('trims the password as WordPress 6.1 does before hashing', async () => {
    const hash = hashWordPressPassword('  spaced out \n');
    expect(await verifyWordPressHash('spaced out', hash)).toBe(true);
  });

  it("writes hashes WordPress's own PHP accepts (when PHP and WordPress are installed)", () => {
    const hash = hashWordPressPassword('pässwörd with ünïcode');
    const checked = wordpressChecks('pässwörd with ünïcode', hash);
    if (checked === undefined) return;
    expect(checked).toBe(true);
    expect(wordpressChecks('another', hash)).toBe(false);
  });

  it('refuses a malformed salt', () => {
    expect(() => phpassHash('x', 'short')).toThrow(/salt/);
  });
});
