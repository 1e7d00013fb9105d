import { CREATABLE, createRestServer, defineRoute, READABLE } from '@cms-json/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { browsable } from './browsable.js';

describe('the forms of the browsable API', () => {
  const server = createRestServer({ siteUrl: 'http://example.test' });
  server.register(
    'kit/v1',
    defineRoute({
      path: '/things',
      endpoints: (endpoint) => [
        endpoint({ methods: READABLE, permission: 'public', handler: () => [] }),
        endpoint({
          methods: CREATABLE,
          args: {
            count: z.number().int().meta({ description: 'How many.' }),
            ratio: z.number().optional(),
            active: z.boolean().optional(),
            color: z.enum(['red', 'blue']),
            tags: z.array(z.string()).optional(),
            extra: z.object({ a: z.string() }).optional(),
            email: z.email().optional(),
            context: z.enum(['view', 'edit']).default('view'),
          },
          permission: 'public',
          handler: () => null,
        }),
      ],
    }),
  );
  beforeAll(() => server.use(browsable()));

  it('makes an input per argument, typed from its schema, and leaves out context', async () => {
    const res = await server.handle({ method: 'GET', url: '/cms-json/kit/v1/things', headers: { accept: 'text/html' } });
    const html = String(res?.body);
    expect(html).toContain('<h3>Create <code>POST</code></h3>');
    expect(html).toContain(
      '<span>count *</span><input type="number" step="1" name="count" data-type="integer" required><small>How many.</small>',
    );
    expect(html).toContain('<input type="number" step="any" name="ratio" data-type="number">');
    expect(html).toContain('<select name="active" data-type="boolean"><option value=""></option><option value="true">');
    expect(html).toContain(
      '<select name="color" data-type="string" required><option value="red">red</option><option value="blue">blue</option></select>',
    );
    expect(html).toContain('<input type="text" name="tags" data-type="array" placeholder="a, b, c">');
    expect(html).toContain('<textarea name="extra" data-type="object"');
    expect(html).toContain('<input type="email" name="email" data-type="string">');
    expect(html).not.toContain('name="context"');
  });
});
