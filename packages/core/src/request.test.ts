import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALLMETHODS, createRestServer, defineRoute, READABLE } from './index.js';
import { testClient } from './testing.js';

/** A route that echoes where `a` came from and every parsed argument. */
function echoServer() {
  const server = createRestServer({ siteUrl: 'http://example.test' });
  server.register(
    'demo/v1',
    defineRoute({
      path: '/echo/:a',
      args: { a: z.string(), b: z.string().default('from-default'), n: z.number().int().optional() },
      endpoints: (endpoint) => [
        endpoint({
          methods: ALLMETHODS,
          permission: 'public',
          handler: (args, request) => ({ ...args, form: { ...request.form }, json: request.json ?? null }),
        }),
      ],
    }),
  );
  return testClient(server);
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('parameter lookup order: JSON → form → query → URL → defaults', () => {
  const client = echoServer();

  it('takes a URL parameter, then fills defaults', async () => {
    const res = await client.get('/demo/v1/echo/url');
    expect(res.body).toMatchObject({ a: 'url', b: 'from-default' });
  });

  it('lets the query shadow a URL parameter of the same name (the original quirk)', async () => {
    expect((await client.get('/demo/v1/echo/url?a=query')).body.a).toBe('query');
  });

  it('prefers the form body over the query', async () => {
    const res = await client.post('/demo/v1/echo/url?a=query&b=query', { headers: FORM, body: 'a=form' });
    expect(res.body).toMatchObject({ a: 'form', b: 'query' });
  });

  it('prefers the JSON body over everything', async () => {
    const res = await client.post('/demo/v1/echo/url?a=query', { body: { a: 'json', n: 5 } });
    expect(res.body).toMatchObject({ a: 'json', n: 5 });
  });

  it('reads form bodies on POST, PUT, PATCH and DELETE, and not on GET', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await client.request(method, '/demo/v1/echo/url', { headers: FORM, body: 'a=form' });
      expect(res.body.a, method).toBe('form');
    }
    const get = await client.request('GET', '/demo/v1/echo/url', { headers: FORM, body: 'a=form' });
    expect(get.body.a).toBe('url');
  });

  it('treats a body without a content type as a form', async () => {
    const res = await client.request('PUT', '/demo/v1/echo/url', { body: 'a=untyped&n=7' });
    expect(res.body).toMatchObject({ a: 'untyped', n: 7 });
  });

  it('ignores a body of another type', async () => {
    const res = await client.post('/demo/v1/echo/url', { headers: { 'content-type': 'text/plain' }, body: 'a=text' });
    expect(res.body.a).toBe('url');
  });

  it('accepts JSON media types with a suffix and parameters', async () => {
    const headers = { 'content-type': 'application/merge-patch+json; charset=utf-8' };
    const res = await client.patch('/demo/v1/echo/url', { headers, body: '{"a":"suffixed"}' });
    expect(res.body.a).toBe('suffixed');
  });

  it('parses PHP bracket lists in form bodies', async () => {
    const res = await client.post('/demo/v1/echo/url', { headers: FORM, body: 'tags[]=x&tags[]=y&meta[k]=v' });
    expect(res.body.form).toEqual({ tags: ['x', 'y'], meta: { k: 'v' } });
  });
});

describe('invalid bodies', () => {
  const client = echoServer();
  const json = { 'content-type': 'application/json' };

  it('answers rest_invalid_json with PHP error code and message for a syntax error', async () => {
    const res = await client.post('/demo/v1/echo/url', { headers: json, body: '{bad' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'rest_invalid_json',
      message: 'Invalid JSON body passed.',
      data: { status: 400, json_error_code: 4, json_error_message: 'Syntax error' },
    });
  });

  it('treats a whitespace-only JSON body as a syntax error, as the original does', async () => {
    const res = await client.post('/demo/v1/echo/url', { headers: json, body: '   ' });
    expect(res.body.code).toBe('rest_invalid_json');
  });

  it('reports malformed UTF-8 as json_error_code 5', async () => {
    const server = createRestServer({ siteUrl: 'http://example.test' });
    server.register(
      'demo/v1',
      defineRoute({
        path: '/x',
        endpoints: (endpoint) => [endpoint({ methods: ['POST'], permission: 'public', handler: () => ({}) })],
      }),
    );
    const body = new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]);
    const res = await server.handle({ method: 'POST', url: '/cms-json/demo/v1/x', headers: json, body });
    expect(JSON.parse(res?.body ?? '')).toEqual({
      code: 'rest_invalid_json',
      message: 'Invalid JSON body passed.',
      data: { status: 400, json_error_code: 5, json_error_message: 'Malformed UTF-8 characters, possibly incorrectly encoded' },
    });
  });

  it('reports invalid JSON only after the route matched (unknown route stays 404)', async () => {
    const res = await client.post('/demo/v1/nope', { headers: json, body: '{bad' });
    expect(res.body.code).toBe('rest_no_route');
  });

  it('ignores a JSON array or scalar body (no parameters from it)', async () => {
    expect((await client.post('/demo/v1/echo/url', { headers: json, body: '["a"]' })).body.a).toBe('url');
    expect((await client.post('/demo/v1/echo/url', { headers: json, body: '"a"' })).body.a).toBe('url');
  });
});

describe('RestRequest', () => {
  it('never finds prototype members as parameters', async () => {
    const server = createRestServer({ siteUrl: 'http://example.test' });
    server.register(
      'demo/v1',
      defineRoute({
        path: '/p',
        endpoints: (endpoint) => [
          endpoint({
            methods: READABLE,
            permission: 'public',
            handler: (_a, request) => ({
              ctor: request.hasParam('constructor'),
              proto: request.param('__proto__') ?? null,
              names: request.paramNames().sort(),
            }),
          }),
        ],
      }),
    );
    const res = await testClient(server).get('/demo/v1/p?x=1&__proto__=y');
    expect(res.body).toEqual({ ctor: false, proto: 'y', names: ['__proto__', 'x'] });
  });
});
