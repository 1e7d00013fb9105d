import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CREATABLE,
  createRestServer,
  DELETABLE,
  defineRoute,
  EDITABLE,
  READABLE,
  requireCapability,
  response,
  type TransactionRunner,
} from './index.js';
import { testClient } from './testing.js';

/** A server with `/demo/v1/notes` (batchable), `/demo/v1/plain` (not) and a snapshot "transaction". */
function batchServer(options: { prefix?: 'cms' | 'wp'; transactions?: boolean } = {}) {
  const notes = new Map<number, { id: number; title: string; author: number }>();
  let next = 1;
  const transaction: TransactionRunner = async (work) => {
    const saved = new Map(notes);
    const savedNext = next;
    try {
      return await work();
    } catch (error) {
      notes.clear();
      for (const [id, note] of saved) notes.set(id, note);
      next = savedNext;
      throw error;
    }
  };
  const server = createRestServer({
    prefix: options.prefix ?? 'cms',
    siteUrl: 'http://example.test',
    ...(options.transactions === false ? {} : { transaction }),
  });
  const editor = { id: 7, can: (cap: string) => cap === 'edit_posts' };
  server.authenticate((request) => (request.header('x-test-user') === 'editor' ? { user: editor } : null));
  const schema = z.object({ id: z.number().int().readonly(), title: z.string(), author: z.number().int().readonly() });
  const collection = defineRoute({
    path: '/notes',
    schema,
    allowBatch: { v1: true },
    links: [{ rel: 'self', href: '/demo/v1/notes/:id' }],
    endpoints: (endpoint) => [
      endpoint({ methods: READABLE, permission: 'public', handler: () => [...notes.values()] }),
      endpoint({
        methods: CREATABLE,
        args: { title: z.string().min(1) },
        permission: requireCapability('edit_posts'),
        handler: ({ title }, request) => {
          const note = { id: next++, title, author: request.user?.id ?? 0 };
          notes.set(note.id, note);
          return response(note, { status: 201, headers: { Location: request.scope.restUrl(`/demo/v1/notes/${note.id}`) } });
        },
      }),
    ],
  });
  const item = defineRoute({
    path: '/notes/:id',
    schema,
    allowBatch: { v1: true },
    args: { id: z.number().int() },
    links: [{ rel: 'self', href: '/demo/v1/notes/:id' }],
    endpoints: (endpoint) => [
      endpoint({
        methods: EDITABLE,
        args: { title: z.string().min(1).optional() },
        permission: requireCapability('edit_posts'),
        handler: ({ id, title }) => {
          const note = notes.get(id);
          if (note === undefined)
            return response({ code: 'demo_gone', message: 'No such note.', data: { status: 404 } }, { status: 404 });
          if (title !== undefined) note.title = title;
          return note;
        },
      }),
      // An endpoint of its own that does not allow batching, on a batchable route.
      endpoint({ methods: DELETABLE, permission: 'public', allowBatch: {}, handler: () => null }),
    ],
  });
  const plain = defineRoute({
    path: '/plain',
    endpoints: (endpoint) => [endpoint({ methods: CREATABLE, permission: 'public', handler: () => ({ ran: true }) })],
  });
  server.register('demo/v1', collection, item, plain);
  return { server, client: testClient(server), notes };
}

const editor = { 'x-test-user': 'editor' };
const create = (title: string) => ({ path: '/demo/v1/notes', body: { title } });

for (const prefix of ['cms', 'wp'] as const) {
  describe(`POST /batch/v1 in the ${prefix} profile`, () => {
    it('runs each request and answers 207 with body, status and headers', async () => {
      const { client, notes } = batchServer({ prefix });
      const res = await client.post('/batch/v1', {
        headers: editor,
        body: { requests: [create('One'), { method: 'PATCH', path: '/demo/v1/notes/1', body: { title: 'Uno' } }] },
      });
      expect(res.status).toBe(207);
      expect(res.body.responses).toHaveLength(2);
      const [first, second] = res.body.responses;
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({ id: 1, title: 'One', author: 7 });
      expect(first.body._links.self[0].href).toBe(`http://example.test/${prefix}-json/demo/v1/notes/1`);
      expect(first.headers.Location).toBe(`http://example.test/${prefix}-json/demo/v1/notes/1`);
      expect(first.headers.Allow).toBe('GET, POST');
      expect(second).toMatchObject({ status: 200, body: { id: 1, title: 'Uno' } });
      expect(notes.get(1)?.title).toBe('Uno');
    });

    it('lists the route in the index as the original does, and allow_batch on the endpoints that allow it', async () => {
      const { client } = batchServer({ prefix });
      const routes = (await client.get('/')).body.routes;
      const batch = routes['/batch/v1'];
      expect(batch.namespace).toBe('');
      expect(batch.methods).toEqual(['POST']);
      const args = batch.endpoints[0].args;
      expect(args.validation).toEqual({
        type: 'string',
        enum: ['require-all-validate', 'normal'],
        default: 'normal',
        required: false,
      });
      expect(args.requests).toMatchObject({ type: 'array', maxItems: 25, required: true });
      expect(args.requests.items.properties.body).toEqual({ type: 'object', properties: [], additionalProperties: true });
      expect(args.requests.items.properties.path).toEqual({ type: 'string', required: true });
      expect(Object.keys(args)).toEqual(prefix === 'wp' ? ['validation', 'requests'] : ['validation', 'requests', 'atomic']);
      const notes = routes['/demo/v1/notes'].endpoints;
      expect(notes.map((e: Record<string, unknown>) => e.allow_batch)).toEqual([{ v1: true }, { v1: true }]);
      expect(Object.keys(notes[0])).toEqual(['methods', 'allow_batch', 'args']);
      const item = routes['/demo/v1/notes/(?P<id>[\\d]+)'].endpoints;
      expect(item.map((e: Record<string, unknown>) => e.allow_batch)).toEqual([{ v1: true }, undefined]);
      expect(routes['/demo/v1/plain'].endpoints[0]).not.toHaveProperty('allow_batch');
    });

    it('refuses a route that does not allow batching, in its slot, and runs the others', async () => {
      const { client, notes } = batchServer({ prefix });
      const res = await client.post('/batch/v1', {
        headers: editor,
        body: { requests: [{ path: '/demo/v1/plain' }, create('Kept'), { method: 'DELETE', path: '/demo/v1/notes/1' }] },
      });
      expect(res.status).toBe(207);
      const [plain, created, deleted] = res.body.responses;
      expect(plain).toEqual({
        body: {
          code: 'rest_batch_not_allowed',
          message: 'The requested route does not support batch requests.',
          data: { status: 400 },
        },
        status: 400,
        headers: { Allow: 'POST' },
      });
      expect(created.status).toBe(201);
      expect(deleted.body.code).toBe('rest_batch_not_allowed');
      expect([...notes.values()].map((n) => n.title)).toEqual(['Kept']);
    });

    it('answers an unknown route and a path that does not parse in their slots', async () => {
      const { client } = batchServer({ prefix });
      const res = await client.post('/batch/v1', {
        headers: editor,
        body: { requests: [{ path: '/demo/v1/nowhere' }, { path: '///' }, { path: 'http://:99999/x' }] },
      });
      const [unknown, noHost, badPort] = res.body.responses;
      expect([unknown.status, unknown.body.code]).toEqual([404, 'rest_no_route']);
      expect(noHost).toMatchObject({ status: 400, body: { code: 'parse_path_failed', message: 'Could not parse the path.' } });
      expect(badPort.body.code).toBe('parse_path_failed');
    });

    it('takes the query of a path as the query of its request', async () => {
      const { client, notes } = batchServer({ prefix });
      const res = await client.post('/batch/v1', {
        headers: editor,
        body: { requests: [{ path: '/demo/v1/notes?title=FromQuery' }] },
      });
      expect(res.body.responses[0].status).toBe(201);
      expect(notes.get(1)?.title).toBe('FromQuery');
    });

    it("trims a member's answer to its own _fields, and keeps its _links", async () => {
      const { client } = batchServer({ prefix });
      const res = await client.post('/batch/v1', {
        headers: editor,
        body: { requests: [{ path: '/demo/v1/notes?_fields=id', body: { title: 'T' } }] },
      });
      const { body } = res.body.responses[0];
      expect(Object.keys(body)).toEqual(['id', '_links']);
    });

    it('runs each request as the caller: anonymous members are refused as anonymous', async () => {
      const { client, notes } = batchServer({ prefix });
      const res = await client.post('/batch/v1', {
        // A member's own headers do not authenticate it: the batch's caller is the user.
        body: { requests: [{ ...create('Sneaky'), headers: { 'x-test-user': 'editor' } }] },
      });
      expect(res.status).toBe(207);
      expect(res.body.responses[0]).toMatchObject({ status: 401, body: { code: 'rest_forbidden' } });
      expect(notes.size).toBe(0);
    });

    it('with require-all-validate, runs nothing when one request is invalid and answers each error', async () => {
      const { client, notes } = batchServer({ prefix });
      const res = await client.post('/batch/v1', {
        headers: editor,
        body: { validation: 'require-all-validate', requests: [create('Fine'), create(''), { path: '/demo/v1/plain' }] },
      });
      expect(res.status).toBe(207);
      expect(res.body.failed).toBe('validation');
      const [fine, empty, plain] = res.body.responses;
      expect(fine).toBeNull();
      expect(empty).toMatchObject({
        status: 400,
        body: { code: 'rest_invalid_param', data: { params: { title: expect.any(String) } } },
      });
      expect(plain.body.code).toBe('rest_batch_not_allowed');
      expect(notes.size).toBe(0);
    });

    it('with require-all-validate, runs everything when every request is valid', async () => {
      const { client, notes } = batchServer({ prefix });
      const res = await client.post('/batch/v1', {
        headers: editor,
        body: { validation: 'require-all-validate', requests: [create('A'), create('B')] },
      });
      expect(res.body).not.toHaveProperty('failed');
      expect(res.body.responses.map((r: { status: number }) => r.status)).toEqual([201, 201]);
      expect(notes.size).toBe(2);
    });

    it('in normal mode, an invalid request fails alone', async () => {
      const { client, notes } = batchServer({ prefix });
      const res = await client.post('/batch/v1', { headers: editor, body: { requests: [create('A'), create(''), create('C')] } });
      expect(res.body.responses.map((r: { status: number }) => r.status)).toEqual([201, 400, 201]);
      expect(notes.size).toBe(2);
    });

    it('refuses 26 requests with 400 rest_invalid_param, and runs none', async () => {
      const { client, notes } = batchServer({ prefix });
      const requests = Array.from({ length: 26 }, (_, i) => create(`N${i}`));
      const res = await client.post('/batch/v1', { headers: editor, body: { requests } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'rest_invalid_param',
        data: { status: 400, params: { requests: 'requests must contain at most 25 items.' } },
      });
      expect(notes.size).toBe(0);
      const ok = await client.post('/batch/v1', { headers: editor, body: { requests: requests.slice(0, 25) } });
      expect(ok.status).toBe(207);
      expect(notes.size).toBe(25);
    });

    it('refuses a batch without requests, a member without a path and a method it does not run', async () => {
      const { client } = batchServer({ prefix });
      const none = await client.post('/batch/v1', { headers: editor, body: {} });
      expect([none.status, none.body.code]).toEqual([400, 'rest_missing_callback_param']);
      const noPath = await client.post('/batch/v1', { headers: editor, body: { requests: [{ body: {} }] } });
      expect([noPath.status, noPath.body.data.params.requests]).toEqual([400, 'path is a required property of requests[0].']);
      const get = await client.post('/batch/v1', {
        headers: editor,
        body: { requests: [{ method: 'GET', path: '/demo/v1/notes' }] },
      });
      expect([get.status, get.body.code]).toEqual([400, 'rest_invalid_param']);
      const mode = await client.post('/batch/v1', { headers: editor, body: { validation: 'all', requests: [] } });
      expect([mode.status, mode.body.code]).toEqual([400, 'rest_invalid_param']);
    });

    it('atomic: undoes every request when the third fails, and reports only the failure', async () => {
      const { client, notes } = batchServer({ prefix });
      const res = await client.post('/batch/v1', {
        headers: editor,
        body: {
          atomic: true,
          requests: [create('A'), create('B'), { method: 'PATCH', path: '/demo/v1/notes/99', body: { title: 'X' } }],
        },
      });
      expect(res.status).toBe(207);
      expect(res.body.failed).toBe('atomic');
      expect(res.body.responses[0]).toBeNull();
      expect(res.body.responses[1]).toBeNull();
      expect(res.body.responses[2]).toMatchObject({ status: 404, body: { code: 'demo_gone' } });
      expect(notes.size).toBe(0);
    });

    it('atomic: keeps everything when every request succeeds', async () => {
      const { client, notes } = batchServer({ prefix });
      const res = await client.post('/batch/v1', {
        headers: editor,
        body: { atomic: true, requests: [create('A'), create('B')] },
      });
      expect(res.body).not.toHaveProperty('failed');
      expect(res.body.responses.map((r: { status: number }) => r.status)).toEqual([201, 201]);
      expect(notes.size).toBe(2);
    });

    it('atomic: validates every request first, as require-all-validate', async () => {
      const { client, notes } = batchServer({ prefix });
      const res = await client.post('/batch/v1', {
        headers: editor,
        body: { atomic: true, requests: [create('A'), create('')] },
      });
      expect(res.body.failed).toBe('validation');
      expect(notes.size).toBe(0);
    });

    it('atomic: 501 rest_batch_atomic_unavailable on a server without transactions, running nothing', async () => {
      const { client, notes } = batchServer({ prefix, transactions: false });
      const res = await client.post('/batch/v1', { headers: editor, body: { atomic: true, requests: [create('A')] } });
      expect([res.status, res.body.code]).toEqual([501, 'rest_batch_atomic_unavailable']);
      expect(notes.size).toBe(0);
    });
  });
}

describe('transactions given by a plugin', () => {
  it('answers 503 rest_database_unavailable when the transaction fails as unavailable (a time limit passed)', async () => {
    const { server, client } = batchServer({ transactions: false });
    server.provideTransactions(async () => {
      throw Object.defineProperty(new Error('timed out'), Symbol.for('cms-json.database-unavailable'), { value: true });
    });
    const res = await client.post('/batch/v1', { headers: editor, body: { atomic: true, requests: [create('A')] } });
    expect([res.status, res.body.code]).toEqual([503, 'rest_database_unavailable']);
  });

  it('uses the runner given with provideTransactions', async () => {
    const { server, client } = batchServer({ transactions: false });
    let ran = 0;
    server.provideTransactions(async (work) => {
      ran += 1;
      return work();
    });
    const res = await client.post('/batch/v1', { headers: editor, body: { atomic: true, requests: [create('A')] } });
    expect([res.status, ran]).toEqual([207, 1]);
  });
});
