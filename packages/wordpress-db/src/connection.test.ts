import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openWordPressDatabase, type WordPressDatabase } from './connection.js';
import { openFixtureDatabase } from './testing.js';

const serverUrl = inject('mysqlUrl');

describe.skipIf(serverUrl === '')('a WordPress database', () => {
  let wordpress: WordPressDatabase;
  beforeAll(async () => {
    wordpress = await openFixtureDatabase({ serverUrl });
  });
  afterAll(() => wordpress.close());

  it('reads WordPress tables by their names without the prefix', async () => {
    const { db } = wordpress.database;
    const first = await db.selectFrom('posts').select(['ID', 'post_title', 'post_date']).where('ID', '=', 1).executeTakeFirst();
    expect(first).toEqual({
      ID: 1,
      post_title: 'Hello world!',
      post_date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    const joined = await db
      .selectFrom('term_taxonomy')
      .innerJoin('terms', 'terms.term_id', 'term_taxonomy.term_id')
      .select(['terms.slug', 'term_taxonomy.taxonomy'])
      .where('terms.term_id', '=', 1)
      .executeTakeFirst();
    expect(joined).toEqual({ slug: 'uncategorized', taxonomy: 'category' });
  });

  it('runs a write and its reads in one transaction, rolled back on failure', async () => {
    const { database } = wordpress;
    await expect(
      database.transaction(async () => {
        await database.db.updateTable('options').set({ option_value: 'Changed' }).where('option_name', '=', 'blogname').execute();
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    const row = await database.db
      .selectFrom('options')
      .select('option_value')
      .where('option_name', '=', 'blogname')
      .executeTakeFirst();
    expect(row?.option_value).toBe('CMS Oracle');
  });

  it('runs its sessions at READ COMMITTED, the level the stores lock for', async () => {
    const { sql } = await import('kysely');
    const result = await sql<{ level: string }>`select @@session.tx_isolation as level`.execute(wordpress.database.db);
    expect(result.rows[0]?.level).toBe('READ-COMMITTED');
  });

  it('refuses a URL that is not mysql: or names no database, and a prefix WordPress would not take', () => {
    expect(() => openWordPressDatabase({ url: 'postgres://x@127.0.0.1/db' })).toThrow(/not mysql/);
    expect(() => openWordPressDatabase({ url: 'mysql://x@127.0.0.1/' })).toThrow(/names no database/);
    expect(() => openWordPressDatabase({ url: 'mysql://x@127.0.0.1/db', prefix: 'wp-; drop' })).toThrow(/invalid table prefix/);
  });
});
