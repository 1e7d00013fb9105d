/**
 * Writing post-like records as WordPress 6.1's posts controller does: the permission checks of
 * a create, an update and a delete (with the original's codes), the mapping of the request to
 * the stored row (status and date together: a `publish` dated in the future is `future`, a
 * `future` dated in the past is `publish`; slugs from titles, unique per type; `{ raw }` or
 * plain strings), and the delete rule (to the trash unless `force`).
 *
 * @module
 */
import { denied, type RestError, type RestRequest } from '@cms-json/core';
import type { Insertable, Updateable } from 'kysely';
import { contentError } from '../errors.js';
import { checkFeaturedMedia } from '../media/featured-media.js';
import { holdsRecordCapability, userCan } from '../permissions.js';
import type { PostsTable } from '../tables.js';
import { localDate, momentOf, parseRequestDate } from './dates.js';
import { canEditPost, typeCapabilities } from './permissions.js';
import type { PostTypeArgs } from './post-types.js';
import type { PostHtmlField } from './sanitize.js';
import { sanitizeTitle, uniqueSlug } from './slug.js';
import type { Post, PostStore } from './store.js';
import type { WritePostArgs } from './write-args.js';

const can = (request: RestRequest, args: PostTypeArgs, capability: keyof ReturnType<typeof typeCapabilities>) =>
  userCan(request, typeCapabilities(args)[capability]);

/** The permission checks a create and an update share: another author, sticky. */
function checkAssignments(request: RestRequest, args: PostTypeArgs, write: WritePostArgs, post?: Post): true | RestError {
  const self = request.user?.id ?? 0;
  if (
    write.author !== undefined &&
    write.author !== self &&
    write.author !== post?.author &&
    !can(request, args, 'edit_others_posts')
  ) {
    return denied(request, contentError('rest_cannot_edit_others'));
  }
  // As the original: either right will do.
  if (write.sticky === true && !can(request, args, 'edit_others_posts') && !can(request, args, 'publish_posts')) {
    return denied(request, contentError('rest_cannot_assign_sticky'));
  }
  return true;
}

/**
 * May the caller give the record this status: `publish`, `future` and `private` need the
 * type's `publish_posts` (unless the record has that status already). As the original's
 * `handle_status_param`, this runs when the write is prepared, after the permission check:
 * a refused status is an error, yet the update's methods stay in the answer's `Allow`.
 *
 * @example
 * const refused = statusRefusal(request, typeArgs, { status: 'publish' }); // true for an editor
 */
export function statusRefusal(request: RestRequest, args: PostTypeArgs, write: WritePostArgs, post?: Post): true | RestError {
  const status = write.status;
  if ((status === 'publish' || status === 'future') && post?.status !== status && !can(request, args, 'publish_posts')) {
    return denied(request, contentError('rest_cannot_publish'));
  }
  if (status === 'private' && post?.status !== 'private' && !can(request, args, 'publish_posts')) {
    return denied(request, contentError('rest_cannot_publish.private'));
  }
  return true;
}

/**
 * May the caller create this record (`POST /<rest_base>`)?
 *
 * @example
 * permission: (request, write) => canCreate(request, typeArgs, write),
 */
export function canCreate(request: RestRequest, args: PostTypeArgs, write: WritePostArgs): true | RestError {
  if (write.id !== undefined) return contentError('rest_post_exists');
  // The type's `create_posts`: `edit_posts` unless the type names another (reusable blocks: `publish_posts`).
  if (!can(request, args, 'create_posts')) return denied(request, contentError('rest_cannot_create'));
  if (write.author !== undefined && write.author !== request.user?.id && !can(request, args, 'edit_others_posts')) {
    return denied(request, contentError('rest_cannot_edit_others.create'));
  }
  return checkAssignments(request, args, write);
}

/**
 * May the caller change this record (`POST|PUT|PATCH /<rest_base>/<id>`)?
 *
 * @example
 * permission: async (request, write) => canUpdate(request, typeArgs, await existing(write.id), write),
 */
export function canUpdate(request: RestRequest, args: PostTypeArgs, post: Post, write: WritePostArgs): true | RestError {
  if (!canEditPost(request, args, post)) return denied(request, contentError('rest_cannot_edit.post'));
  return checkAssignments(request, args, write, post);
}

/**
 * May the caller delete this record, as WordPress's `map_meta_cap` for `delete_post`: their
 * own with `delete_published_posts` when published or scheduled, else `delete_posts`; others'
 * with `delete_others_posts`, and `delete_published_posts` for published or scheduled ones,
 * `delete_private_posts` for private ones. The type's capabilities as the record's primitives
 * ({@link holdsRecordCapability}): nobody deletes a reusable block that is not published, as
 * no role holds `delete_blocks`.
 *
 * @example
 * permission: async (request, { id }) => canDelete(request, typeArgs, await existing(id)),
 */
export function canDelete(request: RestRequest, args: PostTypeArgs, post: Post): true | RestError {
  const user = request.user;
  const caps = typeCapabilities(args);
  const published = post.status === 'publish' || post.status === 'future';
  const held = (capability: string) => holdsRecordCapability(request, capability);
  const allowed =
    user === null
      ? false
      : post.author > 0 && post.author === user.id
        ? held(published ? caps.delete_published_posts : caps.delete_posts)
        : held(caps.delete_others_posts) &&
          (!published || held(caps.delete_published_posts)) &&
          (post.status !== 'private' || held(caps.delete_private_posts));
  return allowed ? true : denied(request, contentError('rest_cannot_delete.not_allowed_post'));
}

/** The text of `title`, `content` or `excerpt` as sent: a string or `{ raw }`. */
function rawText(value: string | { raw: string } | undefined): string | undefined {
  return value === undefined ? undefined : typeof value === 'string' ? value : value.raw;
}

/**
 * What a write needs besides the request: the store, the type, the time and the timezone.
 *
 * @example
 * const scope: WriteScope = { store, name: 'post', args, nowGmt, timeZone: 'UTC', siteUrl };
 */
export interface WriteScope {
  readonly store: PostStore;
  readonly name: string;
  readonly args: PostTypeArgs;
  readonly nowGmt: string;
  readonly timeZone: string;
  readonly siteUrl: string;
  /** Whether a user id names a user (an unknown `author` is 400 `rest_invalid_author`). */
  readonly userExists: (id: number) => Promise<boolean>;
  /** Cleans HTML of callers without `unfiltered_html`, with the allow-list of the field. */
  readonly sanitize: (html: string, request: RestRequest, field: PostHtmlField) => string;
  /** The site's `default_comment_status` and `default_ping_status`: what a new record gets unless it says. */
  readonly discussion: { readonly comments: 'open' | 'closed'; readonly trackbacks: 'open' | 'closed' };
}

/**
 * An update's title, content and excerpt that were not sent, filtered again for a caller
 * without `unfiltered_html`, as WordPress: `wp_update_post` merges the stored post and
 * `wp_insert_post` runs every field through its `*_save_pre` kses, so any save by an author
 * or a contributor (a title, a status, terms only) turns a stored `&` into `&amp;` and drops
 * a `<script>` an administrator stored. Only the fields the filter changes are returned.
 *
 * @example
 * const trashed = { status: 'trash', ...refilteredFields(scope, request, post, {}) };
 */
export function refilteredFields(
  scope: WriteScope,
  request: RestRequest,
  post: Post,
  sent: Updateable<PostsTable>,
): Partial<Record<PostHtmlField, string>> {
  if (userCan(request, 'unfiltered_html')) return {};
  const changed: Partial<Record<PostHtmlField, string>> = {};
  for (const field of ['title', 'content', 'excerpt'] as const) {
    if (sent[field] !== undefined) continue;
    const filtered = scope.sanitize(post[field], request, field);
    if (filtered !== post[field]) changed[field] = filtered;
  }
  return changed;
}

/**
 * The stored row of a create or the changes of an update, checked: the author exists, the
 * parent is a record of the same type (and not the record itself), the dates parse, the slug
 * is unique in the type.
 *
 * @example
 * const row = await postChanges(scope, write, request);
 */
export async function postChanges(
  scope: WriteScope,
  write: WritePostArgs,
  request: RestRequest,
  post?: Post,
): Promise<Updateable<PostsTable>> {
  const refused = statusRefusal(request, scope.args, write, post);
  if (refused !== true) throw refused;
  const changes: Updateable<PostsTable> = {};
  const title = rawText(write.title);
  const content = rawText(write.content);
  const excerpt = rawText(write.excerpt);
  if (title !== undefined) changes.title = scope.sanitize(title, request, 'title');
  if (content !== undefined) changes.content = scope.sanitize(content, request, 'content');
  if (excerpt !== undefined) changes.excerpt = scope.sanitize(excerpt, request, 'excerpt');
  if (post !== undefined) Object.assign(changes, refilteredFields(scope, request, post, changes));
  if (write.author !== undefined) {
    if (!(await scope.userExists(write.author))) throw contentError('rest_invalid_author');
    changes.author = write.author;
  }
  if (write.parent !== undefined) {
    if (write.parent !== 0) {
      const parent = await scope.store.find(write.parent);
      if (parent === undefined || parent.type !== scope.name || parent.id === post?.id) {
        throw contentError('rest_post_invalid_id.parent');
      }
    }
    changes.parent = write.parent;
  }
  for (const field of ['password', 'comment_status', 'ping_status', 'template', 'format'] as const) {
    const value = write[field];
    if (typeof value === 'string') changes[field] = value;
  }
  if (write.menu_order !== undefined) changes.menu_order = write.menu_order;
  // Checked before anything is stored; kept as `_thumbnail_id` once the record is.
  await checkFeaturedMedia(scope.store, write.featured_media);
  // Dates: `date_gmt` wins, else `date` in the site's timezone; `null` means "now" (floating).
  let moment: Date | undefined;
  if (typeof write.date_gmt === 'string')
    moment = parseRequestDate(write.date_gmt.replace(/(?:Z|[+-]\d{2}:?\d{2})?$/, 'Z'), 'UTC');
  else if (typeof write.date === 'string') moment = parseRequestDate(write.date, scope.timeZone);
  if ((typeof write.date === 'string' || typeof write.date_gmt === 'string') && moment === undefined) {
    throw contentError('rest_invalid_date');
  }
  if (moment !== undefined) {
    changes.date_gmt = localDate(moment, 'UTC');
    changes.date = localDate(moment, scope.timeZone);
  }
  // Status and date together: publish in the future is scheduled; scheduled in the past is published.
  const status = write.status ?? post?.status ?? 'draft';
  const dateGmt = changes.date_gmt ?? post?.date_gmt ?? scope.nowGmt;
  if (status === 'publish' && dateGmt > scope.nowGmt) changes.status = 'future';
  else if (status === 'future' && dateGmt <= scope.nowGmt) changes.status = 'publish';
  else if (write.status !== undefined) changes.status = write.status;
  // Slugs: the one sent, else (when publishing) one from the title; unique in the type.
  let slug = write.slug !== undefined ? sanitizeTitle(write.slug) : undefined;
  const finalStatus = changes.status ?? post?.status ?? 'draft';
  const isPublic = finalStatus === 'publish' || finalStatus === 'future' || finalStatus === 'private';
  if ((slug === undefined || slug === '') && isPublic && (post === undefined || post.slug === '')) {
    slug = sanitizeTitle(title ?? post?.title ?? '');
    if (slug === '' && post !== undefined) slug = String(post.id);
  }
  if (slug !== undefined && slug !== '') {
    changes.slug = uniqueSlug(slug, await scope.store.slugsLike(scope.name, slug, post?.id ?? 0));
  } else if (write.slug !== undefined) {
    changes.slug = '';
  } else if (post?.status === 'trash' && finalStatus !== 'trash' && post.slug.endsWith(TRASHED)) {
    // Out of the trash: the slug it had before, as WordPress restores it.
    const desired = post.slug.slice(0, -TRASHED.length);
    changes.slug = desired === '' ? '' : uniqueSlug(desired, await scope.store.slugsLike(scope.name, desired, post.id));
  }
  // Pending review: no slug for a writer who may not publish, as WordPress's wp_insert_post
  // (the type's publish_posts asked directly on a create, as the record's primitive on an
  // update: no role holds `publish_blocks`, so a reusable block sent for review loses its slug).
  if (finalStatus === 'pending') {
    const publish = typeCapabilities(scope.args).publish_posts;
    if (!(post === undefined ? userCan(request, publish) : holdsRecordCapability(request, publish))) changes.slug = '';
  }
  return changes;
}

/** The suffix of a trashed record's slug, which frees the slug for others while it is in the trash. */
export const TRASHED = '__trashed';

/**
 * The slug of a record moved to the trash, as WordPress's `wp_add_trashed_suffix_to_post_name_for_post`.
 *
 * @example
 * trashedSlug('hello-world'); // 'hello-world__trashed'
 */
export function trashedSlug(slug: string): string {
  return slug.endsWith(TRASHED) ? slug : `${slug.slice(0, 191)}${TRASHED}`;
}

/**
 * A new record's comment or ping status, as WordPress's `get_default_comment_status`: closed on
 * pages and on types without the feature, the site's `default_comment_status` (or
 * `default_ping_status`) otherwise.
 */
function defaultDiscussion(scope: WriteScope, feature: 'comments' | 'trackbacks'): 'open' | 'closed' {
  return scope.name !== 'page' && scope.args.supports.includes(feature) ? scope.discussion[feature] : 'closed';
}

/**
 * The row of a new record, from its checked changes and the defaults of a create.
 *
 * @example
 * const post = await store.create(newPostRow(scope, changes, request));
 */
export function newPostRow(scope: WriteScope, changes: Updateable<PostsTable>, request: RestRequest): Insertable<PostsTable> {
  const nowLocal = localDate(momentOf(scope.nowGmt, 'UTC'), scope.timeZone);
  return {
    type: scope.name,
    status: changes.status ?? 'draft',
    author: changes.author ?? request.user?.id ?? 0,
    date: changes.date ?? nowLocal,
    date_gmt: changes.date_gmt ?? scope.nowGmt,
    // As WordPress's insert: a new record was last modified when it is dated.
    modified: changes.date ?? nowLocal,
    modified_gmt: changes.date_gmt ?? scope.nowGmt,
    comment_status: changes.comment_status ?? defaultDiscussion(scope, 'comments'),
    ping_status: changes.ping_status ?? defaultDiscussion(scope, 'trackbacks'),
    ...changes,
  };
}
