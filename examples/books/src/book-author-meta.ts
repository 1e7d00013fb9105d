/**
 * The `book_author` post meta (spec §2.1): the id of a book's `book-author` record, an
 * integer, one value per book, not exposed through the interface. It lives in the content
 * package's `post_meta` table; this file is the only one that reads or writes it, so it can
 * move to registered meta without the rest of the plugin noticing.
 *
 * @module
 */
import type { ContentTables } from '@cms-json/content';
import type { Kysely } from 'kysely';

/** The meta key of the book-to-author association. */
export const BOOK_AUTHOR_META = 'book_author';

/**
 * The `book_author` of each of these posts (0 for a post without one, or with a value that
 * is not a whole number), read in one query.
 *
 * @example
 * const authors = await readBookAuthors(db, [12, 13]);
 * authors.get(12); // 7
 */
export async function readBookAuthors(db: Kysely<ContentTables>, postIds: readonly number[]): Promise<Map<number, number>> {
  const found = new Map<number, number>(postIds.map((id) => [id, 0]));
  if (postIds.length === 0) return found;
  const rows = await db
    .selectFrom('post_meta')
    .select(['post_id', 'meta_value'])
    .where('meta_key', '=', BOOK_AUTHOR_META)
    .where('post_id', 'in', [...new Set(postIds)])
    // A single value: the first row wins, as WordPress's `get_post_meta($id, $key, true)`.
    .orderBy('id', 'desc')
    .execute();
  for (const row of rows) {
    const value = Number(row.meta_value);
    found.set(Number(row.post_id), Number.isSafeInteger(value) && value > 0 ? value : 0);
  }
  return found;
}

/**
 * Sets a post's `book_author` (one row; 0 removes it), in one transaction.
 *
 * @example
 * await writeBookAuthor(db, 12, 7);
 */
export async function writeBookAuthor(db: Kysely<ContentTables>, postId: number, authorId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('post_meta').where('post_id', '=', postId).where('meta_key', '=', BOOK_AUTHOR_META).execute();
    if (authorId > 0) {
      await trx
        .insertInto('post_meta')
        .values({ post_id: postId, meta_key: BOOK_AUTHOR_META, meta_value: String(authorId) })
        .execute();
    }
  });
}
