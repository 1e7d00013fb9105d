import { readdirSync, readFileSync } from 'node:fs';
import { createConformanceServer, FIXTURE_MAX_BODY_BYTES, splitLinks } from '@cms-json/adapter-conformance';
import { describe, expect, it, vi } from 'vitest';
import { createFetchHandler } from '../src/index.js';

describe('createFetchHandler without sockets', () => {
  it('answers 404 Not Found for paths it does not serve, or calls the fallback', async () => {
    const { server } = createConformanceServer();
    const plain = createFetchHandler(server, { basePath: '/api' });
    const outside = await plain(new Request('http://x.test/elsewhere'));
    expect(outside.status).toBe(404);
    expect(await outside.text()).toBe('Not Found');
    expect((await plain(new Request('http://x.test/api/not-ours'))).status).toBe(404);
    const fallback = vi.fn(() => new Response('mine', { status: 200 }));
    const withFallback = createFetchHandler(server, { basePath: '/api', fallback });
    expect(await (await withFallback(new Request('http://x.test/api/not-ours'))).text()).toBe('mine');
    expect(fallback).toHaveBeenCalledOnce();
  });

  it('builds links on the request origin and base path', async () => {
    const handler = createFetchHandler(createConformanceServer().server, { basePath: '/edge/' });
    const res = await handler(new Request('https://example.org:8443/edge/cms-json/demo/v1/notes?per_page=2&page=2'));
    expect(res.status).toBe(200);
    const links = splitLinks(res.headers.get('link'));
    expect(links).toEqual([
      '<https://example.org:8443/edge/cms-json/demo/v1/notes?per_page=2&page=1>; rel="prev"',
      '<https://example.org:8443/edge/cms-json/demo/v1/notes?per_page=2&page=3>; rel="next"',
    ]);
    const item = await handler(new Request('https://example.org:8443/edge/cms-json/demo/v1/notes/1'));
    expect(item.headers.get('link')).toBe('<https://example.org:8443/edge/cms-json/>; rel="https://api.cms-json.org/"');
    const [first] = (await res.json()) as { _links: { self: { href: string }[] } }[];
    expect(first?._links.self[0]?.href).toBe('https://example.org:8443/edge/cms-json/demo/v1/notes/23');
  });

  it('builds links on X-Forwarded-Proto and X-Forwarded-Host only with trustProxy', async () => {
    const headers = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'example.org' };
    const request = () => new Request('http://10.0.0.5:8080/api/cms-json/demo/v1/notes/5', { headers });
    const selfOf = async (res: Response) => ((await res.json()) as { _links: { self: { href: string }[] } })._links.self[0]?.href;
    const trusting = createFetchHandler(createConformanceServer().server, { basePath: '/api', trustProxy: true });
    expect(await selfOf(await trusting(request()))).toBe('https://example.org/api/cms-json/demo/v1/notes/5');
    const direct = createFetchHandler(createConformanceServer().server, { basePath: '/api' });
    expect(await selfOf(await direct(request()))).toBe('http://10.0.0.5:8080/api/cms-json/demo/v1/notes/5');
    const injected = await trusting(
      new Request('http://10.0.0.5:8080/api/cms-json/demo/v1/notes/5', { headers: { 'x-forwarded-host': 'evil>; rel="x"' } }),
    );
    expect(await selfOf(injected)).toBe('http://10.0.0.5:8080/api/cms-json/demo/v1/notes/5');
  });

  it('serves the ?rest_route= form and appends repeated headers', async () => {
    const handler = createFetchHandler(createConformanceServer().server);
    const res = await handler(new Request('http://x.test/?rest_route=/demo/v1/cookies'));
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    const head = await handler(new Request('http://x.test/cms-json/demo/v1/notes/1', { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
  });

  it('refuses a declared Content-Length over the limit with 413 once the rest of the body is read and dropped', async () => {
    // Issues 16 and 39: Bun.serve and workerd end the connection once the answer is sent, so a
    // client still sending its body would see a reset instead of the 413. The rest is read and
    // thrown away first (bounded: LINGER_LIMITS), then answered, as on every runtime.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          pulls += 1;
          if (pulls === 2) await held; // the rest of the body is slow to come
          if (pulls > 3) controller.close();
          else controller.enqueue(new Uint8Array(1024));
        },
      },
      { highWaterMark: 0 },
    );
    const handler = createFetchHandler(createConformanceServer().server);
    const request = new Request('http://x.test/cms-json/demo/v1/notes', {
      method: 'POST',
      headers: { 'content-length': String(FIXTURE_MAX_BODY_BYTES + 1), 'content-type': 'application/json' },
      body,
      duplex: 'half',
    });
    let answered = false;
    const pending = handler(request).then((res) => {
      answered = true;
      return res;
    });
    await vi.waitFor(() => expect(pulls).toBe(2));
    expect(answered).toBe(false); // not before the body is in
    release();
    const res = await pending;
    expect(pulls).toBe(4); // read to its end first
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      code: 'rest_body_too_large',
      message: 'The request body is too large.',
      data: { status: 413 },
    });
  });

  it('answers 500 when a header value has a character beyond Latin-1, as every runtime does', async () => {
    const onError = vi.fn();
    const handler = createFetchHandler(createConformanceServer().server, { onError });
    const res = await handler(new Request('http://x.test/bad-header'));
    expect(res.status).toBe(500);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringContaining('beyond Latin-1') }));
  });

  it('answers 500 and reports when a response cannot be built or the fallback throws', async () => {
    const onError = vi.fn();
    const fallback = () => {
      throw new Error('fallback failure');
    };
    const handler = createFetchHandler(createConformanceServer().server, { onError, fallback });
    const broken = await handler(new Request('http://x.test/bad-header'));
    expect(broken.status).toBe(500);
    expect(await broken.json()).toMatchObject({ code: 'rest_internal_error' });
    expect((await handler(new Request('http://x.test/nothing'))).status).toBe(500);
    expect(onError).toHaveBeenCalledTimes(2);
  });

  it('ignores the fragment of the request URL', async () => {
    const handler = createFetchHandler(createConformanceServer().server, { basePath: '/api' });
    const res = await handler(new Request('http://x.test/api/cms-json/demo/v1/notes/1#/elsewhere?x=1'));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: 1 });
  });

  it('uses no Node APIs outside its node:http bridge (the ./node entry)', () => {
    const dir = new URL('../src/', import.meta.url);
    const webOnly = readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isFile() && entry.name !== 'node.ts');
    expect(webOnly.map((entry) => entry.name)).toContain('handler.ts');
    for (const { name: file } of webOnly) {
      const source = readFileSync(new URL(file, dir), 'utf8');
      expect(source, file).not.toMatch(/from ['"]node:|\bBuffer\b|\bprocess\.|require\(/);
    }
  });
});
