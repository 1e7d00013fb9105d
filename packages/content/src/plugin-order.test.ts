/**
 * Plugin order mistakes fail at start-up with a message naming what to do, instead of a
 * site that silently lacks routes: the taxonomies asked for before `contentPlugin`, the
 * plugin used twice, a post type, a taxonomy or a meta key registered after the routes were built. A
 * type registered before `contentPlugin` is served.
 */
import { createRestServer } from '@cms-json/core';
import { testClient } from '@cms-json/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { openContentDatabase } from '../test/helpers.js';
import { type ContentSite, contentSite, SECRET } from '../test/site.js';
import { createAuth } from './auth/auth.js';
import { registerMeta } from './meta/registry.js';
import { contentPlugin } from './plugin.js';
import { postTypes } from './posts/post-types.js';
import { taxonomiesOf } from './terms/taxonomy.js';

let site: ContentSite | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

describe('plugin order', () => {
  it('refuses the taxonomies of a server before contentPlugin ran on it', () => {
    expect(() => taxonomiesOf(createRestServer())).toThrow('taxonomiesOf: use contentPlugin on this server first.');
  });

  it('refuses contentPlugin used twice on one server', async () => {
    site = await contentSite();
    await expect(site.server.use(contentPlugin({ auth: site.auth }))).rejects.toThrow(
      'contentPlugin: used on this server already; use it once.',
    );
  });

  it('refuses a post type registered after the routes were built', async () => {
    site = await contentSite();
    expect((await site.client.get('/cms/v2/posts')).status).toBe(200);
    expect(() => postTypes(site?.server ?? createRestServer()).register('late', { showInRest: true })).toThrow(
      /postTypes\(server\)\.register\('late'\): the server built its routes already/,
    );
  });

  it('refuses a taxonomy registered after the routes were built', async () => {
    site = await contentSite();
    site.server.ready();
    const taxonomies = taxonomiesOf(site.server);
    expect(() => taxonomies.register('late', ['post'], { showInRest: true })).toThrow(
      /taxonomiesOf\(server\)\.register\('late'\): the server built its routes already/,
    );
  });

  it('refuses a meta key registered after the routes were built', async () => {
    site = await contentSite();
    expect((await site.client.get('/cms/v2/posts')).status).toBe(200);
    expect(() => registerMeta(site?.server ?? createRestServer(), 'post', 'late', { showInRest: true })).toThrow(
      /registerMeta\(server, 'post', 'late'\): the server built its routes already/,
    );
  });

  it('serves a post type registered before contentPlugin ran', async () => {
    const database = await openContentDatabase();
    try {
      const server = createRestServer();
      postTypes(server).register('early', { showInRest: true, public: true, restBase: 'earlies' });
      await server.use(contentPlugin({ auth: createAuth({ database: database, secret: SECRET }) }));
      expect((await testClient(server).get('/cms/v2/earlies')).status).toBe(200);
    } finally {
      await database.close();
    }
  });
});
