import { runInTransaction } from '@cms-json/database';
import { afterEach, describe, expect, it } from 'vitest';
import { insertBarePosts, openContentDatabase } from '../test/helpers.js';
import { compiledRead, MAX_COMPILED_IDS, placeholderIds } from './compiled-reads.js';
import { PostStore } from './posts/store.js';
import { createTermStore } from './terms/store.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function site() {
  const database = await openContentDatabase();
  closers.push(() => database.close());
  return database.db;
}

describe('compiled reads', () => {
  it('builds a read once per database and runs it with each call’s values', async () => {
    const db = await site();
    const [first, second] = await insertBarePosts(db, 2);
    let builds = 0;
    const read = () =>
      compiledRead(db, 'test.byId', () => {
        builds++;
        return db.selectFrom('posts').select('id').where('id', '=', 0).compile();
      });
    expect(await read()([first])).toEqual([{ id: first }]);
    expect(await read()([second])).toEqual([{ id: second }]);
    expect(builds).toBe(1);
    const other = await site();
    compiledRead(other, 'test.byId', () => {
      builds++;
      return other.selectFrom('posts').select('id').where('id', '=', 0).compile();
    });
    expect(builds).toBe(2);
  });

  it('gives a list of ids as many placeholders', () => {
    expect(placeholderIds(3)).toEqual([0, 0, 0]);
  });

  it('reads the terms of short and long lists of records alike', async () => {
    const db = await site();
    const ids = await insertBarePosts(db, MAX_COMPILED_IDS + 1);
    const terms = createTermStore(db);
    const tag = await terms.create({ taxonomy: 'post_tag', name: 'News' }, { hierarchical: false });
    for (const id of ids) await terms.setObjectTerms(id, 'post_tag', [tag.id], { counted: true });
    const short = await terms.termsOf('post_tag', ids.slice(0, 2));
    const long = await terms.termsOf('post_tag', ids);
    expect([...short.values()]).toEqual([[tag.id], [tag.id]]);
    expect(long.size).toBe(ids.length);
    expect([...long.values()].every((list) => list.length === 1 && list[0] === tag.id)).toBe(true);
    const store = new PostStore(db);
    expect((await store.revisionCounts(ids)).size).toBe(0);
  });

  it('sees the writes of the transaction it runs in', async () => {
    const db = await site();
    const store = new PostStore(db);
    const seen = await runInTransaction(db, async () => {
      const [id = 0] = await insertBarePosts(db, 1);
      return store.find(id);
    });
    expect(seen?.type).toBe('post');
  });
});
