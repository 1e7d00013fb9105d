import { describe, expect, it } from 'vitest';
import { entityTag, hashText, matchesTag } from './etag.js';

describe('entity tags', () => {
  it('hash a text to 16 hex digits, the same every time', () => {
    expect(hashText('{"id":1}')).toMatch(/^[0-9a-f]{16}$/);
    expect(hashText('{"id":1}')).toBe(hashText('{"id":1}'));
  });

  it('keep the tags they gave: a tag outlives the server, so the hash never changes', () => {
    // Pinned: a client or a proxy holds tags across restarts and upgrades.
    expect([hashText(''), hashText('{"id":1}'), hashText('héllo wörld')]).toEqual([
      'ca36d962df09a278',
      '48a06c7961605d1e',
      'c5836cb4f3477ece',
    ]);
  });

  it('tell apart texts that differ in one character, in length only, or beyond ASCII', () => {
    const tags = new Set(['{"id":1}', '{"id":2}', '{"id":1} ', '', '\u0000', 'é', 'e\u0301', '😀'].map(hashText));
    expect(tags.size).toBe(8);
  });

  it('are weak and scoped to the caller', () => {
    expect(entityTag('[]', { userId: 0 })).toMatch(/^W\/"0\.[0-9a-f]{16}"$/);
    expect(entityTag('[]', { userId: 7 })).toMatch(/^W\/"7\.[0-9a-f]{16}"$/);
  });

  it('match by the weak comparison, in a list, or with *', () => {
    expect(matchesTag('W/"0.ab"', 'W/"0.ab"')).toBe(true);
    expect(matchesTag('"0.ab"', 'W/"0.ab"')).toBe(true);
    expect(matchesTag('"x", W/"0.ab" ,"y"', 'W/"0.ab"')).toBe(true);
    expect(matchesTag('*', 'W/"0.ab"')).toBe(true);
    expect(matchesTag('W/"0.ac"', 'W/"0.ab"')).toBe(false);
    expect(matchesTag('0.ab', 'W/"0.ab"')).toBe(false);
    expect(matchesTag('', 'W/"0.ab"')).toBe(false);
  });
});

describe('hashing a long text', () => {
  it('hashes texts longer than a chunk, with multi-byte characters on the chunk edges, apart and alike', () => {
    const long = 'é'.repeat(20_000) + '😀'.repeat(5_000);
    expect(hashText(long)).toBe(hashText(`${long}`));
    expect(hashText(long)).not.toBe(hashText(`${long}x`));
    expect(hashText(long)).not.toBe(hashText(`x${long.slice(1)}`));
    expect(hashText('a'.repeat(40_000))).not.toBe(hashText('a'.repeat(40_001)));
  });
});
