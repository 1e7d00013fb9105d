/**
 * Who may read post-like records, as WordPress 6.1's posts controller decides: the type's
 * capabilities (from its `capabilityType`), the status rules of a list (`status=draft` needs
 * `edit_posts`, else 400 `rest_invalid_param` with the detail `rest_forbidden_status`), the
 * edit context, and one record's visibility (published; private to `read_private_posts`;
 * anything the caller may edit).
 *
 * @module
 */
import { coreError, denied, type RestError, type RestRequest } from '@cms-json/core';
import { contentError } from '../errors.js';
import { holdsRecordCapability, userCan } from '../permissions.js';
import type { PostTypeArgs } from './post-types.js';
import { effectiveStatus, POST_STATUSES } from './statuses.js';
import type { Post, PostAccessFields, PostStore } from './store.js';

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

/** The type's capability as `map_meta_cap` returns it for one record, held by the caller ({@link holdsRecordCapability})? */
function holds(request: RestRequest, args: PostTypeArgs, capability: keyof ReturnType<typeof typeCapabilities>): boolean {
  return holdsRecordCapability(request, typeCapabilities(args)[capability]);
}

/**
 * May the caller edit this record, as WordPress's `map_meta_cap` for `edit_post`: their own
 * with `edit_posts` (published or scheduled ones with `edit_published_posts`), others' with
 * `edit_others_posts` (and `edit_published_posts` for published or scheduled ones,
 * `edit_private_posts` for private ones). A trashed record needs `edit_posts`, and someone
 * else's `edit_others_posts` too (the original also reads the status it had before the trash).
 *
 * @example
 * if (!canEditPost(request, args, post)) return denied(request, 'rest_cannot_edit');
 */
export function canEditPost(request: RestRequest, args: PostTypeArgs, post: PostAccessFields): boolean {
  if (request.user === null) return false;
  const own = post.author > 0 && post.author === request.user.id;
  if (post.status === 'trash') return holds(request, args, 'edit_posts') && (own || holds(request, args, 'edit_others_posts'));
  const published = post.status === 'publish' || post.status === 'future';
  if (own) return holds(request, args, published ? 'edit_published_posts' : 'edit_posts');
  if (!holds(request, args, 'edit_others_posts')) return false;
  if (published && !holds(request, args, 'edit_published_posts')) return false;
  if (post.status === 'private' && !holds(request, args, 'edit_private_posts')) return false;
  return true;
}

/**
 * May the caller read this record by the record alone (WordPress's `current_user_can('read_post')`)?
 * Published records anyone; a record of a public status whoever may `read`; their own
 * records their author; private ones `read_private_posts`; the rest whoever may edit them.
 * `status` is the status the capability is checked on: the record's own as it is now, or for
 * an attachment (`inherit`) its parent's ({@link readablePosts} decides that one).
 *
 * @example
 * if (!canReadPost(request, args, post, 'draft')) return denied(request, 'rest_forbidden');
 */
export function canReadPost(request: RestRequest, args: PostTypeArgs, post: PostAccessFields, status: string): boolean {
  if (status === 'publish') return true;
  const statusOf = POST_STATUSES[status];
  if (statusOf?.public === true) return holds(request, args, 'read');
  if (request.user !== null && post.author > 0 && post.author === request.user.id) return holds(request, args, 'read');
  if (statusOf?.private === true) return holds(request, args, 'read_private_posts');
  return canEditPost(request, args, post);
}

/**
 * What the read check needs besides the caller: each type's arguments (`undefined`, or a
 * type without routes: nobody reads it here), the clock, and the records a record inherits
 * from (an attachment's post).
 *
 * @example
 * const access: ReadAccess = { typeArgs: (name) => registry.get(name), nowGmt, findMany: (ids) => store.findMany(ids) };
 */
export interface ReadAccess {
  typeArgs(name: string): PostTypeArgs | undefined;
  readonly nowGmt: string;
  findMany(ids: readonly number[]): Promise<readonly PostAccessFields[]>;
}

/**
 * The {@link ReadAccess} of a site's post types over its store, at `nowGmt`.
 *
 * @example
 * readablePosts(request, readAccessOf({ typeArgs: (name) => registry.get(name), store, nowGmt }), posts);
 */
export function readAccessOf(parts: {
  readonly typeArgs: (name: string) => PostTypeArgs | undefined;
  readonly store: Pick<PostStore, 'findAccess'>;
  readonly nowGmt: string;
}): ReadAccess {
  const { typeArgs, store, nowGmt } = parts;
  return { typeArgs, nowGmt, findMany: (ids) => store.findAccess(ids) };
}

/** How far an `inherit` record's parents are followed (WordPress recurses; a loop of parents ends here). */
const MAX_PARENT_DEPTH = 4;

/**
 * The ids of the records the caller may read: WordPress's `check_read_permission`, run on
 * every record of a list, an embed, a search or one record. A record of a type without
 * routes is never readable; published ones always are; the rest as {@link canReadPost}
 * decides; an `inherit` record (an attachment) the caller may not read by itself is readable
 * when its parent is, or when it has none. Parents are read in one query per level.
 *
 * @example
 * const readable = await readablePosts(request, access, posts);
 * const shown = posts.filter((post) => readable.has(post.id));
 */
export function readablePosts(
  request: RestRequest,
  access: ReadAccess,
  posts: readonly PostAccessFields[],
): Promise<Set<number>> {
  return readableAt(request, access, posts, 0);
}

/** {@link readablePosts} for records `depth` parents up from those asked about. */
async function readableAt(
  request: RestRequest,
  access: ReadAccess,
  posts: readonly PostAccessFields[],
  depth: number,
): Promise<Set<number>> {
  const readable = new Set<number>();
  const inheriting: PostAccessFields[] = [];
  // A type's arguments are filtered anew on each lookup: once per type and call is enough.
  const known = new Map<string, PostTypeArgs | undefined>();
  const typeArgs = (name: string) => {
    if (!known.has(name)) known.set(name, access.typeArgs(name));
    return known.get(name);
  };
  for (const post of posts) {
    const args = typeArgs(post.type);
    if (args === undefined || !args.showInRest) continue;
    if (post.status === 'inherit' && post.parent > 0 && post.parent !== post.id) inheriting.push(post);
    else if (post.status === 'inherit' || canReadPost(request, args, post, effectiveStatus(post, access.nowGmt))) {
      readable.add(post.id);
    }
  }
  if (inheriting.length === 0) return readable;
  const parents = new Map(
    (await access.findMany([...new Set(inheriting.map((post) => post.parent))])).map((parent) => [parent.id, parent]),
  );
  const readableParents =
    depth < MAX_PARENT_DEPTH ? await readableAt(request, access, [...parents.values()], depth + 1) : new Set<number>();
  for (const post of inheriting) {
    const parent = parents.get(post.parent);
    // As `get_post_status`: an attachment has its parent's status, or `publish` with no parent.
    const status = parent === undefined ? 'publish' : effectiveStatus(parent, access.nowGmt);
    const args = typeArgs(post.type);
    if (args === undefined) continue;
    if (canReadPost(request, args, post, status) || parent === undefined || readableParents.has(parent.id)) readable.add(post.id);
  }
  return readable;
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
    return denied(request, contentError('rest_forbidden_context.post_type'));
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
    const refusal = denied(request, contentError('rest_forbidden_status'));
    return coreError('rest_invalid_param', {
      params: { names: 'status' },
      data: { params: { status: refusal.message }, details: { status: refusal.toBody() } },
    });
  }
  return true;
}

/**
 * May the caller read this record in this context (`GET /<base>/<id>`)? A wrong `password`
 * is 403 `rest_post_incorrect_password` for everyone (a record without one has none to match); the edit context needs the right to edit it.
 *
 * @example
 * const readable = (await readablePosts(request, access, [post])).has(post.id);
 * const refusal = canRead(request, typeArgs, post, args, { readable });
 */
export function canRead(
  request: RestRequest,
  args: PostTypeArgs,
  post: Post,
  query: { context: string; password?: string | undefined },
  check: { readable: boolean },
): true | RestError {
  if (query.context === 'edit' && !canEditPost(request, args, post)) {
    return denied(request, contentError('rest_forbidden_context.post'));
  }
  // As the original: any password sent that is not the record's is refused, whoever asks.
  if (query.password !== undefined && query.password !== '' && query.password !== post.password) {
    return contentError('rest_post_incorrect_password');
  }
  if (!check.readable) return denied(request, 'rest_forbidden');
  return true;
}
