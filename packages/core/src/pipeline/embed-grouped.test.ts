import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRestServer, defineRoute, READABLE, RestError, type RestRequest } from '../index.js';
import { testClient } from '../testing.js';

/**
 * A loader keyed by the request's batch scope: the ids asked for in the same tick by the
 * requests of one scope (the links of one `_embed`) are loaded by one call, each id once.
 */
function scopeLoader<V>(
  load: (ids: number[]) => Promise<Map<number, V>>,
): (request: RestRequest, id: number) => Promise<V | undefined> {
  const open = new WeakMap<object, { ids: Set<number>; result: Promise<Map<number, V>> }>();
  return (request, id) => {
    let batch = open.get(request.batchScope);
    if (batch === undefined) {
      const ids = new Set<number>();
      batch = { ids, result: Promise.resolve().then(() => load([...ids])) };
      open.set(request.batchScope, batch);
    }
    batch.ids.add(id);
    return batch.result.then((values) => values.get(id));
  };
}

/**
 * A site whose users route reads its users with a loader keyed by the batch scope (or one
 * read per request, `grouped: false`), and whose posts link their authors and reviewers: the
 * embedded answers must be the same both ways.
 */
function site(options: { grouped: boolean }) {
  const calls = { one: 0, many: [] as number[][] };
  const users = new Map([
    [7, { id: 7, name: 'Ada', hidden: false }],
    [8, { id: 8, name: 'Brendan', hidden: false }],
    [9, { id: 9, name: 'Hidden', hidden: true }],
  ]);
  const posts = [
    { id: 1, author: 7, reviewer: 8 },
    { id: 2, author: 7, reviewer: 9 },
    { id: 3, author: 8, reviewer: 404 },
    { id: 4, author: 8, reviewer: 0 },
  ];
  // The same outcome for one user whether it is asked for alone or in a group.
  const answer = (id: number): Record<string, unknown> | RestError => {
    const user = users.get(id);
    if (user === undefined) return new RestError('rest_user_invalid_id', 'Invalid user ID.', { status: 404 });
    if (user.hidden) return new RestError('rest_user_cannot_view', 'Sorry, you are not allowed to list users.', { status: 401 });
    return { id: user.id, name: user.name };
  };
  const grouped = scopeLoader(async (ids) => {
    calls.many.push(ids);
    return new Map(ids.map((id) => [id, answer(id)]));
  });
  const read = async (request: RestRequest, id: number) => {
    if (options.grouped) return grouped(request, id);
    calls.one++;
    return answer(id);
  };
  const server = createRestServer({ siteUrl: 'http://example.test' });
  server.register(
    'demo/v1',
    defineRoute({
      path: '/posts',
      links: [
        { rel: 'author', href: '/demo/v1/users/:author', embeddable: true },
        { rel: 'reviewer', href: '/demo/v1/users/:reviewer', embeddable: true },
      ],
      endpoints: (e) => [e({ methods: READABLE, permission: 'public', handler: () => posts })],
    }),
    defineRoute({
      path: '/users/:id',
      args: { id: z.number().int().min(1), context: z.enum(['view', 'embed']).default('view') },
      links: [{ rel: 'self', href: '/demo/v1/users/:id' }],
      endpoints: (e) => [
        e({
          methods: READABLE,
          permission: async (request, { id }) => {
            const found = await read(request, id);
            return found instanceof RestError && found.code === 'rest_user_cannot_view' ? found : true;
          },
          handler: async ({ id }, request) => {
            const found = await read(request, id);
            if (found instanceof RestError) throw found;
            return found;
          },
        }),
      ],
    }),
  );
  return { client: testClient(server), calls };
}

describe('grouped _embed (one batch scope)', () => {
  it('reads every link of a list to a route with one load, each target once, permission checks included', async () => {
    const { client, calls } = site({ grouped: true });
    const res = await client.get('/demo/v1/posts?_embed');
    expect(res.status).toBe(200);
    expect(calls.one).toBe(0);
    // Users 7, 8, 9 and 404 once each; `0` fails its argument check and never reaches the load.
    expect(calls.many).toEqual([[7, 8, 9, 404]]);
  });

  it('embeds the same records, errors and argument failures as one request per link', async () => {
    const grouped = await site({ grouped: true }).client.get('/demo/v1/posts?_embed');
    const single = site({ grouped: false });
    const alone = await single.client.get('/demo/v1/posts?_embed');
    expect(single.calls.one).toBeGreaterThan(0);
    expect(grouped.body).toEqual(alone.body);
    const embedded = (grouped.body as { _embedded: Record<string, unknown[]> }[]).map((post) => post._embedded);
    expect(embedded[0]?.author).toEqual([
      { id: 7, name: 'Ada', _links: { self: [{ href: 'http://example.test/cms-json/demo/v1/users/7' }] } },
    ]);
    expect(embedded[1]?.reviewer).toEqual([
      { code: 'rest_user_cannot_view', message: 'Sorry, you are not allowed to list users.', data: { status: 401 } },
    ]);
    expect(embedded[2]?.reviewer).toEqual([{ code: 'rest_user_invalid_id', message: 'Invalid user ID.', data: { status: 404 } }]);
    expect(embedded[3]?.reviewer).toEqual([expect.objectContaining({ code: 'rest_invalid_param' })]);
  });

  it('answers a failing load with an error for each link, each reported, not a failed response', async () => {
    const errors: unknown[] = [];
    const down = scopeLoader(async () => {
      throw new Error('the store is down');
    });
    const server = createRestServer({ siteUrl: 'http://example.test', onError: (error) => errors.push(error) });
    server.register(
      'demo/v1',
      defineRoute({
        path: '/posts',
        links: [{ rel: 'author', href: '/demo/v1/users/:author', embeddable: true }],
        endpoints: (e) => [
          e({
            methods: READABLE,
            permission: 'public',
            handler: () => [
              { id: 1, author: 1 },
              { id: 2, author: 2 },
            ],
          }),
        ],
      }),
      defineRoute({
        path: '/users/:id',
        args: { id: z.number().int() },
        endpoints: (e) => [
          e({
            methods: READABLE,
            permission: 'public',
            handler: ({ id }, request) => down(request, id),
          }),
        ],
      }),
    );
    const res = await testClient(server).get('/demo/v1/posts?_embed');
    expect(res.status).toBe(200);
    const authors = (res.body as { _embedded: { author: { code: string }[] } }[]).map((post) => post._embedded.author[0]?.code);
    expect(authors).toEqual(['rest_internal_error', 'rest_internal_error']);
    expect(errors).toHaveLength(2);
  });
});
