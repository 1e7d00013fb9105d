import {
  CREATABLE,
  collectionArgs,
  createRestServer,
  DELETABLE,
  defineRoute,
  EDITABLE,
  READABLE,
  requireLogin,
} from '@cms-json/core';
import { testClient } from '@cms-json/core/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openapi } from './openapi.js';

const Book = z
  .object({
    id: z
      .number()
      .int()
      .readonly()
      .meta({ description: 'Identifier.', context: ['view', 'edit', 'embed'] }),
    title: z.string().meta({ description: 'Title.', context: ['view', 'edit', 'embed'] }),
    notes: z.string().meta({ description: 'Private notes.', context: ['edit'] }),
  })
  .meta({ title: 'book' });

function bookServer(options: { openapi?: boolean } = {}) {
  const server = createRestServer({ siteUrl: 'http://example.test', site: { name: 'Library' } });
  // The plugin registers its routes at once: nothing to wait for.
  if (options.openapi !== false) void server.use(openapi());
  const books = defineRoute({
    path: '/books',
    schema: Book,
    objectType: 'book',
    endpoints: (endpoint) => [
      endpoint({ methods: READABLE, args: collectionArgs({ schema: Book }), permission: 'public', handler: () => [] }),
      endpoint({
        methods: CREATABLE,
        args: { title: z.string(), notes: z.string().optional() },
        permission: requireLogin(),
        handler: () => null,
      }),
    ],
  });
  const book = defineRoute({
    path: '/books/(?P<isbn>[0-9X-]{10,17})',
    schema: Book,
    objectType: 'book',
    args: { isbn: z.string() },
    endpoints: (endpoint) => [
      endpoint({ methods: READABLE, permission: 'public', handler: () => null }),
      endpoint({ methods: EDITABLE, args: { title: z.string().optional() }, permission: requireLogin(), handler: () => null }),
      endpoint({ methods: DELETABLE, permission: requireLogin(), handler: () => null }),
    ],
  });
  server.register('lib/v1', books, book);
  server.registerRestField('book', 'shelf', {
    get: () => 'A1',
    schema: z.string().meta({ description: 'Where the book stands.', context: ['view', 'edit'] }),
  });
  return server;
}

type Operation = {
  operationId: string;
  summary: string;
  parameters: { name: string; in: string }[];
  requestBody: unknown;
  responses: Record<string, Record<string, unknown>>;
  security: unknown[];
};

type Doc = {
  openapi: string;
  info: { title: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties: Record<string, unknown> }>; securitySchemes: Record<string, unknown> };
};

describe('GET /openapi.json', () => {
  const client = testClient(bookServer());

  it('answers an OpenAPI 3.1 document of every route, with the REST root as its server', async () => {
    const res = await client.get('/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body as Doc;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Library');
    expect(doc.servers).toEqual([{ url: 'http://example.test/cms-json' }]);
    expect(Object.keys(doc.paths)).toEqual(['/', '/batch/v1', '/lib/v1', '/lib/v1/books', '/lib/v1/books/{isbn}']);
    expect(doc.tags.map((t) => t.name)).toEqual(['index', 'lib/v1']);
  });

  it('names operations readably and describes path, query and body parameters', async () => {
    const doc = (await client.get('/openapi.json')).body as Doc;
    const books = doc.paths['/lib/v1/books'];
    const book = doc.paths['/lib/v1/books/{isbn}'];
    expect(books?.get?.operationId).toBe('listBooks');
    expect(books?.post?.operationId).toBe('createBook');
    expect(Object.keys(book ?? {})).toEqual(['get', 'post', 'put', 'patch', 'delete']);
    expect(book?.get?.operationId).toBe('getBook');
    expect(book?.patch?.operationId).toBe('patchBook');
    expect(book?.get?.parameters).toContainEqual({
      name: 'isbn',
      in: 'path',
      required: true,
      schema: { type: 'string', pattern: '^[0-9X-]{10,17}$' },
    });
    const query = (books?.get?.parameters ?? []).map((p) => `${p.in}:${p.name}`);
    expect(query).toEqual(expect.arrayContaining(['query:context', 'query:page', 'query:per_page', 'query:search']));
    expect(books?.get?.parameters).toContainEqual({ $ref: '#/components/parameters/fields' });
    expect(books?.post?.parameters).toBeUndefined();
    expect(books?.post?.requestBody).toMatchObject({
      required: true,
      content: { 'application/json': { schema: { properties: { title: { type: 'string' } }, required: ['title'] } } },
    });
  });

  it('gives the record schema per context a response answers in, registered fields included, and paging headers on lists', async () => {
    const doc = (await client.get('/openapi.json')).body as Doc;
    const schemas = doc.components.schemas;
    expect(Object.keys(schemas.book?.properties ?? {})).toEqual(['id', 'title', 'shelf', '_links', '_embedded']);
    expect(Object.keys(schemas['book.edit']?.properties ?? {})).toEqual(['id', 'title', 'notes', 'shelf', '_links', '_embedded']);
    expect(schemas['book.embed']).toBeUndefined(); // no response answers in `embed` unless asked: no unused component
    expect(schemas.book?.properties.id).toEqual({ readOnly: true, description: 'Identifier.', type: 'integer' });
    const list = doc.paths['/lib/v1/books']?.get?.responses ?? {};
    expect(list['200']?.content).toEqual({
      'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/book' } } },
    });
    expect(Object.keys(list['200']?.headers as object)).toEqual(['X-CMS-Total', 'X-CMS-TotalPages', 'Link']);
    const created = doc.paths['/lib/v1/books']?.post?.responses ?? {};
    expect(created['201']?.content).toEqual({ 'application/json': { schema: { $ref: '#/components/schemas/book.edit' } } });
  });

  it('states the error body and who may call each operation', async () => {
    const doc = (await client.get('/openapi.json')).body as Doc;
    const create = doc.paths['/lib/v1/books']?.post as Operation;
    expect(Object.keys(create.responses)).toEqual(['201', '400', '401', '403', 'default']);
    // A public operation without arguments still refuses wrong credentials: a 4xx on every operation.
    expect(Object.keys(doc.paths['/lib/v1']?.get?.responses ?? {})).toEqual(['200', '400', '401', 'default']);
    expect(create.security).toEqual([{ applicationPassword: [] }, { cookieSession: [], nonce: [] }]);
    expect(doc.paths['/lib/v1/books']?.get?.security[0]).toEqual({});
    expect(doc.components.schemas.Error?.properties).toHaveProperty('code');
    expect(doc.components.securitySchemes).toMatchObject({
      applicationPassword: { type: 'http', scheme: 'basic' },
      nonce: { type: 'apiKey', in: 'header', name: 'X-CMS-Nonce' },
      cookieSession: { type: 'apiKey', in: 'cookie', name: 'cms_logged_in' },
    });
  });

  it('summarizes every operation, or takes the summary and description an endpoint declares', async () => {
    const doc = (await client.get('/openapi.json')).body as Doc;
    const summaries = Object.values(doc.paths['/lib/v1/books/{isbn}'] ?? {}).map((operation) => operation.summary);
    expect(summaries).toEqual(['Retrieve a book', 'Update a book', 'Update a book', 'Update a book', 'Delete a book']);
    expect(doc.paths['/lib/v1/books']?.get?.summary).toBe('List books');
    expect(doc.paths['/lib/v1/books']?.post?.summary).toBe('Create a book');
    const server = bookServer();
    server.register(
      'lib/v1',
      defineRoute({
        path: '/books/(?P<id>[\\d]+)/lend',
        args: { id: z.number().int() },
        endpoints: (endpoint) => [
          endpoint({
            methods: CREATABLE,
            summary: 'Lend a book',
            description: 'Marks the book as lent until it is returned.',
            permission: requireLogin(),
            handler: () => null,
          }),
        ],
      }),
    );
    const lend = ((await testClient(server).get('/openapi.json')).body as Doc).paths['/lib/v1/books/{id}/lend']?.post;
    expect(lend).toMatchObject({ summary: 'Lend a book', description: 'Marks the book as lent until it is returned.' });
  });

  it("takes the document's info from the site and the plugin's `info` option, with no license unless given", async () => {
    const plain = (await client.get('/openapi.json')).body as Doc;
    expect(plain.info).toEqual({ title: 'Library', version: '1' });
    const server = createRestServer({ siteUrl: 'http://example.test', site: { name: 'Library' } });
    await server.use(
      openapi({ info: { version: '2.1', license: { name: 'MIT', identifier: 'MIT' }, contact: { email: 'web@example.test' } } }),
    );
    const doc = (await testClient(server).get('/openapi.json')).body as Doc;
    expect(doc.info).toEqual({
      title: 'Library',
      version: '2.1',
      contact: { email: 'web@example.test' },
      license: { name: 'MIT', identifier: 'MIT' },
    });
  });

  it('lists only the components its operations use', async () => {
    const doc = (await client.get('/lib/v1/openapi.json')).body as Doc & { components: Record<string, Record<string, unknown>> };
    const text = JSON.stringify(doc.paths);
    for (const [kind, members] of Object.entries(doc.components)) {
      if (kind === 'securitySchemes') continue;
      for (const name of Object.keys(members)) {
        const direct = text.includes(`"#/components/${kind}/${name}"`);
        const viaOther = JSON.stringify(doc.components).includes(`"#/components/${kind}/${name}"`);
        expect(direct || viaOther, `${kind}/${name}`).toBe(true);
      }
    }
  });

  it('answers one namespace at /<namespace>/openapi.json, and neither appears in the index', async () => {
    const doc = (await client.get('/lib/v1/openapi.json')).body as Doc;
    expect(Object.keys(doc.paths)).toEqual(['/lib/v1', '/lib/v1/books', '/lib/v1/books/{isbn}']);
    expect(doc.info.title).toBe('Library: lib/v1');
    const index = await client.get('/');
    expect(Object.keys(index.body.routes).some((key) => key.includes('openapi'))).toBe(false);
  });

  it('keeps only what the caller may do with ?allowed=true', async () => {
    const server = bookServer();
    server.authenticate((request) => (request.header('x-test-user') === 'reader' ? { user: { id: 9, can: () => false } } : null));
    const anonymous = (await testClient(server).get('/openapi.json?allowed=true')).body as Doc;
    expect(Object.keys(anonymous.paths['/lib/v1/books'] ?? {})).toEqual(['get']);
    expect(Object.keys(anonymous.paths['/lib/v1/books/{isbn}'] ?? {})).toEqual(['get']);
    const reader = await testClient(server).get('/openapi.json?allowed=true', { headers: { 'x-test-user': 'reader' } });
    expect(Object.keys((reader.body as Doc).paths['/lib/v1/books'] ?? {})).toEqual(['get', 'post']);
    const everything = (await testClient(server).get('/openapi.json')).body as Doc;
    expect(Object.keys(everything.paths['/lib/v1/books'] ?? {})).toEqual(['get', 'post']);
  });

  it('follows routes registered after it was first served', async () => {
    const server = bookServer();
    const client = testClient(server);
    expect(Object.keys(((await client.get('/openapi.json')).body as Doc).paths)).not.toContain('/lib/v1/late');
    server.register(
      'lib/v1',
      defineRoute({
        path: '/late',
        endpoints: (endpoint) => [endpoint({ methods: READABLE, permission: 'public', handler: () => 'late' })],
      }),
    );
    expect(Object.keys(((await client.get('/openapi.json')).body as Doc).paths)).toContain('/lib/v1/late');
  });

  it('is not served without the plugin', async () => {
    const res = await testClient(bookServer({ openapi: false })).get('/openapi.json');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('rest_no_route');
  });
});
