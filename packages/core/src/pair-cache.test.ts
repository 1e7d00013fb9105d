import { describe, expect, it, vi } from 'vitest';
import { PairCache } from './pair-cache.js';

describe('PairCache', () => {
  it('makes a value once per pair of keys', () => {
    const cache = new PairCache<object, string, string>();
    const make = vi.fn((first: object, second: string) => `${Object.keys(first).join()}:${second}`);
    const a = { a: 1 };
    const b = { b: 1 };
    expect(cache.get(a, 'x', make)).toBe('a:x');
    expect(cache.get(a, 'x', make)).toBe('a:x');
    expect(cache.get(a, 'y', make)).toBe('a:y');
    expect(cache.get(b, 'x', make)).toBe('b:x');
    expect(make).toHaveBeenCalledTimes(3);
  });

  it('keeps an undefined value as made, without making it again', () => {
    const cache = new PairCache<object, string, undefined>();
    const make = vi.fn(() => undefined);
    const key = {};
    cache.get(key, 'x', make);
    expect(cache.get(key, 'x', make)).toBeUndefined();
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('keeps at most `limit` values per first key, and still makes the others', () => {
    const cache = new PairCache<object, number, number>({ limit: 2 });
    const make = vi.fn((_first: object, second: number) => second * 10);
    const key = {};
    for (const n of [1, 2, 3, 3, 1]) expect(cache.get(key, n, make)).toBe(n * 10);
    expect(make.mock.calls.map((call) => call[1])).toEqual([1, 2, 3, 3]);
  });
});
