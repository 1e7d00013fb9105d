import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedProxyRefusal } from '../../test/oembed/record-proxy-refusals.js';
import { type ContentSite, contentSite } from '../../test/site.js';
import { defaultOembedFetcher } from './remote-fetch.js';

const SECRET = 'an internal service’s secret';

/** What WordPress 6.1's proxy answered for URLs of this machine and its network (re-recorded by `record-proxy-refusals.ts`). */
const RECORDED: readonly RecordedProxyRefusal[] = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../test/oembed/proxy-refusals.json'), 'utf8'),
);

/** Servers on 127.0.0.1: an oEmbed provider, and an internal service the proxy must never reach. */
async function listen(handler: Parameters<typeof createServer>[1]) {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, port, origin: `http://127.0.0.1:${port}` };
}

describe('the oEmbed proxy fetches only public addresses', () => {
  let provider: Awaited<ReturnType<typeof listen>>;
  let internal: Awaited<ReturnType<typeof listen>>;
  let internalRequests = 0;
  let guarded: ContentSite;
  let testing: ContentSite;

  const proxy = (site: ContentSite, url: string) =>
    site.client.get(`/oembed/1.0/proxy?url=${encodeURIComponent(url)}`, { headers: site.people.editor.headers });

  beforeAll(async () => {
    internal = await listen((_req, res) => {
      internalRequests++;
      res.setHeader('content-type', 'text/html');
      res.end(`<link rel="alternate" type="application/json+oembed" href="/oembed"><p>${SECRET}</p>`);
    });
    provider = await listen((req, res) => {
      if (req.url?.startsWith('/oembed')) {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ version: '1.0', type: 'rich', html: '<p>local</p>', title: 'Local' }));
      } else if (req.url === '/moved') {
        res.writeHead(302, { location: `http://[::ffff:127.0.0.1]:${internal.port}/` }).end();
      } else {
        res.setHeader('content-type', 'text/html');
        res.end('<link rel="alternate" type="application/json+oembed" href="/oembed?url=x">');
      }
    });
    guarded = await contentSite({
      prefix: 'wp',
      oembedFetch: defaultOembedFetcher({ lookup: async () => [{ address: '127.0.0.1', family: 4 }] }),
    });
    testing = await contentSite({
      prefix: 'wp',
      oembedFetch: defaultOembedFetcher({ allowHosts: [`127.0.0.1:${provider.port}`] }),
    });
  });
  afterAll(async () => {
    await guarded.close();
    await testing.close();
    for (const { server } of [provider, internal]) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it.each([
    ['127.0.0.1', 'http://127.0.0.1:PORT/', '127.0.0.1 is not a public address (loopback)'],
    ['IPv4-mapped IPv6', 'http://[::ffff:127.0.0.1]:PORT/', '[::ffff:7f00:1] is not a public address (loopback)'],
    ['a decimal address', 'http://2130706433:PORT/', '127.0.0.1 is not a public address (loopback)'],
    ['0', 'http://0:PORT/', '0.0.0.0 is not a public address (unspecified)'],
    ['localhost', 'http://localhost:PORT/', 'localhost names this machine (localhost)'],
    [
      'a name that resolves to loopback',
      'http://intranet.example:PORT/',
      'intranet.example resolves to 127.0.0.1, not a public address (loopback)',
    ],
    ['the metadata service', 'http://169.254.169.254/latest/meta-data/', '169.254.169.254 is not a public address (linkLocal)'],
    ['file:', 'file:///etc/passwd', 'only http and https addresses are fetched, not file:'],
  ])('answers 404 oembed_invalid_url for %s', async (_name, spelling, reason) => {
    const url = spelling.replace('PORT', String(internal.port));
    const res = await proxy(guarded, url);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      code: 'oembed_invalid_url',
      message: `The site could not reach ${url}: ${reason}.`,
      data: { status: 404 },
    });
    expect(internalRequests).toBe(0);
  });

  it.each(RECORDED.map((recorded) => [recorded.url, recorded] as const))(
    'answers %s as WordPress 6.1 does: 404 oembed_invalid_url, saying why',
    async (url, recorded) => {
      const res = await proxy(guarded, url);
      expect(recorded.body).toEqual({ code: 'oembed_invalid_url', message: 'Not Found', data: { status: 404 } });
      expect(res.status).toBe(recorded.status);
      // The code and status are the original's; the message says why instead of "Not Found".
      expect(res.body).toEqual({
        code: 'oembed_invalid_url',
        message: expect.stringMatching(/^The site could not reach /),
        data: { status: 404 },
      });
    },
  );

  it('refuses a redirect from an allowed provider to an internal address', async () => {
    const res = await proxy(testing, `${provider.origin}/moved`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('oembed_invalid_url');
    expect(res.body.message).toBe(
      `The site could not reach ${provider.origin}/moved: [::ffff:7f00:1] is not a public address (loopback).`,
    );
    expect(internalRequests).toBe(0);
  });

  it('still serves a provider the test option allows, over real HTTP on 127.0.0.1', async () => {
    const res = await proxy(testing, `${provider.origin}/page`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ type: 'rich', title: 'Local', html: '<p>local</p>' });
    const other = await proxy(testing, `http://127.0.0.1:${internal.port}/`);
    expect(other.status).toBe(404);
    expect(internalRequests).toBe(0);
  });
});
