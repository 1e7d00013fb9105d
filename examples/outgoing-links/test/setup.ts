/**
 * A server with the plugin on a fresh test database (in-memory SQLite, or a PostgreSQL schema
 * when `CMS_TEST_DATABASE_URL` is set), and two principals chosen
 * by the `x-test-user` header (the real site authenticates with application passwords).
 */
import { createRestServer, type RestServerOptions } from '@cms-json/core';
import { testClient } from '@cms-json/core/testing';
import { openTestDatabase } from '@cms-json/database/testing';
import { afterEach } from 'vitest';
import type { OutgoingLinksTables } from '../src/index.js';
import { outgoingLinks } from '../src/index.js';

export async function setup(options: RestServerOptions = {}) {
  const database = await openTestDatabase<OutgoingLinksTables>();
  const server = createRestServer({ siteUrl: 'http://site.test', ...options });
  server.authenticate((request) => {
    const who = request.header('x-test-user');
    if (who === 'editor') return { user: { id: 1, can: (cap: string) => cap === 'edit_posts' } };
    if (who === 'subscriber') return { user: { id: 2, can: (cap: string) => cap === 'read' } };
    return null;
  });
  await server.use(outgoingLinks({ database: database }));
  const client = testClient(server);
  const editor = { 'x-test-user': 'editor' };
  const create = async (title: string, link: string) => {
    const res = await client.post('/tel/v1/outgoing-links', { headers: editor, body: { title, link } });
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
    return res.body as { id: number; slug: string };
  };
  return { server, client, database, editor, create };
}

/**
 * A fresh site for each test of a file, closed after the test: call it at the top level of
 * the file, then `await site()` inside a test.
 */
export function sitePerTest(): () => ReturnType<typeof setup> {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });
  return async () => {
    const s = await setup();
    cleanup = () => s.database.close();
    return s;
  };
}
