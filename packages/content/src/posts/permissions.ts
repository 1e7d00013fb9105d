/**
 * Who may read post-like records, as WordPress 6.1's posts controller decides: the type's
 * capabilities (from its `capabilityType`), the status rules of a list (`status=draft` needs
 * `edit_posts`, else 400 `rest_invalid_param` with the detail `rest_forbidden_status`), the
 * edit context, and one record's visibility (published; private to `read_private_posts`;
 * anything the caller may edit).
 *
 * @module
 */
import { denied, type RestError, RestError as RestErrorClass, type RestRequest } from '@cms-json/core';
import { contentError } from '../errors.js';
import { userCan } from '../permissions.js';
import type { PostTypeArgs } from './post-types.js';
import type { Post } from './store.js';

/**
 * The primitive capabilities of a post type, named from its `capabilityType`.
 *
 * @example
 * typeCapabilities(postTypeDefaults('book')).edit_posts; // 'edit_posts'
 */
export function typeCapabilities(args: PostTypeArgs) {
  const [singular, plural] =
    typeof args.capabilityType === 'string' ? [args.capabilityType, `${args.capabilityType}s`] : args.capabilityType;
  return {
    edit_post: `edit_${singular}`,
    read_post: `read_${singular}`,
    delete_post: `delete_${singular}`,
    edit_posts: `edit_${plural}`,
    edit_others_posts: `edit_others_${plural}`,
    publish_posts: `publish_${plural}`,
    read_private_posts: `read_private_${plural}`,
    delete_posts: `delete_${plural}`,
    delete_others_posts: `delete_others_${plural}`,
    edit_published_posts: `edit_published_${plural}`,
    edit_private_posts: `edit_private_${plural}`,
    read: 'read',
    delete_private_posts: `delete_private_${plural}`,
    delete_published_posts: `delete_published_${plural}`,
    create_posts: `edit_${plural}`,
    // The type's own names win, as WordPress's `capabilities` argument (media: `upload_files`).
    ...args.capabilities,
  };
}

/** The type's capability, held by the caller? */
function can(request: RestRequest, args: PostTypeArgs, capability: keyof ReturnType<typeof typeCapabilities>): boolean {
  return userCan(request, typeCapabilities(args)[capability]);
}

/**
 * May the caller edit this record: their own with `edit_posts` (published ones also need
 * `edit_published_posts`, private ones `edit_private_posts`), others' with
 * `edit_others_posts` — WordPress's `map_meta_cap` for `edit_post`.
 *
 * @example
 * if (!canEditPost(request, args, post)) return denied(request, 'rest_cannot_edit');
 */
export function canEditPost(request: RestRequest, args: PostTypeArgs, post: Post): boolean {
  if (request.user === null) return false;
  if (post.status === 'trash')
    return can(request, args, 'edit_posts') && (post.author === request.user.id || can(request, args, 'edit_others_posts'));
  const own = post.author === request.user.id;
  if (!own && !can(request, args, 'edit_others_posts')) return false;
  if (!can(request, args, 'edit_posts')) return false;
  if ((post.status === 'publish' || post.status === 'future') && !can(request, args, 'edit_published_posts')) return false;
  if (post.status === 'private' && !can(request, args, 'edit_private_posts')) return false;
  return true;
}

/**
 * May the caller read this record (WordPress's `check_read_permission`)? Published records of
 * a type anyone may read; private ones with `read_private_posts`; anything they may edit.
 *
 * @example
 * if (!canReadPost(request, args, post, status)) return denied(request, 'rest_forbidden');
 */
export function canReadPost(request: RestRequest, args: PostTypeArgs, post: Post, status: string): boolean {
  if (status === 'publish') return true;
  if (status === 'private' && can(request, args, 'read_private_posts')) return true;
  if (status === 'inherit' && post.parent > 0) return true;
  return canEditPost(request, args, post);
}

/**
 * The list's permission: the edit context needs `edit_posts` (401/403 `rest_forbidden_context`).
 *
 * @example
 * permission: (request, args) => canList(request, typeArgs, args),
 */
export function canList(
  request: RestRequest,
  args: PostTypeArgs,
  // Parts may be missing: `Allow` asks again with no arguments when the request's failed to parse.
  query: { context?: string },
): true | RestError {
  if (query.context === 'edit' && !can(request, args, 'edit_posts')) {
    return denied(request, 'rest_forbidden_context', 'Sorry, you are not allowed to edit posts in this post type.');
  }
  return true;
}

/**
 * The list's statuses, checked as the original's argument check does (so after the
 * permission step: the refusal still carries `Allow`): every status but `publish` needs
 * `edit_posts` (private: or `read_private_posts`), else 400 `rest_invalid_param` whose detail
 * is `rest_forbidden_status`.
 *
 * @example
 * const refusal = listStatusRefusal(request, typeArgs, args);
 * if (refusal !== true) throw refusal;
 */
export function listStatusRefusal(
  request: RestRequest,
  args: PostTypeArgs,
  query: { status: readonly string[] },
): true | RestError {
  for (const status of query.status) {
    if (status === 'publish' || can(request, args, 'edit_posts')) continue;
    if (status === 'private' && can(request, args, 'read_private_posts')) continue;
    const refusal = denied(request, 'rest_forbidden_status', 'Status is forbidden.');
    return new RestErrorClass('rest_invalid_param', 'Invalid parameter(s): status', {
      data: { params: { status: 'Status is forbidden.' }, details: { status: refusal.toBody() } },
    });
  }
  return true;
}

/**
 * May the caller read this record in this context (`GET /<base>/<id>`)? A wrong `password`
 * is 403 `rest_post_incorrect_password`; the edit context needs the right to edit it.
 *
 * @example
 * permission: async (request, args) => canRead(request, typeArgs, await find(args.id), args),
 */
export function canRead(
  request: RestRequest,
  args: PostTypeArgs,
  post: Post,
  status: string,
  query: { context: string; password?: string | undefined },
): true | RestError {
  if (query.context === 'edit' && !canEditPost(request, args, post)) {
    return denied(request, 'rest_forbidden_context', 'Sorry, you are not allowed to edit this post.');
  }
  if (
    post.password !== '' &&
    query.password !== undefined &&
    query.password !== post.password &&
    !canEditPost(request, args, post)
  ) {
    return contentError('rest_post_incorrect_password');
  }
  if (!canReadPost(request, args, post, status))
    return denied(request, 'rest_forbidden', 'Sorry, you are not allowed to do that.');
  return true;
}
