import { describe, expect, it } from 'vitest';
import { createDemoServer } from '../test/fixture.js';
import { createRestServer, discoveryLinkElement, discoveryLinkHeader } from './index.js';
import { testClient } from './testing.js';

describe('site discovery', () => {
  it('answers HEAD / with the Link header pointing at the REST root', async () => {
    const res = await testClient(createDemoServer().server).head('//');
    expect(res.status).toBe(200);
    expect(res.text).toBeNull();
    expect(res.header('Link')).toBe('<http://example.test/cms-json/>; rel="https://api.cms-json.org/"');
  });

  it('uses https://api.w.org/ and /wp-json/ in the WordPress profile', async () => {
    const res = await testClient(createDemoServer({ prefix: 'wp' }).server).head('//');
    expect(res.header('Link')).toBe('<http://example.test/wp-json/>; rel="https://api.w.org/"');
  });

  it('builds the <link> element and header for pages', () => {
    const options = { restRootUrl: 'https://example.com/cms-json/', curieBase: 'https://api.cms-json.org/' };
    expect(discoveryLinkElement(options)).toBe('<link rel="https://api.cms-json.org/" href="https://example.com/cms-json/" />');
    expect(discoveryLinkElement({ ...options, restRootUrl: 'https://e.com/"><script>' })).toBe(
      '<link rel="https://api.cms-json.org/" href="https://e.com/&quot;&gt;&lt;script&gt;" />',
    );
    expect(discoveryLinkHeader(options)).toBe('<https://example.com/cms-json/>; rel="https://api.cms-json.org/"');
  });

  it('answers GET /xmlrpc.php?rsd with the RSD document', async () => {
    const res = await testClient(createDemoServer({ prefix: 'wp' }).server).get('//xmlrpc.php?rsd');
    expect(res.status).toBe(200);
    expect(res.header('Content-Type')).toBe('text/xml; charset=UTF-8');
    expect(res.text).toContain('<rsd version="1.0" xmlns="http://archipelago.phrasewise.com/rsd">');
    expect(res.text).toContain('<api name="WP-API" blogID="1" preferred="false" apiLink="http://example.test/wp-json/" />');
  });

  it('lets the RSD document be switched off', async () => {
    const { server } = createDemoServer({ rsd: false });
    expect(await server.handle({ method: 'GET', url: '/xmlrpc.php?rsd', headers: {} })).toBeNull();
  });

  it('passes other site paths on to the host (null)', async () => {
    const server = createRestServer();
    expect(await server.handle({ method: 'GET', url: '/', headers: {} })).toBeNull();
    expect(await server.handle({ method: 'GET', url: '/cms-jsonx/a', headers: {} })).toBeNull();
    expect(await server.handle({ method: 'GET', url: '/xmlrpc.php', headers: {} })).toBeNull();
  });
});

describe('site pages', () => {
  it('serves a registered page with its parameters and the discovery Link', async () => {
    const server = createRestServer({ siteUrl: 'http://example.test' });
    server.page({
      path: '/out/:slug',
      handler: ({ params }) => ({ status: 302, headers: { Location: `https://target.test/${params.slug}` }, body: '' }),
    });
    const client = testClient(server);
    const res = await client.get('//out/docs');
    expect(res.status).toBe(302);
    expect(res.header('Location')).toBe('https://target.test/docs');
    expect(res.headers.Link).toEqual(['<http://example.test/cms-json/>; rel="https://api.cms-json.org/"']);
    const head = await client.head('//out/docs');
    expect(head.status).toBe(302);
    expect(head.text).toBeNull();
    expect(await server.handle({ method: 'POST', url: '/out/docs', headers: {} })).toBeNull();
  });
});

describe('a failing page', () => {
  it('answers a 500 page and reports the error, without rejecting', async () => {
    const reported: unknown[] = [];
    const server = createRestServer({ siteUrl: 'http://site.test', onError: (error) => reported.push(error) });
    server.page({
      path: '/broken',
      handler: () => {
        throw new Error('page internals');
      },
    });
    const res = await server.handle({ method: 'GET', url: '/broken', headers: {} });
    expect(res?.status).toBe(500);
    expect(res?.body).not.toContain('page internals');
    expect(reported).toHaveLength(1);
  });
});
