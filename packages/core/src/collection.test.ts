import { describe, expect, it } from 'vitest';
import { createDemoServer } from '../test/fixture.js';
import { collectionResponse, pageWindow } from './index.js';
import { RestRequest } from './request.js';
import { testClient } from './testing.js';

const ids = (body: { id: number }[]) => body.map((n) => n.id);

describe('collections', () => {
  const client = testClient(createDemoServer().server);

  it('defaults to 10 per page and caps per_page at 1..100', async () => {
    expect((await client.get('/demo/v1/notes')).body).toHaveLength(10);
    expect((await client.get('/demo/v1/notes?per_page=100')).body).toHaveLength(25);
    expect((await client.get('/demo/v1/notes?per_page=101')).body.data.params.per_page).toBe(
      'per_page must be between 1 (inclusive) and 100 (inclusive)',
    );
    expect((await client.get('/demo/v1/notes?per_page=0')).status).toBe(400);
    expect((await client.get('/demo/v1/notes?page=0')).body.data.params.page).toBe('page must be greater than or equal to 1');
  });

  it('lets page win over offset: per_page=1&page=2 ≡ per_page=1&offset=1&page=1', async () => {
    const byPage = await client.get('/demo/v1/notes?per_page=1&page=2');
    const byOffset = await client.get('/demo/v1/notes?per_page=1&offset=1&page=1');
    expect(ids(byPage.body)).toEqual([24]);
    expect(ids(byOffset.body)).toEqual([24]);
    expect(ids((await client.get('/demo/v1/notes?per_page=1&offset=5&page=2')).body)).toEqual([24]);
  });

  it('sends the totals as integers', async () => {
    const res = await client.get('/demo/v1/notes?per_page=10');
    expect(res.header('X-CMS-Total')).toBe('25');
    expect(res.header('X-CMS-TotalPages')).toBe('3');
  });

  it('links prev and next, keeping the query and replacing page', async () => {
    const res = await client.get('/demo/v1/notes?order=asc&page=2&per_page=5&search=Note');
    expect(res.headers.Link).toEqual([
      '<http://example.test/cms-json/demo/v1/notes?order=asc&page=1&per_page=5&search=Note>; rel="prev"',
      '<http://example.test/cms-json/demo/v1/notes?order=asc&page=3&per_page=5&search=Note>; rel="next"',
    ]);
  });

  it('links next as ?page=2 when the request has no query at all', async () => {
    const res = await client.get('/demo/v1/notes');
    expect(res.headers.Link).toEqual(['<http://example.test/cms-json/demo/v1/notes?page=2>; rel="next"']);
  });

  it('sends next only when more pages exist, and no prev on page 1', async () => {
    const first = await client.get('/demo/v1/notes?per_page=10');
    expect(first.header('Link')).toContain('page=2>; rel="next"');
    expect(first.header('Link')).not.toContain('rel="prev"');
    const last = await client.get('/demo/v1/notes?per_page=10&page=3');
    expect(last.header('Link')).toContain('page=2>; rel="prev"');
    expect(last.header('Link')).not.toContain('rel="next"');
  });

  it('answers a page beyond the last with an empty list and prev capped at the last page', async () => {
    const res = await client.get('/demo/v1/notes?per_page=10&page=9');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(res.headers.Link).toEqual(['<http://example.test/cms-json/demo/v1/notes?per_page=10&page=3>; rel="prev"']);
  });

  it('never lets CR, LF or quotes from the query reach the Link header unescaped', async () => {
    const res = await client.get('/demo/v1/notes?per_page=1&page=2&x=%0D%0ASet-Cookie:a&q=%22%3E');
    const link = res.header('Link') ?? '';
    expect(link).toContain('x=%0D%0ASet-Cookie%3Aa&q=%22%3E>; rel="prev"');
    expect(link).not.toMatch(/[\r\n]/);
    expect(res.header('Set-Cookie')).toBeUndefined();
  });
});

describe('collection helpers', () => {
  it('pageWindow', () => {
    expect(pageWindow({ page: 1, per_page: 10 })).toEqual({ limit: 10, offset: 0 });
    expect(pageWindow({ page: 3, per_page: 10, offset: 4 })).toEqual({ limit: 10, offset: 20 });
    expect(pageWindow({ page: 1, per_page: 10, offset: 4 })).toEqual({ limit: 10, offset: 4 });
    expect(pageWindow({ page: 1, per_page: 10, offset: -3 })).toEqual({ limit: 10, offset: 0 });
  });

  it('collectionResponse handles an empty collection and odd totals', () => {
    const request = new RestRequest({ method: 'GET', path: '/demo/v1/a b', query: Object.create(null), headers: {} });
    const empty = collectionResponse(request, [], { total: 0, page: 2, perPage: 10 });
    expect(empty.getHeader('X-CMS-Total')).toBe('0');
    expect(empty.getHeader('X-CMS-TotalPages')).toBe('0');
    expect(empty.getHeader('Link')).toBe('</cms-json/demo/v1/a%20b?page=1>; rel="prev"');
    const odd = collectionResponse(request, [], { total: 12.0, page: 1, perPage: 5 });
    expect(odd.getHeader('X-CMS-TotalPages')).toBe('3');
  });
});
