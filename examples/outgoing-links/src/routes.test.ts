import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { describeInProcess, itInProcess, setup, sitePerTest } from '../test/setup.js';
import { OutgoingLinksStore } from './store.js';

const site = sitePerTest();

describe('tel/v1 outgoing-links', () => {
  itInProcess('reads a link once per GET: the id check hands the link it found to the handler', async () => {
    const { client, create } = await site();
    const { id } = await create('Once', 'https://once.test');
    const get = vi.spyOn(OutgoingLinksStore.prototype, 'get');
    try {
      const res = await client.get(`/tel/v1/outgoing-links/${id}`);
      expect(res.body).toMatchObject({ id, title: 'Once' });
      expect(get).toHaveBeenCalledTimes(1);
      expect((await client.get('/tel/v1/outgoing-links/999')).body.data.params).toEqual({ id: 'Invalid parameter.' });
    } finally {
      get.mockRestore();
    }
  });

  it('creates a link with 201, Location and a slug derived from the title', async () => {
    const { client, editor } = await site();
    const res = await client.post('/tel/v1/outgoing-links', {
      headers: editor,
      body: { title: 'PHP Manual!', link: 'https://www.php.net/manual/en/', slug: 'ignored' },
    });
    expect(res.status).toBe(201);
    expect(res.header('Location')).toBe(`http://site.test/cms-json/tel/v1/outgoing-links/${res.body.id}`);
    expect(res.body).toMatchObject({ title: 'PHP Manual!', slug: 'phpmanual', link: 'https://www.php.net/manual/en/', count: 0 });
    expect(typeof res.body.id).toBe('number');
    expect(res.body._links.self[0].href).toBe(res.header('Location'));
  });

  it('rejects an id on create with tel/rest/insert', async () => {
    const { client, editor } = await site();
    const res = await client.post('/tel/v1/outgoing-links', {
      headers: editor,
      body: { id: 5, title: 'A', link: 'https://a.test' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('tel/rest/insert');
  });

  it('requires title and link on create', async () => {
    const { client, editor } = await site();
    const res = await client.post('/tel/v1/outgoing-links', { headers: editor, body: { title: 'A' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'rest_missing_callback_param', data: { params: ['link'] } });
  });

  it('refuses a title that sanitizes to nothing as the original does: "Invalid parameter.", no details', async () => {
    const { client, editor, create } = await site();
    const { id } = await create('Kept', 'https://kept.test/');
    const refused = { code: 'rest_invalid_param', data: { status: 400, params: { title: 'Invalid parameter.' }, details: [] } };
    for (const title of ['', '  ', ' <b></b> ', '0', 0, false, ['Kept'], { a: 'b' }]) {
      const created = await client.post('/tel/v1/outgoing-links', { headers: editor, body: { title, link: 'https://a.test' } });
      expect(created.status, JSON.stringify(title)).toBe(400);
      expect(created.body, JSON.stringify(title)).toMatchObject(refused);
      const put = await client.put(`/tel/v1/outgoing-links/${id}`, { headers: editor, body: { title } });
      expect(put.body, JSON.stringify(title)).toMatchObject(refused);
    }
    expect((await client.get(`/tel/v1/outgoing-links/${id}`)).body).toMatchObject({ title: 'Kept', slug: 'kept' });
  });

  it('takes a number or true as a title the way the original casts it to text', async () => {
    const { client, editor } = await site();
    const five = await client.post('/tel/v1/outgoing-links', { headers: editor, body: { title: 5, link: 'https://a.test' } });
    expect(five.status).toBe(201);
    expect(five.body).toMatchObject({ title: '5', slug: '5' });
    const yes = await client.put(`/tel/v1/outgoing-links/${five.body.id}`, { headers: editor, body: { title: true } });
    expect(yes.body).toMatchObject({ title: '1', slug: '1' });
  });

  it('answers a title sent as null with tel/rest/item on a create and keeps the stored one on an update', async () => {
    const { client, editor, create } = await site();
    const res = await client.post('/tel/v1/outgoing-links', { headers: editor, body: { title: null, link: 'https://a.test' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'tel/rest/item', message: 'Please enter a title.' });
    const { id } = await create('Stays', 'https://stays.test/');
    const put = await client.put(`/tel/v1/outgoing-links/${id}`, {
      headers: editor,
      body: { title: null, link: 'https://moved.test/' },
    });
    expect(put.body).toMatchObject({ title: 'Stays', link: 'https://moved.test/' });
  });

  it('refuses a title over 100 characters and shows the argument as a string in OPTIONS', async () => {
    const { client, editor } = await site();
    const res = await client.post('/tel/v1/outgoing-links', {
      headers: editor,
      body: { title: 'x'.repeat(101), link: 'https://a.test' },
    });
    expect(res.status).toBe(400);
    expect(res.body.data.params).toEqual({ title: 'title must be at most 100 characters long.' });
    const options = await client.options('/tel/v1/outgoing-links');
    expect(options.body.endpoints[1].args.title).toEqual({
      description: 'The title for the object.',
      type: 'string',
      maxLength: 100,
      required: true,
    });
  });

  it('needs edit_posts to write: 401 anonymous, 403 subscriber', async () => {
    const { client } = await site();
    const anonymous = await client.post('/tel/v1/outgoing-links', { body: { title: 'A', link: 'https://a.test' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('rest_forbidden');
    const subscriber = await client.post('/tel/v1/outgoing-links', {
      headers: { 'x-test-user': 'subscriber' },
      body: { title: 'A', link: 'https://a.test' },
    });
    expect(subscriber.status).toBe(403);
  });

  it('pages the list with totals and prev/next links', async () => {
    const { client, create } = await site();
    for (let i = 1; i <= 25; i++) await create(`Link ${i}`, `https://l${i}.test/`);
    const res = await client.get('/tel/v1/outgoing-links?per_page=2&page=2&order=asc');
    expect(res.status).toBe(200);
    expect(res.body.map((l: { id: number }) => l.id)).toEqual([3, 4]);
    expect(res.header('X-CMS-Total')).toBe('25');
    expect(res.header('X-CMS-TotalPages')).toBe('13');
    const link = res.header('Link') ?? '';
    expect(link).toContain('<http://site.test/cms-json/tel/v1/outgoing-links?per_page=2&page=1&order=asc>; rel="prev"');
    expect(link).toContain('<http://site.test/cms-json/tel/v1/outgoing-links?per_page=2&page=3&order=asc>; rel="next"');
    const byOffset = await client.get('/tel/v1/outgoing-links?per_page=1&offset=1&page=1&order=asc');
    const byPage = await client.get('/tel/v1/outgoing-links?per_page=1&page=2&order=asc');
    expect(byOffset.body).toEqual(byPage.body);
  });

  it('searches title and link', async () => {
    const { client, create } = await site();
    await create('Kysely docs', 'https://kysely.dev/');
    await create('Zod', 'https://zod.dev/');
    await create('100% sure', 'https://percent.test/');
    const res = await client.get('/tel/v1/outgoing-links?search=kysely');
    expect(res.body.map((l: { title: string }) => l.title)).toEqual(['Kysely docs']);
    const byLink = await client.get('/tel/v1/outgoing-links?search=zod.dev');
    expect(byLink.body).toHaveLength(1);
    const literal = await client.get('/tel/v1/outgoing-links?search=%25');
    expect(literal.body.map((l: { title: string }) => l.title)).toEqual(['100% sure']);
  });

  it('fails an unknown id in validation with 400 rest_invalid_param, even anonymously', async () => {
    const { client } = await site();
    const res = await client.delete('/tel/v1/outgoing-links/999');
    expect(res.status).toBe(400);
    // The original's validator returns plain false: no details, an empty PHP array.
    expect(res.body).toMatchObject({ code: 'rest_invalid_param', data: { params: { id: 'Invalid parameter.' }, details: [] } });
    expect((await client.get('/tel/v1/outgoing-links/abc')).body.code).toBe('rest_no_route');
  });

  it('updates from stored values: only the title and link sent replace them, count never', async () => {
    const { client, editor, create } = await site();
    const { id } = await create('Old Title', 'https://old.test/');
    const res = await client.patch(`/tel/v1/outgoing-links/${id}`, {
      headers: editor,
      body: { link: 'https://new.test/', count: 99 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, title: 'Old Title', slug: 'oldtitle', link: 'https://new.test/', count: 0 });
    const put = await client.put(`/tel/v1/outgoing-links/${id}`, { headers: editor, body: { title: 'New' } });
    expect(put.body).toMatchObject({ title: 'New', slug: 'new', link: 'https://new.test/' });
  });

  it('deletes with {deleted, previous}', async () => {
    const { client, editor, create } = await site();
    const { id } = await create('Gone', 'https://gone.test/');
    const res = await client.delete(`/tel/v1/outgoing-links/${id}`, { headers: editor });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      deleted: true,
      previous: { id, title: 'Gone', slug: 'gone', link: 'https://gone.test/', count: 0 },
    });
    expect((await client.get(`/tel/v1/outgoing-links/${id}`)).status).toBe(400);
  });

  it('counts clicks on /out/<slug> and redirects; unknown slugs are 404 pages', async () => {
    const { client, create } = await site();
    const { id } = await create('Click Me', 'https://target.test/');
    const out = await client.get('//out/clickme');
    expect(out.status).toBe(302);
    expect(out.header('Location')).toBe('https://target.test/');
    await client.get('//out/clickme');
    expect((await client.get(`/tel/v1/outgoing-links/${id}`)).body.count).toBe(2);
    expect((await client.get('//out/nothing')).status).toBe(404);
  });

  it('answers HEAD /out/<slug> with the redirect but counts nothing', async () => {
    const { client, create } = await site();
    const { id } = await create('Head Only', 'https://head.test/');
    const head = await client.head('//out/headonly');
    expect(head.status).toBe(302);
    expect(head.header('Location')).toBe('https://head.test/');
    expect((await client.get(`/tel/v1/outgoing-links/${id}`)).body.count).toBe(0);
  });

  it('redirects to a non-ASCII link with a percent-encoded Location', async () => {
    const { client, create } = await site();
    await create('Kanji', 'https://例え.jp/パス');
    const out = await client.get('//out/kanji');
    expect(out.status).toBe(302);
    expect(out.header('Location')).toBe('https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9');
  });

  it('refuses a search longer than 200 characters with rest_invalid_param', async () => {
    const { client } = await site();
    const res = await client.get(`/tel/v1/outgoing-links?search=${'x'.repeat(201)}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { search: 'search must be at most 200 characters long.' } },
    });
  });

  itInProcess('reports a database failure as the plugin error with the database text', async () => {
    const { client, database } = await site();
    await database.db.schema.dropTable('outgoing_links').execute();
    const res = await client.get('/tel/v1/outgoing-links');
    expect(res.status).toBe(500);
    expect(res.body.code).toBe('tel/rest/get_items');
    expect(res.body.message).toMatch(/no such table|does not exist/); // SQLite's or PostgreSQL's text
  });
});

describeInProcess.each(['cms', 'wp'] as const)('tel/v1 revalidation from the table’s change version (%s profile)', (prefix) => {
  const open = async () => {
    const s = await setup({ prefix });
    const { id } = await s.create('Tagged', 'https://tagged.test');
    const tagOf = async (path: string, headers: Record<string, string> = {}) =>
      (await s.client.get(path, { headers })).header('ETag') as string;
    const revalidate = (path: string, tag: string, headers: Record<string, string> = {}) =>
      s.client.get(path, { headers: { ...headers, 'if-none-match': tag } });
    return { ...s, id, tagOf, revalidate, paths: ['/tel/v1/outgoing-links', `/tel/v1/outgoing-links/${id}`] };
  };

  it('answers a repeated revalidation 304 without reading the links while the table is unchanged', async () => {
    const s = await open();
    try {
      for (const path of s.paths) {
        const tag = await s.tagOf(path);
        // The first revalidation at this version builds the answer once to learn its tag.
        expect((await s.revalidate(path, tag)).status).toBe(304);
        const get = vi.spyOn(OutgoingLinksStore.prototype, 'get');
        const list = vi.spyOn(OutgoingLinksStore.prototype, 'list');
        try {
          const res = await s.revalidate(path, tag);
          expect(res.status).toBe(304);
          expect(res.header('ETag')).toBe(tag);
          expect(get).not.toHaveBeenCalled();
          expect(list).not.toHaveBeenCalled();
        } finally {
          get.mockRestore();
          list.mockRestore();
        }
      }
    } finally {
      await s.database.close();
    }
  });

  it('answers in full with a new tag after a write through the API, by raw SQL, or a click', async () => {
    const s = await open();
    try {
      const writes = [
        () => s.client.put(`/tel/v1/outgoing-links/${s.id}`, { headers: s.editor, body: { title: 'Renamed' } }),
        () => sql`update outgoing_links set link = 'https://raw.test' where id = ${s.id}`.execute(s.database.db),
        () => s.client.get('//out/renamed'),
      ];
      for (const write of writes) {
        const tags = await Promise.all(s.paths.map((path) => s.tagOf(path)));
        await write();
        for (const [index, path] of s.paths.entries()) {
          const res = await s.revalidate(path, tags[index] as string);
          expect(res.status, path).toBe(200);
          expect(res.header('ETag')).not.toBe(tags[index]);
        }
      }
      expect((await s.client.get(`/tel/v1/outgoing-links/${s.id}`)).body).toMatchObject({
        title: 'Renamed',
        link: 'https://raw.test',
        count: 1,
      });
    } finally {
      await s.database.close();
    }
  });

  it('gives another caller a tag of its own, and refuses a stale If-Match with 412', async () => {
    const s = await open();
    try {
      const path = s.paths[1] as string;
      const anonymous = await s.tagOf(path);
      expect((await s.revalidate(path, anonymous, s.editor)).status).toBe(200);
      const editorTag = await s.tagOf(path, s.editor);
      expect(editorTag).not.toBe(anonymous);
      const first = await s.client.put(path, { headers: { ...s.editor, 'if-match': editorTag }, body: { title: 'First' } });
      expect(first.status).toBe(200);
      const second = await s.client.put(path, { headers: { ...s.editor, 'if-match': editorTag }, body: { title: 'Second' } });
      expect(second.status).toBe(412);
      expect((await s.client.get(path)).body.title).toBe('First');
    } finally {
      await s.database.close();
    }
  });
});
