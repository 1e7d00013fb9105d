/**
 * A type's rest base is checked when the routes are built (`server.ready()`): a base that
 * cannot be a path (`/books`, `books/`, a space) and a base another type serves already
 * (a second post type on `posts`, a post type on the tags' base) fail at start-up with a
 * message naming the plugin and the fix, instead of routes no request reaches.
 */
import { createRestServer, isRestError, type RestServer } from '@cms-json/core';
import { afterEach, describe, expect, it } from 'vitest';
import { type ContentSite, contentSite } from '../test/site.js';
import { postTypes } from './posts/post-types.js';
import { taxonomiesOf } from './terms/taxonomy.js';

let site: ContentSite | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

/** What `server.ready()` throws, as `{ code, message }`. */
function startUpError(server: RestServer): { code: string; message: string } | undefined {
  try {
    server.ready();
    return undefined;
  } catch (error) {
    if (!isRestError(error)) throw error;
    return { code: error.code, message: error.message };
  }
}

describe('rest bases checked at start-up', () => {
  it('refuses a second post type on the base of posts, naming both types, their plugins and the fix', async () => {
    site = await contentSite();
    await site.server.use(function articlesPlugin(server) {
      postTypes(server).register('article', { public: true, showInRest: true, restBase: 'posts' });
    });
    expect(startUpError(site.server)).toEqual({
      code: 'rest_invalid_registration',
      message:
        'plugin articlesPlugin: the post_type "article" (registered by plugin articlesPlugin) claims the route /cms/v2/posts (GET, POST), which the post_type "post" (registered by plugin contentPluginSetup) serves already. Give one of them another restBase (or route path).',
    });
  });

  it('refuses a post type on the base of a taxonomy', async () => {
    site = await contentSite();
    await site.server.use(function labelsPlugin(server) {
      postTypes(server).register('label', { public: true, showInRest: true, restBase: 'tags' });
    });
    expect(startUpError(site.server)?.message).toMatch(
      /^plugin labelsPlugin: .*claims the route \/cms\/v2\/tags .*which the (taxonomy "post_tag"|post_type "label") \(registered by plugin (contentPluginSetup|labelsPlugin)\) serves already/,
    );
  });

  it.each(['/books', 'books/', 'my books', 'a//b'])('refuses the rest base %j, which cannot be a path', async (restBase) => {
    // The base is checked when the routes are built, with or without the content plugin.
    const server = createRestServer();
    await server.use(function booksPlugin(inner) {
      postTypes(inner).register('novel', { public: true, showInRest: true, restBase });
    });
    expect(startUpError(server)).toEqual({
      code: 'rest_invalid_registration',
      message: `plugin booksPlugin: the post type "novel" has the restBase "${restBase}": a rest base is path segments of letters, digits, "-", "_" and "." with no leading, trailing or double slash ("books", "library/books").`,
    });
  });

  it('refuses a rest base a filter made wrong, naming the plugin that registered the type', async () => {
    site = await contentSite();
    await site.server.use(function genresPlugin(server) {
      taxonomiesOf(server).register('genre', ['post'], { showInRest: true, restBase: 'genres' });
    });
    site.server.objectTypes.filterArgs('taxonomy', (args, name) => (name === 'genre' ? { ...args, restBase: '/genres' } : args));
    expect(startUpError(site.server)?.message).toMatch(/^plugin genresPlugin: the taxonomy "genre" has the restBase "\/genres"/);
  });

  it('serves types with bases of one or more segments', async () => {
    site = await contentSite();
    await site.server.use(function booksPlugin(server) {
      postTypes(server).register('book', { public: true, showInRest: true, restBase: 'library/books' });
    });
    expect(startUpError(site.server)).toBeUndefined();
    expect((await site.client.get('/cms/v2/library/books')).status).toBe(200);
  });
});
