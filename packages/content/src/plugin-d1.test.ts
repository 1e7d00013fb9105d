import { createRestServer } from '@cms-json/core';
import { testClient } from '@cms-json/core/testing';
import { openD1Database } from '@cms-json/database/d1';
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentTables, contentPlugin, createAuth, migrateContent } from './index.js';

// The content plugin on D1 (miniflare's local D1, reached from Node through its binding proxy):
// D1 has no interactive transactions, so the site takes no transaction runner and an atomic
// batch answers the core's 501 instead of claiming an atomicity it lacks; everything else works.
/** Miniflare, or why it cannot load (a failure with CMS_REQUIRE_RUNTIMES=1, as for every runtime test). */
const loaded = await import('miniflare').catch((error: unknown) => {
  if (process.env['CMS_REQUIRE_RUNTIMES'] === '1') throw error;
  return `miniflare cannot load: ${String(error)}`;
});
let mf: Miniflare | undefined;
let client: ReturnType<typeof testClient>;
let admin: Record<string, string>;
beforeAll(async () => {
  if (typeof loaded === 'string') return;
  mf = new loaded.Miniflare({
    modules: true,
    script: 'export default { fetch: () => new Response(null, { status: 404 }) }',
    d1Databases: ['DB'],
    compatibilityDate: '2026-04-01',
    host: '127.0.0.1',
    port: 0,
  });
  await mf.ready;
  const database = openD1Database<ContentTables>(await mf.getD1Database('DB'));
  await migrateContent(database);
  const auth = createAuth({ database, secret: 'a test site secret, long enough', prefix: 'cms' });
  const server = createRestServer({ prefix: 'cms', siteUrl: 'http://site.test' });
  await server.use(contentPlugin({ auth }));
  client = testClient(server);
  const user = await auth.users.create({
    login: 'admin',
    email: 'admin@example.com',
    password: 'admin-password',
    roles: ['administrator'],
  });
  const { password } = await auth.applicationPasswords.create(user.id, { name: 'tests' });
  admin = { authorization: `Basic ${btoa(`admin:${password}`)}` };
});
afterAll(async () => {
  await mf?.dispose();
});

describe.skipIf(typeof loaded === 'string')(
  `the content plugin on D1${typeof loaded === 'string' ? ` (skipped: ${loaded})` : ''}`,
  () => {
    it('answers an atomic batch 501 rest_batch_atomic_unavailable, and writes nothing of it', async () => {
      const res = await client.post('/batch/v1', {
        headers: admin,
        body: {
          validation: 'require-all-validate',
          atomic: true,
          requests: [{ path: '/cms/v2/posts', body: { title: 'Atomic' } }],
        },
      });
      expect(res.status).toBe(501);
      expect(res.body).toMatchObject({ code: 'rest_batch_atomic_unavailable', data: { status: 501 } });
      const list = await client.get('/cms/v2/posts?status=draft&search=Atomic', { headers: admin });
      expect(list.body).toEqual([]);
    });

    it('runs a batch that is not atomic, and creates, searches, updates and deletes posts', async () => {
      const batch = await client.post('/batch/v1', {
        headers: admin,
        body: { requests: [{ path: '/cms/v2/posts', body: { title: 'ÉCOLE d’été', status: 'publish' } }] },
      });
      expect(batch.status).toBe(207);
      const created = (batch.body as { responses: { status: number; body: { id: number } }[] }).responses[0];
      expect(created?.status).toBe(201);
      const id = created?.body.id ?? 0;
      const found = await client.get('/cms/v2/posts?search=%C3%A9cole');
      expect((found.body as { id: number }[]).map((post) => post.id)).toEqual([id]);
      const updated = await client.post(`/cms/v2/posts/${id}`, { headers: admin, body: { title: 'Summer school' } });
      expect(updated.status).toBe(200);
      expect((updated.body as { title: { raw: string } }).title.raw).toBe('Summer school');
      const deleted = await client.delete(`/cms/v2/posts/${id}?force=true`, { headers: admin });
      expect(deleted.status).toBe(200);
      expect((await client.get(`/cms/v2/posts/${id}`, { headers: admin })).status).toBe(404);
    });
  },
);
