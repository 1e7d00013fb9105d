/**
 * The example site on PostgreSQL while the database goes away and comes back: clear 503s in
 * the error shape (anonymous and authenticated requests alike), no hang, no crash, and
 * service again once the database is back. The database "goes away" behind a TCP relay, so
 * other tests on the same server are untouched. Runs when `CMS_TEST_DATABASE_URL` is set.
 */
import { type DatabaseRelay, databaseRelay, testDatabaseUrl, testDialect } from '@cms-json/database/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';
import { createSite, type Site } from '../src/create-site.js';

const APP_PASSWORD = 'abcdABCD1234efghEFGH5678';
const admin = `Basic ${Buffer.from(`admin:${APP_PASSWORD}`).toString('base64')}`;

let site: Site;
let proxy: DatabaseRelay;

const get = (url: string, headers: Record<string, string> = {}) => site.server.handle({ method: 'GET', url, headers });

describe.skipIf(testDialect() !== 'postgres')('the site while PostgreSQL is down', () => {
  beforeAll(async () => {
    const url = new URL(await testDatabaseUrl());
    proxy = await databaseRelay(url.hostname, Number(url.port));
    url.host = `127.0.0.1:${proxy.port}`;
    site = await createSite(
      readConfig({
        DATABASE_URL: url.toString(),
        CMS_SECRET: 'database-down-test-secret-0123456789',
        CMS_ADMIN_APP_PASSWORD: APP_PASSWORD,
        CMS_SAMPLE_LINKS: '1',
      }),
    );
  });

  afterAll(async () => {
    proxy.close();
    await site.close();
  });

  it('answers 503 rest_database_unavailable, then serves again when the database is back', { timeout: 60_000 }, async () => {
    expect((await get('/cms-json/tel/v1/outgoing-links'))?.status).toBe(200);
    await proxy.cut();
    for (const [url, headers] of [
      ['/cms-json/tel/v1/outgoing-links', {}],
      ['/cms-json/tel/v1/outgoing-links/1', {}],
      ['/cms-json/cms/v2/users/me', { authorization: admin }],
      ['/out/zod', {}],
    ] as const) {
      const res = await get(url, headers);
      expect(res?.status, url).toBe(503);
      if (url.startsWith('/cms-json')) {
        expect(JSON.parse(res?.body ?? 'null'), url).toEqual({
          code: 'rest_database_unavailable',
          message: 'The database is unavailable. Try again shortly.',
          data: { status: 503 },
        });
      }
    }
    await proxy.restore();
    expect((await get('/cms-json/tel/v1/outgoing-links'))?.status).toBe(200);
    expect((await get('/cms-json/cms/v2/users/me', { authorization: admin }))?.status).toBe(200);
  });
});
