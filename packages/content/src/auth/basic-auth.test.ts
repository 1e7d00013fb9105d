import { describe, expect, it } from 'vitest';
import { parseBasicAuthorization } from '../index.js';

const basic = (text: string) => `Basic ${Buffer.from(text, 'utf8').toString('base64')}`;

describe('parseBasicAuthorization', () => {
  it('reads login and password', () => {
    expect(parseBasicAuthorization(basic('admin:abcd efgh ijkl'))).toEqual({ login: 'admin', password: 'abcd efgh ijkl' });
  });

  it('splits at the first colon and keeps UTF-8', () => {
    expect(parseBasicAuthorization(basic('jörg:pa:ss'))).toEqual({ login: 'jörg', password: 'pa:ss' });
    expect(parseBasicAuthorization(basic(':'))).toEqual({ login: '', password: '' });
  });

  it('accepts any case of the scheme and surrounding spaces', () => {
    expect(parseBasicAuthorization(`  bAsIc   ${Buffer.from('a:b').toString('base64')}  `)).toEqual({
      login: 'a',
      password: 'b',
    });
  });

  it('ignores an absent header and other schemes', () => {
    expect(parseBasicAuthorization(undefined)).toBeNull();
    expect(parseBasicAuthorization('')).toBeNull();
    expect(parseBasicAuthorization('Bearer abc.def')).toBeNull();
    expect(parseBasicAuthorization('Basically')).toBeNull();
  });

  it.each([
    ['Basic'],
    ['Basic '],
    ['Basic !!!!'],
    ['Basic YWRtaW4='], // "admin", no colon
    ['Basic YWRtaW46c2VjcmV0 extra'],
    ['Basic Y'],
    [`Basic ${Buffer.from([0x61, 0x3a, 0xff, 0xfe]).toString('base64')}`], // not UTF-8
  ])('reports %j as malformed without throwing', (header) => {
    expect(parseBasicAuthorization(header)).toEqual({ malformed: true });
  });
});

describe('parseBasicAuthorization on long headers', () => {
  it('reads a header with spaces inside the credentials as malformed, whatever the run of spaces', () => {
    expect(parseBasicAuthorization(`Basic x${' '.repeat(100)}y`)).toEqual({ malformed: true });
    // Quadratic with the old expression (seconds); one pass now. The test timeout is the guard.
    expect(parseBasicAuthorization(`Basic x${' '.repeat(1_000_000)}y`)).toEqual({ malformed: true });
    expect(parseBasicAuthorization(`Basic x${'\t \r\n'.repeat(250_000)}y`)).toEqual({ malformed: true });
  });

  it('keeps trailing and inner whitespace rules: spaces around the credentials are fine', () => {
    const encoded = Buffer.from('a:b').toString('base64');
    expect(parseBasicAuthorization(`Basic${' '.repeat(1_000)}${encoded}${' '.repeat(1_000)}`)).toEqual({
      login: 'a',
      password: 'b',
    });
    expect(parseBasicAuthorization(`\tBASIC\n${encoded}\r\n`)).toEqual({ login: 'a', password: 'b' });
  });

  it('does not decode a Basic header over 8 KiB', () => {
    const fits = `Basic ${Buffer.from(`admin:${'p'.repeat(6_000)}`).toString('base64')}`;
    expect(fits.length).toBeLessThanOrEqual(8 * 1024);
    expect(parseBasicAuthorization(fits)).toEqual({ login: 'admin', password: 'p'.repeat(6_000) });
    const over = `Basic ${Buffer.from(`admin:${'p'.repeat(7_000)}`).toString('base64')}`;
    expect(over.length).toBeGreaterThan(8 * 1024);
    expect(parseBasicAuthorization(over)).toEqual({ malformed: true });
    expect(parseBasicAuthorization(`Basic ${'A'.repeat(1_000_000)}`)).toEqual({ malformed: true });
  });

  it('leaves long headers of other schemes alone', () => {
    expect(parseBasicAuthorization(`Bearer ${'a'.repeat(100_000)}`)).toBeNull();
    expect(parseBasicAuthorization(`Basically${' '.repeat(100_000)}x`)).toBeNull();
  });
});
