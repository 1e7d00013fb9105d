import { describe, expect, it } from 'vitest';
import { createDemoServer } from '../../test/fixture.js';
import { createRestServer, defineRoute, READABLE, response } from '../index.js';
import { testClient } from '../testing.js';
import { corsHeaders } from './headers.js';

describe('standard headers', () => {
  it('are sent on every API response with the prefix names', async () => {
    const res = await testClient(createDemoServer().server).get('/demo/v1/notes/1');
    expect(res.header('Content-Type')).toBe('application/json; charset=UTF-8');
    expect(res.header('X-Robots-Tag')).toBe('noindex');
    expect(res.header('X-Content-Type-Options')).toBe('nosniff');
    expect(res.header('Link')).toBe('<http://example.test/cms-json/>; rel="https://api.cms-json.org/"');
    expect(res.header('Access-Control-Expose-Headers')).toBe('X-CMS-Total, X-CMS-TotalPages, Link');
    expect(res.header('Access-Control-Allow-Headers')).toBe(
      'Authorization, X-CMS-Nonce, Content-Disposition, Content-MD5, Content-Type',
    );
    expect(res.header('Vary')).toBe('Origin, Authorization, Cookie, X-CMS-Nonce');
  });

  it('carry the root Link unless a response sends its own, which replaces it as in the original', async () => {
    const client = testClient(createDemoServer().server);
    expect((await client.get('/demo/v1/notes/1')).headers.Link).toEqual([
      '<http://example.test/cms-json/>; rel="https://api.cms-json.org/"',
    ]);
    const res = await client.get('/demo/v1/notes?per_page=5');
    expect(res.headers.Link).toEqual(['<http://example.test/cms-json/demo/v1/notes?per_page=5&page=2>; rel="next"']);
  });

  it('include the no-cache set for logged-in users only', async () => {
    const client = testClient(createDemoServer().server);
    expect((await client.get('/demo/v1/notes/1')).header('Cache-Control')).toBeUndefined();
    const res = await client.get('/demo/v1/notes/1', { headers: { 'x-test-user': 'reader' } });
    expect(res.header('Cache-Control')).toBe('no-cache, must-revalidate, max-age=0, no-store, private');
    expect(res.header('Expires')).toBe('Wed, 11 Jan 1984 05:00:00 GMT');
  });

  it('never let a control character of a handler header through', async () => {
    const server = createRestServer();
    server.register(
      'demo/v1',
      defineRoute({
        path: '/x',
        endpoints: (e) => [
          e({
            methods: READABLE,
            permission: 'public',
            handler: () =>
              response({}, { headers: { 'X-Test': 'a\r\nSet-Cookie: b' } }).linkHeader('alternate', 'http://x.test/a b\r\n>"', {
                title: 'T "q"\r\n',
                type: 'text/html',
              }),
          }),
        ],
      }),
    );
    const res = await testClient(server).get('/demo/v1/x');
    expect(res.header('X-Test')).toBe('aSet-Cookie: b');
    expect(res.headers.Link?.[0]).toBe('<http://x.test/a%20b%0D%0A%3E%22>; rel="alternate"; title="T \\"q\\""; type=text/html');
  });
});

describe('CORS', () => {
  it('allows no origin by default', async () => {
    const res = await testClient(createDemoServer().server).get('/demo/v1/notes/1', { headers: { origin: 'https://evil.test' } });
    expect(res.header('Access-Control-Allow-Origin')).toBeUndefined();
    expect(res.header('Vary')).toBe('Origin, Authorization, Cookie, X-CMS-Nonce');
  });

  it('echoes an allow-listed origin with credentials', async () => {
    const client = testClient(createDemoServer({ cors: ['https://app.test'] }).server);
    const ok = await client.options('/demo/v1/notes', { headers: { origin: 'https://app.test' } });
    expect(ok.header('Access-Control-Allow-Origin')).toBe('https://app.test');
    expect(ok.header('Access-Control-Allow-Methods')).toBe('OPTIONS, GET, POST, PUT, PATCH, DELETE');
    expect(ok.header('Access-Control-Allow-Credentials')).toBe('true');
    const other = await client.get('/demo/v1/notes', { headers: { origin: 'https://app.test.evil' } });
    expect(other.header('Access-Control-Allow-Origin')).toBeUndefined();
  });

  it('echoes any origin in the WordPress profile, as the original does', async () => {
    const client = testClient(createDemoServer({ prefix: 'wp' }).server);
    const res = await client.get('/demo/v1/notes/1', { headers: { origin: 'https://anyone.test' } });
    expect(res.header('Access-Control-Allow-Origin')).toBe('https://anyone.test');
    expect(res.header('Access-Control-Allow-Credentials')).toBe('true');
  });

  it('never echoes an origin carrying CR or LF', () => {
    expect(corsHeaders('https://a.test\r\nSet-Cookie: x', 'reflect')).toEqual({ Vary: 'Origin' });
  });
});
