/**
 * The Varnish target over real HTTP (a stand-in server on 127.0.0.1 that records what it
 * gets): `PURGE` with the keys in `xkey-purge`, split when long; a refusal or an unreachable
 * server rejects; bad settings throw.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyChunks, varnishPurgeTarget } from './purge-targets.js';

describe('varnishPurgeTarget', () => {
  let server: Server;
  let url: string;
  const received: { method: string | undefined; keys: string | undefined }[] = [];
  let status = 200;

  beforeAll(async () => {
    server = createServer((request, response) => {
      received.push({ method: request.method, keys: request.headers['xkey-purge'] as string | undefined });
      response.statusCode = status;
      response.end('Purged');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends PURGE with the keys in xkey-purge, in several requests when they are long', async () => {
    received.length = 0;
    const target = varnishPurgeTarget({ urls: [url], maxHeaderBytes: 100 });
    const keys = Array.from({ length: 30 }, (_, i) => `post-${i}`);
    await target.send(keys);
    expect(received.every((r) => r.method === 'PURGE')).toBe(true);
    expect(received.length).toBeGreaterThan(1);
    expect(received.flatMap((r) => r.keys?.split(' ') ?? []).sort()).toEqual([...keys].sort());
    expect(received.every((r) => (r.keys?.length ?? 0) <= 100)).toBe(true);
  });

  it('rejects when Varnish refuses the purge or cannot be reached', async () => {
    status = 403;
    await expect(varnishPurgeTarget({ urls: [url] }).send(['post-1'])).rejects.toThrow(/answered 403/);
    status = 200;
    await expect(varnishPurgeTarget({ urls: ['http://127.0.0.1:1'], timeoutMs: 2000 }).send(['post-1'])).rejects.toThrow();
  });

  it('refuses bad settings with a clear error', () => {
    expect(() => varnishPurgeTarget({ urls: [] })).toThrow(/at least one URL/);
    expect(() => varnishPurgeTarget({ urls: ['not a url'] })).toThrow(/is not a URL/);
    expect(() => varnishPurgeTarget({ urls: ['ftp://cache'] })).toThrow(/http: or https:/);
    expect(() => varnishPurgeTarget({ urls: [url], method: 'PUR GE' })).toThrow(/HTTP method/);
    expect(() => varnishPurgeTarget({ urls: [url], header: 'x key' })).toThrow(/header name/);
  });

  it('leaves out keys that are not tokens', () => {
    expect(keyChunks(['post-1', 'bad key', '', 'post-2\n'], 100)).toEqual(['post-1']);
  });
});
