/**
 * A registered field's `get` returning a value its schema refuses is never sent silently:
 * by default (`validateFields: 'error'`) the request answers 500 `rest_invalid_field_value`
 * naming the field, the type, the plugin and the issue, and `onError` hears of it; with
 * `validateFields: 'log'` the value is sent as it is (as WordPress does) and `onError` hears
 * of it. Values the schema accepts, fields without a schema and schemas with code of their
 * own are sent unchecked.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CREATABLE,
  createRestServer,
  defineRoute,
  type FieldValidation,
  isRestError,
  READABLE,
  type RestField,
  type RestServer,
  response,
} from '../index.js';
import { testClient } from '../testing.js';

const Note = z
  .object({
    id: z
      .number()
      .int()
      .meta({ description: 'Id.', context: ['view'] }),
  })
  .meta({ title: 'note' });

/** A server of notes with a `rating` field, and what its `onError` heard. */
async function notesWith(field: RestField, options: { validateFields?: FieldValidation } = {}) {
  const reported: unknown[] = [];
  const server = createRestServer({ ...options, onError: (error) => reported.push(error) });
  server.register(
    'notes/v1',
    defineRoute({
      path: '/notes',
      schema: Note,
      objectType: 'note',
      endpoints: (e) => [
        e({ methods: READABLE, permission: 'public', handler: () => [{ id: 1 }, { id: 2 }] }),
        e({
          methods: CREATABLE,
          permission: 'public',
          handler: async (args, request) => {
            await server.objectTypes.get('note').updateFields({ id: 3 }, args, request);
            return response({ id: 3 }, { status: 201 });
          },
        }),
      ],
    }),
  );
  await server.use(function ratingsPlugin(s: RestServer) {
    s.registerRestField('note', 'rating', field);
  });
  return { client: testClient(server), reported };
}

const Rating = z
  .number()
  .int()
  .meta({ description: 'Stars.', context: ['view'] });

describe('field values checked against their schema', () => {
  it('answers 500 naming the field, the type, the plugin and the issue, and reports it (the default)', async () => {
    const { client, reported } = await notesWith({ schema: Rating, get: () => 'ten' });
    const res = await client.get('/notes/v1/notes');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      code: 'rest_invalid_field_value',
      message:
        'The field "rating" of note records (registered by plugin ratingsPlugin) returned a value its schema refuses: "ten" is refused: Invalid input: expected number, received string. Fix its get, or its schema.',
      data: { status: 500, field: 'rating', object_type: 'note' },
    });
    expect(reported.length).toBeGreaterThan(0);
    expect(reported.every((error) => isRestError(error) && error.code === 'rest_invalid_field_value')).toBe(true);
  });

  it("sends the value as it is and reports it with validateFields: 'log'", async () => {
    const { client, reported } = await notesWith({ schema: Rating, get: async () => 'ten' }, { validateFields: 'log' });
    const res = await client.get('/notes/v1/notes');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: 1, rating: 'ten' },
      { id: 2, rating: 'ten' },
    ]);
    expect(reported).toHaveLength(2);
  });

  it('names where in an object value the schema refuses it', async () => {
    const schema = z.object({ stars: z.number().int(), by: z.string() });
    const { client } = await notesWith({ schema, get: () => ({ stars: 4.5, by: 'ann' }) });
    const res = await client.get('/notes/v1/notes');
    expect((res.body as { message: string }).message).toContain('{"stars":4.5,"by":"ann"} is refused at stars: ');
  });

  it('sends values the schema accepts, absent values, and fields without a schema, reporting nothing', async () => {
    for (const field of [
      { schema: Rating, get: () => 4 },
      { schema: Rating.optional(), get: () => undefined },
      { get: () => 'anything' },
    ] satisfies RestField[]) {
      const { client, reported } = await notesWith(field);
      expect((await client.get('/notes/v1/notes')).status).toBe(200);
      expect(reported).toEqual([]);
    }
  });

  it('leaves unchecked a schema that runs code of its own (its output is not its input)', async () => {
    const schema = z.string().transform((text) => text.length);
    const { client, reported } = await notesWith({ schema, get: () => 3 });
    expect((await client.get('/notes/v1/notes')).status).toBe(200);
    expect(reported).toEqual([]);
  });

  it("writes through a checked field's update", async () => {
    let written: unknown;
    const { client } = await notesWith({
      schema: Rating,
      get: () => 4,
      update: (value) => {
        written = value;
      },
    });
    const res = await client.post('/notes/v1/notes', { body: { rating: 5 } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: 3, rating: 4 });
    expect(written).toBe(5);
  });
});
