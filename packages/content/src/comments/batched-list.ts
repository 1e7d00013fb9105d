/**
 * A list of one post's comments read together with the others of the same shape that the
 * requests answered with it ask for (the `replies` links of an `_embed`): one query for the
 * comments of every post of a page, not one (and a count) per post.
 *
 * @module
 */
import type { RestRequest } from '@cms-json/core';
import { listsPerObject } from '../request-batch.js';
import type { Comment, CommentQuery, CommentStore } from './store.js';

const commentsOfPost = listsPerObject(
  (store: CommentStore, query: Omit<CommentQuery, 'posts'>, ids) => store.listForPosts(query, ids),
  () => ({ comments: [] as Comment[], total: 0 }),
);

/**
 * `store.list(query)`; a query for one post's comments joins the others of its shape asked
 * for in the same tick by the requests answered together.
 *
 * @example
 * const { comments, total } = await listComments(store, request, query);
 */
export async function listComments(
  store: CommentStore,
  request: RestRequest,
  query: CommentQuery,
): Promise<{ comments: Comment[]; total: number }> {
  const { posts, ...rest } = query;
  const post = posts?.length === 1 ? posts[0] : undefined;
  return post === undefined ? store.list(query) : commentsOfPost(store, request, rest, post);
}
