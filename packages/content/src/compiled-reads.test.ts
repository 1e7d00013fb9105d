import { afterEach, describe, expect, it } from 'vitest';
import { insertBarePosts, openContentDatabase } from '../test/helpers.js';
import { MAX_COMPILED_IDS, placeholderIds, readByIds } from './compiled-reads.js';
import { SqlPostStore } from './posts/store.js';
import { SqlTermStore } from './terms/store.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function site() {
  const database = await openContentDatabase();
  closers.push(() => database.close());
  return database;
}

describe('compiled reads', () => {
  it('builds a read once per database and length of the list, and runs it with each call’s values', async () => {
    const database = await site();
    const [first = 0, second = 0] = await insertBarePosts(database.db, 2);
    let builds = 0;
    const read = (ids: number[]) =>
      readByIds(database, 'test.byIds', ids, (values) => {
        builds++;
        return database.db.selectFrom('posts').select('id').where('id', 'in', values);
      });
    expect(await read([first])).toEqual([{ id: first }]);
    expect(await read([second])).toEqual([{ id: second }]);
    expect(builds).toBe(1);
    expect(await read([first, second])).toHaveLength(2);
    expect(builds).toBe(2);
    const other = await site();
    await readByIds(other, 'test.byIds', [first], (values) => {
      builds++;
      return other.db.selectFrom('posts').select('id').where('id', 'in', values);
    });
    expect(builds).toBe(3);
  });

  it('gives a list of ids as many placeholders', () => {
    expect(placeholderIds(3)).toEqual([0, 0, 0]);
  });

  it('reads the terms of short and long lists of records alike', async () => {
    const database = await site();
    const ids = await insertBarePosts(database.db, MAX_COMPILED_IDS + 1);
    const terms = new SqlTermStore(database);
    const tag = await terms.create({ taxonomy: 'post_tag', name: 'News' }, { hierarchical: false });
    for (const id of ids) await terms.setObjectTerms(id, 'post_tag', [tag.id], { counted: true });
    const short = await terms.termsOf('post_tag', ids.slice(0, 2));
    const long = await terms.termsOf('post_tag', ids);
    expect([...short.values()]).toEqual([[tag.id], [tag.id]]);
    expect(long.size).toBe(ids.length);
    expect([...long.values()].every((list) => list.length === 1 && list[0] === tag.id)).toBe(true);
    const store = new SqlPostStore(database);
    expect((await store.revisionCounts(ids)).size).toBe(0);
  });

  it('sees the writes of the transaction it runs in', async () => {
    const database = await site();
    const store = new SqlPostStore(database);
    const seen = await database.transaction(async () => {
      const [id = 0] = await insertBarePosts(database.db, 1);
      return store.find(id);
    });
    expect(seen?.type).toBe('post');
  });
});
