import { type ContentTables, contentPlugin, createAuth, migrateContent } from '@cms-json/content';
import { createRestServer } from '@cms-json/core';
import { openTestDatabase } from '@cms-json/database/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AreaSite, areaSite, SITE_URL, TEST_ASSETS } from '../../test/area-site.js';
import { editor } from '../plugin.js';
import { FAVICON_SVG } from './favicon-page.js';

let site: AreaSite;
beforeAll(async () => {
  site = await areaSite({ prefix: 'wp' });
});
afterAll(async () => {
  await site.close();
});

describe('/favicon.ico on a site with the authoring area', () => {
  it("answers the browser's icon request with the area's SVG icon, cached for a day, to anyone", async () => {
    const anonymous = await site.request('GET', '/favicon.ico');
    expect(anonymous.status).toBe(200);
    expect(anonymous.header('Content-Type')).toBe('image/svg+xml');
    expect(anonymous.header('Cache-Control')).toBe('public, max-age=86400');
    expect(anonymous.text).toBe(FAVICON_SVG);
    expect(anonymous.text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*viewBox="0 0 32 32">/);
    const signedIn = await site.request('GET', '/favicon.ico', {
      headers: { cookie: (await site.signIn(site.people.author)).cookie },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.text).toBe(FAVICON_SVG);
  });

  it('answers HEAD with the headers and no body; other methods find no page', async () => {
    const head = await site.request('HEAD', '/favicon.ico');
    expect(head.status).toBe(200);
    expect(head.header('Content-Type')).toBe('image/svg+xml');
    expect(head.text).toBe('');
    expect(await site.server.handle({ method: 'POST', url: '/favicon.ico', headers: {}, baseUrl: SITE_URL })).toBeNull();
  });

  it('leaves a site its own icon when the site registers it before the area', async () => {
    const database = await openTestDatabase<ContentTables>();
    try {
      await migrateContent(database);
      const auth = createAuth({ database, secret: 'a test site secret, long enough', prefix: 'cms' });
      const server = createRestServer({ prefix: 'cms', siteUrl: SITE_URL });
      await server.use(contentPlugin({ auth }));
      server.page({ path: '/favicon.ico', handler: () => ({ headers: { 'Content-Type': 'image/x-icon' }, body: 'own icon' }) });
      await server.use(editor({ assets: async () => TEST_ASSETS }));
      const res = await server.handle({ method: 'GET', url: '/favicon.ico', headers: {}, baseUrl: SITE_URL });
      expect(res?.status).toBe(200);
      expect(res?.body).toBe('own icon');
    } finally {
      await database.close();
    }
  });
});
