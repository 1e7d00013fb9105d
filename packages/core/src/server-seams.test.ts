import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRestServer, defineRoute, READABLE, type RenderableAnswer, type RestServer } from './index.js';
import { testClient } from './testing.js';

function greeting(path: string, text: string) {
  return defineRoute({
    path,
    endpoints: (endpoint) => [endpoint({ methods: READABLE, permission: 'public', handler: () => ({ text }) })],
  });
}

const item = defineRoute({
  path: '/items/(?P<id>[\\d]+)',
  endpoints: (endpoint) => [
    endpoint({
      methods: READABLE,
      args: { id: z.coerce.number().int() },
      permission: 'public',
      handler: ({ id }) => ({ id, title: `Item ${id}` }),
    }),
  ],
});

function server(): RestServer {
  return createRestServer({ siteUrl: 'https://example.com' });
}

describe('registerAtRoot', () => {
  it('answers a route directly under the REST root, listed in no namespace index', async () => {
    const site = server().register('tel/v1', item).registerAtRoot(greeting('/hello.json', 'hi'));
    const client = testClient(site);
    const res = await client.get('/hello.json');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ text: 'hi' });
    const index = await client.get('/tel/v1');
    expect(Object.keys(index.body.routes)).not.toContain('/hello.json');
    expect(site.match('/hello.json')?.route.namespace).toBe('');
  });
});

describe('onNamespace', () => {
  it('is told of the namespaces registered before and after, and may add a route to each', async () => {
    const site = server().register('tel/v1', item);
    const seen: string[] = [];
    site.onNamespace((namespace) => {
      seen.push(namespace);
      site.register(namespace, greeting('/about', namespace));
    });
    site.register('tel/v1', greeting('/other', 'other'));
    site.register('shop/v2', greeting('/cart', 'cart'));
    expect(seen).toEqual(['tel/v1', 'shop/v2']);
    const client = testClient(site);
    expect((await client.get('/tel/v1/about')).body).toEqual({ text: 'tel/v1' });
    expect((await client.get('/shop/v2/about')).body).toEqual({ text: 'shop/v2' });
  });
});

describe('routes and match', () => {
  it('lists the built routes and matches a path to its route and parameters', () => {
    const site = server().register('tel/v1', item);
    const keys = site.routes().map((route) => route.key);
    expect(keys).toContain('/tel/v1/items/(?P<id>[\\d]+)');
    expect(keys).toContain('/tel/v1');
    const found = site.match('/tel/v1/items/7/');
    expect(found?.route.key).toBe('/tel/v1/items/(?P<id>[\\d]+)');
    expect(found?.params).toEqual({ id: '7' });
    expect(site.match('/tel/v1/nothing')).toBeUndefined();
  });

  it('builds the routes registered after the last build', () => {
    const site = server().register('tel/v1', item);
    expect(site.match('/tel/v1/late')).toBeUndefined();
    site.register('tel/v1', greeting('/late', 'late'));
    expect(site.routes().some((route) => route.key === '/tel/v1/late')).toBe(true);
    expect(site.match('/tel/v1/late')?.route.key).toBe('/tel/v1/late');
  });
});

describe('renderWith', () => {
  it('sees the final data of an answer, with links, embeds, fields and envelope applied', async () => {
    const seen: RenderableAnswer[] = [];
    const site = server()
      .register('tel/v1', item)
      .renderWith((answer) => {
        seen.push(answer);
        return undefined;
      });
    const client = testClient(site);
    const plain = await client.get('/tel/v1/items/3?_fields=title');
    expect(plain.body).toEqual({ title: 'Item 3' });
    expect(seen[0]?.data).toEqual({ title: 'Item 3' });
    expect(seen[0]?.status).toBe(200);
    expect(seen[0]?.restUrl('/tel/v1')).toBe('https://example.com/cms-json/tel/v1');
    expect(seen[0]?.names.prefix).toBe('cms');
    await client.get('/tel/v1/items/4?_envelope');
    expect(seen[1]?.data).toMatchObject({ status: 200, body: { id: 4, title: 'Item 4' } });
  });

  it('sends the first response a renderer returns, as it is, and never renders a HEAD answer', async () => {
    const site = server()
      .register('tel/v1', item)
      .renderWith(() => undefined)
      .renderWith((answer) =>
        answer.request.header('accept') === 'text/plain'
          ? { status: answer.status, headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(answer.data) }
          : undefined,
      )
      .renderWith(() => ({ status: 418, headers: {}, body: 'never' }));
    const client = testClient(site);
    const text = await client.get('/tel/v1/items/5', { headers: { accept: 'text/plain' } });
    expect(text.status).toBe(200);
    expect(text.header('content-type')).toBe('text/plain');
    expect(text.text).toBe('{"id":5,"title":"Item 5"}');
    const last = await client.get('/tel/v1/items/5');
    expect(last.status).toBe(418);
    const head = await client.head('/tel/v1/items/5');
    expect(head.status).toBe(200);
  });

  it('parses a list written to JSON text at once', async () => {
    const list = defineRoute({
      path: '/items',
      endpoints: (endpoint) => [endpoint({ methods: READABLE, permission: 'public', handler: () => [{ id: 1 }, { id: 2 }] })],
    });
    let data: unknown;
    const site = server()
      .register('tel/v1', list)
      .renderWith((answer) => {
        data = answer.data;
        return undefined;
      });
    const res = await testClient(site).get('/tel/v1/items');
    expect(res.body).toEqual([{ id: 1 }, { id: 2 }]);
    expect(data).toEqual([{ id: 1 }, { id: 2 }]);
  });
});
