import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  allOf,
  contextArg,
  createRestServer,
  defineRoute,
  editContextRequires,
  type PermissionCheck,
  READABLE,
  requireCapability,
  requireLogin,
} from './index.js';
import { testClient } from './testing.js';

const Item = z.object({
  id: z
    .number()
    .int()
    .meta({ context: ['view', 'edit'] }),
  raw: z.string().meta({ context: ['edit'] }),
});

function server() {
  const s = createRestServer();
  const users = { editor: { id: 1, can: (c: string) => c === 'edit_posts' }, reader: { id: 2, can: () => false } };
  s.authenticate((request) => {
    const who = request.header('x-user') as keyof typeof users | undefined;
    return who === undefined ? null : { user: users[who] };
  });
  const route = (path: string, permission: PermissionCheck<{ context?: unknown }>) =>
    defineRoute({
      path,
      schema: Item,
      endpoints: (e) => [
        e({
          methods: READABLE,
          args: { context: contextArg(Item) },
          permission,
          handler: () => ({ id: 1, raw: 'r' }),
        }),
      ],
    });
  s.register(
    'demo/v1',
    route('/cap', requireCapability('edit_posts')),
    route('/login', requireLogin()),
    route('/edit', editContextRequires('edit_posts')),
    route('/both', allOf(requireLogin(), requireCapability('edit_posts'))),
  );
  return testClient(s);
}

const as = (user: string) => ({ headers: { 'x-user': user } });

describe('permission helpers', () => {
  const client = server();

  it('requireCapability: 401 anonymous, 403 without the capability, 200 with it', async () => {
    expect((await client.get('/demo/v1/cap')).status).toBe(401);
    expect((await client.get('/demo/v1/cap', as('reader'))).status).toBe(403);
    expect((await client.get('/demo/v1/cap', as('editor'))).status).toBe(200);
  });

  it('requireLogin: rest_not_logged_in for anonymous callers', async () => {
    const res = await client.get('/demo/v1/login');
    expect(res.body).toEqual({ code: 'rest_not_logged_in', message: 'You are not currently logged in.', data: { status: 401 } });
    expect((await client.get('/demo/v1/login', as('reader'))).status).toBe(200);
  });

  it('editContextRequires: rest_forbidden_context for context=edit without the capability', async () => {
    expect((await client.get('/demo/v1/edit')).body).toEqual({ id: 1 });
    expect((await client.get('/demo/v1/edit?context=edit')).status).toBe(401);
    const reader = await client.get('/demo/v1/edit?context=edit', as('reader'));
    expect(reader.status).toBe(403);
    expect(reader.body.code).toBe('rest_forbidden_context');
    expect((await client.get('/demo/v1/edit?context=edit', as('editor'))).body).toEqual({ id: 1, raw: 'r' });
  });

  it('allOf: the first denial decides', async () => {
    expect((await client.get('/demo/v1/both')).body.code).toBe('rest_not_logged_in');
    expect((await client.get('/demo/v1/both', as('reader'))).body.code).toBe('rest_forbidden');
    expect((await client.get('/demo/v1/both', as('editor'))).status).toBe(200);
  });
});
