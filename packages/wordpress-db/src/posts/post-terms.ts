/**
 * The term rows a post's writes touch, as WordPress keeps them: its post format
 * (`set_post_format`: the `post_format` term `post-format-<x>`, made when missing as
 * `wp_insert_term` makes it), and which terms a record holds (their counts are kept by the
 * terms' `recountAtCommit`, `terms/term-counts.ts`).
 *
 * @module
 */
import type { Database } from '@cms-json/database';
import type { WordPressTables } from '../tables.js';
import { FORMAT_SLUG_PREFIX, FORMAT_TAXONOMY } from './post-rows.js';

type Db = Database<WordPressTables>;

/** The formats WordPress knows (`get_post_format_slugs`, `standard` aside). */
export const POST_FORMATS: ReadonlySet<string> = new Set([
  'aside',
  'chat',
  'gallery',
  'link',
  'image',
  'quote',
  'status',
  'video',
  'audio',
]);

/**
 * The `term_taxonomy_id`s of the terms these records hold.
 *
 * @example
 * const held = await termTaxonomyIdsOf(database, [7]);
 */
export async function termTaxonomyIdsOf(database: Db, objectIds: readonly number[]): Promise<number[]> {
  if (objectIds.length === 0) return [];
  const rows = await database.db
    .selectFrom('term_relationships')
    .select('term_taxonomy_id')
    .distinct()
    .where('object_id', 'in', [...objectIds])
    .execute();
  return rows.map((row) => Number(row.term_taxonomy_id));
}

/**
 * The `term_taxonomy_id` of a post format's term, made (with its `terms` row) when the site
 * has none yet, as `wp_insert_term('post-format-aside', 'post_format')`.
 */
async function formatTermTaxonomyId(database: Db, format: string): Promise<number> {
  const slug = `${FORMAT_SLUG_PREFIX}${format}`;
  const found = await database.db
    .selectFrom('term_taxonomy')
    .innerJoin('terms', 'terms.term_id', 'term_taxonomy.term_id')
    .select('term_taxonomy.term_taxonomy_id')
    .where('term_taxonomy.taxonomy', '=', FORMAT_TAXONOMY)
    .where('terms.slug', '=', slug)
    .orderBy('term_taxonomy.term_taxonomy_id')
    .executeTakeFirst();
  if (found !== undefined) return Number(found.term_taxonomy_id);
  const term = await database.db.insertInto('terms').values({ name: slug, slug, term_group: 0 }).executeTakeFirstOrThrow();
  const taxonomy = await database.db
    .insertInto('term_taxonomy')
    .values({ term_id: Number(term.insertId), taxonomy: FORMAT_TAXONOMY, description: '', parent: 0, count: 0 })
    .executeTakeFirstOrThrow();
  return Number(taxonomy.insertId);
}

/**
 * Sets a record's post format as `set_post_format`: `''`, `standard` or a format WordPress
 * does not know leave it standard (no `post_format` term); any other replaces the term it had.
 * Returns the terms it lost and gained, whose counts change (recounted at the commit by the
 * caller; no term row is locked here: see `recountAtCommit`).
 *
 * @example
 * const changed = await setPostFormat(database, 7, 'aside');
 */
export async function setPostFormat(database: Db, postId: number, format: string): Promise<number[]> {
  const wanted = POST_FORMATS.has(format) ? await formatTermTaxonomyId(database, format) : undefined;
  const held = await database.db
    .selectFrom('term_relationships')
    .innerJoin('term_taxonomy', 'term_taxonomy.term_taxonomy_id', 'term_relationships.term_taxonomy_id')
    .select('term_relationships.term_taxonomy_id')
    .where('term_relationships.object_id', '=', postId)
    .where('term_taxonomy.taxonomy', '=', FORMAT_TAXONOMY)
    .execute();
  const heldIds = held.map((row) => Number(row.term_taxonomy_id));
  const lost = heldIds.filter((id) => id !== wanted);
  const gained = wanted !== undefined && !heldIds.includes(wanted) ? [wanted] : [];
  if (lost.length > 0) {
    await database.db
      .deleteFrom('term_relationships')
      .where('object_id', '=', postId)
      .where('term_taxonomy_id', 'in', lost)
      .execute();
  }
  if (gained.length > 0) {
    await database.db
      .insertInto('term_relationships')
      .values({ object_id: postId, term_taxonomy_id: wanted, term_order: 0 })
      .execute();
  }
  return [...lost, ...gained];
}
