import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRestServer, defineRoute, READABLE, requireLogin } from './index.js';
import { assertNamespace, compileRoute } from './namespace.js';
import { testClient } from './testing.js';

describe('namespaces', () => {
  it('accept a name and a version', () => {
    for (const good of ['tel/v1', 'cms/v2', 'oembed/1.0', 'wp-site-health/v1', 'a/b/c'])
      expect(() => assertNamespace(good)).not.toThrow();
    for (const bad of ['', 'tel', '/tel/v1', 'tel/v1/', 'tel//v1', 'tél/v1']) expect(() => assertNamespace(bad), bad).toThrow();
  });

  it('register their index with the first route, once', async () => {
    const server = createRestServer();
    const route = (path: string) =>
      defineRoute({ path, endpoints: (e) => [e({ methods: READABLE, permission: 'public', handler: () => ({}) })] });
    server.register('tel/v1', route('/a'));
    server.register('tel/v1', route('/b'));
    expect(server.namespaces).toEqual(['tel/v1']);
    const index = await testClient(server).get('/tel/v1');
    expect(Object.keys(index.body.routes)).toEqual(['/tel/v1', '/tel/v1/a', '/tel/v1/b']);
  });
});

describe('compileRoute', () => {
  it("keys routes by the original's pattern form and gives integer parameters [\\d]+", () => {
    const route = defineRoute({
      path: 'links/:id/:slug',
      args: { id: z.number().int(), slug: z.string() },
      endpoints: (e) => [e({ methods: READABLE, permission: 'public', handler: () => ({}) })],
    });
    expect(compileRoute('tel/v1', route).key).toBe('/tel/v1/links/(?P<id>[\\d]+)/(?P<slug>[^/]+)');
  });

  it('precomputes Allow for all-public routes only', () => {
    const open = defineRoute({
      path: '/x',
      endpoints: (e) => [
        e({ methods: READABLE, permission: 'public', handler: () => ({}) }),
        e({ methods: 'POST, PUT', permission: 'public', handler: () => ({}) }),
      ],
    });
    expect(compileRoute('tel/v1', open).publicAllow).toBe('GET, POST, PUT');
    const closed = defineRoute({
      path: '/y',
      endpoints: (e) => [e({ methods: READABLE, permission: requireLogin(), handler: () => ({}) })],
    });
    expect(compileRoute('tel/v1', closed).publicAllow).toBeUndefined();
  });
});
