import { describe, expect, it } from 'vitest';
import { createDemoServer } from '../../test/fixture.js';
import { testClient } from '../testing.js';

describe('_jsonp', () => {
  const client = testClient(createDemoServer().server);

  it('wraps the body as /**/callback(json) with the JavaScript type', async () => {
    const res = await client.get('/demo/v1/notes/1?_jsonp=my.cb_1&_fields=id');
    expect(res.status).toBe(200);
    expect(res.header('Content-Type')).toBe('application/javascript; charset=UTF-8');
    expect(res.text).toBe('/**/my.cb_1({"id":1})');
  });

  it('wraps error bodies too', async () => {
    const res = await client.get('/demo/v1/nope?_jsonp=cb');
    expect(res.status).toBe(404);
    expect(res.text).toMatch(/^\/\*\*\/cb\(\{"code":"rest_no_route"/);
  });

  it('answers an invalid callback with a bare 400 rest_callback_invalid', async () => {
    for (const bad of ['alert(1)', 'a-b', 'x%3Bevil', '%E2%9C%93']) {
      const res = await client.get(`/demo/v1/notes/1?_jsonp=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.text).toBe('{"code":"rest_callback_invalid","message":"Invalid JSONP callback function."}');
      expect(res.header('Content-Type')).toBe('application/javascript; charset=UTF-8');
      expect(res.header('X-Content-Type-Options')).toBe('nosniff');
    }
    expect((await client.get('/demo/v1/notes/1?_jsonp[]=cb')).body.code).toBe('rest_callback_invalid');
  });

  it('answers rest_callback_disabled when the server turns JSONP off', async () => {
    const off = testClient(createDemoServer({ jsonp: false }).server);
    const res = await off.get('/demo/v1/notes/1?_jsonp=cb');
    expect(res.status).toBe(400);
    expect(res.text).toBe('{"code":"rest_callback_disabled","message":"JSONP support is disabled on this site."}');
    expect(res.header('Content-Type')).toBe('application/json; charset=UTF-8');
  });

  it('treats an empty _jsonp as absent, as the original does', async () => {
    const res = await client.get('/demo/v1/notes/1?_jsonp=&_fields=id');
    expect(res.text).toBe('{"id":1}');
    expect(res.header('Content-Type')).toBe('application/json; charset=UTF-8');
  });
});
