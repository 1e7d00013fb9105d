import { describe, expect, it } from 'vitest';
import { RestResponse, response } from './index.js';

describe('RestResponse', () => {
  it('defaults to status 200 and keeps data as given', () => {
    const res = response({ a: 1 });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ a: 1 });
    expect(res.raw).toBe(false);
  });

  it('builds data given as JSON text only when it is read, and forgets the text once it is', () => {
    let builds = 0;
    const res = response(null).setJson('[1]', () => {
      builds++;
      return [1];
    });
    expect(res.json).toBe('[1]');
    expect(builds).toBe(0);
    expect(res.data).toEqual([1]);
    expect(res.data).toEqual([1]);
    expect(builds).toBe(1);
    expect(res.json).toBeUndefined();
  });

  it('builds data given as JSON text when its links are read first, as the build may add them', () => {
    const res = response(null);
    res.setJson('{"id":1}', () => {
      res.links.self = [{ href: 'http://x.test/1' }];
      return { id: 1 };
    });
    expect(res.links).toEqual({ self: [{ href: 'http://x.test/1' }] });
    expect(res.json).toBeUndefined();
    expect(res.data).toEqual({ id: 1 });
    res.addLink('up', 'http://x.test/');
    expect(Object.keys(res.links)).toEqual(['self', 'up']);
  });

  it('drops the JSON text when the data is replaced', () => {
    const res = response(null).setJson('[1]', () => [1]);
    res.data = { other: true };
    expect(res.json).toBeUndefined();
    expect(res.data).toEqual({ other: true });
  });

  it('replaces headers case-insensitively and appends to them', () => {
    const res = new RestResponse(null, { headers: { 'x-one': 'a' } });
    res.setHeader('X-One', 'b');
    expect([...res.headers]).toEqual([['X-One', 'b']]);
    res.appendHeader('x-one', 'c');
    expect(res.getHeader('X-ONE')).toEqual(['b', 'c']);
  });

  it('finds a header in any case, also among names set on the map directly', () => {
    const res = new RestResponse(null);
    res.headers.set('x-a', '1');
    res.headers.set('X-A', '2');
    res.headers.set('x-ab', 'other');
    expect(res.getHeader('X-a')).toBe('1');
    res.setHeader('X-a', '3');
    expect([...res.headers]).toEqual([
      ['x-ab', 'other'],
      ['X-a', '3'],
    ]);
    expect(res.getHeader('x-b')).toBeUndefined();
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
