import { describe, expect, it } from 'vitest';
import { parseBasicAuthorization } from './index.js';

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
