import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { WordPressDatabase } from '../connection.js';
import { openFixtureDatabase } from '../testing.js';
import { DEFAULT_OBJECT_TYPES, recountAtCommit, recountTerms } from './term-counts.js';

const serverUrl = inject('mysqlUrl');

describe.skipIf(serverUrl === '')("terms' counts as _update_post_term_count keeps them", () => {
  let wordpress: WordPressDatabase;
  beforeEach(async () => {
    wordpress = await openFixtureDatabase({ serverUrl });
  });
  afterEach(() => wordpress.close());

  const counts = async () =>
    Object.fromEntries(
      (await wordpress.database.db.selectFrom('term_taxonomy').select(['term_taxonomy_id', 'count']).execute()).map((row) => [
        row.term_taxonomy_id,
        row.count,
      ]),
    );

  it('gives back the counts WordPress stored for every term of the fixture', async () => {
    const stored = await counts();
    await sql`update wp_term_taxonomy set count = 0`.execute(wordpress.database.db);
    const ids = Object.keys(stored).map(Number);
    await recountTerms(wordpress.database.db, ids, { ...DEFAULT_OBJECT_TYPES, genre: ['book'] });
    expect(await counts()).toEqual(stored);
  });

  it("counts attachments by their parent's status only for taxonomies of attachments", async () => {
    // Attachment 42 inherits from post 14 (published).
    await sql`insert into wp_term_relationships values (42, 7, 0)`.execute(wordpress.database.db);
    await recountTerms(wordpress.database.db, [7], DEFAULT_OBJECT_TYPES);
    expect((await counts())[7]).toBe(7);
    await recountTerms(wordpress.database.db, [7], { post_tag: ['post', 'attachment'] });
    expect((await counts())[7]).toBe(8);
    await sql`update wp_posts set post_status = 'draft' where ID = 14`.execute(wordpress.database.db);
    await recountTerms(wordpress.database.db, [7], { post_tag: ['post', 'attachment'] });
    // Post 14 carries no tag 7: only its attachment stops counting.
    expect((await counts())[7]).toBe(7);
    // A taxonomy of unknown types counts published objects of any type, and attachments by their parent.
    await sql`update wp_posts set post_status = 'publish' where ID = 14`.execute(wordpress.database.db);
    await recountTerms(wordpress.database.db, [7], {});
    expect((await counts())[7]).toBe(8);
  });

  it('recounts once when the open transaction commits, at once outside of one', async () => {
    await sql`update wp_term_taxonomy set count = 0 where term_taxonomy_id in (7, 8)`.execute(wordpress.database.db);
    await wordpress.database.transaction(async () => {
      await recountAtCommit(wordpress.database, [7], DEFAULT_OBJECT_TYPES);
      await recountAtCommit(wordpress.database, [8], DEFAULT_OBJECT_TYPES);
      expect((await counts())[7]).toBe(0);
    });
    expect([(await counts())[7], (await counts())[8]]).toEqual([7, 5]);
    await sql`update wp_term_taxonomy set count = 0 where term_taxonomy_id = 9`.execute(wordpress.database.db);
    await recountAtCommit(wordpress.database, [9], DEFAULT_OBJECT_TYPES);
    expect((await counts())[9]).toBe(8);
  });
});
