import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDemoServer } from '../../test/fixture.js';
import { createRestServer, defineRoute, EDITABLE, entityTag, READABLE, response } from '../index.js';
import { testClient } from '../testing.js';

const TAG = /^W\/"\d+\.[0-9a-f]{16}"$/;

describe.each(['cms', 'wp'] as const)('conditional GET (%s profile)', (prefix) => {
  const nonce = prefix === 'wp' ? 'X-WP-Nonce' : 'X-CMS-Nonce';
  const setup = () => {
    const demo = createDemoServer({ prefix });
    return { ...demo, client: testClient(demo.server) };
  };

  it('tags a GET answer with a weak ETag that stays the same while the data does', async () => {
    const { client } = setup();
    const first = await client.get('/demo/v1/notes');
    const second = await client.get('/demo/v1/notes');
    expect(first.header('ETag')).toMatch(TAG);
    expect(second.header('ETag')).toBe(first.header('ETag'));
    expect(first.header('Vary')).toBe(`Origin, Authorization, Cookie, ${nonce}`);
  });

  it('changes the ETag when the record changes', async () => {
    const { client, notes } = setup();
    const before = await client.get('/demo/v1/notes/3');
    notes.set(3, { ...(notes.get(3) as NonNullable<ReturnType<typeof notes.get>>), title: 'Changed' });
    const after = await client.get('/demo/v1/notes/3');
    expect(after.header('ETag')).not.toBe(before.header('ETag'));
  });

  it('gives each caller an ETag of their own, even for the same body', async () => {
    const { client } = setup();
    const anonymous = await client.get('/demo/v1/notes/1');
    const editor = await client.get('/demo/v1/notes/1', { headers: { 'x-test-user': 'editor' } });
    const reader = await client.get('/demo/v1/notes/1', { headers: { 'x-test-user': 'reader' } });
    expect(editor.text).toBe(anonymous.text);
    expect(new Set([anonymous, editor, reader].map((res) => res.header('ETag'))).size).toBe(3);
    expect(anonymous.header('ETag')).toMatch(/^W\/"0\./);
    expect(editor.header('ETag')).toMatch(/^W\/"1\./);
  });

  it('answers 304 with no body to a matching If-None-Match, keeping ETag and the cache headers', async () => {
    const { client } = setup();
    const full = await client.get('/demo/v1/notes/1', { headers: { 'x-test-user': 'editor' } });
    const tag = full.header('ETag') as string;
    const revalidated = await client.get('/demo/v1/notes/1', {
      headers: { 'x-test-user': 'editor', 'if-none-match': tag },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBeNull();
    expect(revalidated.header('ETag')).toBe(tag);
    expect(revalidated.header('Vary')).toBe(full.header('Vary'));
    expect(revalidated.header('Cache-Control')).toBe(full.header('Cache-Control'));
    expect(revalidated.header('Expires')).toBe(full.header('Expires'));
    expect(revalidated.header('Content-Type')).toBeUndefined();
    expect(revalidated.header('Link')).toBeUndefined();
    expect(revalidated.header('Allow')).toBeUndefined();
  });

  it('answers 304 to a list of tags, a strong form of the tag, and *', async () => {
    const { client } = setup();
    const tag = (await client.get('/demo/v1/notes')).header('ETag') as string;
    for (const condition of [`"nope", ${tag}`, tag.slice(2), '*']) {
      const res = await client.get('/demo/v1/notes', { headers: { 'if-none-match': condition } });
      expect(res.status, condition).toBe(304);
    }
  });

  it('answers in full when If-None-Match holds another tag or another caller’s', async () => {
    const { client } = setup();
    const editorTag = (await client.get('/demo/v1/notes/1', { headers: { 'x-test-user': 'editor' } })).header('ETag') as string;
    const stale = await client.get('/demo/v1/notes/1', { headers: { 'if-none-match': 'W/"0.0000000000000000"' } });
    const other = await client.get('/demo/v1/notes/1', { headers: { 'if-none-match': editorTag } });
    for (const res of [stale, other]) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: 1 });
    }
  });

  it('gives a HEAD answer the GET’s ETag and no body, and a 304 to a matching HEAD', async () => {
    const { client } = setup();
    for (const path of ['/demo/v1/notes', '/demo/v1/notes/2']) {
      const get = await client.get(path);
      const head = await client.head(path);
      expect(head.status).toBe(200);
      expect(head.text).toBeNull();
      expect(head.header('ETag')).toBe(get.header('ETag'));
      expect(head.header('X-CMS-Total'.replace('CMS', prefix.toUpperCase()))).toBe(
        get.header('X-CMS-Total'.replace('CMS', prefix.toUpperCase())),
      );
      const revalidated = await client.head(path, { headers: { 'if-none-match': get.header('ETag') as string } });
      expect(revalidated.status).toBe(304);
    }
  });

  it('sends no ETag and never 304 for errors, JSONP or _envelope', async () => {
    const { client } = setup();
    const missing = await client.get('/demo/v1/notes/999', { headers: { 'if-none-match': '*' } });
    expect(missing.status).toBe(400);
    expect(missing.header('ETag')).toBeUndefined();
    const jsonp = await client.get('/demo/v1/notes/1?_jsonp=cb', { headers: { 'if-none-match': '*' } });
    expect(jsonp.status).toBe(200);
    expect(jsonp.text).toMatch(/cb\(/);
    expect(jsonp.header('ETag')).toBeUndefined();
    const enveloped = await client.get('/demo/v1/notes/1?_envelope', { headers: { 'if-none-match': '*' } });
    expect(enveloped.status).toBe(200);
    expect(enveloped.body).toMatchObject({ status: 200, body: { id: 1 } });
    expect(enveloped.header('ETag')).toBeUndefined();
  });

  it('tags the answer as sent: _embed, _fields and _pretty give tags of their own', async () => {
    const { client } = setup();
    const paths = ['/demo/v1/notes/1', '/demo/v1/notes/1?_embed', '/demo/v1/notes/1?_fields=id', '/demo/v1/notes/1?_pretty'];
    const tags = await Promise.all(paths.map(async (path) => (await client.get(path)).header('ETag')));
    expect(new Set(tags).size).toBe(4);
    const embedded = await client.get('/demo/v1/notes/1?_embed', { headers: { 'if-none-match': tags[1] as string } });
    expect(embedded.status).toBe(304);
  });

  it('keeps a handler’s own ETag and revalidates against it', async () => {
    const { server } = setup();
    const tagged = defineRoute({
      path: '/tagged',
      endpoints: (endpoint) => [
        endpoint({ methods: READABLE, permission: 'public', handler: () => response({ a: 1 }, { headers: { ETag: '"v1"' } }) }),
      ],
    });
    server.register('own/v1', tagged);
    const client = testClient(server);
    expect((await client.get('/own/v1/tagged')).header('ETag')).toBe('"v1"');
    expect((await client.get('/own/v1/tagged', { headers: { 'if-none-match': 'W/"v1"' } })).status).toBe(304);
  });

  it('leaves public answers without Cache-Control and marks signed-in ones private and no-store', async () => {
    const { client } = setup();
    expect((await client.get('/demo/v1/notes/1')).header('Cache-Control')).toBeUndefined();
    const signedIn = await client.get('/demo/v1/notes/1', { headers: { 'x-test-user': 'reader' } });
    expect(signedIn.header('Cache-Control')).toBe('no-cache, must-revalidate, max-age=0, no-store, private');
  });
});

describe.each(['cms', 'wp'] as const)('conditional GET of a route with a validator (%s profile)', (prefix) => {
  /** A route whose records live in a map and whose version moves with every change. */
  const setup = (options: { failingValidator?: boolean } = {}) => {
    const { server } = createDemoServer({ prefix });
    const items = new Map([[1, { id: 1, title: 'One' }]]);
    const counts = { version: 0, handler: 0, permission: 0 };
    const validator = () => {
      if (options.failingValidator === true) throw new Error('database gone');
      return Promise.resolve(counts.version);
    };
    const read = {
      methods: READABLE,
      validator,
      permission: () => {
        counts.permission++;
        return true;
      },
    };
    const list = defineRoute({
      path: '/items',
      endpoints: (endpoint) => [
        endpoint({
          ...read,
          handler: () => {
            counts.handler++;
            return [...items.values()];
          },
        }),
      ],
    });
    const item = defineRoute({
      path: '/items/:id',
      args: { id: z.number().int() },
      endpoints: (endpoint) => [
        endpoint({
          ...read,
          handler: ({ id }) => {
            counts.handler++;
            return items.get(id) ?? null;
          },
        }),
        endpoint({
          methods: EDITABLE,
          args: { title: z.string() },
          permission: 'public',
          handler: ({ id, title }) => {
            items.set(id, { id, title });
            counts.version++;
            return items.get(id) ?? null;
          },
        }),
      ],
    });
    server.register('versioned/v1', list, item);
    return { server, client: testClient(server), items, counts };
  };

  it('answers a repeated revalidation with 304 before the arguments, the permission and the handler run', async () => {
    const { client, counts } = setup();
    for (const path of ['/versioned/v1/items', '/versioned/v1/items/1']) {
      const full = await client.get(path);
      expect(full.status).toBe(200);
      expect(full.header('ETag')).toMatch(TAG);
      const revalidate = () => client.get(path, { headers: { 'if-none-match': full.header('ETag') as string } });
      // The first revalidation at this version builds the answer to learn its tag.
      expect((await revalidate()).status).toBe(304);
      const before = { ...counts };
      const revalidated = await revalidate();
      expect(revalidated.status).toBe(304);
      expect(revalidated.text).toBeNull();
      expect(revalidated.header('ETag')).toBe(full.header('ETag'));
      expect(revalidated.header('Vary')).toBe(full.header('Vary'));
      expect(counts).toEqual(before);
    }
  });

  it('tags a full answer from its body, reading no version', async () => {
    const { client, counts, server } = setup();
    const full = await client.get('/versioned/v1/items/1');
    expect(full.header('ETag')).toBe(entityTag(full.text as string, { userId: 0 }));
    counts.version = 41;
    // Another server, or this one after a restart, gives the same answer the same tag.
    expect((await testClient(server).get('/versioned/v1/items/1')).header('ETag')).toBe(full.header('ETag'));
    expect((await setup().client.get('/versioned/v1/items/1')).header('ETag')).toBe(full.header('ETag'));
  });

  it('answers in full with a new tag once the version moved', async () => {
    const { client, counts } = setup();
    const first = await client.get('/versioned/v1/items/1');
    expect((await client.put('/versioned/v1/items/1', { body: { title: 'Changed' } })).status).toBe(200);
    const after = await client.get('/versioned/v1/items/1', { headers: { 'if-none-match': first.header('ETag') as string } });
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ title: 'Changed' });
    expect(after.header('ETag')).not.toBe(first.header('ETag'));
    expect(counts.handler).toBe(2);
  });

  it('answers 304 when the version moved but the answer did not (another record was written)', async () => {
    const { client, counts } = setup();
    const full = await client.get('/versioned/v1/items/1');
    expect((await client.put('/versioned/v1/items/2', { body: { title: 'Other' } })).status).toBe(200);
    const before = counts.handler;
    const revalidated = await client.get('/versioned/v1/items/1', {
      headers: { 'if-none-match': full.header('ETag') as string },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.header('ETag')).toBe(full.header('ETag'));
    expect(counts.handler).toBe(before + 1);
  });

  it('keeps what it learned apart per caller and URL: another URL’s or caller’s tag is a full answer', async () => {
    const { client, server } = setup();
    const revalidate = (path: string, tag: string, headers: Record<string, string> = {}) =>
      client.get(path, { headers: { ...headers, 'if-none-match': tag } });
    const list = (await client.get('/versioned/v1/items')).header('ETag') as string;
    const item = (await client.get('/versioned/v1/items/1')).header('ETag') as string;
    expect(list).not.toBe(item);
    expect((await revalidate('/versioned/v1/items', list)).status).toBe(304);
    expect((await revalidate('/versioned/v1/items/1', item)).status).toBe(304);
    expect((await revalidate('/versioned/v1/items/1', list)).status).toBe(200);
    expect((await revalidate('/versioned/v1/items', item)).status).toBe(200);
    const anonymous = await client.get('/versioned/v1/items/1');
    const editor = await client.get('/versioned/v1/items/1', { headers: { 'x-test-user': 'editor' } });
    expect(editor.header('ETag')).not.toBe(anonymous.header('ETag'));
    const crossed = await client.get('/versioned/v1/items/1', {
      headers: { 'x-test-user': 'editor', 'if-none-match': anonymous.header('ETag') as string },
    });
    expect(crossed.status).toBe(200);
    // A signed-in caller's 304 keeps the no-store headers its full answer has.
    const revalidated = await testClient(server).get('/versioned/v1/items/1', {
      headers: { 'x-test-user': 'editor', 'if-none-match': editor.header('ETag') as string },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.header('Cache-Control')).toBe(editor.header('Cache-Control'));
  });

  it('runs the route in full for If-None-Match: * and for answers the validator cannot stand for', async () => {
    const { client, counts } = setup();
    const star = await client.get('/versioned/v1/items/1', { headers: { 'if-none-match': '*' } });
    expect(star.status).toBe(304);
    expect(counts.handler).toBe(1);
    const plain = (await client.get('/versioned/v1/items/1')).header('ETag') as string;
    // `_embed` is never revalidated from the version: its answer is built, then compared.
    const before = counts.handler;
    const embedded = await client.get('/versioned/v1/items/1?_embed', { headers: { 'if-none-match': plain } });
    expect(embedded.status).toBe(304);
    expect(counts.handler).toBe(before + 1);
    const enveloped = await client.get('/versioned/v1/items/1?_envelope', { headers: { 'if-none-match': plain } });
    expect(enveloped.status).toBe(200);
    expect(enveloped.header('ETag')).toBeUndefined();
  });

  it('answers the validator’s failure as a failing handler’s: its error, nothing run after it', async () => {
    const { client, counts } = setup({ failingValidator: true });
    const res = await client.get('/versioned/v1/items/1', { headers: { 'if-none-match': 'W/"0.0000000000000000"' } });
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ code: 'rest_internal_error', data: { status: 500 } });
    expect(res.header('ETag')).toBeUndefined();
    expect(counts.handler).toBe(0);
    expect(counts.permission).toBe(0);
    // A request that does not revalidate reads no version.
    expect((await client.get('/versioned/v1/items/1')).status).toBe(200);
  });

  it('checks If-Match against the validator’s tag: a current tag writes, a stale one is 412', async () => {
    const { client, items } = setup();
    const tag = (await client.get('/versioned/v1/items/1')).header('ETag') as string;
    const put = await client.put('/versioned/v1/items/1', { headers: { 'if-match': tag }, body: { title: 'Mine' } });
    expect(put.status).toBe(200);
    const stale = await client.put('/versioned/v1/items/1', { headers: { 'if-match': tag }, body: { title: 'Theirs' } });
    expect(stale.status).toBe(412);
    expect(items.get(1)?.title).toBe('Mine');
  });
});

describe('the memory of the tags given, with many sites', () => {
  it('survives requests to many other Host names: a spoofed Host cannot push it out', async () => {
    const server = createRestServer();
    const counts = { handler: 0 };
    server.register(
      'versioned/v1',
      defineRoute({
        path: '/thing',
        endpoints: (endpoint) => [
          endpoint({
            methods: READABLE,
            permission: 'public',
            validator: () => 1,
            handler: () => {
              counts.handler++;
              return { id: 1 };
            },
          }),
        ],
      }),
    );
    const get = (host: string, headers: Record<string, string> = {}) =>
      server.handle({ method: 'GET', url: '/cms-json/versioned/v1/thing', headers, baseUrl: `http://${host}` });
    // A revalidation is what the server remembers the tag of.
    const first = await get('a.test', { 'if-none-match': 'W/"0.0000000000000000"' });
    const tag = first?.headers.ETag as string;
    expect(first?.status).toBe(200);
    for (let i = 0; i < 100; i++) await get(`spoofed-${i}.test`);
    const handled = counts.handler;
    const again = await get('a.test', { 'if-none-match': tag });
    expect(again?.status).toBe(304);
    // Answered by the validator: the route's handler did not run again.
    expect(counts.handler).toBe(handled);
  });
});
