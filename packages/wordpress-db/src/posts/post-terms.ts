/**
 * The term rows a post's writes touch, as WordPress keeps them: its post format
 * (`set_post_format`: the `post_format` term `post-format-<x>`, made when missing as
 * `wp_insert_term` makes it), and the `count` of the terms of a post whose status changed or
 * which is deleted (`_update_post_term_count`: the published records holding the term, and
 * the attachments of published records; `_update_generic_term_count` for `nav_menu` and
 * `link_category`: every record holding it).
 *
 * @module
 */
import type { Database } from '@cms-json/database';
import { sql } from 'kysely';
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

/** Taxonomies counted by every record holding a term (`_update_generic_term_count`). */
const GENERIC_COUNT_TAXONOMIES = ['nav_menu', 'link_category'];

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
 * Counts the records of these terms again, as WordPress's `wp_update_term_count_now`.
 *
 * @example
 * await recountTerms(database, [3, 8]);
 */
export async function recountTerms(database: Db, termTaxonomyIds: readonly number[]): Promise<void> {
  const ids = [...new Set(termTaxonomyIds)];
  if (ids.length === 0) return;
  const tt = sql.ref('term_taxonomy.term_taxonomy_id');
  // Published records holding the term, and attachments (inherit) of published records.
  await sql`update ${sql.table('term_taxonomy')} set count = (
      select count(*) from ${sql.table('term_relationships')} as r
      inner join ${sql.table('posts')} as p on p.ID = r.object_id
      where r.term_taxonomy_id = ${tt} and (
        p.post_status = 'publish'
        or (p.post_type = 'attachment' and p.post_status = 'inherit' and p.post_parent > 0
          and exists (select 1 from ${sql.table('posts')} as parent where parent.ID = p.post_parent and parent.post_status = 'publish'))
      )
    ) where ${tt} in (${sql.join(ids)}) and taxonomy not in (${sql.join(GENERIC_COUNT_TAXONOMIES)})`.execute(database.db);
  await sql`update ${sql.table('term_taxonomy')} set count = (
      select count(*) from ${sql.table('term_relationships')} as r where r.term_taxonomy_id = ${tt}
    ) where ${tt} in (${sql.join(ids)}) and taxonomy in (${sql.join(GENERIC_COUNT_TAXONOMIES)})`.execute(database.db);
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
 * The counts of the terms it lost and gained are updated.
 *
 * @example
 * await setPostFormat(database, 7, 'aside');
 */
export async function setPostFormat(database: Db, postId: number, format: string): Promise<void> {
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
  if (lost.length > 0) {
    await database.db
      .deleteFrom('term_relationships')
      .where('object_id', '=', postId)
      .where('term_taxonomy_id', 'in', lost)
      .execute();
  }
  const gained = wanted !== undefined && !heldIds.includes(wanted) ? [wanted] : [];
  if (gained.length > 0) {
    await database.db
      .insertInto('term_relationships')
      .values({ object_id: postId, term_taxonomy_id: wanted, term_order: 0 })
      .execute();
  }
  await recountTerms(database, [...lost, ...gained]);
}
