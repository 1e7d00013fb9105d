/**
 * `WordPressCommentStore`: content's `CommentStore` over WordPress's `comments` and
 * `commentmeta`. Writes store what `wp_insert_comment`, `wp_update_comment` and
 * `wp_delete_comment` store; every write that can change which comments of a post are
 * approved counts them again into the post's `comment_count` in the same transaction
 * (`wp_update_comment_count_now`), after locking the posts' rows in id order (a post's row
 * before its comments: the order a post write takes them in too).
 *
 * @module
 */
import type { Comment, CommentMeta, CommentQuery, CommentStore, CommentsTable } from '@cms-json/content';
import type { Database } from '@cms-json/database';
import type { Insertable, Updateable } from 'kysely';
import type { WordPressDatabase } from '../connection.js';
import { fromWordPressDate, toWordPressDate } from '../dates.js';
import { maybeUnserialize } from '../php-serialized.js';
import type { WordPressTables } from '../tables.js';
import { listCommentRows, listCommentRowsForPosts } from './comment-lists.js';
import { toComment, toWordPressChanges, toWordPressInsert } from './comment-row.js';

/** The post meta key keeping the statuses of a trashed post's comments (`wp_trash_post_comments`). */
const POST_TRASHED_META = '_wp_trash_meta_comments_status';

/**
 * Comment ids and statuses as the PHP array `wp_trash_post_comments` stores: integer keys,
 * string values (their length in UTF-8 bytes).
 */
function serializeStatuses(statuses: readonly (readonly [number, string])[]): string {
  const entries = statuses.map(([id, status]) => `i:${id};s:${Buffer.byteLength(status, 'utf8')}:"${status}";`);
  return `a:${statuses.length}:{${entries.join('')}}`;
}

/**
 * The comment store over a WordPress database.
 *
 * @example
 * const comments = new WordPressCommentStore(openWordPressDatabase({ url }));
 * const { comments: page, total } = await comments.list({ approved: ['1'], posts: [4], perPage: 10, offset: 0 });
 */
export class WordPressCommentStore implements CommentStore {
  /** WordPress's tables. */
  readonly database: Database<WordPressTables>;

  constructor(wordpress: Pick<WordPressDatabase, 'database'>) {
    this.database = wordpress.database;
  }

  get #db() {
    return this.database.db;
  }

  /**
   * Locks the rows of these posts until the transaction ends, in id order, one row at a time
   * by its key (`IN (…) FOR UPDATE` may be read by a scan that waits for other writers' rows).
   */
  async #lockPosts(postIds: readonly (number | undefined)[]): Promise<void> {
    const ids = [...new Set(postIds)].filter((id): id is number => id !== undefined && id > 0).sort((a, b) => a - b);
    for (const id of ids) await this.#db.selectFrom('posts').select('ID').where('ID', '=', id).forUpdate().execute();
  }

  /** The post of a comment, read again once its post is locked (a concurrent write may have moved it). */
  async #postOf(id: number): Promise<number | undefined> {
    const read = async () =>
      (await this.#db.selectFrom('comments').select('comment_post_ID').where('comment_ID', '=', id).executeTakeFirst())
        ?.comment_post_ID;
    const before = await read();
    if (before === undefined) return undefined;
    await this.#lockPosts([Number(before)]);
    const again = await read();
    if (again !== undefined && again !== before) await this.#lockPosts([Number(again)]);
    return again === undefined ? undefined : Number(again);
  }

  /** Sets each post's `comment_count` to the number of its approved comments (`wp_update_comment_count_now`). */
  async #recount(postIds: readonly number[]): Promise<void> {
    for (const postId of new Set(postIds)) {
      if (postId <= 0) continue;
      await this.#db
        .updateTable('posts')
        .set((eb) => ({
          comment_count: eb
            .selectFrom('comments')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .where('comments.comment_post_ID', '=', postId)
            .where('comments.comment_approved', '=', '1'),
        }))
        .where('ID', '=', postId)
        .execute();
    }
  }

  /** One-value meta of comments (`commentmeta`): WordPress keeps a trashed comment's former status there. */
  readonly meta: CommentMeta = {
    /** The value of a key (its first row), `undefined` when unset. */
    get: async (commentId: number, key: string): Promise<string | undefined> => {
      const row = await this.#db
        .selectFrom('commentmeta')
        .select('meta_value')
        .where('comment_id', '=', commentId)
        .where('meta_key', '=', key)
        .orderBy('meta_id')
        .executeTakeFirst();
      return row === undefined ? undefined : (row.meta_value ?? '');
    },
    /** Sets a key to one value (`update_comment_meta`: its rows replaced by one). */
    set: async (commentId: number, key: string, value: string): Promise<void> => {
      await this.database.transaction(async () => {
        await this.#db.deleteFrom('commentmeta').where('comment_id', '=', commentId).where('meta_key', '=', key).execute();
        await this.#db.insertInto('commentmeta').values({ comment_id: commentId, meta_key: key, meta_value: value }).execute();
      });
    },
    /** Removes keys. */
    remove: async (commentId: number, keys: readonly string[]): Promise<void> => {
      if (keys.length === 0) return;
      await this.#db
        .deleteFrom('commentmeta')
        .where('comment_id', '=', commentId)
        .where('meta_key', 'in', [...keys])
        .execute();
    },
  };

  async #row(id: number): Promise<Comment | undefined> {
    const row = await this.#db.selectFrom('comments').selectAll().where('comment_ID', '=', id).executeTakeFirst();
    return row === undefined ? undefined : toComment(row);
  }

  /** The comment with this id, or `undefined`. */
  async find(id: number): Promise<Comment | undefined> {
    if (!Number.isSafeInteger(id) || id <= 0) return undefined;
    return this.#row(id);
  }

  /** Stores a new comment (`wp_insert_comment`) and counts its post's approved comments again. */
  async create(row: Insertable<CommentsTable>): Promise<Comment> {
    return this.database.transaction(async () => {
      const values = toWordPressInsert(row);
      await this.#lockPosts([Number(values.comment_post_ID)]);
      const result = await this.#db.insertInto('comments').values(values).executeTakeFirstOrThrow();
      const created = await this.#row(Number(result.insertId));
      if (created === undefined) throw new Error('The comment just stored could not be read back.');
      await this.#recount([created.post_id]);
      return created;
    });
  }

  /** Changes a comment and recounts the posts it was and is on; `undefined` when it is gone. */
  async update(id: number, changes: Updateable<CommentsTable>): Promise<Comment | undefined> {
    if (!Number.isSafeInteger(id) || id <= 0) return undefined;
    return this.database.transaction(async () => {
      const before = await this.#postOf(id);
      if (before === undefined) return undefined;
      const set = toWordPressChanges(changes);
      if (set.comment_post_ID !== undefined) await this.#lockPosts([before, Number(set.comment_post_ID)]);
      if (Object.keys(set).length > 0) await this.#db.updateTable('comments').set(set).where('comment_ID', '=', id).execute();
      const updated = await this.#row(id);
      if (updated !== undefined) await this.#recount([before, updated.post_id]);
      return updated;
    });
  }

  /**
   * Deletes a comment for good, as `wp_delete_comment`: its replies move up to its own parent,
   * its meta goes, and its post is counted again. False when it was gone.
   */
  async delete(id: number): Promise<boolean> {
    if (!Number.isSafeInteger(id) || id <= 0) return false;
    return this.database.transaction(async () => {
      if ((await this.#postOf(id)) === undefined) return false;
      const comment = await this.#db
        .selectFrom('comments')
        .select(['comment_post_ID', 'comment_parent'])
        .where('comment_ID', '=', id)
        .executeTakeFirst();
      if (comment === undefined) return false;
      await this.#db
        .updateTable('comments')
        .set({ comment_parent: Number(comment.comment_parent) })
        .where('comment_parent', '=', id)
        .execute();
      await this.#db.deleteFrom('commentmeta').where('comment_id', '=', id).execute();
      const result = await this.#db.deleteFrom('comments').where('comment_ID', '=', id).executeTakeFirst();
      await this.#recount([Number(comment.comment_post_ID)]);
      return Number(result.numDeletedRows) > 0;
    });
  }

  /** Deletes every comment of a post and their meta (the post is being deleted for good); how many went. */
  async deleteOfPost(postId: number): Promise<number> {
    if (!Number.isSafeInteger(postId) || postId <= 0) return 0;
    return this.database.transaction(async () => {
      await this.#lockPosts([postId]);
      const ids = (
        await this.#db.selectFrom('comments').select('comment_ID').where('comment_post_ID', '=', postId).execute()
      ).map((row) => Number(row.comment_ID));
      if (ids.length === 0) return 0;
      await this.#db.deleteFrom('commentmeta').where('comment_id', 'in', ids).execute();
      const result = await this.#db.deleteFrom('comments').where('comment_post_ID', '=', postId).executeTakeFirst();
      await this.#recount([postId]);
      return Number(result.numDeletedRows);
    });
  }

  /**
   * `wp_trash_post_comments`: every comment of the post becomes `post-trashed`, their statuses
   * kept in the post's meta `_wp_trash_meta_comments_status` (a PHP array, comment id →
   * status); the post then counts no comment.
   */
  async trashOfPost(postId: number): Promise<void> {
    if (!Number.isSafeInteger(postId) || postId <= 0) return;
    await this.database.transaction(async () => {
      await this.#lockPosts([postId]);
      const rows = await this.#db
        .selectFrom('comments')
        .select(['comment_ID', 'comment_approved'])
        .where('comment_post_ID', '=', postId)
        .orderBy('comment_ID')
        .execute();
      if (rows.length === 0) return;
      const statuses = rows.map((row) => [Number(row.comment_ID), row.comment_approved] as const);
      await this.#db.deleteFrom('postmeta').where('post_id', '=', postId).where('meta_key', '=', POST_TRASHED_META).execute();
      await this.#db
        .insertInto('postmeta')
        .values({ post_id: postId, meta_key: POST_TRASHED_META, meta_value: serializeStatuses(statuses) })
        .execute();
      await this.#db
        .updateTable('comments')
        .set({ comment_approved: 'post-trashed' })
        .where('comment_post_ID', '=', postId)
        .execute();
      await this.#recount([postId]);
    });
  }

  /** `wp_untrash_post_comments`: the post's `post-trashed` comments get their kept statuses back; the meta goes. */
  async untrashOfPost(postId: number): Promise<void> {
    if (!Number.isSafeInteger(postId) || postId <= 0) return;
    await this.database.transaction(async () => {
      await this.#lockPosts([postId]);
      const meta = await this.#db
        .selectFrom('postmeta')
        .select('meta_value')
        .where('post_id', '=', postId)
        .where('meta_key', '=', POST_TRASHED_META)
        .orderBy('meta_id')
        .executeTakeFirst();
      if (meta === undefined) return;
      const kept = maybeUnserialize(meta.meta_value ?? '');
      const byStatus = new Map<string, number[]>();
      if (kept !== null && typeof kept === 'object') {
        for (const [id, status] of Object.entries(kept)) {
          const commentId = Number(id);
          if (typeof status !== 'string' || !Number.isSafeInteger(commentId) || commentId <= 0) continue;
          const ids = byStatus.get(status);
          if (ids === undefined) byStatus.set(status, [commentId]);
          else ids.push(commentId);
        }
      }
      for (const [status, ids] of byStatus) {
        await this.#db
          .updateTable('comments')
          .set({ comment_approved: status })
          .where('comment_ID', 'in', ids)
          .where('comment_approved', '=', 'post-trashed')
          .execute();
      }
      await this.#db.deleteFrom('postmeta').where('post_id', '=', postId).where('meta_key', '=', POST_TRASHED_META).execute();
      await this.#recount([postId]);
    });
  }

  /** The ids among these comments that have replies (one query for a page of comments). */
  async withChildren(ids: readonly number[]): Promise<Set<number>> {
    const wanted = ids.filter((id) => Number.isSafeInteger(id) && id > 0);
    if (wanted.length === 0) return new Set();
    const rows = await this.#db
      .selectFrom('comments')
      .select('comment_parent')
      .distinct()
      .where('comment_parent', 'in', wanted)
      .execute();
    return new Set(rows.map((row) => Number(row.comment_parent)));
  }

  /**
   * `wp_allow_comment`'s duplicate check: a comment on the same post under the same parent,
   * not in the trash, with the same content by the same author name (and email, when given).
   */
  async findDuplicate(candidate: {
    post_id: number;
    parent: number;
    author_name: string;
    author_email: string;
    content: string;
  }): Promise<number | undefined> {
    let query = this.#db
      .selectFrom('comments')
      .select('comment_ID')
      .where('comment_post_ID', '=', candidate.post_id)
      .where('comment_parent', '=', candidate.parent)
      .where('comment_approved', '!=', 'trash')
      .where('comment_author', '=', candidate.author_name)
      .where('comment_content', '=', candidate.content);
    if (candidate.author_email !== '') query = query.where('comment_author_email', '=', candidate.author_email);
    const row = await query.limit(1).executeTakeFirst();
    return row === undefined ? undefined : Number(row.comment_ID);
  }

  /**
   * The GMT date of the newest comment since `sinceGmt` by this user (or, anonymous, from this
   * address) or with this email, for `wp_check_comment_flood`.
   */
  async lastCommentDate(by: { userId: number; ip: string; email: string; sinceGmt: string }): Promise<string | undefined> {
    const row = await this.#db
      .selectFrom('comments')
      .select('comment_date_gmt')
      .where('comment_date_gmt', '>=', toWordPressDate(by.sinceGmt))
      .where((eb) =>
        eb.or([
          by.userId > 0 ? eb('user_id', '=', by.userId) : eb('comment_author_IP', '=', by.ip),
          eb('comment_author_email', '=', by.email),
        ]),
      )
      .orderBy('comment_date_gmt', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row === undefined ? undefined : fromWordPressDate(row.comment_date_gmt);
  }

  /** Whether an author has a comment approved already (`comment_previously_approved`): by user id, else name and email. */
  async hasApproved(by: { userId: number; name: string; email: string }): Promise<boolean> {
    let query = this.#db.selectFrom('comments').select('comment_ID').where('comment_approved', '=', '1');
    query =
      by.userId > 0
        ? query.where('user_id', '=', by.userId)
        : query.where('comment_author', '=', by.name).where('comment_author_email', '=', by.email);
    return (await query.limit(1).executeTakeFirst()) !== undefined;
  }

  /** One page of the comments a query selects, and how many it selects in all. */
  list(query: CommentQuery): Promise<{ comments: Comment[]; total: number }> {
    return listCommentRows(this.database, query);
  }

  /** What {@link CommentStore.list} answers for each of these posts, in one query. */
  listForPosts(
    query: Omit<CommentQuery, 'posts'>,
    postIds: readonly number[],
  ): Promise<Map<number, { comments: Comment[]; total: number }>> {
    return listCommentRowsForPosts(this.database, query, postIds);
  }
}
