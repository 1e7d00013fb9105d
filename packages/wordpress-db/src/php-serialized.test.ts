import { describe, expect, it } from 'vitest';
import { isPhpSerialized, maybeSerialize, maybeUnserialize, phpList } from './php-serialized.js';

describe('PHP-serialized values', () => {
  it('reads the values WordPress stores: roles, lists, nested maps, objects by their properties', () => {
    expect(maybeUnserialize('a:1:{s:13:"administrator";b:1;}')).toEqual({ administrator: true });
    expect(maybeUnserialize('a:2:{i:0;i:5;i:1;i:7;}')).toEqual([5, 7]);
    expect(maybeUnserialize('a:1:{s:5:"sizes";a:1:{s:5:"thumb";a:1:{s:5:"width";i:150;}}}')).toEqual({
      sizes: { thumb: { width: 150 } },
    });
    expect(maybeUnserialize('O:8:"stdClass":1:{s:1:"a";i:1;}')).toEqual({ a: 1 });
    expect(maybeUnserialize('s:5:"héé";')).toBe('héé');
  });

  it('leaves plain text alone and reads a broken serialized text as PHP does (false), never evaluating it', () => {
    expect(maybeUnserialize('Hello world')).toBe('Hello world');
    expect(maybeUnserialize('a:1:{s:3:"abc";')).toBe(false);
    expect(maybeUnserialize('a:9:{i:0;s:4:"toolong";}')).toBe(false);
  });

  it('writes as maybe_serialize: maps and lists serialized, strings as they are, serialized-looking strings again', () => {
    expect(maybeSerialize({ administrator: true })).toBe('a:1:{s:13:"administrator";b:1;}');
    expect(maybeSerialize([5, 7])).toBe('a:2:{i:0;i:5;i:1;i:7;}');
    expect(maybeSerialize('Hello')).toBe('Hello');
    expect(maybeSerialize(true)).toBe('1');
    expect(maybeSerialize(false)).toBe('');
    const tricky = 'a:1:{i:0;i:1;}';
    expect(maybeUnserialize(maybeSerialize(tricky))).toBe(tricky);
  });

  it('tells serialized from plain text and reads a sparse PHP array as its values', () => {
    expect(isPhpSerialized('N;')).toBe(true);
    expect(isPhpSerialized('b:0;')).toBe(true);
    expect(isPhpSerialized('a: list')).toBe(false);
    expect(phpList(maybeUnserialize('a:2:{i:0;i:5;i:2;i:7;}'))).toEqual([5, 7]);
  });
});
