import { describe, expect, it } from 'vitest';
import { createDemoServer } from '../../test/fixture.js';
import { createRestServer, defineRoute, entityTag, READABLE, RestError, RestResponse } from '../index.js';
import { testClient } from '../testing.js';

describe('the pipeline', () => {
  it("runs the steps in the original's order", async () => {
    const seen: string[] = [];
    const server = createRestServer({ siteUrl: 'http://example.test' });
    server.authenticate((request) => {
      seen.push(`authenticate ${request.method}`);
      return { user: { id: 7, can: () => true } };
    });
    server.register(
      't/v1',
      defineRoute({
        path: '/thing',
        endpoints: (endpoint) => [
          endpoint({
            methods: ['GET', 'DELETE'],
            permission: 'public',
            handler: (_args, request) => {
              seen.push(`dispatch ${request.method} as ${request.user?.id}`);
              return { id: 1, title: 'T' };
            },
          }),
        ],
      }),
    );
    server.renderWith((answer) => {
      seen.push(`render ${answer.status} ${JSON.stringify(answer.data)}`);
      return undefined;
    });
    const client = testClient(server);
    // Method override, then authentication, then dispatch, then _fields and the envelope, then renderers.
    await client.post('/t/v1/thing?_method=DELETE&_fields=title&_envelope');
    expect(seen).toEqual([
      'authenticate DELETE',
      'dispatch DELETE as 7',
      'render 200 {"body":{"title":"T"},"status":200,"headers":{"Allow":"GET, DELETE"}}',
    ]);
    // The JSONP check answers before anyone is authenticated.
    seen.length = 0;
    expect((await client.get('/t/v1/thing?_jsonp=a(b')).status).toBe(400);
    expect(seen).toEqual([]);
    // Encoding, then the conditional step: the tag is the encoded body's.
    const res = await client.get('/t/v1/thing');
    expect(res.header('ETag')).toBe(entityTag(res.text as string, { userId: 7 }));
  });

  it('sends X-Content-Type-Options: nosniff on every kind of answer', async () => {
    const client = testClient(createDemoServer().server);
    const answers = [
      await client.get('/demo/v1/notes/1'),
      await client.get('/demo/v1/nope'),
      await client.get('/demo/v1/notes/1?_jsonp=a(b'),
      await client.head('/demo/v1/notes'),
      await client.options('/demo/v1/notes'),
      await client.get('/demo/v1/notes?_envelope'),
      await client.get('/demo/v1/notes/999'),
      await client.head('//'),
    ];
    for (const res of answers) expect(res.header('X-Content-Type-Options')).toBe('nosniff');
  });

  it('stops at an authentication error, before dispatch, with the 401/403 rule', async () => {
    const { server } = createDemoServer();
    let dispatched = false;
    server.authenticate((request) => {
      if (request.header('x-bad-nonce') === undefined) return null;
      return { user: { id: 5, can: () => false }, error: new RestError('rest_cookie_invalid_nonce') };
    });
    server.authenticate(() => {
      dispatched = true;
      return null;
    });
    const res = await testClient(server).get('/demo/v1/notes/1', { headers: { 'x-bad-nonce': '1' } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed', data: { status: 403 } });
    expect(dispatched).toBe(false);
  });

  it('adds headers an authenticator returns (a fresh nonce)', async () => {
    const { server } = createDemoServer();
    server.authenticate(() => ({ user: null, headers: { 'X-CMS-Nonce': 'fresh' } }));
    const res = await testClient(server).get('/demo/v1/notes/1');
    expect(res.header('X-CMS-Nonce')).toBe('fresh');
  });
});

describe('failures outside dispatch', () => {
  it('turns a throwing authenticator into a 500 rest_internal_error, reported', async () => {
    const errors: unknown[] = [];
    const { server } = createDemoServer({ onError: (error) => errors.push(error) });
    server.authenticate(() => {
      throw new Error('session store down');
    });
    const res = await testClient(server).get('/demo/v1/notes/1');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: 'rest_internal_error', message: 'An internal error occurred.', data: { status: 500 } });
    expect(res.header('X-Content-Type-Options')).toBe('nosniff');
    expect(errors).toHaveLength(1);
  });

  it('turns an async authenticator that rejects into a 500 rest_internal_error, reported', async () => {
    const errors: unknown[] = [];
    const { server } = createDemoServer({ onError: (error) => errors.push(error) });
    server.authenticate(() => Promise.reject(new Error('session store down')));
    const res = await testClient(server).get('/demo/v1/notes/1');
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ code: 'rest_internal_error' });
    expect(errors).toHaveLength(1);
  });

  it('turns a stage failing after dispatch into a 500 rest_internal_error, reported', async () => {
    const errors: unknown[] = [];
    const { server } = createDemoServer({ onError: (error) => errors.push(error) });
    server.register(
      'odd/v1',
      defineRoute({
        path: '/header',
        endpoints: (endpoint) => [
          endpoint({
            methods: READABLE,
            permission: 'public',
            handler: async () => {
              const res = new RestResponse({ ok: true });
              // Not a header value, on purpose (hence the cast): the response-headers step cannot make it safe.
              res.headers.set('X-Odd', Symbol('odd') as unknown as string);
              return res;
            },
          }),
        ],
      }),
    );
    const res = await testClient(server).get('/odd/v1/header');
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ code: 'rest_internal_error' });
    expect(res.header('X-Odd')).toBeUndefined();
    expect(errors).toHaveLength(1);
  });
});

describe('a body served as it is (ResponseInit.served)', () => {
  const { server } = createDemoServer();
  server.register(
    'demo/v1',
    defineRoute({
      path: '/served',
      endpoints: (endpoint) => [
        endpoint({
          methods: READABLE,
          permission: 'public',
          handler: () =>
            new RestResponse({ a: 1 }, { raw: true, served: '<a>1</a>', headers: { 'Content-Type': 'text/xml; charset=UTF-8' } }),
        }),
      ],
    }),
  );
  const client = testClient(server);

  it('sends the text with its type, and the data as JSON to envelope requests', async () => {
    const res = await client.get('/demo/v1/served');
    expect(res.text).toBe('<a>1</a>');
    expect(res.header('Content-Type')).toBe('text/xml; charset=UTF-8');
    const enveloped = await client.get('/demo/v1/served?_envelope');
    expect(enveloped.body.body).toEqual({ a: 1 });
  });
});
