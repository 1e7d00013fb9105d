/**
 * Who may do what with comments, as WordPress 6.1's comments controller decides: reading a
 * comment needs its post to be readable (a protected post: its password, or the right to
 * edit it) and the comment approved, or being its author, or the right to edit it; editing a
 * comment (`edit_comment`) is editing its post (`edit_post`), or `edit_posts` for a comment
 * without one; `moderate_comments` may do anything.
 *
 * @module
 */
import type { RestRequest } from '@cms-json/core';
import { userCan } from '../permissions.js';
import { canEditPost, type ReadAccess, readablePosts } from '../posts/permissions.js';
import type { Post } from '../posts/store.js';
import type { Comment } from './store.js';

/**
 * What the checks need to know about post types, and the posts the caller may read (the one
 * read check, {@link readablePosts}, run by {@link withReadablePosts} before the checks).
 *
 * @example
 * const access = await withReadablePosts(request, { typeArgs, nowGmt, findMany }, [post]);
 */
export interface PostAccess extends ReadAccess {
  /** The ids of the posts asked about that the caller may read. */
  readonly readable: ReadonlySet<number>;
}

/**
 * The access of a request's checks about these posts: their read check run once, for all.
 *
 * @example
 * const access = await withReadablePosts(request, controller.readAccess(), posts);
 * canReadCommentPost(request, access, posts[0], { passwordOk: false });
 */
export async function withReadablePosts(
  request: RestRequest,
  access: ReadAccess,
  posts: readonly (Post | undefined)[],
): Promise<PostAccess> {
  const asked = posts.filter((post): post is Post => post !== undefined);
  return { ...access, readable: await readablePosts(request, access, asked) };
}

/**
 * May the caller read this post for its comments (the original's `check_read_post_permission`)?
 * A protected post counts as open when `passwordOk` (the right password was sent for the one
 * post or comment asked for); else only to those who may edit it. The post must be one the
 * access was made for ({@link withReadablePosts}).
 *
 * @example
 * if (!canReadCommentPost(request, access, post, { passwordOk: false })) return denied(request, 'rest_cannot_read_post');
 */
export function canReadCommentPost(
  request: RestRequest,
  access: PostAccess,
  post: Post,
  options: { passwordOk: boolean },
): boolean {
  const args = access.typeArgs(post.type);
  if (args === undefined || !args.showInRest) return false;
  if (post.password !== '' && !options.passwordOk) return canEditPost(request, args, post);
  return access.readable.has(post.id);
}

/**
 * Whether a password opens a protected post for this request: sent and right.
 *
 * @example
 * passwordOpens(post, args.password); // true when it is the post's password
 */
export function passwordOpens(post: Post, password: string | undefined): boolean {
  return post.password !== '' && password !== undefined && password === post.password;
}

/**
 * `edit_comment` as WordPress maps it: `edit_post` of the comment's post, or `edit_posts`
 * when the comment has no post.
 *
 * @example
 * canEditComment(request, access, post); // an author on their own post: true
 */
export function canEditComment(request: RestRequest, access: Pick<ReadAccess, 'typeArgs'>, post: Post | undefined): boolean {
  if (request.user === null) return false;
  if (post === undefined) return userCan(request, 'edit_posts');
  const args = access.typeArgs(post.type);
  if (args === undefined) return userCan(request, 'edit_posts');
  return canEditPost(request, args, post);
}

/**
 * May the caller change or delete this comment (the original's `check_edit_permission`)?
 *
 * @example
 * if (!canChangeComment(request, access, post)) return denied(request, 'rest_cannot_edit');
 */
export function canChangeComment(request: RestRequest, access: Pick<ReadAccess, 'typeArgs'>, post: Post | undefined): boolean {
  if (request.user === null) return false;
  if (userCan(request, 'moderate_comments')) return true;
  return canEditComment(request, access, post);
}

/**
 * May the caller read this comment (the original's `check_read_permission`)?
 *
 * @example
 * comments.filter((comment) => canReadComment(request, access, comment, postOf(comment), { passwordOk: false }));
 */
export function canReadComment(
  request: RestRequest,
  access: PostAccess,
  comment: Comment,
  post: Post | undefined,
  options: { passwordOk: boolean },
): boolean {
  if (post !== undefined && comment.approved === '1' && canReadCommentPost(request, access, post, options)) return true;
  if (request.user === null) return false;
  if (comment.post_id === 0 && !userCan(request, 'moderate_comments')) return false;
  if (comment.user_id !== 0 && comment.user_id === request.user.id) return true;
  return canEditComment(request, access, post);
}
