import { describe, expect, it } from 'vitest';
import { LruMap } from './lru-map.js';

describe('LruMap', () => {
  it('forgets the least recently used entry when full, not every entry', () => {
    const map = new LruMap<string, number>(3);
    map.set('a', 1).set('b', 2).set('c', 3);
    expect(map.get('a')).toBe(1); // a is now the most recent: b is the oldest
    map.set('d', 4);
    expect(map.size).toBe(3);
    expect(map.get('b')).toBeUndefined();
    expect(map.get('a')).toBe(1);
    expect(map.get('c')).toBe(3);
    expect(map.get('d')).toBe(4);
  });

  it('replaces a value without growing, and makes it the most recent', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('a', 10).set('c', 3);
    expect(map.get('a')).toBe(10);
    expect(map.get('b')).toBeUndefined();
  });

  it('forgets everything on clear', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1);
    map.clear();
    expect(map.size).toBe(0);
    expect(map.get('a')).toBeUndefined();
  });
});
