import { RestError } from '@cms-json/core';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { WordPressDatabase } from '../connection.js';
import { openFixtureDatabase } from '../testing.js';
import { WordPressTermStore } from './term-store.js';

const serverUrl = inject('mysqlUrl');

/** The code and status of what a promise rejects with. */
async function failure(promise: Promise<unknown>): Promise<{ code: string; status: number } | string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    if (error instanceof RestError) return { code: error.code, status: error.status };
    return String(error);
  }
}

describe.skipIf(serverUrl === '')("the term store over WordPress's tables", () => {
  let wordpress: WordPressDatabase;
  let store: WordPressTermStore;
  beforeEach(async () => {
    wordpress = await openFixtureDatabase({ serverUrl });
    store = new WordPressTermStore(wordpress, { objectTypes: { genre: ['book'] } });
  });
  afterEach(() => wordpress.close());

  /** Every term's count as `_update_post_term_count` would store it, counted here by SQL of its own. */
  async function wordpressCounts(): Promise<Map<number, number>> {
    const { rows } = await sql<{ term_id: number; stored: number; counted: number }>`
      select tt.term_id, tt.count as stored,
        (select count(*) from wp_term_relationships tr join wp_posts p on p.ID = tr.object_id
          where tr.term_taxonomy_id = tt.term_taxonomy_id and p.post_status = 'publish'
          and p.post_type = case tt.taxonomy when 'genre' then 'book' else 'post' end) as counted
      from wp_term_taxonomy tt`.execute(wordpress.database.db);
    for (const row of rows)
      expect({ term: row.term_id, count: Number(row.stored) }).toEqual({ term: row.term_id, count: Number(row.counted) });
    return new Map(rows.map((row) => [Number(row.term_id), Number(row.stored)]));
  }

  it('reads the seeded terms as WordPress shows them', async () => {
    expect(await store.find(6)).toEqual({
      id: 6,
      taxonomy: 'category',
      name: 'Gadgets',
      slug: 'gadgets',
      description: 'Small devices (child of Technology).',
      parent: 3,
      count: 5,
      termGroup: 0,
    });
    expect(await store.find(5)).toMatchObject({ name: 'Food', count: 4, parent: 0 });
    expect(await store.findBySlug('post_tag', 'alpha')).toMatchObject({ id: 7, count: 7 });
    expect(await store.findBySlug('category', 'alpha')).toBeUndefined();
    expect(await store.findByOption('category', 'default_category', 99)).toMatchObject({ id: 1, slug: 'uncategorized' });
    expect(await store.findByOption('category', 'no_such_option', 2)).toMatchObject({ id: 2, slug: 'news' });
    expect((await store.findMany('post_tag', [7, 2, 9, 0])).map((term) => term.id).sort()).toEqual([7, 9]);
    expect(await store.find(0)).toBeUndefined();
    expect(await store.find(987654)).toBeUndefined();
    // The counts WordPress stored are the ones its rule gives.
    await wordpressCounts();
  });

  it('answers which posts exist with the terms they carry, and the ids of a taxonomy by object', async () => {
    expect(await store.hasObject(7)).toBe(true);
    expect(await store.hasObject(987654)).toBe(false);
    const carried = await store.carriedTerms([7, 24, 987654]);
    expect([...carried.keys()].sort()).toEqual([24, 7]);
    expect(carried.get(7)?.terms.sort((a, b) => a - b)).toEqual([2, 6, 7, 11]);
    expect(carried.get(24)?.post).toMatchObject({ id: 24, type: 'post', status: 'draft', author: expect.any(Number) });
    const tags = await store.termsOf('post_tag', [7, 9, 987654]);
    expect(Object.fromEntries(tags)).toEqual({ 7: [7, 11], 9: [7, 9], 987654: [] });
    const pages = await store.listForObjects({ taxonomy: 'category', limit: 10 }, [7]);
    expect(pages.get(7)?.terms.map((term) => term.name)).toEqual(['Gadgets', 'News']);
  });

  it('creates terms as wp_insert_term stores them: both rows, slugs unique, names escaped', async () => {
    const tag = await store.create({ taxonomy: 'post_tag', name: '  Salt &  <b>Pepper</b> ' }, { hierarchical: false });
    expect(tag).toMatchObject({
      taxonomy: 'post_tag',
      name: 'Salt &amp; Pepper',
      slug: 'salt-pepper',
      count: 0,
      parent: 0,
      termGroup: 0,
    });
    const rows = await wordpress.database.db
      .selectFrom('term_taxonomy')
      .innerJoin('terms', 'terms.term_id', 'term_taxonomy.term_id')
      .selectAll()
      .where('terms.term_id', '=', tag.id)
      .execute();
    expect(rows).toEqual([
      expect.objectContaining({ name: 'Salt &amp; Pepper', slug: 'salt-pepper', term_group: 0, taxonomy: 'post_tag', count: 0 }),
    ]);
    // A name in another place of the hierarchy: its slug gets the parent's.
    const child = await store.create({ taxonomy: 'category', name: 'News', parent: 3 }, { hierarchical: true });
    expect(child).toMatchObject({ slug: 'news-technology', parent: 3 });
    // The same slug in another taxonomy is free (WordPress 4.1 and later).
    expect(await store.create({ taxonomy: 'genre', name: 'Alpha' }, { hierarchical: false })).toMatchObject({ slug: 'alpha' });
    // A name in use with a different, free slug is allowed.
    expect(await store.create({ taxonomy: 'post_tag', name: 'alpha', slug: 'alpha-two' }, { hierarchical: false })).toMatchObject(
      {
        slug: 'alpha-two',
      },
    );
    // The slug as sent, numbered when taken.
    expect(await store.create({ taxonomy: 'post_tag', name: 'Other', slug: 'Beta' }, { hierarchical: false })).toMatchObject({
      slug: 'beta-2',
    });
  });

  it('refuses what the original refuses, with its codes, and writes nothing', async () => {
    const before = await wordpress.database.db
      .selectFrom('terms')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(await failure(store.create({ taxonomy: 'post_tag', name: 'ALPHA' }, { hierarchical: false }))).toEqual({
      code: 'term_exists',
      status: 400,
    });
    expect(await failure(store.create({ taxonomy: 'category', name: 'gadgets', parent: 3 }, { hierarchical: true }))).toEqual({
      code: 'term_exists',
      status: 400,
    });
    expect(await failure(store.create({ taxonomy: 'post_tag', name: ' <i></i> ' }, { hierarchical: false }))).toEqual({
      code: 'empty_term_name',
      status: 500,
    });
    expect(await failure(store.update(987654, { name: 'x' }))).toEqual({ code: 'rest_term_invalid', status: 404 });
    expect(await failure(store.update(8, { slug: 'alpha' }))).toEqual({ code: 'duplicate_term_slug', status: 500 });
    expect(await failure(store.update(8, { name: '' }))).toEqual({ code: 'empty_term_name', status: 500 });
    const after = await wordpress.database.db
      .selectFrom('terms')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
    expect(await store.find(8)).toMatchObject({ name: 'Beta', slug: 'beta' });
  });

  it('updates as wp_update_term: name, slug, description, parent; a loop makes the parent 0', async () => {
    expect(await store.update(6, { name: 'Devices', slug: 'devices', description: 'New.' })).toMatchObject({
      id: 6,
      name: 'Devices',
      slug: 'devices',
      description: 'New.',
      parent: 3,
      count: 5,
    });
    // Technology under its own child Gadgets would be a loop.
    expect(await store.update(3, { parent: 6 })).toMatchObject({ parent: 0 });
    // A taken slug with a new parent is made unique.
    expect(await store.update(6, { slug: 'news', parent: 5 })).toMatchObject({ slug: 'news-food', parent: 5 });
  });

  it('deletes as wp_delete_term: children move up, lone objects get the default category, counts stay exact', async () => {
    await sql`insert into wp_termmeta (term_id, meta_key, meta_value) values (3, 'colour', 'blue')`.execute(
      wordpress.database.db,
    );
    // Post 19 carries News and Technology; 14 only Technology (and 24, a draft, only Technology).
    expect(await store.delete(3)).toBe(true);
    expect(await store.find(3)).toBeUndefined();
    expect(await store.find(6)).toMatchObject({ parent: 0 });
    const categories = await store.termsOf('category', [14, 19, 24]);
    expect(Object.fromEntries(categories)).toEqual({ 14: [1], 19: [2], 24: [1] });
    const meta = await wordpress.database.db.selectFrom('termmeta').selectAll().where('term_id', '=', 3).execute();
    expect(meta).toEqual([]);
    const counts = await wordpressCounts();
    expect(counts.get(1)).toBe(4);
    // The default category is never deleted.
    expect(await store.delete(1)).toBe(false);
    expect(await store.find(1)).toBeDefined();
    expect(await store.delete(987654)).toBe(false);
  });

  it('sets, counts and removes relationships as wp_set_object_terms, counts as _update_post_term_count', async () => {
    // A published post: its new terms count it at once.
    await store.setObjectTerms(7, 'post_tag', [8, 9, 9, 2, 987654], { counted: true });
    expect((await store.termsOf('post_tag', [7])).get(7)).toEqual([8, 9]);
    const order = await wordpress.database.db
      .selectFrom('term_relationships')
      .select('term_order')
      .where('object_id', '=', 7)
      .execute();
    expect(order.every((row) => row.term_order === 0)).toBe(true);
    let counts = await wordpressCounts();
    expect([counts.get(7), counts.get(8), counts.get(9), counts.get(11)]).toEqual([6, 6, 9, 6]);
    // A draft counts nothing, until it is published.
    await store.setObjectTerms(24, 'post_tag', [12], { counted: false });
    expect((await wordpressCounts()).get(12)).toBe(3);
    await sql`update wp_posts set post_status = 'publish' where ID = 24`.execute(wordpress.database.db);
    await store.setObjectCounted(24, true);
    counts = await wordpressCounts();
    expect([counts.get(12), counts.get(3)]).toEqual([4, 5]);
    await store.removeObject(7);
    expect((await store.termsOf('category', [7])).get(7)).toEqual([]);
    counts = await wordpressCounts();
    expect([counts.get(2), counts.get(6)]).toEqual([9, 4]);
  });

  it("recounts at the commit of the write's transaction, after its status changes, and not at all when it fails", async () => {
    await wordpress.database.transaction(async () => {
      await store.setObjectTerms(25, 'post_tag', [10], { counted: false });
      await sql`update wp_posts set post_status = 'publish' where ID = 25`.execute(wordpress.database.db);
      await store.setObjectCounted(25, true);
    });
    expect((await wordpressCounts()).get(10)).toBe(4);
    const failed = wordpress.database.transaction(async () => {
      await store.setObjectTerms(7, 'post_tag', [12], { counted: true });
      throw new Error('the write fails');
    });
    await expect(failed).rejects.toThrow('the write fails');
    expect((await store.termsOf('post_tag', [7])).get(7)).toEqual([7, 11]);
    expect((await wordpressCounts()).get(12)).toBe(3);
  });

  it('keeps counts exact when concurrent post writes change their statuses and share terms', async () => {
    const posts = [4, 5, 6, 8, 9, 10, 11, 12, 24, 25];
    await Promise.all(
      posts.map((post, index) =>
        wordpress.database.transaction(async () => {
          const status = index % 3 === 0 ? 'draft' : 'publish';
          await sql`update wp_posts set post_status = ${status} where ID = ${post}`.execute(wordpress.database.db);
          await store.setObjectTerms(post, 'post_tag', index % 2 === 0 ? [10, 12] : [12, 8, 10], {
            counted: status === 'publish',
          });
          await store.setObjectTerms(post, 'category', index % 2 === 0 ? [5] : [4, 5], { counted: status === 'publish' });
          await store.setObjectCounted(post, status === 'publish');
        }),
      ),
    );
    await wordpressCounts();
  });

  it('keeps counts exact under concurrent writes to the same terms', async () => {
    const posts = [4, 5, 6, 8, 9, 10, 11, 12];
    await Promise.all(
      posts.map((post, index) =>
        wordpress.database.transaction(() =>
          store.setObjectTerms(post, 'post_tag', index % 2 === 0 ? [10, 12] : [12, 10, 8], { counted: true }),
        ),
      ),
    );
    const counts = await wordpressCounts();
    expect(counts.get(12)).toBeGreaterThanOrEqual(posts.length);
  });
});
