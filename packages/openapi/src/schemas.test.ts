import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openApiSchema } from './schemas.js';

describe('route schemas as OpenAPI 3.1 schemas', () => {
  it('leave out the index-only `published` key and keep what Zod checks', () => {
    const title = z.string().meta({ description: 'Site title.', published: { type: 'string', description: 'Site title.' } });
    expect(openApiSchema(title, { io: 'input' })).toEqual({ description: 'Site title.', type: 'string' });
  });

  it('use the published draft-04 schema, written as 2020-12, where Zod cannot say what a value is', () => {
    const requests = z
      .custom<unknown[]>(() => true)
      .meta({
        description: 'The requests.',
        published: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              path: { type: 'string', required: true },
              body: { type: 'object', properties: [] },
              id: { type: 'integer', readonly: true, minimum: 0, exclusiveMinimum: true, context: ['view'] },
            },
          },
        },
      });
    expect(openApiSchema(requests, { io: 'input' })).toEqual({
      description: 'The requests.',
      type: 'array',
      items: {
        type: 'object',
        properties: {
          path: { type: 'string' },
          body: { type: 'object', properties: {} },
          id: { type: 'integer', readOnly: true, exclusiveMinimum: 0 },
        },
        required: ['path'],
      },
    });
  });

  it("gather a property's draft-04 `required: true` into its object's `required` list", () => {
    const body = z.object({ email: z.string().meta({ required: true }), name: z.string().optional() });
    expect(openApiSchema(body, { io: 'input' })).toMatchObject({
      properties: { email: { type: 'string' }, name: { type: 'string' } },
      required: ['email'],
    });
  });
});
