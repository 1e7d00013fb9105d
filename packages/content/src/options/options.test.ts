import { afterEach, describe, expect, it } from 'vitest';
import { openContentDatabase } from '../../test/helpers.js';
import { DEFAULT_OPTIONS, SqlOptionsStore } from './options.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function store() {
  const database = await openContentDatabase();
  closers.push(() => database.close());
  return { options: new SqlOptionsStore(database), db: database.db };
}

describe('OptionsStore', () => {
  it('reads the defaults of a site that never set an option', async () => {
    const { options } = await store();
    expect(await options.get('timezone')).toBe('UTC');
    expect(await options.get('sticky_posts')).toEqual([]);
    expect(await options.get('permalink_structure')).toBe(DEFAULT_OPTIONS.permalink_structure);
  });

  it('keeps what was set, and a second set replaces it', async () => {
    const { options } = await store();
    await options.set('title', 'First');
    await options.set('title', 'Second');
    await options.set('sticky_posts', [3, 1]);
    expect(await options.get('title')).toBe('Second');
    expect(await options.get('sticky_posts')).toEqual([3, 1]);
  });

  it('reads a stored value that is not JSON as the default', async () => {
    const { options, db } = await store();
    await db.insertInto('options').values({ name: 'timezone', value: '{not json' }).execute();
    expect(await options.get('timezone')).toBe('UTC');
  });

  it('never hands out the shared default to be changed', async () => {
    const { options } = await store();
    (await options.get('sticky_posts')).push(9);
    expect(await options.get('sticky_posts')).toEqual([]);
  });

  it('tells a stored value from a default, and forgets one', async () => {
    const { options } = await store();
    expect(await options.find('posts_per_page')).toBeUndefined();
    await options.set('posts_per_page', 5);
    expect(await options.find('posts_per_page')).toBe(5);
    await options.delete('posts_per_page');
    expect(await options.find('posts_per_page')).toBeUndefined();
    expect(await options.get('posts_per_page')).toBe(10);
  });
});
