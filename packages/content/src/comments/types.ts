/**
 * The types the files of `comments/` share: the record types the `comment` object type's
 * hooks and fields see (declared to the core's object types).
 *
 * @module
 */
import type { AnyRecord } from '@cms-json/core';
import type { Updateable } from 'kysely';
import type { CommentsTable } from '../tables.js';
import type { Comment, CommentQuery } from './store.js';

/**
 * The record types of the `comment` object type: hooks of writes see the stored
 * {@link Comment}, a field's `update` and `get` the record sent, `preInsert` the row about to
 * be stored (with `approved` on a create), `query` the list's query.
 *
 * @example
 * server.objectTypes.get('comment').on('trash', (comment) => log(comment.post_id)); // comment: Comment
 */
export interface CommentRecordTypes {
  readonly record: AnyRecord;
  readonly stored: Comment;
  readonly written: AnyRecord;
  readonly changes: Updateable<CommentsTable>;
  readonly query: CommentQuery;
}

declare module '@cms-json/core' {
  interface ObjectTypeRecords {
    comment: CommentRecordTypes;
  }
}
