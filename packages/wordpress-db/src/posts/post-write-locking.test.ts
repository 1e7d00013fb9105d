import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { WordPressDatabase } from '../connection.js';
import { WordPressTermStore } from '../terms/term-store.js';
import { openFixtureDatabase } from '../testing.js';
import { WordPressPostStore } from './post-store.js';

const serverUrl = inject('mysqlUrl');

/** Rounds each writer runs (bounded). */
const ROUNDS = 12;

describe.skipIf(serverUrl === '')('concurrent post writes sharing terms', () => {
  let wordpress: WordPressDatabase;
  let posts: WordPressPostStore;
  let terms: WordPressTermStore;
  beforeEach(async () => {
    wordpress = await openFixtureDatabase({ serverUrl });
    posts = new WordPressPostStore(wordpress);
    terms = new WordPressTermStore(wordpress);
  });
  afterEach(() => wordpress.close());

  /** Every stored count of a post taxonomy equals what `_update_post_term_count` would count now. */
  async function expectExactCounts(): Promise<void> {
    const { rows } = await sql<{ term_taxonomy_id: number; stored: number; counted: number }>`
      select tt.term_taxonomy_id, tt.count as stored,
        (select count(*) from wp_term_relationships tr join wp_posts p on p.ID = tr.object_id
          where tr.term_taxonomy_id = tt.term_taxonomy_id and p.post_status = 'publish' and p.post_type = 'post') as counted
      from wp_term_taxonomy tt where tt.taxonomy in ('post_tag', 'category', 'post_format')`.execute(wordpress.database.db);
    expect(rows.map((row) => [row.term_taxonomy_id, Number(row.stored)])).toEqual(
      rows.map((row) => [row.term_taxonomy_id, Number(row.counted)]),
    );
  }

  /**
   * One write as the REST controller makes it: the record's status and format first (the post
   * store recounts), then its tags and categories (the term store recounts), in one transaction.
   */
  async function write(post: number, round: number, tags: number[], categories: number[]): Promise<void> {
    await wordpress.database.transaction(async () => {
      const status = round % 3 === 0 ? 'draft' : 'publish';
      await posts.update(post, { status, format: round % 2 === 0 ? 'aside' : 'standard' });
      await terms.setObjectTerms(post, 'post_tag', tags, { counted: status === 'publish' });
      await terms.setObjectTerms(post, 'category', categories, { counted: status === 'publish' });
      await terms.setObjectCounted(post, status === 'publish');
    });
  }

  it('never deadlocks and leaves every count exact: two writers, shared tags, changing statuses and formats', async () => {
    const writer = async (post: number, tags: [number[], number[]], categories: [number[], number[]]) => {
      for (let round = 0; round < ROUNDS; round += 1) {
        await write(post, round, tags[round % 2] ?? [], categories[round % 2] ?? []);
      }
    };
    await Promise.all([
      writer(
        4,
        [
          [10, 12],
          [8, 12, 10],
        ],
        [[5], [4, 5]],
      ),
      writer(5, [[12, 8, 10], [10]], [[4, 5], [5]]),
    ]);
    await expectExactCounts();
  });

  it('never deadlocks when records sharing tags are deleted while others are written', async () => {
    await Promise.all([
      (async () => {
        for (const post of [6, 8, 9, 10]) await posts.delete(post);
      })(),
      (async () => {
        for (let round = 0; round < 4; round += 1) await write(4, round, [10, 12, 8], [5, 4]);
      })(),
    ]);
    expect(await posts.find(8)).toBeUndefined();
    await expectExactCounts();
  });
});
