import { request as httpRequest } from 'node:http';
import { createConformanceServer, listen, type TestHost } from '@cms-json/adapter-conformance';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFetchHandler } from '../src/index.js';
import { toNodeListener } from '../src/node.js';

type Handler = (request: Request) => Response | Promise<Response>;

let host: TestHost | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

async function serve(handler: Handler, onError: (error: unknown) => void = () => {}): Promise<string> {
  host = await listen(toNodeListener(handler, { onError }));
  return host.origin;
}

/** A raw request: the path is sent as written (no client-side normalisation). */
function rawGet(
  origin: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}/`, { path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('toNodeListener with the handler of createFetchHandler', () => {
  it('answers as the node adapter does: Content-Length, each Set-Cookie on its own line, HEAD without a body', async () => {
    const origin = await serve(createFetchHandler(createConformanceServer().server));
    const cookies = await rawGet(origin, '/?rest_route=/demo/v1/cookies');
    expect(cookies.status).toBe(200);
    expect(cookies.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(cookies.headers['content-length']).toBe(String(Buffer.byteLength(cookies.body)));
    const get = await fetch(`${origin}/cms-json/demo/v1/notes/1`);
    const head = await fetch(`${origin}/cms-json/demo/v1/notes/1`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
    expect(await get.json()).toMatchObject({ id: 1 });
  });

  it('lets a wrapper read and change the response before it is written', async () => {
    const cms = createFetchHandler(createConformanceServer().server);
    const origin = await serve(async (request) => {
      const response = await cms(request);
      expect(response).toBeInstanceOf(Response);
      expect(response.ok).toBe(true);
      response.headers.set('x-wrapped', String(response.status));
      return response;
    });
    const res = await fetch(`${origin}/cms-json/demo/v1/notes/1`);
    expect(res.headers.get('x-wrapped')).toBe('200');
    expect(res.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(await res.json()).toMatchObject({ id: 1 });
  });

  it('builds links on the Host the client sent, and on localhost for a Host no host name has', async () => {
    const origin = await serve(createFetchHandler(createConformanceServer().server));
    const plain = await rawGet(origin, '/cms-json/demo/v1/notes/1');
    expect(plain.headers.link).toBe(`<${origin}/cms-json/>; rel="https://api.cms-json.org/"`);
    const odd = await rawGet(origin, '/cms-json/demo/v1/notes/1', { host: 'evil.test>; rel="x"' });
    expect(odd.headers.link).toBe('<http://localhost/cms-json/>; rel="https://api.cms-json.org/"');
  });
});

describe('toNodeListener with any Fetch handler', () => {
  it('hands over a Request that reads as a real one: method, URL, headers, body, signal, clone', async () => {
    const origin = await serve(async (request) => {
      const copy = request.clone();
      return Response.json({
        isRequest: request instanceof Request,
        method: request.method,
        url: request.url,
        type: request.headers.get('content-type'),
        body: await request.text(),
        copied: await copy.text(),
        signal: request.signal instanceof AbortSignal && !request.signal.aborted,
        used: request.bodyUsed,
      });
    });
    const res = await fetch(`${origin}/x?q=%C3%A9`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'été' });
    expect(await res.json()).toEqual({
      isRequest: true,
      method: 'POST',
      url: `${origin}/x?q=%C3%A9`,
      type: 'text/plain',
      body: 'été',
      copied: 'été',
      signal: true,
      used: true,
    });
  });

  it('serializes the URL as a Request would: dot segments resolved, other characters encoded', async () => {
    const seen: string[] = [];
    const origin = await serve((request) => {
      seen.push(request.url);
      return new Response(null, { status: 204 });
    });
    const paths = ['/a/./b/../c?x=1', '/d|e^f?y="z"{}', '/plain/path?page=2&per_page=10'];
    for (const path of paths) await rawGet(origin, path);
    expect(seen).toEqual(paths.map((path) => new Request(`${origin}${path}`).url));
    expect(seen[0]).toBe(`${origin}/a/c?x=1`);
    expect(seen[1]).toBe(`${origin}/d|e^f?y=%22z%22{}`);
  });

  it('writes a body that comes in one piece with Content-Length, and a longer one as it comes', async () => {
    const encoder = new TextEncoder();
    const origin = await serve((request) => {
      const parts = request.url.endsWith('/many') ? ['one ', 'two ', 'three'] : ['whole'];
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const part of parts) controller.enqueue(encoder.encode(part));
          controller.close();
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/plain' } });
    });
    const one = await rawGet(origin, '/one');
    expect(one.body).toBe('whole');
    expect(one.headers['content-length']).toBe('5');
    const many = await rawGet(origin, '/many');
    expect(many.body).toBe('one two three');
    expect(many.headers['transfer-encoding']).toBe('chunked');
    const head = await fetch(`${origin}/many`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('answers 500 rest_internal_error and reports it when the handler throws or rejects, and stays up', async () => {
    const onError = vi.fn();
    const origin = await serve((request) => {
      if (request.url.endsWith('/throws')) throw new Error('thrown');
      if (request.url.endsWith('/rejects')) return Promise.reject(new Error('rejected'));
      return new Response('fine');
    }, onError);
    for (const path of ['/throws', '/rejects']) {
      const res = await fetch(`${origin}${path}`);
      expect(res.status).toBe(500);
      expect(await res.json()).toMatchObject({ code: 'rest_internal_error', data: { status: 500 } });
    }
    expect(onError.mock.calls.map(([error]) => (error as Error).message)).toEqual(['thrown', 'rejected']);
    expect(await (await fetch(`${origin}/ok`)).text()).toBe('fine');
  });

  it("aborts the request's signal when the client goes away before the answer", async () => {
    let received: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      received = resolve;
    });
    let aborted: () => void = () => {};
    const seen = new Promise<void>((resolve) => {
      aborted = resolve;
    });
    const origin = await serve(
      (request) =>
        new Promise<Response>((resolve) => {
          request.signal.addEventListener('abort', () => {
            aborted();
            resolve(new Response('too late'));
          });
          received();
        }),
    );
    const client = new AbortController();
    const pending = fetch(`${origin}/slow`, { signal: client.signal }).catch((error: unknown) => error);
    await arrived;
    client.abort();
    await seen;
    expect(await pending).toBeInstanceOf(Error);
  });
});
