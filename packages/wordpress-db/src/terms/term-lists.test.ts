import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { WordPressDatabase } from '../connection.js';
import { openFixtureDatabase } from '../testing.js';
import { listTermRows, listTermRowsForObjects } from './term-lists.js';

const serverUrl = inject('mysqlUrl');

describe.skipIf(serverUrl === '')("a taxonomy's lists over WordPress's tables", () => {
  let wordpress: WordPressDatabase;
  beforeAll(async () => {
    wordpress = await openFixtureDatabase({ serverUrl });
  });
  afterAll(() => wordpress.close());

  const names = async (query: Parameters<typeof listTermRows>[1]) =>
    (await listTermRows(wordpress.database, query)).rows.map((row) => row.name);

  it('lists by name by default, with the total of all that match', async () => {
    const { rows, total } = await listTermRows(wordpress.database, { taxonomy: 'category', limit: 3 });
    expect(rows.map((row) => row.slug)).toEqual(['food', 'gadgets', 'news']);
    expect(total).toBeGreaterThanOrEqual(6);
    expect(rows[1]).toMatchObject({ term_id: 6, parent: 3, count: 5, description: 'Small devices (child of Technology).' });
  });

  it('filters by search (name or slug, any case), include, exclude, slugs, parent, hide_empty and object', async () => {
    expect(await names({ taxonomy: 'post_tag', search: 'ALP' })).toEqual(['Alpha']);
    expect(await names({ taxonomy: 'post_tag', search: '%' })).toEqual([]);
    expect(await names({ taxonomy: 'post_tag', include: [7, 9, 13] })).toEqual(['Alpha', 'Gamma']);
    expect(await names({ taxonomy: 'genre', exclude: [13, 14], limit: 100 })).toEqual(['Adventure', 'Gothic', 'Romance']);
    expect(await names({ taxonomy: 'post_tag', slugs: ['beta', 'zeta', 'news'] })).toEqual(['Beta', 'Zeta']);
    expect(await names({ taxonomy: 'category', parent: 3 })).toEqual(['Gadgets']);
    expect(await names({ taxonomy: 'category', object: 7 })).toEqual(['Gadgets', 'News']);
    expect(await names({ taxonomy: 'post_tag', object: 7, orderBy: 'id', order: 'desc' })).toEqual(['Epsilon', 'Alpha']);
    expect(await names({ taxonomy: 'post_format', hideEmpty: true })).toEqual(['post-format-aside', 'post-format-gallery']);
  });

  it('lists the terms of several taxonomies at once', async () => {
    const query = { taxonomy: ['post_tag', 'genre'], search: 'a', limit: 100 };
    expect(await names(query)).toEqual(['Adventure', 'Alpha', 'Beta', 'Classic', 'Delta', 'Gamma', 'Romance', 'Zeta']);
  });

  it("orders by each of the original's keys", async () => {
    expect(await names({ taxonomy: 'post_tag', orderBy: 'count', order: 'desc', limit: 3 })).toEqual([
      'Gamma',
      'Alpha',
      'Epsilon',
    ]);
    expect(await names({ taxonomy: 'post_tag', orderBy: 'id', order: 'desc', limit: 2 })).toEqual(['Zeta', 'Epsilon']);
    expect(await names({ taxonomy: 'post_tag', orderBy: 'slug', limit: 2 })).toEqual(['Alpha', 'Beta']);
    expect(await names({ taxonomy: 'post_tag', orderBy: 'description', order: 'desc', limit: 2 })).toEqual(['Zeta', 'Gamma']);
    expect(await names({ taxonomy: 'post_tag', include: [12, 7, 9], orderBy: 'include' })).toEqual(['Zeta', 'Alpha', 'Gamma']);
    expect(await names({ taxonomy: 'post_tag', slugs: ['gamma', 'alpha'], orderBy: 'include_slugs' })).toEqual([
      'Gamma',
      'Alpha',
    ]);
    expect(await names({ taxonomy: 'post_tag', orderBy: 'term_group', limit: 2 })).toEqual(['Alpha', 'Beta']);
  });

  it('pages: offset and limit, the total unchanged', async () => {
    const first = await listTermRows(wordpress.database, { taxonomy: 'post_tag', limit: 2, offset: 0 });
    const second = await listTermRows(wordpress.database, { taxonomy: 'post_tag', limit: 2, offset: 2 });
    expect(first.rows.map((row) => row.name)).toEqual(['Alpha', 'Beta']);
    expect(second.rows.map((row) => row.name)).toEqual(['Delta', 'Epsilon']);
    expect(first.total).toBe(second.total);
  });

  it("answers each object's page and total in one statement, as the list with that object would", async () => {
    const pages = await listTermRowsForObjects(wordpress.database, { taxonomy: 'post_tag', limit: 1, offset: 1 }, [7, 9, 999]);
    expect(pages.get(7)).toMatchObject({ total: 2, rows: [{ name: 'Epsilon' }] });
    expect(pages.get(9)).toMatchObject({ total: 2, rows: [{ name: 'Gamma' }] });
    expect(pages.get(999)).toEqual({ total: 0, rows: [] });
    for (const object of [7, 9]) {
      const one = await listTermRows(wordpress.database, { taxonomy: 'post_tag', object, limit: 1, offset: 1 });
      expect(pages.get(object)).toEqual({ rows: one.rows, total: one.total });
    }
  });
});
