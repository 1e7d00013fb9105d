import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AVATAR_SIZES, avatarUrls } from '../index.js';

describe('avatarUrls', () => {
  it('builds one Gravatar URL per size from the MD5 of the trimmed lower-case email', () => {
    const hash = createHash('md5').update('jane@example.com').digest('hex');
    const urls = avatarUrls('  Jane@Example.COM ');
    expect(Object.keys(urls)).toEqual([...AVATAR_SIZES]);
    expect(urls['48']).toBe(`https://secure.gravatar.com/avatar/${hash}?s=48&d=mm&r=g`);
    expect(urls['24']).toContain('s=24');
    expect(urls['96']).toContain('s=96');
  });

  it('uses the numbered plain-http hosts on a site without https, as WordPress does', () => {
    // md5('author@example.test') starts with "e" (14): 14 % 3 = 2.
    expect(avatarUrls('author@example.test', { secure: false })['24']).toBe(
      'http://2.gravatar.com/avatar/e50227e3e804ac64cedba0c0af3c1994?s=24&d=mm&r=g',
    );
  });
});
