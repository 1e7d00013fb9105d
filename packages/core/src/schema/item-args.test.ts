import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDemoServer } from '../../test/fixture.js';
import { CREATABLE, createArgs, createRestServer, defineRoute, updateArgs } from '../index.js';
import { testClient } from '../testing.js';
import { argJsonSchema } from './to-json-schema.js';

const Post = z.object({
  id: z.number().int().readonly(),
  count: z.number().int().readonly().optional(),
  title: z.string().meta({ description: 'The title.' }),
  status: z.enum(['publish', 'draft']).default('draft').meta({ description: 'A status.' }),
});

describe('createArgs and updateArgs', () => {
  it('leave out read-only fields', () => {
    expect(Object.keys(createArgs(Post))).toEqual(['title', 'status']);
    expect(Object.keys(updateArgs(Post))).toEqual(['title', 'status']);
  });

  it('keep defaults for create and drop them for update, keeping the description', () => {
    expect(argJsonSchema(createArgs(Post).status)).toMatchObject({ default: 'draft', description: 'A status.' });
    const update = argJsonSchema(updateArgs(Post).status);
    expect(update).not.toHaveProperty('default');
    expect(update).toMatchObject({ type: 'string', enum: ['publish', 'draft'], description: 'A status.' });
  });

  it('make create require non-optional fields and update require none', async () => {
    const server = createRestServer();
    const store: unknown[] = [];
    server.register(
      'demo/v1',
      defineRoute({
        path: '/posts',
        schema: Post,
        endpoints: (endpoint) => [
          endpoint({
            methods: CREATABLE,
            args: createArgs(Post),
            permission: 'public',
            handler: (args) => {
              store.push(args);
              return { id: 1, ...args };
            },
          }),
          endpoint({
            methods: ['PUT'],
            args: updateArgs(Post),
            permission: 'public',
            handler: (args) => ({ id: 1, title: args.title ?? 't', status: args.status ?? 'draft' }),
          }),
        ],
      }),
    );
    const client = testClient(server);
    expect((await client.post('/demo/v1/posts', { body: {} })).body.data.params).toEqual(['title']);
    expect((await client.post('/demo/v1/posts', { body: { title: 'a', id: 9 } })).body).toEqual({
      id: 1,
      title: 'a',
      status: 'draft',
    });
    expect(store).toEqual([{ title: 'a', status: 'draft' }]);
    const put = await client.put('/demo/v1/posts', { body: {} });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ id: 1, title: 't', status: 'draft' });
  });

  it('never let an update write a read-only field (the demo note keeps its id and author)', async () => {
    const client = testClient(createDemoServer().server);
    const res = await client.patch('/demo/v1/notes/2', {
      headers: { 'x-test-user': 'editor' },
      body: { author: 9, title: 'New' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 2, author: 1, title: 'New' });
  });
});
