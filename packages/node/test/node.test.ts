import { IncomingMessage, ServerResponse } from 'node:http';
import { connect, createServer as createHttp2Server } from 'node:http2';
import { Socket } from 'node:net';
import { createConformanceServer, FALLBACK_STATUS, hostFallback, listen, rawSend } from '@cms-json/adapter-conformance';
import { createRestServer, defineRoute, READABLE, response } from '@cms-json/core';
import { describe, expect, it, vi } from 'vitest';
import { createHandler, createRequestListener, declaresBody, serve, toBaseUrl } from '../src/index.js';

function fakeRequest(method: string, url: string, headers: Record<string, string> = {}): IncomingMessage {
  const req = new IncomingMessage(new Socket());
  req.method = method;
  req.url = url;
  req.headers = { host: '127.0.0.1', ...headers };
  return req;
}

describe('translators', () => {
  it('sees a body only when Content-Length or Transfer-Encoding announce one', () => {
    expect(declaresBody(fakeRequest('GET', '/'))).toBe(false);
    expect(declaresBody(fakeRequest('POST', '/', { 'content-length': '0' }))).toBe(false);
    expect(declaresBody(fakeRequest('POST', '/', { 'content-length': '3' }))).toBe(true);
    expect(declaresBody(fakeRequest('POST', '/', { 'transfer-encoding': 'chunked' }))).toBe(true);
  });

  it('keeps hosts that could inject into Link headers out of the base URL', () => {
    expect(toBaseUrl('http', '127.0.0.1:8080', '/api')).toBe('http://127.0.0.1:8080/api');
    expect(toBaseUrl('https', '[::1]:443', '')).toBe('https://[::1]:443');
    expect(toBaseUrl('http', 'evil>; rel="x"', '')).toBe('http://localhost');
    expect(toBaseUrl('http', undefined, '')).toBe('http://localhost');
  });
});

describe('createHandler', () => {
  it('answers a GET without waiting on body events', async () => {
    const handle = createHandler(createConformanceServer().server);
    const req = fakeRequest('GET', '/cms-json/demo/v1/notes/1');
    const res = new ServerResponse(req);
    // The request stream never ends: a handler that waited on it would time out.
    expect(await handle(req, res)).toBe(true);
    expect(res.statusCode).toBe(200);
  });

  it('falls through inside an existing server, leaving the body to the host', async () => {
    const handle = createHandler(createConformanceServer().server, { basePath: '/api' });
    const passed: string[] = [];
    const host = await listen(async (req, res) => {
      if (await handle(req, res)) return;
      passed.push(req.url ?? '');
      if (req.url === '/health') res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
      else await hostFallback(req, res);
    });
    try {
      expect((await fetch(`${host.origin}/health`)).status).toBe(200);
      const other = await fetch(`${host.origin}/api/nothing-here`, { method: 'PUT', body: 'payload' });
      expect(other.status).toBe(FALLBACK_STATUS);
      expect(await other.text()).toBe('host fallback: payload');
      expect((await fetch(`${host.origin}/api/cms-json/demo/v1/notes/1`)).status).toBe(200);
      expect(passed).toEqual(['/health', '/api/nothing-here']);
    } finally {
      await host.close();
    }
  });

  it('builds links on X-Forwarded-Proto and X-Forwarded-Host only with trustProxy', async () => {
    const forwarded = { 'x-forwarded-proto': 'https, http', 'x-forwarded-host': 'example.org, inner.test' };
    const selfOf = async (origin: string) => {
      const res = await fetch(`${origin}/api/cms-json/demo/v1/notes/5`, { headers: forwarded });
      return ((await res.json()) as { _links: { self: { href: string }[] } })._links.self[0]?.href;
    };
    const trusting = await listen(
      createRequestListener(createConformanceServer().server, { basePath: '/api', trustProxy: true }),
    );
    const direct = await listen(createRequestListener(createConformanceServer().server, { basePath: '/api' }));
    try {
      expect(await selfOf(trusting.origin)).toBe('https://example.org/api/cms-json/demo/v1/notes/5');
      expect(await selfOf(direct.origin)).toBe(`${direct.origin}/api/cms-json/demo/v1/notes/5`);
      const injected = await fetch(`${trusting.origin}/api/cms-json/`, {
        method: 'HEAD',
        headers: { 'x-forwarded-proto': 'javascript', 'x-forwarded-host': 'evil>; rel="x"' },
      });
      expect(injected.headers.get('link')).toBe('<http://localhost/api/cms-json/>; rel="https://api.cms-json.org/"');
    } finally {
      await trusting.close();
      await direct.close();
    }
  });

  it('turns a header Node refuses into a 500 and reports it', async () => {
    const server = createRestServer();
    const bad = defineRoute({
      path: '/bad',
      endpoints: (endpoint) => [
        endpoint({ methods: READABLE, permission: 'public', handler: () => response({}, { headers: { 'X-Bad': 'snow ☃' } }) }),
      ],
    });
    server.register('demo/v1', bad);
    const onError = vi.fn();
    const host = await listen(createRequestListener(server, { onError }));
    try {
      const res = await fetch(`${host.origin}/cms-json/demo/v1/bad`);
      expect(res.status).toBe(500);
      expect(await res.json()).toMatchObject({ code: 'rest_internal_error', data: { status: 500 } });
      expect(onError).toHaveBeenCalledOnce();
      expect((await fetch(`${host.origin}/cms-json/`)).status).toBe(200);
    } finally {
      await host.close();
    }
  });

  it('still answers 500 when the fallback throws and so does the onError hook', async () => {
    const onError = vi.fn(() => {
      throw new Error('broken hook');
    });
    const fallback = () => {
      throw new Error('broken fallback');
    };
    const host = await listen(createRequestListener(createRestServer(), { onError, fallback }));
    try {
      const res = await fetch(`${host.origin}/somewhere-else`);
      expect(res.status).toBe(500);
      expect(await res.json()).toMatchObject({ code: 'rest_internal_error' });
      expect(onError).toHaveBeenCalledOnce();
      expect((await fetch(`${host.origin}/cms-json/`)).status).toBe(200);
    } finally {
      await host.close();
    }
  });
});

describe('writeResponse on the wire', () => {
  it('writes each Link and Set-Cookie value on a line of its own, and Content-Length in bytes', async () => {
    const served = await serve({ server: createConformanceServer().server, port: 0 });
    try {
      const cookies = await rawSend(`${served.url}/cms-json/demo/v1/cookies`, { method: 'GET' });
      const names = (cookies?.rawHeaders ?? []).filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase());
      expect(names.filter((n) => n === 'set-cookie')).toHaveLength(2);
      const page = await rawSend(`${served.url}/cms-json/demo/v1/notes?per_page=2&page=3`, { method: 'GET' });
      const pageNames = (page?.rawHeaders ?? []).filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase());
      expect(pageNames.filter((n) => n === 'link')).toHaveLength(2);
      const tag = await rawSend(`${served.url}/cms-json/demo/v1/tags/%E2%9C%93%E2%9C%93`, { method: 'GET' });
      expect(tag?.text).toBe('{"slug":"✓✓"}');
      expect(tag?.headers['content-length']).toBe(String(Buffer.byteLength(tag?.text ?? '')));
      const head = await rawSend(`${served.url}/cms-json/demo/v1/notes/1`, { method: 'HEAD' });
      expect(head?.text).toBe('');
      expect(head?.headers['transfer-encoding']).toBeUndefined();
    } finally {
      await served.close();
    }
  });
});

describe('serve', () => {
  it('listens on 127.0.0.1 and lets an in-flight request finish on close()', async () => {
    const server = createRestServer();
    let release = () => {};
    const started = new Promise<void>((resolveStarted) => {
      const slow = defineRoute({
        path: '/slow',
        endpoints: (endpoint) => [
          endpoint({
            methods: READABLE,
            permission: 'public',
            handler: () => {
              resolveStarted();
              return new Promise((resolve) => {
                release = () => resolve({ done: true });
              });
            },
          }),
        ],
      });
      server.register('demo/v1', slow);
    });
    const served = await serve({ server, port: 0 });
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const pending = fetch(`${served.url}/cms-json/demo/v1/slow`);
    await started;
    const closed = served.close();
    release();
    const res = await pending;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    await closed;
    expect(served.httpServer.listening).toBe(false);
  });
});

describe('node:http2 compatibility API', () => {
  it('serves GET and a POST body over HTTP/2', async () => {
    const h2 = createHttp2Server(createRequestListener(createConformanceServer().server));
    await new Promise<void>((resolve) => h2.listen(0, '127.0.0.1', resolve));
    const { port } = h2.address() as { port: number };
    const client = connect(`http://127.0.0.1:${port}`);
    const exchange = (headers: Record<string, string>, body?: string) =>
      new Promise<{ status: number; headers: Record<string, unknown>; text: string }>((resolve, reject) => {
        const stream = client.request(headers);
        let status = 0;
        let responseHeaders: Record<string, unknown> = {};
        let text = '';
        stream.on('response', (h) => {
          status = Number(h[':status']);
          responseHeaders = h;
        });
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => {
          text += chunk;
        });
        stream.on('end', () => resolve({ status, headers: responseHeaders, text }));
        stream.on('error', reject);
        stream.end(body);
      });
    try {
      const list = await exchange({ ':path': '/cms-json/demo/v1/notes?per_page=2&page=2' });
      expect(list.status).toBe(200);
      expect(String(list.headers.link)).toContain('rel="next"');
      expect(JSON.parse(list.text)[0]._links.self[0].href).toBe(`http://127.0.0.1:${port}/cms-json/demo/v1/notes/23`);
      const created = await exchange(
        { ':path': '/cms-json/demo/v1/notes', ':method': 'POST', 'content-type': 'application/json', 'x-test-user': 'editor' },
        JSON.stringify({ title: 'über h2', body: '' }),
      );
      expect(created.status).toBe(201);
      expect(JSON.parse(created.text)).toMatchObject({ title: 'über h2' });
    } finally {
      client.close();
      await new Promise<void>((resolve) => h2.close(() => resolve()));
    }
  });
});
