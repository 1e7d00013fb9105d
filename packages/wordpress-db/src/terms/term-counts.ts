/**
 * `term_taxonomy.count` as WordPress's `_update_post_term_count` keeps it: the objects of the
 * taxonomy's post types that are published, and attachments (when the taxonomy is for them)
 * that are published or `inherit` a published parent's status. Counted by SQL from the rows,
 * never read, changed and written back: WordPress's PHP and cms-json write the same tables.
 *
 * @module
 */
import type { Database } from '@cms-json/database';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { WordPressTables } from '../tables.js';

type Tables = WordPressTables;

/**
 * The post types each taxonomy is registered for (`register_taxonomy`'s `object_type`), by
 * taxonomy name; a taxonomy missing here counts published objects of any type (and
 * attachments by their parent).
 *
 * @example
 * const objectTypes: TaxonomyObjectTypes = { category: ['post'], genre: ['book'] };
 */
export type TaxonomyObjectTypes = Readonly<Record<string, readonly string[]>>;

/** WordPress's own taxonomies and the types they are for. */
export const DEFAULT_OBJECT_TYPES: TaxonomyObjectTypes = {
  category: ['post'],
  post_tag: ['post'],
  post_format: ['post'],
};

/** The count of one term of a taxonomy for these types (`undefined`: any type), as SQL. */
function countOf(eb: ExpressionBuilder<Tables, 'term_taxonomy'>, types: readonly string[] | undefined) {
  const related = () =>
    eb
      .selectFrom('term_relationships')
      .innerJoin('posts', 'posts.ID', 'term_relationships.object_id')
      .whereRef('term_relationships.term_taxonomy_id', '=', 'term_taxonomy.term_taxonomy_id');
  const attachments = types === undefined || types.includes('attachment');
  const others = types?.filter((type) => type !== 'attachment');
  const parts = [];
  if (others === undefined || others.length > 0) {
    let published = related()
      .select((inner) => inner.fn.countAll<number>().as('n'))
      .where('posts.post_status', '=', 'publish')
      .where('posts.post_type', '<>', 'attachment');
    if (others !== undefined) published = published.where('posts.post_type', 'in', others);
    parts.push(sql<number>`(${published})`);
  }
  if (attachments) {
    const inherited = related()
      .select((inner) => inner.fn.countAll<number>().as('n'))
      .where('posts.post_type', '=', 'attachment')
      .where((w) =>
        w.or([
          w('posts.post_status', '=', 'publish'),
          w.and([
            w('posts.post_status', '=', 'inherit'),
            w('posts.post_parent', '>', 0),
            w(
              w
                .selectFrom('posts as parent_post')
                .select('parent_post.post_status')
                .whereRef('parent_post.ID', '=', 'posts.post_parent'),
              '=',
              'publish',
            ),
          ]),
        ]),
      );
    parts.push(sql<number>`(${inherited})`);
  }
  return parts.length === 0 ? sql<number>`0` : sql<number>`${sql.join(parts, sql` + `)}`;
}

/**
 * Locks the rows of these terms (by `term_taxonomy_id`) until the transaction ends, in id
 * order: a write takes them before it changes their relationships, so no
 * other write changes those relationships until it committed, and a recount that waits for
 * the lock then counts what it wrote.
 *
 * @example
 * await lockTerms(database.db, [3, 7]);
 */
export async function lockTerms(db: Kysely<Tables>, termTaxonomyIds: readonly number[]): Promise<void> {
  const ids = [...new Set(termTaxonomyIds)].filter((id) => Number.isSafeInteger(id) && id > 0).sort((a, b) => a - b);
  // One row at a time by its key: over a small table, `IN (…) FOR UPDATE` may be read by a
  // full scan that waits for rows of other writers it does not even want, and deadlocks.
  for (const id of ids) {
    await db.selectFrom('term_taxonomy').select('term_taxonomy_id').where('term_taxonomy_id', '=', id).forUpdate().execute();
  }
}

/**
 * Sets the count of these terms (by `term_taxonomy_id`) from their relationships, taxonomy by
 * taxonomy, after locking their rows in id order (so concurrent recounts never deadlock and
 * each counts what the one before it committed).
 *
 * @example
 * await recountTerms(database.db, [3, 7], DEFAULT_OBJECT_TYPES);
 */
export async function recountTerms(
  db: Kysely<Tables>,
  termTaxonomyIds: readonly number[],
  objectTypes: TaxonomyObjectTypes,
): Promise<void> {
  const ids = [...new Set(termTaxonomyIds)].filter((id) => Number.isSafeInteger(id) && id > 0).sort((a, b) => a - b);
  if (ids.length === 0) return;
  await lockTerms(db, ids);
  const rows = await db
    .selectFrom('term_taxonomy')
    .select(['term_taxonomy_id', 'taxonomy'])
    .where('term_taxonomy_id', 'in', ids)
    .execute();
  const byTaxonomy = new Map<string, number[]>();
  for (const row of rows) {
    const list = byTaxonomy.get(row.taxonomy);
    if (list === undefined) byTaxonomy.set(row.taxonomy, [Number(row.term_taxonomy_id)]);
    else list.push(Number(row.term_taxonomy_id));
  }
  for (const [taxonomy, list] of byTaxonomy) {
    await db
      .updateTable('term_taxonomy')
      .set((eb) => ({ count: countOf(eb, Object.hasOwn(objectTypes, taxonomy) ? objectTypes[taxonomy] : undefined) }))
      .where('term_taxonomy_id', 'in', list)
      .execute();
  }
}

/**
 * The key of the one recount at the commit of a transaction: every store that writes in it
 * (the post store's status and format changes, the term store's relationships) adds its terms
 * to the same recount, so the terms are locked in ONE phase, in id order. Two recounts (one
 * per store) would lock in two phases: a write holding its first set while it waits for a
 * term of its second, held by another write waiting for the first's, is a deadlock. An
 * identity only: the state lives in the transaction.
 */
const RECOUNT_AT_COMMIT: object = Object.freeze({});

/**
 * Recounts these terms at the end of the transaction open on `database` (once, all together,
 * just before the commit, for every store that wrote in it: a post write changes its status
 * after its terms, and the terms are locked in one phase, in id order, so two writes never
 * hold one each while waiting for the other's), or at once when none is open. Relationships
 * are changed without the terms' locks: under READ COMMITTED (the connection's level) the
 * recount that runs last, holding the lock, counts every committed change, so the count a
 * commit leaves is exact. The object types of the stores of one site are the same; when two
 * callers disagree, the later one's entries win.
 *
 * @example
 * await recountAtCommit(database, [3, 7], DEFAULT_OBJECT_TYPES);
 */
export async function recountAtCommit(
  database: Database<Tables>,
  termTaxonomyIds: readonly number[],
  objectTypes: TaxonomyObjectTypes,
): Promise<void> {
  if (termTaxonomyIds.length === 0) return;
  const pending = database.beforeCommit(RECOUNT_AT_COMMIT, () => {
    const ids = new Set<number>();
    const types: Record<string, readonly string[]> = {};
    return { ids, types, beforeCommit: () => recountTerms(database.db, [...ids], types) };
  });
  if (pending === undefined) {
    await database.transaction(() => recountTerms(database.db, termTaxonomyIds, objectTypes));
    return;
  }
  Object.assign(pending.types, objectTypes);
  for (const id of termTaxonomyIds) pending.ids.add(id);
}
