import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDemoServer } from '../../test/fixture.js';
import { contextArg, createRestServer, defineRoute, READABLE, response } from '../index.js';
import { testClient } from '../testing.js';
import { ContextFilter } from './context-filter.js';
import { itemJsonSchema } from './to-json-schema.js';

describe('responses filtered by context', () => {
  const client = testClient(createDemoServer().server);

  it('view leaves out edit-only fields', async () => {
    const res = await client.get('/demo/v1/notes/1');
    expect(Object.keys(res.body)).toEqual(['id', 'title', 'body', 'author', '_links']);
  });

  it('edit shows them (to a caller allowed to ask)', async () => {
    const res = await client.get('/demo/v1/notes/1?context=edit');
    expect(res.body.secret).toBe('s1');
  });

  it('embed keeps only embed fields, item by item in lists', async () => {
    const res = await client.get('/demo/v1/notes?context=embed&per_page=2');
    for (const item of res.body) expect(Object.keys(item)).toEqual(['id', 'title', 'author', '_links']);
  });

  it('leaves raw responses alone', async () => {
    const s = createRestServer();
    const Schema = z.object({ a: z.string().meta({ context: ['edit'] }) });
    s.register(
      'demo/v1',
      defineRoute({
        path: '/raw',
        schema: Schema,
        endpoints: (e) => [
          e({
            methods: READABLE,
            args: { context: contextArg(Schema) },
            permission: 'public',
            handler: () => response({ a: 'kept' }, { raw: true }),
          }),
        ],
      }),
    );
    expect((await testClient(s).get('/demo/v1/raw')).body).toEqual({ a: 'kept' });
  });
});

describe('ContextFilter', () => {
  const schema = itemJsonSchema(
    z.object({
      title: z
        .object({
          raw: z.string().meta({ context: ['edit'] }),
          rendered: z.string().meta({ context: ['view', 'edit'] }),
        })
        .meta({ context: ['view', 'edit'] }),
      tags: z.array(z.string().meta({ context: ['edit'] })).meta({ context: ['view', 'edit'] }),
      extra: z.string().optional(),
    }),
  );

  it('walks nested objects and empties lists whose items lack the context', () => {
    const data = { title: { raw: 'r', rendered: 'R' }, tags: ['a'], plugin: 1 };
    expect(new ContextFilter(schema).apply(data, 'view')).toEqual({ title: { rendered: 'R' }, tags: [], plugin: 1 });
    expect(new ContextFilter(schema).apply(data, 'edit')).toEqual(data);
    expect(new ContextFilter(schema).apply(data, 'embed')).toEqual({ plugin: 1 });
  });

  it("turns an object the context emptied into [], as the original's PHP array", () => {
    const meta = itemJsonSchema(
      z.object({
        meta: z
          .object({ prefs: z.record(z.string(), z.unknown()).meta({ context: ['edit'] }) })
          .meta({ context: ['view', 'edit'] }),
      }),
    );
    const data = { meta: { prefs: { theme: 'dark' } } };
    expect(new ContextFilter(meta).apply(data, 'view')).toEqual({ meta: [] });
    expect(new ContextFilter(meta).apply(data, 'edit')).toEqual(data);
    expect(new ContextFilter(meta).apply({ meta: {} }, 'view')).toEqual({ meta: {} });
  });

  it('knows when no filtering is needed', () => {
    expect(new ContextFilter(schema).needed('edit')).toBe(false);
    expect(new ContextFilter(schema).needed('view')).toBe(true);
  });
});

describe('ContextFilter in lists of objects', () => {
  it('filters inside the items of a list property', () => {
    const schema = itemJsonSchema(
      z.object({
        rows: z
          .array(z.object({ a: z.string(), secret: z.string().meta({ context: ['edit'] }) }))
          .meta({ context: ['view', 'edit'] }),
      }),
    );
    expect(new ContextFilter(schema).needed('view')).toBe(true);
    expect(new ContextFilter(schema).apply({ rows: [{ a: 'x', secret: 's' }] }, 'view')).toEqual({ rows: [{ a: 'x' }] });
  });
});

describe('ContextFilter over records of changing shapes', () => {
  const schema = itemJsonSchema(z.object({ id: z.number(), secret: z.string().meta({ context: ['edit'] }), title: z.string() }));

  it('gives each record its own keys in its own order, whatever the records before it', () => {
    const filter = new ContextFilter(schema);
    const records = [
      { id: 1, secret: 's', title: 'a' },
      { id: 2, secret: 's', title: 'b' },
      { title: 'c', id: 3, secret: 's' },
      { id: 4, title: 'd', plugin: true },
      { id: 5 },
      {},
      { id: 6, secret: 's', title: 'e' },
    ];
    const filtered = records.map((record) => filter.apply(record, 'view'));
    expect(filtered).toEqual([
      { id: 1, title: 'a' },
      { id: 2, title: 'b' },
      { title: 'c', id: 3 },
      { id: 4, title: 'd', plugin: true },
      { id: 5 },
      {},
      { id: 6, title: 'e' },
    ]);
    expect(filtered.map((record) => Object.keys(record as object))).toEqual([
      ['id', 'title'],
      ['id', 'title'],
      ['title', 'id'],
      ['id', 'title', 'plugin'],
      ['id'],
      [],
      ['id', 'title'],
    ]);
  });

  it('copies: a filtered record is never the one given, nor shared with another', () => {
    const filter = new ContextFilter(schema);
    const first = filter.apply({ id: 1, secret: 's', title: 'a' }, 'view') as Record<string, unknown>;
    const second = filter.apply({ id: 2, secret: 's', title: 'b' }, 'view') as Record<string, unknown>;
    first.title = 'changed';
    expect(second).toEqual({ id: 2, title: 'b' });
  });

  it('leaves out inherited members and keeps a __proto__ member a member', () => {
    const filter = new ContextFilter(schema);
    filter.apply({ id: 1, secret: 's', title: 'a' }, 'view');
    const inheriting = Object.assign(Object.create({ inherited: 1 }) as Record<string, unknown>, { id: 2, title: 'b' });
    expect(filter.apply(inheriting, 'view')).toEqual({ id: 2, title: 'b' });
    const odd = JSON.parse('{"id":3,"__proto__":{"polluted":true},"title":"c"}') as Record<string, unknown>;
    for (let i = 0; i < 2; i++) {
      const out = filter.apply(odd, 'view') as Record<string, unknown>;
      expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });
});
