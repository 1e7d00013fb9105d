import { defineRoute, READABLE } from '@cms-json/core';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { type ContentSite, contentSite } from '../../test/site.js';
import { registerMeta } from '../meta/registry.js';
import { postTypes } from './post-types.js';
import { recordSchemaOf } from './record-schema.js';

let site: ContentSite;
beforeAll(async () => {
  site = await siteWithLatestPost();
});
afterAll(async () => {
  await site?.close();
});

/**
 * A site with a `book` type and a plugin route, `GET /shelf/v1/latest`, answering the latest
 * post as its type's routes do (one site: the five people of a content site take a while).
 */
async function siteWithLatestPost(): Promise<ContentSite> {
  const site = await contentSite();
  const { server } = site;
  postTypes(server).register('book', { showInRest: true, restBase: 'books', supports: ['title', 'author'] });
  const Post = recordSchemaOf(server, 'post');
  registerMeta(server, 'post', 'mood', { type: 'string', single: true, showInRest: true }); // after the call: still in it
  server.register(
    'shelf/v1',
    defineRoute({
      path: '/latest',
      schema: Post,
      endpoints: (endpoint) => [
        endpoint({
          methods: READABLE,
          permission: 'public',
          handler: async (_args, request) => {
            const res = await server.dispatch({ path: '/cms/v2/posts', query: { per_page: 1 } }, { from: request });
            const [latest] = res.data as z.output<typeof Post>[];
            return latest ?? null;
          },
        }),
      ],
    }),
  );
  return site;
}

describe('recordSchemaOf', () => {
  it("describes a plugin route's answers with the post type's own record schema, meta keys included", async () => {
    const { client, people } = site;
    const created = await client.post('/cms/v2/posts', {
      headers: people.editor.headers,
      body: { title: 'Hello', status: 'publish' },
    });
    expect(created.status).toBe(201);
    const latest = await client.get('/shelf/v1/latest');
    expect(latest.status).toBe(200);
    expect(latest.body).toMatchObject({ id: created.body.id, title: { rendered: 'Hello' }, meta: { mood: '' } });
    const own = (await client.options('/cms/v2/posts')).body.schema;
    const plugin = (await client.options('/shelf/v1/latest')).body.schema;
    expect(plugin.title).toBe('post');
    expect(plugin.properties.meta).toEqual(own.properties.meta);
    expect(plugin.properties.meta.properties).toHaveProperty('mood');
    // The type's own routes add the fields registered for it (the taxonomies' `categories`…).
    expect(Object.keys(own.properties)).toEqual(expect.arrayContaining(Object.keys(plugin.properties)));
  });

  it('cuts the schema to one context when asked', async () => {
    const embed = recordSchemaOf(site.server, 'post', { context: 'embed' });
    expect(Object.keys(embed.shape)).toEqual([
      'date',
      'id',
      'link',
      'slug',
      'type',
      'title',
      'author',
      'excerpt',
      'featured_media',
    ]);
    expect(Object.keys(recordSchemaOf(site.server, 'post').shape)).toContain('content');
  });

  it("follows the type's arguments: a custom type's properties are those it supports", async () => {
    const book = recordSchemaOf(site.server, 'book');
    expect(Object.keys(book.shape)).toEqual(expect.arrayContaining(['id', 'title', 'author']));
    expect(Object.keys(book.shape)).not.toContain('content');
  });

  it('refuses a type that is not registered, naming those that are', async () => {
    const { server } = site;
    expect(() => recordSchemaOf(server, 'boook')).toThrow(
      /no post type "boook" is registered \(registered: post, page, attachment/,
    );
  });

  it('types the handler of a route declaring it as records with string keys (the properties are known only at run time)', async () => {
    const Post = recordSchemaOf(site.server, 'post');
    expectTypeOf<z.output<typeof Post>>().toEqualTypeOf<Record<string, unknown>>();
  });
});
