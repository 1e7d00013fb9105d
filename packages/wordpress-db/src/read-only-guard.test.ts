import { CREATABLE, createRestServer, defineRoute, READABLE, type RestRequest, response } from '@cms-json/core';
import { describe, expect, it } from 'vitest';
import { READ_ONLY_MESSAGE, readOnlyError, readOnlyGuard } from './read-only-guard.js';

describe('the read-only guard', () => {
  const guard = readOnlyGuard();
  // The guard reads the method only.
  const request = (method: string) => ({ method }) as RestRequest;

  it('lets reads through to the other authenticators', async () => {
    expect(await guard(request('GET'))).toBeNull();
    expect(await guard(request('HEAD'))).toBeNull();
    expect(await guard(request('OPTIONS'))).toBeNull();
  });

  it('refuses every other method with WordPress’s error shape', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const outcome = await guard(request(method));
      expect(outcome?.user).toBeNull();
      expect(outcome?.error?.toBody()).toEqual({ code: 'rest_forbidden', message: READ_ONLY_MESSAGE, data: { status: 403 } });
    }
    expect(readOnlyError().status).toBe(403);
  });

  it('stops a write before its route runs, a batch too, and judges the method in effect after _method', async () => {
    const server = createRestServer({ prefix: 'wp', siteUrl: 'http://example.test' });
    server.authenticate(readOnlyGuard());
    let ran = 0;
    const handler = () => {
      ran += 1;
      return response({ ok: true });
    };
    server.register(
      'demo/v1',
      defineRoute({
        path: '/things',
        allowBatch: { v1: true },
        endpoints: (endpoint) => [
          endpoint({ methods: READABLE, permission: 'public', handler }),
          endpoint({ methods: CREATABLE, permission: 'public', handler }),
        ],
      }),
    );
    const send = (method: string, url: string, body?: string) =>
      server.handle({ method, url, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body });
    const read = await send('GET', '/wp-json/demo/v1/things');
    expect(read?.status).toBe(200);
    const write = await send('POST', '/wp-json/demo/v1/things', '{}');
    expect(write?.status).toBe(403);
    expect(JSON.parse(String(write?.body))).toMatchObject({ code: 'rest_forbidden' });
    // A POST that asks for GET (`_method`) is a read: the guard sees the method in effect.
    const overridden = await send('POST', '/wp-json/demo/v1/things?_method=GET');
    expect(overridden?.status).toBe(200);
    const batch = await send(
      'POST',
      '/wp-json/batch/v1',
      JSON.stringify({ requests: [{ method: 'POST', path: '/demo/v1/things', body: {} }] }),
    );
    expect(batch?.status).toBe(403);
    expect(ran).toBe(2);
  });
});
