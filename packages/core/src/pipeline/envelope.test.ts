import { describe, expect, it } from 'vitest';
import { createDemoServer } from '../../test/fixture.js';
import { createRestServer } from '../index.js';
import { testClient } from '../testing.js';

describe('_envelope', () => {
  const client = testClient(createDemoServer().server);

  it('wraps body, status and the response headers, with transport status 200', async () => {
    const res = await client.get('/demo/v1/notes?per_page=1&page=3&_envelope&_fields=id');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      body: [{ id: 23 }],
      status: 200,
      headers: {
        'X-CMS-Total': 25,
        'X-CMS-TotalPages': 25,
        Link:
          '<http://example.test/cms-json/demo/v1/notes?per_page=1&page=2&_envelope&_fields=id>; rel="prev", ' +
          '<http://example.test/cms-json/demo/v1/notes?per_page=1&page=4&_envelope&_fields=id>; rel="next"',
        Allow: 'GET',
      },
    });
  });

  it('includes errors, still with transport status 200', async () => {
    const res = await client.get('/demo/v1/notes?_envelope&page=x');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(400);
    expect(res.body.body.code).toBe('rest_invalid_param');
    expect(res.body.headers).toEqual({ Allow: 'GET' });
  });

  it('keeps the response headers out of the transport headers, as the original does', async () => {
    const res = await client.get('/demo/v1/notes?_envelope');
    expect(res.header('X-CMS-Total')).toBeUndefined();
    expect(res.header('Allow')).toBeUndefined();
    expect(res.header('X-Content-Type-Options')).toBe('nosniff');
  });

  it('respects an _embed relation list inside the envelope', async () => {
    const res = await client.get('/demo/v1/notes/1?_envelope&_embed=author');
    expect(res.body.body._embedded.author[0].name).toBe('Ada');
    expect(res.body.body._links.self[0].href).toBe('http://example.test/cms-json/demo/v1/notes/1');
  });

  it('wraps unknown routes too, their empty headers as [] like the original', async () => {
    const res = await testClient(createRestServer()).get('/nope/v1?_envelope');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      body: { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } },
      status: 404,
      headers: [],
    });
  });
});
