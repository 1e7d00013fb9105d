import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type RunningSite, startSite } from './start-site.js';

// wpapi is CommonJS without types: the real client, used as WordPress users use it.
const require = createRequire(import.meta.url);
// biome-ignore lint/suspicious/noExplicitAny: node-wpapi ships no type declarations
const WPAPI: any = require('wpapi');

let running: RunningSite;
beforeAll(async () => {
  running = await startSite({ CMS_PREFIX: 'wp', CMS_SAMPLE_LINKS: '0', CMS_SAMPLE_CONTENT: '0' });
});
afterAll(async () => {
  await running?.stop();
});

describe('the real wpapi client against the WordPress profile', () => {
  it('discovers, pages, creates, updates and deletes outgoing links', async () => {
    const wp = await WPAPI.discover(running.url);
    wp.auth({ username: 'admin', password: ADMIN_PASSWORD });
    wp.outgoingLinks = wp.registerRoute('tel/v1', '/outgoing-links/(?P<id>\\d+)');

    const ids: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const created = await wp.outgoingLinks().create({ title: `Link ${i}`, link: `https://l${i}.test/` });
      expect(created).toMatchObject({ title: `Link ${i}`, slug: `link${i}`, count: 0 });
      ids.push(created.id);
    }

    const page = await wp.outgoingLinks().perPage(2).page(1).param('order', 'asc');
    expect(page.map((l: { id: number }) => l.id)).toEqual(ids.slice(0, 2));
    expect(page._paging.total).toBe(5);
    expect(page._paging.totalPages).toBe(3);
    const next = await page._paging.next;
    expect(next.map((l: { id: number }) => l.id)).toEqual(ids.slice(2, 4));

    const updated = await wp.outgoingLinks().id(ids[0]).update({ title: 'Renamed' });
    expect(updated).toMatchObject({ id: ids[0], title: 'Renamed', slug: 'renamed' });

    const deleted = await wp.outgoingLinks().id(ids[1]).delete();
    expect(deleted).toMatchObject({ deleted: true, previous: { id: ids[1] } });
    const after = await wp.outgoingLinks().perPage(10);
    expect(after._paging.total).toBe(4);
  });

  it('reads categories, creates and deletes tags, and embeds a parent category', async () => {
    const wp = await WPAPI.discover(running.url);
    wp.auth({ username: 'admin', password: ADMIN_PASSWORD });
    const categories = await wp.categories();
    expect(categories.map((c: { slug: string }) => c.slug)).toContain('uncategorized');
    const parent = await wp.categories().create({ name: 'Wpapi parent' });
    const child = await wp.categories().create({ name: 'Wpapi child', parent: parent.id });
    const embedded = await wp.categories().id(child.id).embed();
    expect(embedded._embedded.up[0]).toMatchObject({ id: parent.id, name: 'Wpapi parent' });
    expect(embedded._links['wp:post_type'][0].href).toMatch(/\/wp-json\/wp\/v2\/posts\?categories=\d+$/);
    const tag = await wp.tags().create({ name: 'Wpapi tag' });
    expect(tag).toMatchObject({ taxonomy: 'post_tag', slug: 'wpapi-tag', count: 0 });
    expect((await wp.tags().slug('wpapi-tag')).map((t: { id: number }) => t.id)).toEqual([tag.id]);
    for (const [route, id] of [
      ['tags', tag.id],
      ['categories', child.id],
      ['categories', parent.id],
    ] as const) {
      expect(await wp[route]().id(id).param('force', true).delete()).toMatchObject({ deleted: true });
    }
  });

  it('pages and embeds posts of a category, creates a draft, updates it and deletes it for good (issue 19, 20)', async () => {
    const wp = await WPAPI.discover(running.url);
    wp.auth({ username: 'admin', password: ADMIN_PASSWORD });
    const category = await wp.categories().create({ name: 'Wpapi posts' });
    const ids: number[] = [];
    for (let i = 1; i <= 7; i++) {
      const post = await wp
        .posts()
        .create({ title: `Wpapi post ${i}`, status: 'publish', categories: [category.id], date: `2021-01-0${i}T10:00:00` });
      expect(post).toMatchObject({ title: { raw: `Wpapi post ${i}` }, status: 'publish', categories: [category.id] });
      ids.push(post.id);
    }

    const first = await wp.posts().categories(category.id).perPage(5).embed();
    expect(first.map((p: { id: number }) => p.id)).toEqual(ids.slice(2).reverse());
    expect(first[0]._embedded.author[0]).toMatchObject({ id: 1, slug: 'admin' });
    expect(first[0]._embedded['wp:term'][0][0]).toMatchObject({ id: category.id, taxonomy: 'category' });
    expect(first._paging).toMatchObject({ total: 7, totalPages: 2 });
    expect(first._paging.prev).toBeUndefined();
    const second = await first._paging.next;
    expect(second.map((p: { id: number }) => p.id)).toEqual(ids.slice(0, 2).reverse());
    expect((await second._paging.prev).map((p: { id: number }) => p.id)).toEqual(ids.slice(2).reverse());

    const draft = await wp.posts().create({ title: 'Wpapi draft', content: 'Words.' });
    expect(draft).toMatchObject({ status: 'draft', content: { raw: 'Words.', rendered: '<p>Words.</p>\n' } });
    const updated = await wp.posts().id(draft.id).update({ title: 'Wpapi draft, renamed' });
    expect(updated.title.raw).toBe('Wpapi draft, renamed');

    // Anonymous callers get no drafts: neither the record nor in a list.
    const anonymous = await WPAPI.discover(running.url);
    await expect(anonymous.posts().id(draft.id)).rejects.toMatchObject({ code: 'rest_forbidden', data: { status: 401 } });
    await expect(anonymous.posts().status('draft')).rejects.toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });

    expect(await wp.posts().id(draft.id).param('force', true).delete()).toMatchObject({
      deleted: true,
      previous: { id: draft.id },
    });
    await expect(wp.posts().id(draft.id)).rejects.toMatchObject({ code: 'rest_post_invalid_id', data: { status: 404 } });

    // Fetching all of them, page by page, as wpapi's users do.
    const all: number[] = [];
    let page = await wp.posts().categories(category.id).perPage(3);
    for (;;) {
      all.push(...page.map((p: { id: number }) => p.id));
      if (page._paging?.next === undefined) break;
      page = await page._paging.next;
    }
    expect(all).toEqual([...ids].reverse());
    for (const id of ids) await wp.posts().id(id).param('force', true).delete();
  });

  it('builds a handler for every namespace and route of the index, and each one answers (issue 22)', async () => {
    const wp = await WPAPI.discover(running.url);
    wp.auth({ username: 'admin', password: ADMIN_PASSWORD });
    const index = (await (await fetch(`${running.url}/wp-json/`)).json()) as { namespaces: string[] };
    expect(index.namespaces.length).toBeGreaterThan(1);
    let called = 0;
    for (const namespace of index.namespaces) {
      const handlers = wp.namespace(namespace);
      const names = Object.keys(handlers).filter((name) => typeof handlers[name] === 'function');
      expect(names.length, namespace).toBeGreaterThan(0);
      for (const name of names) {
        // A GET of each resource: records, or the original's error shape (a route without GET).
        const answer = await handlers[name]()
          .get()
          .then(
            (body: unknown) => ({ ok: true, body }),
            (error: { code?: string; data?: { status?: number } }) => ({ ok: false, body: error }),
          );
        if (!answer.ok) {
          const error = answer.body as { code?: string; data?: { status?: number } };
          expect(typeof error.code, `${namespace} ${name}`).toBe('string');
          expect(error.data?.status, `${namespace} ${name}`).toBeLessThan(500);
        }
        called += 1;
      }
    }
    expect(called).toBeGreaterThanOrEqual(index.namespaces.length);
    expect(await wp.users().me()).toMatchObject({ id: 1 });
  });

  it('gets 401 without credentials on a write', async () => {
    const wp = await WPAPI.discover(running.url);
    wp.outgoingLinks = wp.registerRoute('tel/v1', '/outgoing-links/(?P<id>\\d+)');
    await expect(wp.outgoingLinks().create({ title: 'x', link: 'https://x.test/' })).rejects.toMatchObject({
      code: 'rest_forbidden',
      data: { status: 401 },
    });
  });
});
