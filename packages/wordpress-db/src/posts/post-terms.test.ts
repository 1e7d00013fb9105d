import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { WordPressDatabase } from '../connection.js';
import { openFixtureDatabase } from '../testing.js';
import { setPostFormat, termTaxonomyIdsOf } from './post-terms.js';

const serverUrl = inject('mysqlUrl');

describe.skipIf(serverUrl === '')("a post's format and terms in WordPress's tables", () => {
  let wordpress: WordPressDatabase;
  beforeAll(async () => {
    wordpress = await openFixtureDatabase({ serverUrl });
  });
  afterAll(() => wordpress.close());

  const formatTerms = async () =>
    (
      await sql<{ slug: string }>`select s.slug from wp_term_taxonomy t join wp_terms s on s.term_id = t.term_id
        where t.taxonomy = 'post_format' order by s.slug`.execute(wordpress.database.db)
    ).rows.map((row) => row.slug);

  it('lists the terms records hold', async () => {
    expect((await termTaxonomyIdsOf(wordpress.database, [8])).sort((a, b) => a - b)).toEqual([2, 12, 18]);
    expect(await termTaxonomyIdsOf(wordpress.database, [])).toEqual([]);
    expect(await termTaxonomyIdsOf(wordpress.database, [999_999])).toEqual([]);
  });

  it('replaces the format term as set_post_format, making a missing one as wp_insert_term, and says which terms changed', async () => {
    expect(await formatTerms()).toEqual(['post-format-aside', 'post-format-gallery']);
    const changed = await setPostFormat(wordpress.database, 8, 'video');
    expect(await formatTerms()).toEqual(['post-format-aside', 'post-format-gallery', 'post-format-video']);
    const video = await sql<{
      term_taxonomy_id: number;
      name: string;
      description: string;
      parent: number;
    }>`select t.term_taxonomy_id, s.name, t.description, t.parent
      from wp_term_taxonomy t join wp_terms s on s.term_id = t.term_id where s.slug = 'post-format-video'`.execute(
      wordpress.database.db,
    );
    const videoId = Number(video.rows[0]?.term_taxonomy_id);
    expect(video.rows[0]).toMatchObject({ name: 'post-format-video', description: '', parent: 0 });
    expect(changed.sort((a, b) => a - b)).toEqual([18, videoId]);
    expect((await termTaxonomyIdsOf(wordpress.database, [8])).sort((a, b) => a - b)).toEqual([2, 12, videoId]);
    // The same format again changes nothing; standard, unknown and '' remove it.
    expect(await setPostFormat(wordpress.database, 8, 'video')).toEqual([]);
    expect(await setPostFormat(wordpress.database, 8, 'standard')).toEqual([videoId]);
    expect(await setPostFormat(wordpress.database, 9, 'not-a-format')).toEqual([19]);
    expect(await setPostFormat(wordpress.database, 9, '')).toEqual([]);
    expect(await termTaxonomyIdsOf(wordpress.database, [9])).not.toContain(19);
    // An existing term is reused, not made twice.
    await setPostFormat(wordpress.database, 10, 'video');
    expect(await formatTerms()).toEqual(['post-format-aside', 'post-format-gallery', 'post-format-video']);
  });
});
