import { describe, expect, it } from 'vitest';
import { MAX_INPUT_VARS, parseQueryString, stringifyQuery } from './query-string.js';

const parse = (text: string) => JSON.parse(JSON.stringify(parseQueryString(text)));

describe('parseQueryString (PHP `$_GET` rules)', () => {
  it('keeps the last of repeated plain keys', () => {
    expect(parse('a=1&a=2')).toEqual({ a: '2' });
  });

  it('builds lists from `a[]`', () => {
    expect(parse('a[]=1&a[]=2')).toEqual({ a: ['1', '2'] });
    expect(parse('a%5B%5D=1&a%5B%5D=2')).toEqual({ a: ['1', '2'] });
  });

  it('builds maps and nested containers', () => {
    expect(parse('a[b]=1&a[c]=2')).toEqual({ a: { b: '1', c: '2' } });
    expect(parse('a[b][c]=1')).toEqual({ a: { b: { c: '1' } } });
    expect(parse('a[b][]=1&a[b][]=2')).toEqual({ a: { b: ['1', '2'] } });
    expect(parse('a[][b]=1&a[][b]=2')).toEqual({ a: [{ b: '1' }, { b: '2' }] });
    expect(parse('a[][]=1')).toEqual({ a: [['1']] });
  });

  it('keeps list items when a named key follows, like a PHP array', () => {
    expect(parse('a[]=x&a[k]=y')).toEqual({ a: { 0: 'x', k: 'y' } });
    expect(parse('a[k]=y&a[]=x&a[]=z')).toEqual({ a: { k: 'y', 0: 'x', 1: 'z' } });
  });

  it('lets a later plain value replace a container and the other way round', () => {
    expect(parse('a[]=1&a=2')).toEqual({ a: '2' });
    expect(parse('a=2&a[]=1')).toEqual({ a: ['1'] });
  });

  it('handles malformed brackets the way PHP does', () => {
    expect(parse('a[b=1')).toEqual({ a_b: '1' });
    expect(parse('a[b]c=1')).toEqual({ a: { b: '1' } });
    expect(parse('[x]=1&=2&&')).toEqual({});
  });

  it('decodes `+` as a space and keeps malformed escapes', () => {
    expect(parse('q=a+b%20c&r=%E0%A4%A&s=%41')).toEqual({ q: 'a b c', r: '%E0%A4%A', s: 'A' });
  });

  it('reads a key without `=` as an empty value', () => {
    expect(parse('_envelope&_embed')).toEqual({ _envelope: '', _embed: '' });
  });

  it('makes `__proto__` and `constructor` plain keys', () => {
    const query = parseQueryString('__proto__[x]=1&constructor=2');
    expect(Object.getPrototypeOf(query)).toBeNull();
    expect(Object.keys(query)).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('limits nesting depth', () => {
    const deep = `a${'[x]'.repeat(20)}=1`;
    let node = parse(deep).a;
    let depth = 0;
    while (typeof node === 'object') {
      node = node.x;
      depth++;
    }
    expect(depth).toBe(8);
  });

  it('appends to a map at its next integer index, as PHP does', () => {
    expect(parse('a[x]=1&a[]=2&a[5]=3&a[]=4&a[007]=5&a[]=6')).toEqual({
      a: { x: '1', 0: '2', 5: '3', 6: '4', '007': '5', 8: '6' },
    });
    expect(parse('a[]=1&a[]=2&a[x]=3&a[]=4')).toEqual({ a: { 0: '1', 1: '2', x: '3', 2: '4' } });
  });

  it('keeps the first 1,000 inputs and drops the rest, as PHP past max_input_vars', () => {
    const text = Array.from({ length: 3000 }, (_, i) => `k${i}=${i}`).join('&&');
    const query = parseQueryString(text);
    expect(MAX_INPUT_VARS).toBe(1000);
    expect(Object.keys(query)).toHaveLength(1000);
    expect(query.k999).toBe('999');
    expect(query.k1000).toBeUndefined();
    expect(Object.keys(parseQueryString(text, { maxInputs: 5000 }))).toHaveLength(3000);
    // Inputs counted, not keys: 3,000 appends to one list keep 1,000 items.
    expect(parseQueryString('a[]=1&'.repeat(3000)).a).toHaveLength(1000);
  });

  it('costs time linear in the input: 200,000 appends to one map, uncapped, well under the quadratic minutes', () => {
    // Before issue 16 each `a[]` scanned every key of the map: 14,000 appends took 3 s, so
    // these 200,000 would take about ten minutes. Linear, they take about 0.1 s; the bound
    // is generous, so that a loaded machine does not make it flaky.
    const text = `a[x]=1${'&a[]'.repeat(200_000)}`;
    const started = Date.now();
    const query = parseQueryString(text, { maxInputs: Number.POSITIVE_INFINITY });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(Object.keys(query.a as object)).toHaveLength(200_001);
  });
});

describe('stringifyQuery', () => {
  it('percent-encodes values so CR, LF and quotes never survive', () => {
    expect(stringifyQuery({ x: '\r\nSet-Cookie: a', q: '"<>' })).toBe('x=%0D%0ASet-Cookie%3A%20a&q=%22%3C%3E');
  });

  it('writes empty values as a bare key, like add_query_arg', () => {
    expect(stringifyQuery({ _envelope: '', page: 2 })).toBe('_envelope&page=2');
  });

  it('writes lists and maps in bracket form and round-trips them', () => {
    const text = stringifyQuery({ a: ['1', '2'], m: { k: 'v' } });
    expect(text).toBe('a[]=1&a[]=2&m[k]=v');
    expect(parse(text)).toEqual({ a: ['1', '2'], m: { k: 'v' } });
  });
});
