/**
 * The `book_author` post meta (spec §2.1): the id of a book's `book-author` record, an
 * integer, one value per book, not exposed through the interface. It lives in the site's post
 * meta store; this file is the only one that reads or writes it, so it can
 * move to registered meta without the rest of the plugin noticing.
 *
 * @module
 */
import type { MetaStore } from '@cms-json/content';

/** The meta key of the book-to-author association. */
export const BOOK_AUTHOR_META = 'book_author';

/**
 * The `book_author` of each of these posts (0 for a post without one, or with a value that
 * is not a whole number), read in one query of the post meta store.
 *
 * @example
 * const authors = await readBookAuthors(storage.meta.post, [12, 13]);
 * authors.get(12); // 7
 */
export async function readBookAuthors(meta: MetaStore, postIds: readonly number[]): Promise<Map<number, number>> {
  const found = new Map<number, number>(postIds.map((id) => [id, 0]));
  if (postIds.length === 0) return found;
  const seen = new Set<number>();
  for (const row of await meta.rows([...new Set(postIds)], [BOOK_AUTHOR_META])) {
    // A single value: the first row wins, as WordPress's `get_post_meta($id, $key, true)`.
    if (seen.has(row.objectId)) continue;
    seen.add(row.objectId);
    const value = Number(row.value);
    found.set(row.objectId, Number.isSafeInteger(value) && value > 0 ? value : 0);
  }
  return found;
}

/**
 * Sets a post's `book_author` (every value of the key becomes this one; 0 removes it).
 *
 * @example
 * await writeBookAuthor(storage.meta.post, 12, 7);
 */
export async function writeBookAuthor(meta: MetaStore, postId: number, authorId: number): Promise<void> {
  if (authorId > 0) await meta.set(postId, BOOK_AUTHOR_META, String(authorId));
  else await meta.delete(postId, BOOK_AUTHOR_META);
}
