import { type ContentTables, contentPlugin, createAuth, migrateContent } from '@cms-json/content';
import { createRestServer } from '@cms-json/core';
import { openTestDatabase } from '@cms-json/database/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AreaSite, areaSite } from '../test/area-site.js';
import { areaPostTypes } from './area/area-context.js';
import { editor } from './plugin.js';

describe('editor() in the wp profile', () => {
  let site: AreaSite;
  beforeAll(async () => {
    site = await areaSite({ prefix: 'wp' });
  });
  afterAll(async () => {
    await site.close();
  });

  it('serves the area at /wp-admin/ and the sign-in page at /wp-login.php too', async () => {
    const out = await site.request('GET', '/wp-admin/');
    expect(out.status).toBe(302);
    expect(out.header('Location')).toBe('http://site.test/wp-admin/sign-in?redirect_to=http%3A%2F%2Fsite.test%2Fwp-admin%2F');
    const login = await site.request('GET', '/wp-login.php');
    expect(login.status).toBe(200);
    expect(login.text).toContain('/wp-json/wp-auth/v1/session');
    const author = await site.signIn(site.people.author);
    const res = await site.request('GET', '/wp-admin/post-new.php', { headers: { cookie: author.cookie } });
    expect(res.status).toBe(200);
    expect(res.text).toContain('"restRootUrl":"http://site.test/wp-json/"');
    expect(res.text).toContain('"nonceRefreshUrl":"http://site.test/wp-admin/admin-ajax.php?action=rest-nonce"');
  });

  it('serves the block routes the editor reads', async () => {
    const author = await site.signIn(site.people.author);
    const res = await site.api('GET', '/wp/v2/block-types/core/paragraph', author);
    expect(res.status).toBe(200);
  });

  it('advertises authorize-application.php in the REST index, as WordPress does', async () => {
    const index = await site.request('GET', '/wp-json/?_fields=authentication');
    expect(index.json()).toMatchObject({
      authentication: {
        'application-passwords': { endpoints: { authorization: 'http://site.test/wp-admin/authorize-application.php' } },
      },
    });
  });

  it('records where the area is on the server', () => {
    expect(site.server.extension('editorArea', () => ({ path: '', authorizeApplicationPath: '' }))).toEqual({
      path: '/wp-admin/',
      authorizeApplicationPath: '/wp-admin/authorize-application.php',
    });
  });
});

describe('editor() options', () => {
  it('mounts at another path, and edits only the types named', async () => {
    const site = await areaSite({ editor: { path: '/write/', postTypes: ['page'] } });
    try {
      const editor = await site.signIn(site.people.editor);
      expect((await site.request('GET', '/write/?post_type=page', { headers: { cookie: editor.cookie } })).status).toBe(200);
      expect((await site.request('GET', '/write/?post_type=post', { headers: { cookie: editor.cookie } })).status).toBe(404);
      expect(await site.server.handle({ method: 'GET', url: '/cms-admin/', headers: {} })).toBeNull();
    } finally {
      await site.close();
    }
  });

  it('lists by default the types with REST routes and the editor feature, never attachments', async () => {
    const site = await areaSite();
    try {
      const names = areaPostTypes(site.server, { namespace: 'cms/v2' }).map((type) => type.name);
      expect(names.slice(0, 2)).toEqual(['post', 'page']);
      expect(names).not.toContain('attachment');
      expect(names).not.toContain('revision');
    } finally {
      await site.close();
    }
  });

  it('needs the content plugin first, and a path that starts and ends with /', async () => {
    await expect(createRestServer().use(editor())).rejects.toThrow(/use contentPlugin on the server first/);
    const database = await openTestDatabase<ContentTables>();
    try {
      await migrateContent(database);
      const server = createRestServer();
      await server.use(contentPlugin({ auth: createAuth({ database, secret: 'a test site secret, long enough' }) }));
      await expect(server.use(editor({ path: 'cms-admin' }))).rejects.toThrow(/must start and end with "\/"/);
    } finally {
      await database.close();
    }
  });
});
