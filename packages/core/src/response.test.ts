import { describe, expect, it } from 'vitest';
import { RestResponse, response } from './index.js';

describe('RestResponse', () => {
  it('defaults to status 200 and keeps data as given', () => {
    const res = response({ a: 1 });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ a: 1 });
    expect(res.raw).toBe(false);
  });

  it('replaces headers case-insensitively and appends to them', () => {
    const res = new RestResponse(null, { headers: { 'x-one': 'a' } });
    res.setHeader('X-One', 'b');
    expect([...res.headers]).toEqual([['X-One', 'b']]);
    res.appendHeader('x-one', 'c');
    expect(res.getHeader('X-ONE')).toEqual(['b', 'c']);
  });

  it('adds links with attributes before href', () => {
    const res = response({}).addLink('author', 'http://x.test/u/1', { embeddable: true });
    expect(JSON.stringify(res.links)).toBe('{"author":[{"embeddable":true,"href":"http://x.test/u/1"}]}');
  });

  it('writes Link header values with the original quoting', () => {
    const res = response([]).linkHeader('next', 'http://x.test/?page=2').linkHeader('alternate', 'http://x.test/p', {
      type: 'text/html',
      title: 'A "B"',
    });
    expect(res.getHeader('Link')).toEqual([
      '<http://x.test/?page=2>; rel="next"',
      '<http://x.test/p>; rel="alternate"; type=text/html; title="A \\"B\\""',
    ]);
  });
});
