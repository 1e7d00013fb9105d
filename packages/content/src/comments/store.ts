/**
 * The comment store: comments in the `comments` table, written once with Kysely for SQLite
 * and PostgreSQL. Every write that can change which comments of a post are approved counts
 * them again into the post's `comment_count`, in the same transaction, as WordPress's
 * `wp_update_comment_count_now`.
 *
 * On PostgreSQL each such write first locks the rows of the posts it counts again (in id
 * order, before it touches a comment): the recount then runs after any other writer of those
 * counts committed and sees its comments (a recount that waited inside its own `UPDATE` would
 * count with the snapshot taken before the wait, and lose them). A post's row before its
 * comments is also the order a post write takes them in (its record, then its comments when it
 * is trashed), so the two never deadlock when both run in one transaction each.
 *
 * @module
 */
import type { Database } from '@cms-json/database';
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import { type CommentsTable, type ContentTables, contentDatabase, type SiteDatabase } from '../tables.js';
import { listCommentRows, listCommentRowsForPosts } from './comment-lists.js';
import type { Comment, CommentQuery } from './comment-query.js';

export type { Comment, CommentOrderBy, CommentQuery } from './comment-query.js';

/** The post meta key keeping the statuses of a trashed post's comments, as WordPress. */
const POST_TRASHED_META = '_wp_trash_meta_comments_status';

/**
 * One-value meta of comments: WordPress keeps a trashed comment's former status there.
 *
 * @example
 * await store.meta.set(3, '_wp_trash_meta_status', '1');
 */
export interface CommentMeta {
  /** The value of a key, `undefined` when unset. */
  get(commentId: number, key: string): Promise<string | undefined>;
  /** Sets a key to one value. */
  set(commentId: number, key: string, value: string): Promise<void>;
  /** Removes keys. */
  remove(commentId: number, keys: readonly string[]): Promise<void>;
}

/**
 * Reads and writes comments, keeping each post's count of approved comments: the storage of
 * comments behind the routes, which a second storage implements too.
 *
 * @example
 * const store: CommentStore = new SqlCommentStore(database);
 * const { comments, total } = await store.list({ approved: ['1'], posts: [7], perPage: 10, offset: 0 });
 */
export interface CommentStore {
  /** One-value meta of comments. */
  readonly meta: CommentMeta;
  /** The comment with this id, or `undefined`. */
  find(id: number): Promise<Comment | undefined>;
  /** Stores a new comment and counts its post's approved comments again; returns it with its id. */
  create(row: Insertable<CommentsTable>): Promise<Comment>;
  /** Changes a comment and recounts the posts it was and is on; `undefined` when it is gone. */
  update(id: number, changes: Updateable<CommentsTable>): Promise<Comment | undefined>;
  /** Deletes a comment for good (its replies move up to its parent); false when it was gone. */
  delete(id: number): Promise<boolean>;
  /** Deletes every comment of a post (the post is being deleted for good); how many went. */
  deleteOfPost(postId: number): Promise<number>;
  /** Marks a post's comments `post-trashed` (the post went to the trash), as `wp_trash_post_comments`. */
  trashOfPost(postId: number): Promise<void>;
  /** Gives a post's `post-trashed` comments their statuses back (the post left the trash), as `wp_untrash_post_comments`. */
  untrashOfPost(postId: number): Promise<void>;
  /** The ids among these comments that have replies. */
  withChildren(ids: readonly number[]): Promise<Set<number>>;
  /** The id of a comment the same author already left with the same content on the same post and parent. */
  findDuplicate(candidate: {
    post_id: number;
    parent: number;
    author_name: string;
    author_email: string;
    content: string;
  }): Promise<number | undefined>;
  /** The date of an author's (by user id, address or email) latest comment since `sinceGmt`, for flood control. */
  lastCommentDate(by: { userId: number; ip: string; email: string; sinceGmt: string }): Promise<string | undefined>;
  /** Whether an author has a comment approved already (`comment_previously_approved`). */
  hasApproved(by: { userId: number; name: string; email: string }): Promise<boolean>;
  /** One page of the comments a query selects, and how many it selects in all. */
  list(query: CommentQuery): Promise<{ comments: Comment[]; total: number }>;
  /** What {@link CommentStore.list} answers for each of these posts, in one query. */
  listForPosts(
    query: Omit<CommentQuery, 'posts'>,
    postIds: readonly number[],
  ): Promise<Map<number, { comments: Comment[]; total: number }>>;
}

/**
 * The comment store over a content database (the project's own schema, SQLite or PostgreSQL).
 *
 * @example
 * const store = new SqlCommentStore(database);
 * const { comments, total } = await store.list({ approved: ['1'], posts: [7], perPage: 10, offset: 0 });
 */
export class SqlCommentStore implements CommentStore {
  /** The database the comments are kept in. */
  readonly database: Database<ContentTables>;
  readonly #db: Kysely<ContentTables>;
  /** Whether rows must be locked before a recount (PostgreSQL; SQLite writes one transaction at a time). */
  readonly #locks: boolean;

  constructor(database: SiteDatabase) {
    this.database = contentDatabase(database);
    this.#db = this.database.db;
    this.#locks = this.database.dialect === 'postgres';
  }

  /** Locks the rows of these posts until the transaction ends, in id order, in one statement (PostgreSQL). */
  async #lockPosts(trx: Transaction<ContentTables>, postIds: readonly (number | undefined)[]): Promise<void> {
    const ids = [...new Set(postIds)].filter((id): id is number => id !== undefined && id > 0).sort((a, b) => a - b);
    if (!this.#locks || ids.length === 0) return;
    await trx.selectFrom('posts').select('id').where('id', 'in', ids).orderBy('id').forNoKeyUpdate().execute();
  }

  /** The post of a comment, read again once its post is locked (a concurrent write may have moved it). */
  async #postOf(trx: Transaction<ContentTables>, id: number): Promise<number | undefined> {
    const row = await trx.selectFrom('comments').select('post_id').where('id', '=', id).executeTakeFirst();
    if (row === undefined) return undefined;
    if (!this.#locks) return row.post_id;
    await this.#lockPosts(trx, [row.post_id]);
    const again = await trx.selectFrom('comments').select('post_id').where('id', '=', id).executeTakeFirst();
    if (again !== undefined && again.post_id !== row.post_id) await this.#lockPosts(trx, [again.post_id]);
    return again?.post_id;
  }

  /** One-value meta of comments (`comment_meta`): WordPress keeps a trashed comment's former status there. */
  readonly meta: CommentMeta = {
    /** The value of a key, `undefined` when unset. */
    get: async (commentId: number, key: string): Promise<string | undefined> => {
      const row = await this.#db
        .selectFrom('comment_meta')
        .select('meta_value')
        .where('comment_id', '=', commentId)
        .where('meta_key', '=', key)
        .orderBy('id')
        .executeTakeFirst();
      return row?.meta_value;
    },
    /** Sets a key to one value. */
    set: async (commentId: number, key: string, value: string): Promise<void> => {
      await this.#db.transaction().execute(async (trx) => {
        await trx.deleteFrom('comment_meta').where('comment_id', '=', commentId).where('meta_key', '=', key).execute();
        await trx.insertInto('comment_meta').values({ comment_id: commentId, meta_key: key, meta_value: value }).execute();
      });
    },
    /** Removes keys. */
    remove: async (commentId: number, keys: readonly string[]): Promise<void> => {
      if (keys.length === 0) return;
      await this.#db
        .deleteFrom('comment_meta')
        .where('comment_id', '=', commentId)
        .where('meta_key', 'in', [...keys])
        .execute();
    },
  };

  /** The comment with this id, or `undefined`. */
  async find(id: number): Promise<Comment | undefined> {
    if (!Number.isSafeInteger(id) || id <= 0) return undefined;
    return this.#db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Stores a new comment and counts its post's approved comments again; returns it with its id. */
  async create(row: Insertable<CommentsTable>): Promise<Comment> {
    return this.#db.transaction().execute(async (trx) => {
      await this.#lockPosts(trx, [row.post_id]);
      const created = await trx.insertInto('comments').values(row).returningAll().executeTakeFirstOrThrow();
      await recount(trx, [created.post_id]);
      return created;
    });
  }

  /** Changes a comment and recounts the posts it was and is on; `undefined` when it is gone. */
  async update(id: number, changes: Updateable<CommentsTable>): Promise<Comment | undefined> {
    return this.#db.transaction().execute(async (trx) => {
      const before = await this.#postOf(trx, id);
      if (before === undefined) return undefined;
      await this.#lockPosts(trx, [before, changes.post_id]);
      const updated = await trx.updateTable('comments').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
      if (updated !== undefined) await recount(trx, [before, updated.post_id]);
      return updated;
    });
  }

  /**
   * Deletes a comment for good, as WordPress's `wp_delete_comment`: its replies move up to its
   * own parent, its meta goes by the foreign key's cascade, and its post is counted again.
   * False when it was gone.
   */
  async delete(id: number): Promise<boolean> {
    return this.#db.transaction().execute(async (trx) => {
      if ((await this.#postOf(trx, id)) === undefined) return false;
      const comment = await trx.selectFrom('comments').select(['post_id', 'parent']).where('id', '=', id).executeTakeFirst();
      if (comment === undefined) return false;
      await trx.updateTable('comments').set({ parent: comment.parent }).where('parent', '=', id).execute();
      await trx.deleteFrom('comment_meta').where('comment_id', '=', id).execute();
      const result = await trx.deleteFrom('comments').where('id', '=', id).executeTakeFirst();
      await recount(trx, [comment.post_id]);
      return Number(result.numDeletedRows) > 0;
    });
  }

  /** Deletes every comment of a post (the post is being deleted for good); how many went. */
  async deleteOfPost(postId: number): Promise<number> {
    if (postId <= 0) return 0;
    return this.#db.transaction().execute(async (trx) => {
      await this.#lockPosts(trx, [postId]);
      const ids = trx.selectFrom('comments').select('id').where('post_id', '=', postId);
      await trx.deleteFrom('comment_meta').where('comment_id', 'in', ids).execute();
      const result = await trx.deleteFrom('comments').where('post_id', '=', postId).executeTakeFirst();
      await recount(trx, [postId]);
      return Number(result.numDeletedRows);
    });
  }

  /**
   * Marks every comment of a post `post-trashed` (the post went to the trash), keeping each
   * one's status in the post's meta `_wp_trash_meta_comments_status`, as WordPress's
   * `wp_trash_post_comments`; the post then counts no comment.
   */
  async trashOfPost(postId: number): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await this.#lockPosts(trx, [postId]);
      const rows = await trx.selectFrom('comments').select(['id', 'approved']).where('post_id', '=', postId).execute();
      if (rows.length === 0) return;
      const statuses = Object.fromEntries(rows.map((row) => [String(row.id), row.approved]));
      await trx.deleteFrom('post_meta').where('post_id', '=', postId).where('meta_key', '=', POST_TRASHED_META).execute();
      await trx
        .insertInto('post_meta')
        .values({ post_id: postId, meta_key: POST_TRASHED_META, meta_value: JSON.stringify(statuses) })
        .execute();
      await trx.updateTable('comments').set({ approved: 'post-trashed' }).where('post_id', '=', postId).execute();
      await recount(trx, [postId]);
    });
  }

  /** Gives a post's `post-trashed` comments their statuses back (the post left the trash), as `wp_untrash_post_comments`. */
  async untrashOfPost(postId: number): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await this.#lockPosts(trx, [postId]);
      const meta = await trx
        .selectFrom('post_meta')
        .select('meta_value')
        .where('post_id', '=', postId)
        .where('meta_key', '=', POST_TRASHED_META)
        .executeTakeFirst();
      if (meta === undefined) return;
      let statuses: Record<string, string> = {};
      try {
        statuses = JSON.parse(meta.meta_value) as Record<string, string>;
      } catch {
        statuses = {};
      }
      for (const [id, approved] of Object.entries(statuses)) {
        await trx
          .updateTable('comments')
          .set({ approved })
          .where('id', '=', Number(id))
          .where('approved', '=', 'post-trashed')
          .execute();
      }
      await trx.deleteFrom('post_meta').where('post_id', '=', postId).where('meta_key', '=', POST_TRASHED_META).execute();
      await recount(trx, [postId]);
    });
  }

  /** The ids among these comments that have replies (one query for a page of comments). */
  async withChildren(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.#db
      .selectFrom('comments')
      .select('parent')
      .distinct()
      .where('parent', 'in', [...ids])
      .execute();
    return new Set(rows.map((row) => Number(row.parent)));
  }

  /**
   * WordPress's duplicate check: a comment on the same post under the same parent, not in the
   * trash, with the same content by the same author name (and email, when one is given).
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
      .select('id')
      .where('post_id', '=', candidate.post_id)
      .where('parent', '=', candidate.parent)
      .where('approved', '!=', 'trash')
      .where('author_name', '=', candidate.author_name)
      .where('content', '=', candidate.content);
    if (candidate.author_email !== '') query = query.where('author_email', '=', candidate.author_email);
    const row = await query.limit(1).executeTakeFirst();
    return row === undefined ? undefined : Number(row.id);
  }

  /**
   * The GMT date of the newest comment since `sinceGmt` by this user (or, anonymous, from this
   * address) or with this email, for WordPress's flood check.
   */
  async lastCommentDate(by: { userId: number; ip: string; email: string; sinceGmt: string }): Promise<string | undefined> {
    const row = await this.#db
      .selectFrom('comments')
      .select('date_gmt')
      .where('date_gmt', '>=', by.sinceGmt)
      .where((eb) =>
        eb.or([by.userId > 0 ? eb('user_id', '=', by.userId) : eb('author_ip', '=', by.ip), eb('author_email', '=', by.email)]),
      )
      .orderBy('date_gmt', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.date_gmt;
  }

  /**
   * Whether an author has a comment approved already (WordPress's `comment_previously_approved`
   * rule): by user id for a user, else by name and email.
   */
  async hasApproved(by: { userId: number; name: string; email: string }): Promise<boolean> {
    let query = this.#db.selectFrom('comments').select('id').where('approved', '=', '1');
    query =
      by.userId > 0
        ? query.where('user_id', '=', by.userId)
        : query.where('author_name', '=', by.name).where('author_email', '=', by.email);
    return (await query.limit(1).executeTakeFirst()) !== undefined;
  }

  /** One page of the comments a query selects, and how many it selects in all. */
  list(query: CommentQuery): Promise<{ comments: Comment[]; total: number }> {
    return listCommentRows(this.database, query);
  }

  /**
   * What {@link CommentStore.list} answers for each of these posts (the query's `posts` set
   * to that one post), in one query (see comment-lists.ts).
   */
  listForPosts(
    query: Omit<CommentQuery, 'posts'>,
    postIds: readonly number[],
  ): Promise<Map<number, { comments: Comment[]; total: number }>> {
    return listCommentRowsForPosts(this.database, query, postIds);
  }
}

/** Sets each post's `comment_count` to the number of its approved comments. */
async function recount(trx: Transaction<ContentTables>, postIds: readonly number[]): Promise<void> {
  for (const postId of new Set(postIds)) {
    if (postId <= 0) continue;
    await trx
      .updateTable('posts')
      .set((eb) => ({
        comment_count: eb
          .selectFrom('comments')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .where('comments.post_id', '=', postId)
          .where('comments.approved', '=', '1'),
      }))
      .where('id', '=', postId)
      .execute();
  }
}
