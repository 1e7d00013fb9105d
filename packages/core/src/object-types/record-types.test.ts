/**
 * Record types: an object type described in `ObjectTypeRecords` gives its hooks and its
 * registered fields the types of its records, and a field's `get` is checked against its
 * schema. The assertions are `expectTypeOf` and the `@ts-expect-error` lines: `tsc -b`
 * fails if one stops holding. One request shows the typed field served.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { createRestServer, defineRoute, READABLE, response } from '../index.js';
import { testClient } from '../testing.js';
import type { AnyRecord } from './hooks.js';

interface Shelf {
  id: number;
  title: string;
}

interface ShelfRecord extends Shelf {
  link: string;
}

interface ShelfQuery {
  search?: string;
}

declare module './hooks.js' {
  interface ObjectTypeRecords {
    testShelf: { record: ShelfRecord; stored: Shelf; changes: Partial<Shelf>; query: ShelfQuery };
  }
}

describe('record types of an object type', () => {
  it('give each hook the record type of its object type', () => {
    const shelves = createRestServer().objectTypes.get('testShelf');
    shelves.on('insert', (shelf, { creating }) => {
      expectTypeOf(shelf).toEqualTypeOf<Shelf>();
      expectTypeOf(creating).toEqualTypeOf<boolean>();
    });
    shelves.on('delete', (shelf) => {
      expectTypeOf(shelf.id).toEqualTypeOf<number>();
    });
    shelves.on('preInsert', (changes) => {
      expectTypeOf(changes).toEqualTypeOf<Partial<Shelf>>();
      return { ...changes, title: changes.title?.trim() };
    });
    shelves.on('query', (query) => ({ ...query, search: query.search ?? '' }));
    shelves.on('prepare', (shelf, { source }) => {
      // After `_fields` any member may be gone; the handler's record is whole.
      expectTypeOf(shelf.id).toEqualTypeOf<number | undefined>();
      expectTypeOf(source).toEqualTypeOf<ShelfRecord>();
      return { ...shelf, shown: true };
    });
    // @ts-expect-error: a preInsert filter returns what it was given
    shelves.on('preInsert', () => ({ title: 3 }));
  });

  it('give a type nobody described any record', () => {
    createRestServer()
      .objectTypes.get('testUndescribed')
      .on('insert', (record) => {
        expectTypeOf(record).toEqualTypeOf<AnyRecord>();
      });
  });

  it('check a field’s get against its schema and give update the parsed value', () => {
    const server = createRestServer();
    server.registerRestField('testShelf', 'stars', {
      schema: z.number().int(),
      get: (shelf) => shelf.id * 2,
      update: (value, shelf) => {
        expectTypeOf(value).toEqualTypeOf<number>();
        expectTypeOf(shelf).toEqualTypeOf<Shelf>();
      },
    });
    // @ts-expect-error: the schema says a string, `get` gives a number
    server.registerRestField('testShelf', 'label', { schema: z.string(), get: (shelf) => shelf.id });
    // @ts-expect-error: an async `get` is checked too
    server.registerRestField('testShelf', 'later', { schema: z.boolean(), get: async (shelf) => shelf.title });
    // Without a schema the value is anything.
    server.registerRestField('testShelf', 'free', { get: (shelf) => ({ title: shelf.title }) });
  });

  it('serve the typed field beside the record', async () => {
    const server = createRestServer();
    server.register(
      'shelves/v1',
      defineRoute({
        path: '/shelves/:id',
        objectType: 'testShelf',
        endpoints: (e) => [
          e({
            methods: READABLE,
            permission: 'public',
            handler: () => response({ id: 4, title: 'Tall', link: 'https://example.com/4' } satisfies ShelfRecord),
          }),
        ],
      }),
    );
    server.registerRestField('testShelf', 'stars', { schema: z.number(), get: (shelf) => shelf.id * 2 });
    const answer = await testClient(server).get('/shelves/v1/shelves/4');
    expect(answer.body).toMatchObject({ id: 4, stars: 8 });
  });
});
