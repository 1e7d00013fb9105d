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
  const text = z.union([z.string(), z.object({ raw: z.string() })]).optional();
  server.register(
    'kit/v1',
    defineRoute({
      path: '/posts',
      endpoints: (endpoint) => [
        endpoint({ methods: READABLE, permission: 'public', handler: () => [] }),
        endpoint({
          methods: CREATABLE,
          args: {
            date: z.string().optional(),
            slug: z.string().optional(),
            status: z.enum(['publish', 'draft']).optional(),
            password: z.string().optional(),
            title: text,
            content: text,
            meta: z.unknown().optional(),
            excerpt: text,
            tags: z.array(z.number().int()).optional(),
            sticky: z.boolean().optional(),
          },
          permission: 'public',
          handler: () => null,
        }),
      ],
    }),
    defineRoute({
      path: '/notes',
      endpoints: (endpoint) => [
        endpoint({ methods: READABLE, permission: 'public', handler: () => [] }),
        endpoint({
          methods: CREATABLE,
          args: { title: z.string(), notes: z.string().meta({ format: 'html' }), slug: z.string().optional() },
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

  it('orders the inputs by importance, with multi-line content, a password input and the rest under More fields', async () => {
    const res = await server.handle({ method: 'GET', url: '/cms-json/kit/v1/posts', headers: { accept: 'text/html' } });
    const html = String(res?.body);
    const names = [...html.matchAll(/name="([a-z_]+)" data-type/g)].map((match) => match[1]);
    expect(names).toEqual(['title', 'content', 'excerpt', 'status', 'date', 'slug', 'password', 'meta', 'tags', 'sticky']);
    expect(html).toContain('<textarea name="content" data-type="string" rows="10"></textarea>');
    expect(html).toContain('<textarea name="excerpt" data-type="string" rows="4"></textarea>');
    expect(html).toContain('<input type="text" name="title" data-type="string">');
    expect(html).toContain('<input type="password" name="password" data-type="string" autocomplete="new-password">');
    expect(html).toMatch(/<\/label><details class="more-fields"><summary>More fields \(6\)<\/summary><label><span>date<\/span>/);
  });

  it('shows every input open when only a few are not important, and HTML fields as several lines', async () => {
    const res = await server.handle({ method: 'GET', url: '/cms-json/kit/v1/notes', headers: { accept: 'text/html' } });
    const html = String(res?.body);
    expect(html).not.toContain('More fields');
    expect(html).toContain('<textarea name="notes" data-type="string" rows="4" required></textarea>');
  });
});
