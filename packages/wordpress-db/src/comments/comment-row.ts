/**
 * A row of WordPress's `comments` table as content's `Comment`, and content's comment fields
 * as the table's columns (`comment_ID` ↔ `id`, `comment_post_ID` ↔ `post_id`,
 * `comment_author` ↔ `author_name` …; dates converted with `dates.ts`).
 *
 * @module
 */
import type { Comment, CommentsTable } from '@cms-json/content';
import type { Insertable, Selectable, Updateable } from 'kysely';
import { fromWordPressDate, toWordPressDate } from '../dates.js';
import type { WpCommentsTable } from '../tables.js';

/** A row of `comments` as read. */
export type WpCommentRow = Selectable<WpCommentsTable>;

/** Content's name of each column of `comments`. */
export const COMMENT_COLUMNS = {
  id: 'comment_ID',
  post_id: 'comment_post_ID',
  author_name: 'comment_author',
  author_email: 'comment_author_email',
  author_url: 'comment_author_url',
  author_ip: 'comment_author_IP',
  date: 'comment_date',
  date_gmt: 'comment_date_gmt',
  content: 'comment_content',
  karma: 'comment_karma',
  approved: 'comment_approved',
  agent: 'comment_agent',
  type: 'comment_type',
  parent: 'comment_parent',
  user_id: 'user_id',
} as const satisfies Record<keyof CommentsTable, keyof WpCommentsTable>;

/**
 * A row as content's {@link Comment}. A type left empty (rows from before WordPress 5.5) is
 * `comment`, as `get_comment_type` answers.
 *
 * @example
 * toComment(row); // { id: 2, post_id: 4, author_name: 'Tom Tester', date: '2023-01-02T12:01:00', … }
 */
export function toComment(row: WpCommentRow): Comment {
  return {
    id: Number(row.comment_ID),
    post_id: Number(row.comment_post_ID),
    author_name: row.comment_author,
    author_email: row.comment_author_email,
    author_url: row.comment_author_url,
    author_ip: row.comment_author_IP,
    date: fromWordPressDate(row.comment_date),
    date_gmt: fromWordPressDate(row.comment_date_gmt),
    content: row.comment_content,
    karma: Number(row.comment_karma),
    approved: row.comment_approved,
    agent: row.comment_agent,
    type: row.comment_type === '' ? 'comment' : row.comment_type,
    parent: Number(row.comment_parent),
    user_id: Number(row.user_id),
  };
}

/** Content's changes to a comment as the table's columns (absent fields absent). */
export function toWordPressChanges(changes: Updateable<CommentsTable>): Updateable<WpCommentsTable> {
  const out: Updateable<WpCommentsTable> = {};
  if (changes.post_id !== undefined) out.comment_post_ID = changes.post_id;
  if (changes.author_name !== undefined) out.comment_author = changes.author_name;
  if (changes.author_email !== undefined) out.comment_author_email = changes.author_email;
  if (changes.author_url !== undefined) out.comment_author_url = changes.author_url;
  if (changes.author_ip !== undefined) out.comment_author_IP = changes.author_ip;
  if (changes.date !== undefined) out.comment_date = toWordPressDate(changes.date);
  if (changes.date_gmt !== undefined) out.comment_date_gmt = toWordPressDate(changes.date_gmt);
  if (changes.content !== undefined) out.comment_content = changes.content;
  if (changes.karma !== undefined) out.comment_karma = changes.karma;
  if (changes.approved !== undefined) out.comment_approved = changes.approved;
  if (changes.agent !== undefined) out.comment_agent = changes.agent;
  if (changes.type !== undefined) out.comment_type = changes.type;
  if (changes.parent !== undefined) out.comment_parent = changes.parent;
  if (changes.user_id !== undefined) out.user_id = changes.user_id;
  return out;
}

/**
 * A new comment as the row `wp_insert_comment` stores: every column given (the table's text
 * columns have no default), a comment's type `comment`, approved `1` unless said.
 *
 * @example
 * toWordPressInsert({ post_id: 4, content: 'Hi', date: '2030-01-01T00:00:00', date_gmt: '2030-01-01T00:00:00' });
 */
export function toWordPressInsert(row: Insertable<CommentsTable>): Insertable<WpCommentsTable> {
  return {
    comment_post_ID: row.post_id ?? 0,
    comment_author: row.author_name ?? '',
    comment_author_email: row.author_email ?? '',
    comment_author_url: row.author_url ?? '',
    comment_author_IP: row.author_ip ?? '',
    comment_date: toWordPressDate(row.date),
    comment_date_gmt: toWordPressDate(row.date_gmt),
    comment_content: row.content ?? '',
    comment_karma: row.karma ?? 0,
    comment_approved: row.approved ?? '1',
    comment_agent: row.agent ?? '',
    comment_type: row.type ?? 'comment',
    comment_parent: row.parent ?? 0,
    user_id: row.user_id ?? 0,
  };
}
