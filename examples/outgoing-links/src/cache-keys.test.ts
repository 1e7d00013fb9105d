import type { Purger } from '@cms-json/content';
import { createRestServer } from '@cms-json/core';
import { testClient } from '@cms-json/core/testing';
import { openTestDatabase } from '@cms-json/database/testing';
import { describe, expect, it } from 'vitest';
import { type OutgoingLinksTables, outgoingLinks } from './index.js';

/** The plugin on a server with the shared cache on, and a purger that records what it is given. */
async function cachedSite() {
  const database = await openTestDatabase<OutgoingLinksTables>();
  const purged: string[][] = [];
  const purger: Purger = {
    purge: (keys) => {
      purged.push([...keys]);
    },
    settled: async () => {},
    close: async () => {},
    stats: { requested: 0, sent: 0, failed: 0, dropped: 0 },
  };
  const server = createRestServer({ siteUrl: 'http://site.test', sharedCache: {} });
  server.authenticate((request) =>
    request.header('x-test-user') === 'editor' ? { user: { id: 1, can: (cap: string) => cap === 'edit_posts' } } : null,
  );
  await server.use(outgoingLinks({ database, purger }));
  const client = testClient(server);
  const editor = { 'x-test-user': 'editor' };
  return { client, editor, purged, close: () => database.close() };
}

describe('tel/v1 and a shared cache', () => {
  it('declares link-<id> on a link and every link shown plus links on a list', async () => {
    const { client, editor, close } = await cachedSite();
    try {
      const a = await client.post('/tel/v1/outgoing-links', { headers: editor, body: { title: 'A', link: 'https://a.test' } });
      const b = await client.post('/tel/v1/outgoing-links', { headers: editor, body: { title: 'B', link: 'https://b.test' } });
      const item = await client.get(`/tel/v1/outgoing-links/${a.body.id}`);
      expect(item.header('Cache-Control')).toMatch(/^public, /);
      expect(item.header('xkey')).toBe(`link-${a.body.id}`);
      const list = await client.get('/tel/v1/outgoing-links?orderby=id&order=asc');
      expect(list.header('xkey')).toBe(`link-${a.body.id} link-${b.body.id} links`);
      expect((await client.get(`/tel/v1/outgoing-links/${a.body.id}`, { headers: editor })).header('xkey')).toBeUndefined();
    } finally {
      await close();
    }
  });

  it('purges exactly the keys each write and click changed, after the commit', async () => {
    const { client, editor, purged, close } = await cachedSite();
    try {
      const created = await client.post('/tel/v1/outgoing-links', {
        headers: editor,
        body: { title: 'Go', link: 'https://go.test' },
      });
      const id = created.body.id as number;
      await client.post(`/tel/v1/outgoing-links/${id}`, { headers: editor, body: { title: 'Gone' } });
      await client.request('GET', '//out/gone');
      await client.request('HEAD', '//out/gone');
      await client.request('DELETE', `/tel/v1/outgoing-links/${id}`, { headers: editor });
      const keys = [`link-${id}`, 'links'];
      // Create, update, one click (HEAD counts nothing), delete.
      expect(purged).toEqual([keys, keys, keys, keys]);
      // A refused write purges nothing.
      await client.post('/tel/v1/outgoing-links', { headers: editor, body: { title: '', link: 'nope' } });
      expect(purged).toHaveLength(4);
    } finally {
      await close();
    }
  });
});
