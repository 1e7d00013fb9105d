import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDemoServer } from '../../test/fixture.js';
import { createRestServer, defineRoute, itemJsonSchema, READABLE, toJsonSchema } from '../index.js';
import { testClient } from '../testing.js';
import { argJsonSchema } from './to-json-schema.js';

describe('Zod → draft-04 JSON Schema', () => {
  it('checks values against the schema, and publishes `.meta({ published })` where given', () => {
    const shown = { description: 'The title.', type: 'object', properties: { raw: { type: 'string' } } };
    const title = z.union([z.string(), z.object({ raw: z.string() })]).meta({ description: 'The title.', published: shown });
    expect(argJsonSchema(title)).toEqual({
      description: 'The title.',
      anyOf: [{ type: 'string' }, { type: 'object', properties: { raw: { type: 'string' } }, required: ['raw'] }],
    });
    expect(argJsonSchema(title, { published: true })).toEqual(shown);
  });

  it("publishes the item schema in the original's shape", () => {
    const Link = z
      .object({
        id: z
          .number()
          .int()
          .readonly()
          .meta({ description: 'Unique identifier for the object.', context: ['view', 'edit'] }),
        title: z.string().meta({ description: 'The title for the object.', context: ['view', 'edit'] }),
        link: z
          .string()
          .url()
          .meta({ description: 'URL to the object.', context: ['view', 'edit'] }),
      })
      .meta({ title: 'outgoing-links' });
    expect(itemJsonSchema(Link)).toEqual({
      $schema: 'http://json-schema.org/draft-04/schema#',
      title: 'outgoing-links',
      type: 'object',
      properties: {
        id: { description: 'Unique identifier for the object.', type: 'integer', context: ['view', 'edit'], readonly: true },
        title: { description: 'The title for the object.', type: 'string', context: ['view', 'edit'] },
        link: { description: 'URL to the object.', type: 'string', format: 'uri', context: ['view', 'edit'] },
      },
    });
    // Key order as the original writes it.
    expect(Object.keys(itemJsonSchema(Link).properties?.id ?? {})).toEqual(['description', 'type', 'context', 'readonly']);
  });

  it('keeps properties named like Zod metadata keywords (`id`, `arg_options`)', () => {
    const schema = toJsonSchema(z.object({ id: z.number(), arg_options: z.string() }).meta({ id: 'thing' }));
    expect(Object.keys(schema.properties ?? {})).toEqual(['id', 'arg_options']);
    expect(schema.id).toBeUndefined();
    expect(schema.$ref).toBeUndefined();
  });

  it('inlines the definitions Zod writes for schemas with an id (the original has no $ref)', () => {
    const Inner = z.object({ b: z.string() }).meta({ id: 'inner-for-test' });
    const schema = toJsonSchema(z.object({ a: Inner }));
    expect(schema.properties?.a).toEqual({ type: 'object', properties: { b: { type: 'string' } }, required: ['b'] });
    expect(schema).not.toHaveProperty('definitions');
  });

  it('keeps no required lists in an item schema, nested ones included, but a property own required: true', () => {
    const schema = itemJsonSchema(
      z.object({
        login: z.string().meta({ required: true }),
        sizes: z.object({ small: z.string(), large: z.string() }),
      }),
    );
    expect(schema).not.toHaveProperty('required');
    expect(schema.properties?.sizes).not.toHaveProperty('required');
    expect(schema.properties?.login).toMatchObject({ type: 'string', required: true });
  });

  it('writes an anyOf of bare types as a list of types, as the original', () => {
    expect(argJsonSchema(z.union([z.boolean(), z.array(z.string())]))).toEqual({
      type: ['boolean', 'array'],
      items: { type: 'string' },
    });
    // Branches with constraints stay an anyOf: a type list cannot say them.
    expect(argJsonSchema(z.union([z.number().int(), z.literal(false)]))).toHaveProperty('anyOf');
  });

  it('drops arg_options and the ±2^53 integer bounds', () => {
    const schema = toJsonSchema(z.int().meta({ arg_options: { sanitize_callback: 'absint' } }));
    expect(schema).toEqual({ $schema: 'http://json-schema.org/draft-04/schema#', type: 'integer' });
  });

  it('adds no additionalProperties:false unless declared, and keeps it when declared', () => {
    expect(toJsonSchema(z.object({ a: z.string() })).additionalProperties).toBeUndefined();
    expect(toJsonSchema(z.object({ a: z.string() }).strict()).additionalProperties).toBe(false);
  });

  it('writes draft-04 exclusive bounds and leaves out the patterns of Zod string formats', () => {
    expect(toJsonSchema(z.number().positive())).toMatchObject({ minimum: 0, exclusiveMinimum: true });
    expect(toJsonSchema(z.string().email())).not.toHaveProperty('pattern');
    expect(toJsonSchema(z.string().regex(/^a/))).toHaveProperty('pattern', '^a');
  });
});

describe('schemas through the front door', () => {
  const client = testClient(createDemoServer().server);

  it('OPTIONS answers the route data with the item schema', async () => {
    const res = await client.options('/demo/v1/notes');
    expect(res.status).toBe(200);
    expect(res.body.namespace).toBe('demo/v1');
    expect(res.body.methods).toEqual(['GET', 'POST']);
    expect(res.body.schema).toEqual({
      $schema: 'http://json-schema.org/draft-04/schema#',
      title: 'note',
      type: 'object',
      properties: {
        id: { description: 'Unique identifier.', type: 'integer', context: ['view', 'edit', 'embed'], readonly: true },
        title: { description: 'The title.', type: 'string', minLength: 1, context: ['view', 'edit', 'embed'] },
        body: { description: 'The body.', type: 'string', context: ['view', 'edit'] },
        secret: { description: 'Edit only.', type: 'string', context: ['edit'] },
        author: { description: 'Author id.', type: 'integer', context: ['view', 'edit', 'embed'], readonly: true },
      },
    });
  });

  it('takes the context enum from the schema, sorted as the original does', async () => {
    const res = await client.options('/demo/v1/notes');
    expect(res.body.endpoints[0].args.context).toEqual({
      description: 'Scope under which the request is made; determines fields present in response.',
      type: 'string',
      enum: ['view', 'embed', 'edit'],
      default: 'view',
      required: false,
    });
  });

  it('shows create arguments without read-only fields or `context`', async () => {
    const res = await client.options('/demo/v1/notes');
    expect(res.body.endpoints[1].args).toEqual({
      title: { description: 'The title.', type: 'string', minLength: 1, required: true },
      body: { description: 'The body.', type: 'string', required: true },
      secret: { description: 'Edit only.', type: 'string', required: false },
    });
  });

  it('shows update arguments all optional, with no defaults', async () => {
    const res = await client.options('/demo/v1/notes/1');
    const update = res.body.endpoints.find((e: { methods: string[] }) => e.methods.includes('PATCH'));
    expect(update.methods).toEqual(['POST', 'PUT', 'PATCH']);
    expect(Object.keys(update.args)).toEqual(['id', 'title', 'body', 'secret']);
    for (const name of ['title', 'body', 'secret']) expect(update.args[name].required).toBe(false);
  });

  it('routes without a schema have no `schema` member', async () => {
    const s = createRestServer();
    s.register(
      'demo/v1',
      defineRoute({ path: '/x', endpoints: (e) => [e({ methods: READABLE, permission: 'public', handler: () => null })] }),
    );
    expect((await testClient(s).options('/demo/v1/x')).body).not.toHaveProperty('schema');
  });
});
