import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBarePosts, openContentDatabase } from '../../test/helpers.js';
import { SqlTermStore, type TermStore } from './store.js';

type Database = Awaited<ReturnType<typeof openContentDatabase>>;
let database: Database;
let terms: TermStore;
/** Post ids: the relationships refer to posts. */
let posts: number[] = [];
const postAt = (index: number) => posts[index] as number;

beforeAll(async () => {
  database = await openContentDatabase();
  terms = new SqlTermStore(database);
  posts = await insertBarePosts(database.db, 200);
});
afterAll(async () => {
  await database.close();
});

/** The count stored on a term, and the count its relationships give. */
async function counts(id: number): Promise<{ stored: number; actual: number }> {
  const term = await terms.find(id);
  const row = await database.db
    .selectFrom('term_relationships')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('term_id', '=', id)
    .where('counted', '=', 1)
    .executeTakeFirstOrThrow();
  return { stored: term?.count ?? -1, actual: Number(row.n) };
}

describe('the term store', () => {
  it('starts with the default category', async () => {
    expect(await terms.findBySlug('category', 'uncategorized')).toMatchObject({ id: 1, name: 'Uncategorized', parent: 0 });
  });

  it('counts only counted objects, and follows publishing, unpublishing and removal', async () => {
    const tag = await terms.create({ taxonomy: 'post_tag', name: 'Counted' }, { hierarchical: false });
    await terms.setObjectTerms(postAt(10), 'post_tag', [tag.id], { counted: true });
    await terms.setObjectTerms(postAt(11), 'post_tag', [tag.id], { counted: false });
    expect((await terms.find(tag.id))?.count).toBe(1);
    await terms.setObjectCounted(postAt(11), true);
    expect((await terms.find(tag.id))?.count).toBe(2);
    await terms.setObjectCounted(postAt(10), false);
    expect((await terms.find(tag.id))?.count).toBe(1);
    await terms.removeObject(postAt(11));
    expect((await terms.find(tag.id))?.count).toBe(0);
    expect((await terms.termsOf('post_tag', [postAt(10), postAt(11)])).get(postAt(10))).toEqual([tag.id]);
  });

  it('replaces an object’s terms of one taxonomy only', async () => {
    const a = await terms.create({ taxonomy: 'post_tag', name: 'Tag A' }, { hierarchical: false });
    const b = await terms.create({ taxonomy: 'post_tag', name: 'Tag B' }, { hierarchical: false });
    const c = await terms.create({ taxonomy: 'category', name: 'Cat C' }, { hierarchical: true });
    await terms.setObjectTerms(postAt(20), 'post_tag', [a.id, b.id], { counted: true });
    await terms.setObjectTerms(postAt(20), 'category', [c.id], { counted: true });
    await terms.setObjectTerms(postAt(20), 'post_tag', [b.id], { counted: true });
    expect((await terms.termsOf('post_tag', [postAt(20)])).get(postAt(20))).toEqual([b.id]);
    expect((await terms.termsOf('category', [postAt(20)])).get(postAt(20))).toEqual([c.id]);
    expect((await terms.find(a.id))?.count).toBe(0);
    expect((await terms.find(b.id))?.count).toBe(1);
  });

  it('keeps counts exact under 200 concurrent assignments and deletions', async () => {
    const shared = await terms.create({ taxonomy: 'post_tag', name: 'Busy' }, { hierarchical: false });
    const other = await terms.create({ taxonomy: 'post_tag', name: 'Busy too' }, { hierarchical: false });
    const writes: Promise<void>[] = [];
    for (let i = 0; i < 200; i++) {
      const object = postAt(40 + (i % 120));
      if (i % 4 === 3) writes.push(terms.removeObject(object));
      else if (i % 4 === 2) writes.push(terms.setObjectTerms(object, 'post_tag', [other.id], { counted: true }));
      else writes.push(terms.setObjectTerms(object, 'post_tag', [shared.id, other.id], { counted: i % 3 !== 0 }));
    }
    await Promise.all(writes);
    for (const id of [shared.id, other.id]) {
      const { stored, actual } = await counts(id);
      expect(stored).toBe(actual);
    }
    expect((await counts(other.id)).actual).toBeGreaterThan(0);
  }, 60_000);

  it('moves children to the deleted term’s parent and drops its relationships', async () => {
    const top = await terms.create({ taxonomy: 'category', name: 'Top' }, { hierarchical: true });
    const middle = await terms.create({ taxonomy: 'category', name: 'Middle', parent: top.id }, { hierarchical: true });
    const leaf = await terms.create({ taxonomy: 'category', name: 'Leaf', parent: middle.id }, { hierarchical: true });
    await terms.setObjectTerms(postAt(30), 'category', [middle.id], { counted: true });
    expect(await terms.delete(middle.id)).toBe(true);
    expect((await terms.find(leaf.id))?.parent).toBe(top.id);
    expect((await terms.termsOf('category', [postAt(30)])).get(postAt(30))).toEqual([]);
    expect(await terms.delete(middle.id)).toBe(false);
  });

  it('lists the terms of many objects at once as each object’s own list, with many terms and few, read before or not', async () => {
    const made: number[] = [];
    for (let i = 0; i < 130; i++) {
      // Names whose case differs from their order by code point: the list orders them without case.
      const name = `${i % 2 === 0 ? 'Many' : 'many'} ${String(130 - i).padStart(3, '0')}`;
      made.push((await terms.create({ taxonomy: 'post_tag', name }, { hierarchical: false })).id);
    }
    const section = await terms.create({ taxonomy: 'category', name: 'Among many' }, { hierarchical: true });
    const [a, b, c, none] = [postAt(170), postAt(171), postAt(172), postAt(173)];
    await terms.setObjectTerms(a, 'post_tag', made.slice(0, 80), { counted: true });
    await terms.setObjectTerms(b, 'post_tag', made.slice(50), { counted: false });
    await terms.setObjectTerms(b, 'category', [section.id], { counted: false });
    await terms.setObjectTerms(c, 'post_tag', made.slice(3, 6), { counted: true });
    const objects = [a, b, c, none];
    for (const query of [
      { taxonomy: 'post_tag', limit: 100 },
      { taxonomy: 'post_tag', limit: 10, offset: 5, order: 'desc' as const },
      { taxonomy: 'post_tag', limit: 100, hideEmpty: true, orderBy: 'id' as const },
      { taxonomy: 'category', limit: 100 },
    ]) {
      const alone = await Promise.all(objects.map((object) => terms.list({ ...query, object })));
      // The terms the objects carry (of every taxonomy) read before, or not: the same lists.
      const carried = new Map([...(await terms.carriedTerms(objects))].map(([id, { terms: ids }]) => [id, ids]));
      for (const options of [{ carried }, {}]) {
        const pages = await terms.listForObjects(query, objects, options);
        expect(objects.map((object) => pages.get(object))).toEqual(alone);
      }
    }
    // Those of the 130 new tags carried by two objects: more than a compiled read of ids holds.
    expect((await terms.listForObjects({ taxonomy: 'post_tag', limit: 200 }, [a, b])).get(b)?.total).toBe(80);
    expect((await terms.carriedTerms([a, none, 999_999])).get(none)?.terms).toEqual([]);
    expect((await terms.carriedTerms([999_999])).has(999_999)).toBe(false);
  });

  it('makes slugs unique with the parent’s slug, then a number', async () => {
    const parent = await terms.create({ taxonomy: 'category', name: 'Phones' }, { hierarchical: true });
    await terms.create({ taxonomy: 'category', name: 'Cases' }, { hierarchical: true });
    const child = await terms.create({ taxonomy: 'category', name: 'Cases', parent: parent.id }, { hierarchical: true });
    expect(child.slug).toBe('cases-phones');
    const tagged = await terms.create({ taxonomy: 'post_tag', name: 'Phones' }, { hierarchical: false });
    expect(tagged.slug).toBe('phones');
  });
});
