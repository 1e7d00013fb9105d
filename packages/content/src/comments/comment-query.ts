/**
 * A stored comment and the query of a list of comments, as the store takes it. Apart from the
 * store so the store and its list builders (`comment-lists.ts`) share them without importing
 * each other.
 *
 * @module
 */
import type { Selectable } from 'kysely';
import type { CommentsTable } from '../tables.js';

/**
 * A stored comment.
 *
 * @example
 * const comment: Comment | undefined = await store.find(3);
 */
export type Comment = Selectable<CommentsTable>;

/**
 * Sort keys of {@link CommentQuery}, named as the REST `orderby` values.
 *
 * @example
 * const key: CommentOrderBy = 'date_gmt';
 */
export type CommentOrderBy = 'date' | 'date_gmt' | 'id' | 'include' | 'post' | 'parent' | 'type';

/**
 * A filter and page over comments (WordPress's `WP_Comment_Query` as the REST list uses it).
 *
 * @example
 * const query: CommentQuery = { approved: ['1'], posts: [7], perPage: 10, offset: 0 };
 */
export interface CommentQuery {
  /** Stored `approved` values (`'1'`, `'0'`, `'spam'`, `'trash'`); empty for any. */
  approved: readonly string[];
  /** The comment type (`comment`); undefined for any. */
  type?: string | undefined;
  posts?: readonly number[] | undefined;
  include?: readonly number[] | undefined;
  exclude?: readonly number[] | undefined;
  parents?: readonly number[] | undefined;
  parentsExclude?: readonly number[] | undefined;
  users?: readonly number[] | undefined;
  usersExclude?: readonly number[] | undefined;
  authorEmail?: string | undefined;
  search?: string | undefined;
  /** Local dates (the site's timezone): comments made after / before them. */
  after?: string | undefined;
  before?: string | undefined;
  orderBy?: CommentOrderBy | undefined;
  order?: 'asc' | 'desc' | undefined;
  perPage: number;
  offset: number;
}
