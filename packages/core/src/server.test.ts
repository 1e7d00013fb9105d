import { describe, expect, it } from 'vitest';
import { createDemoServer } from '../test/fixture.js';
import { testClient } from './testing.js';

describe('createRestServer', () => {
  it('lists a collection with totals and prev/next links', async () => {
    const client = testClient(createDemoServer().server);
    const res = await client.get('/demo/v1/notes?per_page=2&page=2');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.header('X-CMS-Total')).toBe('25');
    expect(res.header('X-CMS-TotalPages')).toBe('13');
    expect(res.header('Link')).toContain('rel="next"');
    expect(res.body[0]._links.self[0].href).toMatch(/^http:\/\/example\.test\/cms-json\/demo\/v1\/notes\/\d+$/);
  });

  it('answers an unknown route with 404 rest_no_route', async () => {
    const res = await testClient(createDemoServer().server).get('/demo/v1/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
      data: { status: 404 },
    });
  });
});
