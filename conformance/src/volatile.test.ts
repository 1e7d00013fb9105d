import { describe, expect, it } from 'vitest';
import type { ConformanceRequest } from './request.js';
import { markAnswer } from './volatile.js';

const request: ConformanceRequest = { name: 'r', method: 'GET', path: '/', about: 'a test' };
const json = { 'content-type': 'application/json; charset=UTF-8' };

describe('markAnswer', () => {
  it('marks the origin, UUIDs, dates of use, addresses, shown passwords and the nonce header', () => {
    const body = {
      href: 'http://127.0.0.1:8081/wp-json/wp/v2/users/1/application-passwords/00000000-0000-4000-8000-000000000001',
      last_used: '2026-11-23T22:05:35',
      last_ip: '127.0.0.1',
      created: null,
      password: 'abcd EFGH 1234 ijkl MNOP 5678',
    };
    const marked = markAnswer(
      request,
      { status: 200, headers: { ...json, 'x-wp-nonce': 'a1b2c3', server: 'nginx' }, text: JSON.stringify(body) },
      { origin: 'http://127.0.0.1:8081', saved: new Map() },
    );
    expect(marked.headers).toEqual({ ...json, 'x-wp-nonce': '<nonce>' });
    expect(marked.body).toEqual({
      href: '{origin}/wp-json/wp/v2/users/1/application-passwords/<uuid>',
      last_used: '<date>',
      last_ip: '<ip>',
      created: null,
      password: '<application-password>',
    });
  });

  it('marks saved ids as an id and as a URL segment, and the paths a request lists', () => {
    const marked = markAnswer(
      { ...request, volatile: ['registered_date', 'previous.*'] },
      {
        status: 200,
        headers: json,
        text: JSON.stringify({
          id: 7,
          link: 'http://h.test/wp-json/wp/v2/users/7?x',
          other: 17,
          registered_date: 'x',
          previous: { a: 1, b: null },
        }),
      },
      { origin: 'http://h.test', saved: new Map([['user', '7']]) },
    );
    expect(marked.body).toEqual({
      id: '{user}',
      link: '{origin}/wp-json/wp/v2/users/{user}?x',
      other: 17,
      registered_date: '<string>',
      previous: { a: '<number>', b: null },
    });
  });

  it('keeps a non-JSON body as text with escaped slashes read as slashes, and an empty one as none', () => {
    const script = markAnswer(
      request,
      { status: 200, headers: { 'content-type': 'application/javascript' }, text: '/**/cb({"u":"http:\\/\\/h.test\\/a"})' },
      { origin: 'http://h.test', saved: new Map() },
    );
    expect(script.text).toBe('/**/cb({"u":"{origin}/a"})');
    const empty = markAnswer(request, { status: 200, headers: json, text: '' }, { origin: 'http://h.test', saved: new Map() });
    expect(empty).toEqual({ status: 200, headers: json });
  });
  it("marks the URL-encoded origin of a redirect_to and a preview link's nonce", () => {
    const marked = markAnswer(
      request,
      {
        status: 302,
        headers: {
          ...json,
          location: 'http://h.test:81/wp-login.php?redirect_to=http%3A%2F%2Fh.test%3A81%2Fwp-admin%2F&reauth=1',
        },
        text: JSON.stringify({ preview_link: 'http://h.test:81/?p=44&preview_id=44&preview_nonce=0a1b2c3d4e&preview=true' }),
      },
      { origin: 'http://h.test:81', saved: new Map([['post', '44']]) },
    );
    expect(marked.headers.location).toBe('{origin}/wp-login.php?redirect_to={origin}%2Fwp-admin%2F&reauth=1');
    expect(marked.body).toEqual({ preview_link: '{origin}/?p={post}&preview_id={post}&preview_nonce=<nonce>&preview=true' });
  });
});
