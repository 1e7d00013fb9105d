import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createRestServer, defineRoute, type LinkTemplate, READABLE, response } from './index.js';
import { RecordListWriter } from './record-json.js';
import { testClient } from './testing.js';

const SITE = 'https://example.com';

/** A server with one list route answered by `handler` (the items, or a response), and its client. */
function listServer(handler: () => unknown, options: { links?: LinkTemplate[]; schema?: z.ZodObject } = {}) {
  const onError = vi.fn();
  const server = createRestServer({ siteUrl: SITE, onError });
  server.register(
    'demo/v1',
    defineRoute({
      path: '/things',
      ...(options.schema === undefined ? {} : { schema: options.schema }),
      links: options.links ?? [
        { rel: 'self', href: '/demo/v1/things/:id' },
        { rel: 'collection', href: '/demo/v1/things' },
      ],
      // The cases return anything a handler might, records or not.
      endpoints: (e) => [e({ methods: READABLE, permission: 'public', handler: handler as () => Record<string, unknown>[] })],
    }),
  );
  return { server, client: testClient(server), onError };
}

/**
 * What the list's body must be: the records as in-process dispatch prepares them (copies
 * with their `_links`), through `JSON.stringify`; or the encoding error when it throws.
 */
async function expectedBody(server: ReturnType<typeof listServer>['server'], path = '/demo/v1/things') {
  const prepared = await server.dispatch({ path });
  try {
    return { status: prepared.status, text: JSON.stringify(prepared.data) };
  } catch {
    return { status: 500, text: undefined };
  }
}

async function expectSameAsPrepared(setup: ReturnType<typeof listServer>, path = '/demo/v1/things') {
  const expected = await expectedBody(setup.server, path);
  const res = await setup.client.get(path);
  expect(res.status).toBe(expected.status);
  if (expected.text !== undefined) expect(res.text).toBe(expected.text);
  else expect(res.body.code).toBe('rest_encode_error');
  return res;
}

describe('lists written straight to JSON', () => {
  it('sends the same bytes as the prepared records through JSON.stringify', async () => {
    const setup = listServer(() => [
      { id: 2, title: 'Two "quoted" \\ and \n', count: 0, ok: true, none: null },
      { id: 1, title: 'One é 😀', count: 1.5, ok: false, none: null },
    ]);
    const res = await expectSameAsPrepared(setup);
    expect(res.body[0]._links.self).toEqual([{ href: `${SITE}/cms-json/demo/v1/things/2` }]);
  });

  it('writes what JSON.stringify writes for any value: escapes, lone surrogates, NaN, -0, dates, nesting', async () => {
    const setup = listServer(() => [
      {
        id: 1,
        text: '\u0000\u001f\u007f\ud800 \udfff x\u2028',
        nan: Number.NaN,
        inf: -Infinity,
        zero: -0,
        big: 1e21,
        small: 1e-7,
        date: new Date(Date.UTC(2026, 10, 22)),
        invalid: new Date(Number.NaN),
        nested: { a: [1, undefined, () => 1, { b: new Date(0) }], c: undefined },
        gone: undefined,
        fn: () => 1,
        sym: Symbol('s'),
      },
    ]);
    await expectSameAsPrepared(setup);
  });

  it('keeps each record’s own order of members when records differ in shape', async () => {
    const setup = listServer(() => [
      { id: 3, title: 'a' },
      { title: 'b', id: 2 },
      { id: 1, title: 'c', extra: [1] },
      { 12: 'index keys first', id: 4, 0: 'zero' },
      { id: 5 },
      {},
    ]);
    await expectSameAsPrepared(setup);
  });

  it('falls back to the prepared records for what it does not write: toJSON, classes, own _links, __proto__', async () => {
    class Thing {
      constructor(readonly id: number) {}
    }
    const withProto = JSON.parse('{"id": 9, "__proto__": {"x": 1}}') as Record<string, unknown>;
    const cases: unknown[][] = [
      [{ id: 1, when: { toJSON: (key: string) => `member ${key}` } }],
      [{ id: 1, toJSON: 'a string member is only a member' }],
      [new Thing(1)],
      [Object.assign(Object.create(null) as object, { id: 1, title: 'no prototype' })],
      [{ id: 1, _links: { old: [] }, title: 'own links' }],
      [withProto],
      [{ id: 1 }, 'not a record', 3, null, ['list']],
    ];
    for (const items of cases) await expectSameAsPrepared(listServer(() => items));
  });

  it('answers a value JSON cannot hold with 500 rest_encode_error, as before', async () => {
    const cycle: Record<string, unknown> = { id: 1 };
    cycle.self = { back: cycle };
    for (const items of [[{ id: 1, n: 1n }], [cycle]]) {
      const setup = listServer(() => items);
      const res = await setup.client.get('/demo/v1/things');
      expect(res.status).toBe(500);
      expect(res.body.code).toBe('rest_encode_error');
      expect(setup.onError).toHaveBeenCalledTimes(1);
    }
  });

  it('calls a getter once per request, as the prepared copy did', async () => {
    let reads = 0;
    const record = {
      id: 1,
      get title() {
        reads++;
        return 'got';
      },
    };
    const res = await listServer(() => [record]).client.get('/demo/v1/things');
    expect(res.body[0].title).toBe('got');
    expect(reads).toBe(1);
  });

  it('writes links with attributes, conditions, functions and missing placeholders', async () => {
    const links: LinkTemplate[] = [
      { rel: 'author', href: '/demo/v1/users/:author', embeddable: true, attributes: { name: 'x', n: 2, no: undefined } },
      { rel: 'up', href: (record) => (record.id === 2 ? undefined : `https://elsewhere.test/?q="${String(record.id)}"`) },
      { rel: 'about', href: '/demo/v1/about', when: (record) => record.id !== 1 },
      { rel: 'search', href: '/demo/v1/things?slug=:slug&x=1' },
      { rel: 'quoted', href: '/demo/v1/say"so"/:id' },
    ];
    const setup = listServer(() => [{ id: 1, author: 5, slug: 'a b' }, { id: 2, author: '', slug: 'ü' }, { id: 3 }], { links });
    const res = await expectSameAsPrepared(setup);
    expect(res.body[0]._links.author).toEqual([{ name: 'x', n: 2, embeddable: true, href: `${SITE}/cms-json/demo/v1/users/5` }]);
    expect(res.body[2]._links.about).toBeDefined();
    expect(res.body[1]._links.up).toBeUndefined();
    expect(res.body[0]._links.quoted[0].href).toBe(`${SITE}/cms-json/demo/v1/say"so"/1`);
  });

  it('leaves _links out of a record none of whose links applies', async () => {
    const links: LinkTemplate[] = [{ rel: 'self', href: '/demo/v1/things/:id' }];
    const res = await expectSameAsPrepared(listServer(() => [{ id: 1 }, { title: 'no id' }], { links }));
    expect(res.body[1]).toEqual({ title: 'no id' });
  });

  it('gives compact relations their curies, and repeated relations one list, as before', async () => {
    const links: LinkTemplate[] = [
      { rel: 'https://api.cms-json.org/term', href: '/demo/v1/terms/:id', embeddable: true },
      { rel: 'related', href: '/demo/v1/a/:id' },
      { rel: 'related', href: '/demo/v1/b/:id' },
    ];
    const res = await expectSameAsPrepared(listServer(() => [{ id: 1 }], { links }));
    expect(res.body[0]._links.curies).toBeDefined();
    expect(res.body[0]._links.related).toHaveLength(2);
  });

  it("writes compact relations and each record's own curies itself, byte for byte as before", async () => {
    const write = vi.spyOn(RecordListWriter.prototype, 'write');
    const links: LinkTemplate[] = [
      { rel: 'self', href: '/demo/v1/things/:id' },
      { rel: 'https://api.cms-json.org/term', href: '/demo/v1/terms/:id', embeddable: true, attributes: { taxonomy: 'tag' } },
      { rel: 'https://stars.test/rating', href: '/stars/v1/:id', when: (record) => record.id !== 2 },
      { rel: 'https://nobody.test/unmatched', href: '/x/:id' },
    ];
    const setup = listServer(() => [{ id: 1 }, { id: 2 }], { links });
    setup.server.curies.add({ name: 'stars', href: 'https://stars.test/{rel}' });
    const res = await expectSameAsPrepared(setup);
    expect(Object.keys(res.body[0]._links)).toEqual([
      'self',
      'cms:term',
      'stars:rating',
      'https://nobody.test/unmatched',
      'curies',
    ]);
    expect(res.body[0]._links.curies.map((c: { name: string }) => c.name)).toEqual(['cms', 'stars']);
    expect(res.body[1]._links.curies.map((c: { name: string }) => c.name)).toEqual(['cms']);
    // The writer wrote the list: no fallback to the prepared records.
    expect(write.mock.results.some((result) => typeof result.value === 'string' && result.value.includes('"cms:term"'))).toBe(
      true,
    );
    write.mockRestore();
  });

  it('filters each record by context before writing it', async () => {
    const schema = z.object({
      id: z.number().meta({ context: ['view', 'edit'] }),
      secret: z.string().meta({ context: ['edit'] }),
    });
    const setup = listServer(() => [{ id: 1, secret: 's', unknown: 'kept' }], { schema });
    const res = await expectSameAsPrepared(setup);
    expect(res.body[0]).not.toHaveProperty('secret');
    expect(res.body[0]._links.self).toBeDefined();
  });

  it('prepares the records as before with _fields, _embed, _envelope, _pretty and for HEAD', async () => {
    const setup = listServer(() => [{ id: 1, title: 'a' }]);
    expect((await setup.client.get('/demo/v1/things?_fields=id')).body).toEqual([{ id: 1 }]);
    expect((await setup.client.get('/demo/v1/things?_envelope')).body.body[0]._links.self).toBeDefined();
    expect((await setup.client.get('/demo/v1/things?_embed')).body[0].id).toBe(1);
    expect((await setup.client.get('/demo/v1/things?_pretty')).text).toContain('\n    {\n        "id": 1,');
    const head = await setup.client.head('/demo/v1/things');
    expect(head.status).toBe(200);
    expect(head.text).toBeNull();
  });

  it('wraps the written list for _jsonp', async () => {
    const setup = listServer(() => [{ id: 1 }]);
    const expected = await expectedBody(setup.server);
    const res = await setup.client.get('/demo/v1/things?_jsonp=cb');
    expect(res.text).toBe(`/**/cb(${expected.text})`);
  });

  it('answers a link function that throws with 500 rest_internal_error, as before', async () => {
    const links: LinkTemplate[] = [
      {
        rel: 'self',
        href: () => {
          throw new Error('broken template');
        },
      },
    ];
    const setup = listServer(() => [{ id: 1 }], { links });
    const res = await setup.client.get('/demo/v1/things');
    expect(res.status).toBe(500);
    expect(res.body.code).toBe('rest_internal_error');
    expect(setup.onError).toHaveBeenCalledTimes(1);
  });

  it('gives in-process dispatch the prepared records, never the text', async () => {
    const { server } = listServer(() => [{ id: 1 }]);
    const res = await server.dispatch({ path: '/demo/v1/things' });
    expect(res.json).toBeUndefined();
    expect(res.data).toEqual([
      { id: 1, _links: expect.objectContaining({ self: [{ href: `${SITE}/cms-json/demo/v1/things/1` }] }) },
    ]);
  });

  it('leaves the handler’s records unchanged', async () => {
    const items = [{ id: 1, title: 'a' }];
    await listServer(() => items).client.get('/demo/v1/things');
    expect(items).toEqual([{ id: 1, title: 'a' }]);
  });

  it('keeps a handler response’s own headers and status', async () => {
    const links: LinkTemplate[] = [{ rel: 'self', href: '/demo/v1/things/:id' }];
    const setup = listServer(() => response([{ id: 1 }], { status: 202, headers: { 'X-Extra': 'yes' } }), { links });
    const res = await setup.client.get('/demo/v1/things');
    expect(res.status).toBe(202);
    expect(res.header('x-extra')).toBe('yes');
    expect(res.text).toBe(`[{"id":1,"_links":{"self":[{"href":"${SITE}/cms-json/demo/v1/things/1"}]}}]`);
  });

  it('matches the prepared records for generated lists (property)', async () => {
    const anyChar = fc.nat(0xffff).map((code) => String.fromCharCode(code));
    const text = fc.oneof(fc.string(), fc.string({ unit: anyChar, maxLength: 8 }));
    const scalar = fc.oneof(
      text,
      fc.double(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
      fc.date({ noInvalidDate: false }),
    );
    const value = fc.oneof(
      { weight: 5, arbitrary: scalar },
      { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
      { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 3 }), scalar, { maxKeys: 3 }) },
    );
    const key = fc.oneof(fc.constantFrom('id', 'title', 'slug', 'count', '0', '7', 'a"b', 'é', '__proto__'), fc.string());
    const entries = fc.array(fc.tuple(key, value), { maxLength: 6 });
    const build = (pairs: [string, unknown][]) => {
      const record: Record<string, unknown> = {};
      for (const [name, member] of pairs)
        Object.defineProperty(record, name, { value: member, enumerable: true, writable: true, configurable: true });
      return record;
    };
    // Mostly one shape with changing values (the common case), sometimes any shape.
    const list = fc
      .tuple(
        fc.array(key, { maxLength: 5 }),
        fc.array(fc.tuple(fc.boolean(), fc.array(value, { maxLength: 5 }), entries), { maxLength: 6 }),
      )
      .map(([keys, rows]) =>
        rows.map(([sameShape, values, pairs]) =>
          build(sameShape ? keys.map((name, i) => [name, values[i] ?? i] as [string, unknown]) : pairs),
        ),
      );
    const linkSets: LinkTemplate[][] = [
      [],
      [
        { rel: 'self', href: '/demo/v1/things/:id' },
        { rel: 'collection', href: '/demo/v1/things' },
      ],
      [{ rel: 'item', href: '/demo/v1/things/:slug?t=:title', embeddable: true, attributes: { kind: 'x' } }],
    ];
    await fc.assert(
      fc.asyncProperty(list, fc.constantFrom(...linkSets), async (items, links) => {
        const setup = listServer(() => items, { links });
        const expected = await expectedBody(setup.server);
        const res = await setup.client.get('/demo/v1/things');
        expect(res.status).toBe(expected.status);
        if (expected.text !== undefined) expect(res.text).toBe(expected.text);
      }),
      { numRuns: 300 },
    );
  });
});

/** A server with one route answering a single record (or a response) from `handler`, and its client. */
function recordServer(handler: () => unknown, options: { links?: LinkTemplate[]; schema?: z.ZodObject } = {}) {
  const onError = vi.fn();
  const server = createRestServer({ siteUrl: SITE, onError });
  server.register(
    'demo/v1',
    defineRoute({
      path: '/thing',
      ...(options.schema === undefined ? {} : { schema: options.schema }),
      links: options.links ?? [
        { rel: 'self', href: '/demo/v1/things/:id' },
        { rel: 'collection', href: '/demo/v1/things' },
      ],
      // The cases return anything a handler might, records or not.
      endpoints: (e) => [e({ methods: READABLE, permission: 'public', handler: handler as () => Record<string, unknown> })],
    }),
  );
  return { server, client: testClient(server), onError };
}

/**
 * What a single record's body must be: the record as in-process dispatch prepares it, with
 * the response's links (CURIEs applied) as `_links`, through `JSON.stringify`.
 */
async function expectedRecordBody(server: ReturnType<typeof recordServer>['server']) {
  const prepared = await server.dispatch({ path: '/demo/v1/thing' });
  const data = prepared.data;
  const links = server.curies.apply(prepared.links);
  let value = data;
  if (typeof data === 'object' && data !== null && !Array.isArray(data) && Object.keys(links).length > 0) {
    const copy: Record<string, unknown> = {};
    for (const name of Object.keys(data))
      Object.defineProperty(copy, name, { value: (data as Record<string, unknown>)[name], enumerable: true, writable: true });
    Object.defineProperty(copy, '_links', { value: links, enumerable: true, writable: true });
    value = copy;
  }
  try {
    return { status: prepared.status, text: JSON.stringify(value) };
  } catch {
    return { status: 500, text: undefined };
  }
}

async function expectRecordAsPrepared(setup: ReturnType<typeof recordServer>) {
  const expected = await expectedRecordBody(setup.server);
  const res = await setup.client.get('/demo/v1/thing');
  expect(res.status).toBe(expected.status);
  if (expected.text !== undefined) expect(res.text).toBe(expected.text);
  else expect(res.body.code).toBe('rest_encode_error');
  return res;
}

describe('single records written straight to JSON', () => {
  it('sends the same bytes as the prepared record and its links through JSON.stringify', async () => {
    const write = vi.spyOn(RecordListWriter.prototype, 'writeRecord');
    const setup = recordServer(() => ({ id: 2, title: 'Two "quoted" \\ and \n é 😀', count: 1.5, ok: true, none: null }));
    const res = await expectRecordAsPrepared(setup);
    expect(res.body._links.self).toEqual([{ href: `${SITE}/cms-json/demo/v1/things/2` }]);
    // The writer wrote it: no fallback to the prepared record.
    expect(write.mock.results.some((result) => typeof result.value === 'string')).toBe(true);
    write.mockRestore();
  });

  it('writes what JSON.stringify writes for any value: escapes, lone surrogates, NaN, -0, dates, nesting', async () => {
    await expectRecordAsPrepared(
      recordServer(() => ({
        id: 1,
        text: '\u0000\u001f\u007f\ud800 \udfff x\u2028',
        nan: Number.NaN,
        zero: -0,
        date: new Date(Date.UTC(2026, 10, 22)),
        nested: { a: [1, undefined, () => 1, { b: new Date(0) }], c: undefined },
        gone: undefined,
        fn: () => 1,
        12: 'index keys first',
      })),
    );
  });

  it('falls back to the prepared record for what it does not write: toJSON, classes, own _links, __proto__', async () => {
    class Thing {
      constructor(readonly id: number) {}
    }
    const cases: unknown[] = [
      { id: 1, when: { toJSON: (key: string) => `member ${key}` } },
      new Thing(1),
      Object.assign(Object.create(null) as object, { id: 1, title: 'no prototype' }),
      { id: 1, _links: { old: [] }, title: 'own links' },
      JSON.parse('{"id": 9, "__proto__": {"x": 1}}'),
      { id: 1, n: 1n },
    ];
    for (const item of cases) await expectRecordAsPrepared(recordServer(() => item));
  });

  it('keeps the links a handler added of its own, after the route’s', async () => {
    const setup = recordServer(() => response({ id: 1 }).addLink('alternate', 'https://example.com/1', { type: 'text/html' }));
    const res = await expectRecordAsPrepared(setup);
    expect(Object.keys(res.body._links)).toEqual(['alternate', 'self', 'collection']);
  });

  it('writes compact relations, curies, attributes and conditions, and leaves out _links none applies to', async () => {
    const links: LinkTemplate[] = [
      { rel: 'self', href: '/demo/v1/things/:id' },
      { rel: 'https://api.cms-json.org/term', href: '/demo/v1/terms/:id', embeddable: true, attributes: { taxonomy: 'tag' } },
      { rel: 'about', href: '/demo/v1/about', when: (record) => record.id !== 1 },
    ];
    const res = await expectRecordAsPrepared(recordServer(() => ({ id: 1 }), { links }));
    expect(Object.keys(res.body._links)).toEqual(['self', 'cms:term', 'curies']);
    const none = await expectRecordAsPrepared(recordServer(() => ({ title: 'no id' }), { links: [links[0] as LinkTemplate] }));
    expect(none.body).toEqual({ title: 'no id' });
  });

  it('filters the record by context before writing it, and leaves the handler’s record unchanged', async () => {
    const schema = z.object({
      id: z.number().meta({ context: ['view', 'edit'] }),
      secret: z.string().meta({ context: ['edit'] }),
    });
    const record = { id: 1, secret: 's', unknown: 'kept' };
    const res = await expectRecordAsPrepared(recordServer(() => record, { schema }));
    expect(res.body).not.toHaveProperty('secret');
    expect(record).toEqual({ id: 1, secret: 's', unknown: 'kept' });
  });

  it('prepares the record as before with _fields, _embed, _envelope, _pretty, _jsonp and for HEAD', async () => {
    const setup = recordServer(() => ({ id: 1, title: 'a' }));
    const expected = await expectedRecordBody(setup.server);
    expect((await setup.client.get('/demo/v1/thing?_fields=id')).body).toEqual({ id: 1 });
    expect((await setup.client.get('/demo/v1/thing?_envelope')).body.body._links.self).toBeDefined();
    expect((await setup.client.get('/demo/v1/thing?_embed')).body.id).toBe(1);
    expect((await setup.client.get('/demo/v1/thing?_pretty')).text).toContain('{\n    "id": 1,');
    expect((await setup.client.get('/demo/v1/thing?_jsonp=cb')).text).toBe(`/**/cb(${expected.text})`);
    const get = await setup.client.get('/demo/v1/thing');
    const head = await setup.client.head('/demo/v1/thing');
    expect(head.text).toBeNull();
    expect(head.header('etag')).toBe(get.header('etag'));
  });

  it('gives in-process dispatch the prepared record and its links, never the text', async () => {
    const { server } = recordServer(() => ({ id: 1 }));
    const res = await server.dispatch({ path: '/demo/v1/thing' });
    expect(res.json).toBeUndefined();
    expect(res.data).toEqual({ id: 1 });
    expect(res.links.self).toEqual([{ href: `${SITE}/cms-json/demo/v1/things/1` }]);
  });

  it('matches the prepared record for generated records (property)', async () => {
    const anyChar = fc.nat(0xffff).map((code) => String.fromCharCode(code));
    const text = fc.oneof(fc.string(), fc.string({ unit: anyChar, maxLength: 8 }));
    const scalar = fc.oneof(text, fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined));
    const key = fc.oneof(fc.constantFrom('id', 'title', 'slug', '0', '7', 'a"b', 'é', '__proto__', '_links'), fc.string());
    const record = fc.array(fc.tuple(key, scalar), { maxLength: 6 }).map((pairs) => {
      const built: Record<string, unknown> = {};
      for (const [name, member] of pairs)
        Object.defineProperty(built, name, { value: member, enumerable: true, writable: true, configurable: true });
      return built;
    });
    const linkSets: LinkTemplate[][] = [
      [],
      [{ rel: 'self', href: '/demo/v1/things/:id' }],
      [{ rel: 'item', href: '/demo/v1/things/:slug?t=:title', embeddable: true, attributes: { kind: 'x' } }],
    ];
    await fc.assert(
      fc.asyncProperty(record, fc.constantFrom(...linkSets), async (item, links) => {
        const setup = recordServer(() => item, { links });
        const expected = await expectedRecordBody(setup.server);
        const res = await setup.client.get('/demo/v1/thing');
        expect(res.status).toBe(expected.status);
        if (expected.text !== undefined) expect(res.text).toBe(expected.text);
      }),
      { numRuns: 300 },
    );
  });
});
