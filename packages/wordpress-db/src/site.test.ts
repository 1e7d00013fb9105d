import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HttpResponse } from '@cms-json/core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { WordPressDatabase } from './connection.js';
import { READ_ONLY_MESSAGE } from './read-only-guard.js';
import { type WordPressSite, wordpressSite } from './site.js';
import { openFixtureDatabase } from './testing.js';

const serverUrl = inject('mysqlUrl');

/** HTTP Basic with an application password of the fixture. */
const ADMIN = `Basic ${Buffer.from('admin:oracleadminapppassword01').toString('base64')}`;
const AUTHOR = `Basic ${Buffer.from('author:oracleauthorapppasswd001').toString('base64')}`;

interface Answer {
  status: number;
  headers: HttpResponse['headers'];
  // biome-ignore lint/suspicious/noExplicitAny: the JSON answer as sent; the tests look into it by path.
  json: any;
}

/** A request through the server's whole pipeline (authentication, the read-only guard). */
async function request(
  site: WordPressSite,
  method: string,
  url: string,
  options: { auth?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.auth !== undefined) headers.authorization = options.auth;
  const raw = options.body instanceof Uint8Array;
  if (options.body !== undefined && !raw) headers['content-type'] = 'application/json';
  const body = options.body;
  // An upload's bytes come as a stream, as the node adapter gives them to a streaming endpoint.
  const response = await site.server.handle(
    body instanceof Uint8Array
      ? {
          method,
          url,
          headers,
          bodyStream: (async function* () {
            yield body;
          })(),
        }
      : { method, url, headers, body: body === undefined ? undefined : JSON.stringify(body) },
  );
  if (response === null) throw new Error(`${method} ${url}: not served`);
  const text = typeof response.body === 'string' ? response.body : new TextDecoder().decode(response.body ?? new Uint8Array());
  return { status: response.status, headers: response.headers, json: text === '' ? undefined : JSON.parse(text) };
}

const ids = (answer: Answer): number[] => (answer.json as { id: number }[]).map((record) => record.id);

describe.skipIf(serverUrl === '')('a site over a WordPress database (routes)', () => {
  let wordpress: WordPressDatabase;
  let site: WordPressSite;
  beforeAll(async () => {
    wordpress = await openFixtureDatabase({ serverUrl });
    site = await wordpressSite({ wordpress, secret: 'site-test-secret-0123456789' });
  });
  afterAll(async () => {
    await site?.close();
    await wordpress?.close();
  });

  it('describes the site from its options, with its links at its home address', async () => {
    const index = await request(site, 'GET', '/wp-json/');
    expect(index.status).toBe(200);
    expect(index.json).toMatchObject({
      name: 'CMS Oracle',
      description: 'Reference WordPress for the Content Site REST Interface',
      home: 'http://127.0.0.1:8081',
      url: 'http://127.0.0.1:8081',
    });
    expect(site.storage.readOnly).toBe(false);
    // WordPress's own page authorizes applications, as WordPress's index says.
    expect(index.json.authentication).toEqual({
      'application-passwords': { endpoints: { authorization: 'http://127.0.0.1:8081/wp-admin/authorize-application.php' } },
    });
  });

  it('names the authorization page of an authoring area among its plugins instead of WordPress’s', async () => {
    const authorization = 'http://127.0.0.1:8081/cms-admin/authorize-application.php';
    const withArea = await wordpressSite({
      wordpress,
      secret: 'site-test-secret-0123456789',
      plugins: [
        async (server) => {
          server.describeAuthentication({ 'application-passwords': { endpoints: { authorization } } });
        },
      ],
    });
    try {
      const index = await request(withArea, 'GET', '/wp-json/');
      expect(index.json.authentication['application-passwords'].endpoints.authorization).toBe(authorization);
    } finally {
      await withArea.close();
    }
  });

  it('lists the published posts WordPress stored, sticky first only when asked, no drafts for anyone anonymous', async () => {
    const list = await request(site, 'GET', '/wp-json/wp/v2/posts?per_page=100');
    expect(list.status).toBe(200);
    const listed = ids(list);
    expect(listed).toEqual(expect.arrayContaining([1, 4, 6, 14, 27]));
    for (const hidden of [24, 25, 26, 29, 44]) expect(listed).not.toContain(hidden);
    expect(Number(list.headers['X-WP-Total'] ?? list.headers['x-wp-total'])).toBe(listed.length);
    const sticky = await request(site, 'GET', '/wp-json/wp/v2/posts?sticky=true');
    expect(ids(sticky)).toEqual([6]);
  });

  it('serves one post with its embedded author, terms and featured image', async () => {
    const post = await request(site, 'GET', '/wp-json/wp/v2/posts/14?_embed=1');
    expect(post.status).toBe(200);
    expect(post.json).toMatchObject({ id: 14, title: { rendered: 'Linking And Embedding' }, featured_media: 42 });
    expect(post.json._embedded.author[0]).toMatchObject({ id: 1, slug: 'admin' });
    expect(post.json._embedded['wp:featuredmedia'][0]).toMatchObject({
      id: 42,
      alt_text: 'Shapes on blue',
      source_url: 'http://127.0.0.1:8081/wp-content/uploads/2023/02/cms-fixture.png',
    });
    expect(post.json._embedded['wp:term'][0].length).toBeGreaterThan(0);
  });

  it('serves pages, users, categories, tags and comments', async () => {
    const pages = await request(site, 'GET', '/wp-json/wp/v2/pages?per_page=100');
    expect(ids(pages)).toEqual(expect.arrayContaining([2, 30, 31, 32, 33]));
    expect(ids(pages)).not.toContain(3);
    const users = await request(site, 'GET', '/wp-json/wp/v2/users');
    expect(ids(users)).toEqual(expect.arrayContaining([1, 2]));
    const categories = await request(site, 'GET', '/wp-json/wp/v2/categories?per_page=100');
    expect(categories.status).toBe(200);
    expect(categories.json.length).toBeGreaterThan(1);
    const tags = await request(site, 'GET', '/wp-json/wp/v2/tags?per_page=100');
    expect(tags.status).toBe(200);
    expect(tags.json.length).toBeGreaterThan(0);
    const comments = await request(site, 'GET', '/wp-json/wp/v2/comments?post=4&per_page=100');
    expect(comments.status).toBe(200);
    expect(ids(comments)).toContain(14);
    const spam = await request(site, 'GET', '/wp-json/wp/v2/comments?per_page=100');
    expect(ids(spam)).not.toContain(15);
  });

  it('searches the posts', async () => {
    const found = await request(site, 'GET', '/wp-json/wp/v2/search?search=REST%20API');
    expect(found.status).toBe(200);
    expect(found.json.map((hit: { id: number }) => hit.id)).toContain(4);
  });

  it('signs the administrator in with an application password and shows the settings', async () => {
    const me = await request(site, 'GET', '/wp-json/wp/v2/users/me?context=edit', { auth: ADMIN });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ id: 1, username: 'admin', roles: ['administrator'] });
    const settings = await request(site, 'GET', '/wp-json/wp/v2/settings', { auth: ADMIN });
    expect(settings.status).toBe(200);
    expect(settings.json).toMatchObject({ title: 'CMS Oracle', posts_per_page: 10, default_category: 1 });
    const anonymous = await request(site, 'GET', '/wp-json/wp/v2/settings');
    expect(anonymous.status).toBe(401);
    const wrong = await request(site, 'GET', '/wp-json/wp/v2/users/me', {
      auth: `Basic ${Buffer.from('admin:wrongwrongwrongwrongwron').toString('base64')}`,
    });
    expect(wrong.status).toBe(401);
  });

  it('keeps each user to what they may read', async () => {
    const asAuthor = await request(site, 'GET', '/wp-json/wp/v2/posts/26', { auth: AUTHOR });
    expect(asAuthor.status).toBe(403);
    const asAdmin = await request(site, 'GET', '/wp-json/wp/v2/posts/26', { auth: ADMIN });
    expect(asAdmin.status).toBe(200);
    const draftAnonymous = await request(site, 'GET', '/wp-json/wp/v2/posts/24');
    expect(draftAnonymous.status).toBe(401);
    const drafts = await request(site, 'GET', '/wp-json/wp/v2/posts?status=draft');
    expect(drafts.status).toBeGreaterThanOrEqual(400);
  });

  it('writes a post as WordPress writes it: the row reads back by SQL', async () => {
    const created = await request(site, 'POST', '/wp-json/wp/v2/posts', {
      auth: ADMIN,
      body: { title: 'Written by cms-json', content: '<p>Hello from cms-json.</p>', status: 'publish', categories: [1] },
    });
    expect(created.status).toBe(201);
    const id = created.json.id as number;
    const row = await wordpress.database.db.selectFrom('posts').selectAll().where('ID', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      post_author: 1,
      post_title: 'Written by cms-json',
      post_content: '<p>Hello from cms-json.</p>',
      post_status: 'publish',
      post_type: 'post',
      post_name: 'written-by-cms-json',
      // wp_insert_post's guid: the permalink at insert (pretty, the post being published).
      guid: 'http://127.0.0.1:8081/written-by-cms-json/',
      to_ping: '',
      pinged: '',
      post_content_filtered: '',
    });
    expect(row.post_date_gmt).not.toBe('0000-00-00 00:00:00');
    const read = await request(site, 'GET', `/wp-json/wp/v2/posts/${id}`);
    expect(read.json).toMatchObject({ id, slug: 'written-by-cms-json', categories: [1] });
  });
});

describe.skipIf(serverUrl === '')("a site's media in WordPress's uploads folder", () => {
  const png = readFileSync(new URL('../fixtures/uploads/2023/02/cms-fixture-150x150.png', import.meta.url));
  const upload = (site: WordPressSite) =>
    request(site, 'POST', '/wp-json/wp/v2/media', {
      auth: ADMIN,
      body: new Uint8Array(png),
      headers: { 'content-type': 'image/png', 'content-disposition': 'attachment; filename="uploaded.png"' },
    });
  let wordpress: WordPressDatabase;
  let uploads: string;
  beforeAll(async () => {
    wordpress = await openFixtureDatabase({ serverUrl });
    uploads = mkdtempSync(join(tmpdir(), 'cms-wordpress-uploads-'));
  });
  afterAll(async () => {
    await wordpress?.close();
    rmSync(uploads, { recursive: true, force: true });
  });

  it('keeps an upload in the uploads folder, at WordPress’s URL of it', async () => {
    const site = await wordpressSite({ wordpress, uploads, secret: 'site-test-secret-0123456789' });
    const created = await upload(site);
    expect(created.json).toMatchObject({ id: expect.any(Number) });
    expect(created.status).toBe(201);
    const file =
      (
        await wordpress.database.db
          .selectFrom('postmeta')
          .select('meta_value')
          .where('post_id', '=', created.json.id)
          .where('meta_key', '=', '_wp_attached_file')
          .executeTakeFirstOrThrow()
      ).meta_value ?? '';
    expect(file).toMatch(/^\d{4}\/\d{2}\/uploaded\.png$/);
    expect(existsSync(join(uploads, file))).toBe(true);
    expect(created.json.source_url).toBe(`http://127.0.0.1:8081/wp-content/uploads/${file}`);
    await site.close();
  });

  it('refuses uploads, keeping nothing, when served without the folder', async () => {
    const site = await wordpressSite({ wordpress, secret: 'site-test-secret-0123456789' });
    const count = async () =>
      Number(
        (
          await wordpress.database.db
            .selectFrom('posts')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const refused = await upload(site);
    expect(refused.status).toBe(500);
    expect(refused.json).toMatchObject({ code: 'rest_upload_unknown_error', data: { status: 500 } });
    expect(await count()).toBe(before);
    await site.close();
  });
});

describe.skipIf(serverUrl === '')('a read-only site over a WordPress database', () => {
  let wordpress: WordPressDatabase;
  let site: WordPressSite;
  beforeAll(async () => {
    wordpress = await openFixtureDatabase({ serverUrl, readOnlyUser: true });
    site = await wordpressSite({ wordpress, secret: 'site-test-secret-0123456789' });
  });
  afterAll(async () => {
    await site?.close();
    await wordpress?.close();
  });

  it('is read-only by default when the database account may only read', () => {
    expect(site.storage.readOnly).toBe(true);
  });

  it('serves reads, signed in with an application password too', async () => {
    const list = await request(site, 'GET', '/wp-json/wp/v2/posts');
    expect(list.status).toBe(200);
    const draft = await request(site, 'GET', '/wp-json/wp/v2/posts/24?context=edit', { auth: ADMIN });
    expect(draft.status).toBe(200);
  });

  it('refuses every write, a batch too, with WordPress’s error shape, and stores nothing', async () => {
    const count = async () =>
      Number(
        (
          await wordpress.database.db
            .selectFrom('posts')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const refused = { code: 'rest_forbidden', message: READ_ONLY_MESSAGE, data: { status: 403 } };
    const create = await request(site, 'POST', '/wp-json/wp/v2/posts', { auth: ADMIN, body: { title: 'No', status: 'publish' } });
    expect(create.status).toBe(403);
    expect(create.json).toEqual(refused);
    const anonymous = await request(site, 'POST', '/wp-json/wp/v2/comments', {
      body: { post: 1, content: 'Hi', author_name: 'A', author_email: 'a@example.com' },
    });
    expect(anonymous.json).toEqual(refused);
    const remove = await request(site, 'DELETE', '/wp-json/wp/v2/posts/1?force=true', { auth: ADMIN });
    expect(remove.json).toEqual(refused);
    const settings = await request(site, 'POST', '/wp-json/wp/v2/settings', { auth: ADMIN, body: { title: 'No' } });
    expect(settings.json).toEqual(refused);
    const batch = await request(site, 'POST', '/wp-json/batch/v1', {
      auth: ADMIN,
      body: { requests: [{ method: 'POST', path: '/wp/v2/posts', body: { title: 'No' } }] },
    });
    expect(batch.status).toBe(403);
    expect(batch.json).toEqual(refused);
    expect(await count()).toBe(before);
  });
});
