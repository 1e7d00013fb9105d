/**
 * A plugin's own route that answers post records declares the `post` type's record schema
 * (`recordSchemaOf` from `@cms-json/content`): the OpenAPI document describes its answer with
 * the same component as `/cms/v2/posts`, not as an untyped `unknown`.
 */
import { recordSchemaOf } from '@cms-json/content';
import { collectionArgs, defineRoute, READABLE } from '@cms-json/core';
import { testDatabaseUrl } from '@cms-json/database/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';
import { createSite, type Site } from '../src/create-site.js';

let site: Site | undefined;
afterAll(async () => {
  await site?.close();
});

describe("a plugin route declaring a post type's record schema", () => {
  it("answers in the OpenAPI document with the type's own component, and answers the records", async () => {
    site = await createSite(
      readConfig({
        DATABASE_URL: await testDatabaseUrl({ sqlite: 'sqlite::memory:' }),
        CMS_ADMIN_APP_PASSWORD: 'abcdABCD1234efghEFGH5678',
        CMS_SECRET: 'record-schema-secret-0123456789abcdef',
        CMS_SAMPLE_LINKS: '0',
      }),
    );
    const { server } = site;
    const Post = recordSchemaOf(server, 'post');
    server.register(
      'shelf/v1',
      defineRoute({
        path: '/featured',
        schema: Post,
        objectType: 'post', // the fields registered for posts (categories, tags) too
        endpoints: (endpoint) => [
          endpoint({
            methods: READABLE,
            args: collectionArgs(), // paged: a list
            summary: 'List the featured posts',
            permission: 'public',
            handler: async ({ per_page }, request) => {
              const res = await server.dispatch({ path: '/cms/v2/posts', query: { per_page } }, { from: request });
              return res.data as Record<string, unknown>[];
            },
          }),
        ],
      }),
    );
    const res = await server.handle({ method: 'GET', url: '/cms-json/openapi.json', headers: {} });
    const doc = JSON.parse(String(res?.body));
    const featured = doc.paths['/shelf/v1/featured'].get;
    expect(featured.summary).toBe('List the featured posts');
    expect(featured.responses['200'].content['application/json'].schema).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/post' },
    });
    expect(doc.paths['/cms/v2/posts/{id}'].get.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/post',
    });
    const posts = await server.handle({ method: 'GET', url: '/cms-json/cms/v2/posts?per_page=2', headers: {} });
    const answered = await server.handle({ method: 'GET', url: '/cms-json/shelf/v1/featured?per_page=2', headers: {} });
    expect(answered?.status).toBe(200);
    // The records' properties, as the posts route answers them (a route makes its own `_links`).
    const withoutLinks = (body: unknown) => (body as Record<string, unknown>[]).map(({ _links, ...record }) => record);
    expect(withoutLinks(JSON.parse(String(answered?.body)))).toEqual(withoutLinks(JSON.parse(String(posts?.body))));
  });
});
