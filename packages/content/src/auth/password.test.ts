import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../index.js';

describe('hashPassword / verifyPassword', () => {
  it('produces a self-describing salted hash that never equals the input', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).not.toContain('correct horse');
    expect(hash).toMatch(/^\$scrypt\$ln=15,r=8,p=1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await hashPassword('correct horse')).not.toBe(hash);
  });

  it('accepts the right password and rejects wrong ones', async () => {
    const hash = await hashPassword('correct horse');
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('treats composed and decomposed Unicode the same', async () => {
    const hash = await hashPassword('caf\u00e9');
    expect(await verifyPassword('cafe\u0301', hash)).toBe(true);
  });

  it('never matches a malformed or tampered hash', async () => {
    const hash = await hashPassword('pw');
    for (const bad of [
      '',
      'pw',
      '$scrypt$',
      hash.replace('ln=15', 'ln=40'),
      hash.replace('ln=15', 'ln=0'),
      hash.slice(0, -4),
      `${hash}x!`,
    ]) {
      expect(await verifyPassword('pw', bad), bad).toBe(false);
    }
  });
});
