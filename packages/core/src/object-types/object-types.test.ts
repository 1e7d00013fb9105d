/**
 * Object types through the front door: a field, a link and hooks registered for a type
 * that another "package" owns show up in its records, its schema, OPTIONS, the index,
 * `_fields` and `_embed`; writes reach `update`; declared types get routes only when
 * exposed, and an argument filter can expose them before the routes are built.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CREATABLE, createRestServer, defineRoute, EDITABLE, READABLE, RestError, RestRequest, response } from '../index.js';
import { testClient } from '../testing.js';

const Note = z
  .object({
    id: z
      .number()
      .int()
      .readonly()
      .meta({ description: 'Id.', context: ['view', 'edit', 'embed'] }),
    title: z.string().meta({ description: 'Title.', context: ['view', 'edit', 'embed'] }),
    secret: z.string().meta({ description: 'Edit only.', context: ['edit'] }),
  })
  .meta({ title: 'note' });

/** The "owner" package: notes, with their own routes and links. */
function notesServer() {
  const notes = new Map([
    [1, { id: 1, title: 'One', secret: 's1' }],
    [2, { id: 2, title: 'Two', secret: 's2' }],
  ]);
  const server = createRestServer({ siteUrl: 'http://site.test' });
  const links = [{ rel: 'self', href: '/notes/v1/notes/:id' }];
  server.register(
    'notes/v1',
    defineRoute({
      path: '/notes',
      schema: Note,
      objectType: 'note',
      links,
      endpoints: (e) => [
        e({
          methods: READABLE,
          args: { context: z.enum(['view', 'edit']).default('view') },
          permission: 'public',
          handler: () => [...notes.values()],
        }),
        e({
          methods: CREATABLE,
          args: { title: z.string() },
          permission: 'public',
          handler: async (args, request) => {
            const note = { id: notes.size + 1, title: args.title, secret: '' };
            notes.set(note.id, note);
            await server.objectTypes.get('note').updateFields(note, args, request);
            return response(note, { status: 201, context: 'edit' });
          },
        }),
      ],
    }),
    defineRoute({
      path: '/notes/:id',
      schema: Note,
      objectType: 'note',
      args: { id: z.number().int() },
      links,
      endpoints: (e) => [
        e({
          methods: READABLE,
          args: { context: z.enum(['view', 'edit', 'embed']).default('view') },
          permission: 'public',
          handler: ({ id }) => notes.get(id) ?? null,
        }),
        e({
          methods: EDITABLE,
          permission: 'public',
          handler: async (args, request) => {
            const note = notes.get(args.id);
            if (note === undefined) throw new RestError('rest_note_invalid_id', 'Invalid note ID.', { status: 404 });
            await server.objectTypes.get('note').updateFields(note, args, request);
            return note;
          },
        }),
      ],
    }),
  );
  return { server, notes };
}

/** The extension: stars for notes, kept by the extension, with a link to its own route. */
function addStars(server: ReturnType<typeof notesServer>['server']) {
  const stars = new Map<number, number>([[1, 4]]);
  const writes: number[] = [];
  server.registerRestField('note', 'stars', {
    schema: z
      .number()
      .int()
      .min(0)
      .max(5)
      .meta({ description: 'Stars given.', context: ['view', 'edit'] }),
    get: async (note) => stars.get(note.id as number) ?? 0,
    update: (value, note) => {
      if (value === 0) throw new RestError('stars_zero', 'Zero stars is not a rating.', { status: 400 });
      writes.push(value as number);
      stars.set(note.id as number, value as number);
    },
  });
  server.objectTypes.get('note').addLink({
    rel: 'https://api.stars.test/rating',
    href: '/stars/v1/ratings/:id',
    embeddable: true,
  });
  server.curies.add({ name: 'stars', href: 'https://api.stars.test/{rel}' });
  server.register(
    'stars/v1',
    defineRoute({
      path: '/ratings/:id',
      args: { id: z.number().int() },
      endpoints: (e) => [
        e({ methods: READABLE, permission: 'public', handler: ({ id }) => ({ note: id, stars: stars.get(id) ?? 0 }) }),
      ],
    }),
  );
  return { stars, writes };
}

describe("a field registered for another package's type", () => {
  it('appears in single records and lists, with the value its get gives', async () => {
    const { server } = notesServer();
    addStars(server);
    const client = testClient(server);
    expect((await client.get('/notes/v1/notes/1')).body).toMatchObject({ id: 1, title: 'One', stars: 4 });
    const list = await client.get('/notes/v1/notes');
    expect(list.body.map((n: { stars: number }) => n.stars)).toEqual([4, 0]);
  });

  it("is added by withFields to data the pipeline does not prepare (a delete's previous)", async () => {
    const { server } = notesServer();
    addStars(server);
    await server.ready();
    const request = new RestRequest({ method: 'DELETE', path: '/notes/v1/notes/1', query: {}, headers: {} });
    const previous = await server.objectTypes.get('note').withFields({ id: 1, title: 'One' }, request);
    expect(previous).toEqual({ id: 1, title: 'One', stars: 4 });
  });

  it("is filtered by its own context, like the record's own fields", async () => {
    const { server } = notesServer();
    addStars(server);
    const client = testClient(server);
    const embed = await client.get('/notes/v1/notes/1?context=embed');
    expect(embed.body).not.toHaveProperty('stars');
    expect(embed.body).not.toHaveProperty('secret');
    expect((await client.get('/notes/v1/notes/1?context=edit')).body).toMatchObject({ stars: 4, secret: 's1' });
  });

  it('is in the item schema of OPTIONS and of the namespace index', async () => {
    const { server } = notesServer();
    addStars(server);
    const client = testClient(server);
    const options = await client.options('/notes/v1/notes/1');
    expect(options.body.schema.properties.stars).toEqual({
      description: 'Stars given.',
      type: 'integer',
      minimum: 0,
      maximum: 5,
      context: ['view', 'edit'],
    });
    const index = await client.get('/notes/v1?context=help');
    expect(index.body.routes['/notes/v1/notes'].schema.properties.stars.type).toBe('integer');
    // A write argument of the update endpoint, checked by the field's schema.
    const update = index.body.routes['/notes/v1/notes/(?P<id>[\\d]+)'].endpoints.find((e: { methods: string[] }) =>
      e.methods.includes('POST'),
    );
    expect(update.args.stars).toMatchObject({ type: 'integer', required: false });
  });

  it('is kept or dropped by _fields', async () => {
    const { server } = notesServer();
    addStars(server);
    const client = testClient(server);
    expect((await client.get('/notes/v1/notes/1?_fields=stars')).body).toEqual({ stars: 4 });
    expect((await client.get('/notes/v1/notes?_fields=id')).body).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('is written by update and create through its update callback', async () => {
    const { server } = notesServer();
    const { writes } = addStars(server);
    const client = testClient(server);
    const updated = await client.post('/notes/v1/notes/2', { body: { stars: 3 } });
    expect(updated.status).toBe(200);
    expect(updated.body.stars).toBe(3);
    const created = await client.post('/notes/v1/notes', { body: { title: 'Three', stars: 5 } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: 3, stars: 5, secret: '' });
    expect(writes).toEqual([3, 5]);
  });

  it('refuses a value its schema refuses, before anything is written', async () => {
    const { server } = notesServer();
    const { writes } = addStars(server);
    const res = await testClient(server).post('/notes/v1/notes/2', { body: { stars: 9 } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
    expect(res.body.data.params).toHaveProperty('stars');
    expect(writes).toEqual([]);
  });

  it("answers with the error its update throws, in the original's shape", async () => {
    const { server } = notesServer();
    addStars(server);
    const res = await testClient(server).post('/notes/v1/notes/2', { body: { stars: 0 } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'stars_zero', message: 'Zero stars is not a rating.', data: { status: 400 } });
  });

  it('registered after the routes were built, appears at the next request', async () => {
    const { server } = notesServer();
    const client = testClient(server);
    expect((await client.get('/notes/v1/notes/1')).body).not.toHaveProperty('stars');
    addStars(server);
    expect((await client.get('/notes/v1/notes/1')).body.stars).toBe(4);
  });

  it('whose get throws answers 500 rest_internal_error, and is reported', async () => {
    const errors: unknown[] = [];
    const server = createRestServer({ onError: (error) => errors.push(error) });
    server.register(
      'x/v1',
      defineRoute({
        path: '/things',
        objectType: 'thing',
        endpoints: (e) => [e({ methods: READABLE, permission: 'public', handler: () => [{ id: 1 }] })],
      }),
    );
    server.registerRestField('thing', 'broken', {
      get: () => {
        throw new Error('boom');
      },
    });
    const res = await testClient(server).get('/x/v1/things');
    expect(res.status).toBe(500);
    expect(res.body.code).toBe('rest_internal_error');
    expect(errors).toHaveLength(1);
  });
});

describe("a link added to another package's type", () => {
  it('is in every record, compacted to its CURIE, and embeddable', async () => {
    const { server } = notesServer();
    addStars(server);
    const client = testClient(server);
    const one = await client.get('/notes/v1/notes/1');
    expect(one.body._links['stars:rating']).toEqual([{ embeddable: true, href: 'http://site.test/cms-json/stars/v1/ratings/1' }]);
    expect(one.body._links.self).toHaveLength(1);
    const list = await client.get('/notes/v1/notes?_embed');
    expect(list.body[1]._embedded['stars:rating']).toEqual([{ note: 2, stars: 0 }]);
    const plain = await client.get('/notes/v1/notes');
    expect(plain.body[0]._links['stars:rating'][0].href).toBe('http://site.test/cms-json/stars/v1/ratings/1');
    expect(plain.body[0]._links.curies.map((c: { name: string }) => c.name)).toContain('stars');
  });
});

describe('hooks of an object type', () => {
  it('prepare changes each record and its links, for single records and lists', async () => {
    const { server } = notesServer();
    server.objectTypes.get('note').on('prepare', (record, { links, source }) => {
      links.alternate = [{ href: `http://site.test/notes/${source.id}` }];
      return { ...record, title: String(record.title).toUpperCase() };
    });
    const client = testClient(server);
    const one = await client.get('/notes/v1/notes/1');
    expect(one.body.title).toBe('ONE');
    expect(one.body._links.alternate).toEqual([{ href: 'http://site.test/notes/1' }]);
    const list = await client.get('/notes/v1/notes');
    expect(list.body.map((n: { title: string }) => n.title)).toEqual(['ONE', 'TWO']);
    expect(list.body[1]._links.alternate[0].href).toBe('http://site.test/notes/2');
  });

  it("collectionParams adds an argument to the type's list route when routes are built", async () => {
    const { server } = notesServer();
    server.objectTypes.get('note').on('collectionParams', (params) => ({
      ...params,
      mood: z.enum(['calm', 'loud']).optional().meta({ description: 'Mood.' }),
    }));
    const client = testClient(server);
    expect((await client.get('/notes/v1/notes?mood=sad')).body.code).toBe('rest_invalid_param');
    expect((await client.get('/notes/v1/notes?mood=calm')).status).toBe(200);
    const index = await client.get('/notes/v1');
    expect(index.body.routes['/notes/v1/notes'].endpoints[0].args.mood.enum).toEqual(['calm', 'loud']);
  });

  it('filter and emit run the callbacks in order', async () => {
    const { server } = notesServer();
    const seen: string[] = [];
    const type = server.objectTypes.get('note');
    type.on('query', (query) => ({ ...query, a: 1 })).on('query', async (query) => ({ ...query, b: query.a }));
    type.on('insert', (record) => {
      seen.push(`insert ${record.id}`);
    });
    const request = (await import('../request.js')).RestRequest;
    const r = new request({ method: 'GET', path: '/', query: {}, headers: {} });
    expect(await type.filter('query', {}, { request: r })).toEqual({ a: 1, b: 1 });
    await type.emit('insert', { id: 5 }, { request: r, creating: true });
    expect(seen).toEqual(['insert 5']);
  });
});

describe('declared types and their exposure', () => {
  function withDeclaredType(options: { showInRest: boolean }) {
    const server = createRestServer();
    server.objectTypes.declare({
      kind: 'post_type',
      name: 'memo',
      args: { showInRest: options.showInRest, restBase: 'memos' },
      routes: (args) =>
        args.showInRest
          ? {
              namespace: 'cms/v2',
              routes: [
                defineRoute({
                  path: `/${args.restBase}`,
                  objectType: 'memo',
                  endpoints: (e) => [e({ methods: READABLE, permission: 'public', handler: () => [{ id: 1 }] })],
                }),
              ],
            }
          : undefined,
    });
    return server;
  }

  it('has no routes when not exposed: 404 rest_no_route', async () => {
    const res = await testClient(withDeclaredType({ showInRest: false })).get('/cms/v2/memos');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('rest_no_route');
  });

  it('gets its routes when an extension switches exposure on before they are built', async () => {
    const server = withDeclaredType({ showInRest: false });
    server.objectTypes.filterArgs<{ showInRest: boolean; restBase: string }>('post_type', (args, name) =>
      name === 'memo' ? { ...args, showInRest: true, restBase: 'notes-to-self' } : args,
    );
    const client = testClient(server);
    expect((await client.get('/cms/v2/notes-to-self')).body).toEqual([{ id: 1 }]);
    expect((await client.get('/cms/v2/memos')).status).toBe(404);
    expect(server.namespaces).toContain('cms/v2');
  });

  it('is built once: a filter added after the routes were built changes nothing', async () => {
    const server = withDeclaredType({ showInRest: true });
    const client = testClient(server);
    expect((await client.get('/cms/v2/memos')).status).toBe(200);
    server.objectTypes.filterArgs('post_type', (args) => ({ ...args, showInRest: false }));
    expect((await client.get('/cms/v2/memos')).status).toBe(200);
  });

  it('refuses a second declaration of one name', () => {
    const server = withDeclaredType({ showInRest: true });
    expect(() => server.objectTypes.declare({ kind: 'post_type', name: 'memo', args: {}, routes: () => undefined })).toThrow(
      'the server setup (outside server.use): the post_type "memo" is registered already, by the server setup (outside server.use). Give this one another name.',
    );
  });
});

describe('published authors', () => {
  it('are the union of the authors of every type that has them', async () => {
    const server = createRestServer();
    server.objectTypes.get('post').provideAuthors(async () => [1, 2]);
    server.objectTypes.get('page').provideAuthors(async () => [2, 3]);
    server.objectTypes.get('note');
    expect([...(await server.objectTypes.publishedAuthors())].sort()).toEqual([1, 2, 3]);
  });
});

describe('a second registration of a route', () => {
  it("adds its links and schema properties to the first's", async () => {
    const server = createRestServer({ siteUrl: 'http://site.test' });
    server.register(
      'a/v1',
      defineRoute({
        path: '/things/:id',
        args: { id: z.number().int() },
        schema: z.object({ id: z.number().int().meta({ description: 'Id.' }) }),
        links: [{ rel: 'self', href: '/a/v1/things/:id' }],
        endpoints: (e) => [e({ methods: READABLE, permission: 'public', handler: ({ id }) => ({ id }) })],
      }),
    );
    server.register(
      'a/v1',
      defineRoute({
        path: '/things/:id',
        args: { id: z.number().int() },
        schema: z.object({ extra: z.string().meta({ description: 'Extra.' }) }),
        links: [{ rel: 'alternate', href: '/a/v1/things/:id/alt' }],
        endpoints: (e) => [e({ methods: ['DELETE'], permission: 'public', handler: () => ({ extra: 'gone' }) })],
      }),
    );
    const client = testClient(server);
    const one = await client.get('/a/v1/things/3');
    expect(Object.keys(one.body._links)).toEqual(['self', 'alternate']);
    const options = await client.options('/a/v1/things/3');
    expect(Object.keys(options.body.schema.properties)).toEqual(['id', 'extra']);
  });
});
