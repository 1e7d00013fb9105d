/**
 * Writing comments as WordPress 6.1 does over REST: who may create one (signed in, or
 * anonymous when the site allows it; an open, readable post), what a create or an update
 * stores (`prepare_item_for_database`, `wp_filter_comment`: the author's fields cleaned, the
 * content's HTML by the caller's role), the checks before storing (empty content, the
 * columns' lengths, duplicates, floods, moderation), status changes (approve, hold, spam,
 * trash and back) and deletion. A refused request stores nothing.
 *
 * @module
 */
import { denied, permissionsChanged, type RestError, type RestRequest, type RestResponse, response } from '@cms-json/core';
import type { Updateable } from 'kysely';
import { contentError } from '../errors.js';
import type { MetaWrite } from '../meta/write.js';
import { userCan } from '../permissions.js';
import { localDate, parseRequestDate } from '../posts/dates.js';
import { sanitizeCommentHtml } from '../posts/sanitize.js';
import type { CommentsTable } from '../tables.js';
import type { DeleteCommentArgs, WriteCommentArgs } from './args.js';
import { COMMENT_TYPE, type CommentsController } from './controller.js';
import { canReadCommentPost, passwordOpens } from './permissions.js';
import { renderComment } from './record.js';
import type { Comment } from './store.js';

/** The meta key keeping a comment's status from before it went to the trash or spam, as WordPress. */
const TRASH_META_STATUS = '_wp_trash_meta_status';
/** The meta key of when a comment went to the trash or spam, as WordPress. */
const TRASH_META_TIME = '_wp_trash_meta_time';
/** WordPress's flood rule: a second comment less than this many seconds after one is refused. */
const FLOOD_SECONDS = 15;

/** The columns' limits (`wp_get_comment_fields_max_lengths`) and their error codes. */
const MAX_LENGTHS = [
  ['author_name', 245, 'comment_author_column_length'],
  ['author_email', 100, 'comment_author_email_column_length'],
  ['author_url', 200, 'comment_author_url_column_length'],
  ['content', 65525, 'comment_content_column_length'],
] as const;

/** A comment row being written. */
type CommentChanges = Updateable<CommentsTable>;

/**
 * A create's permission check (the original's `create_item_permissions_check`).
 *
 * @example
 * permission: (request, args) => canCreateComment(controller, request, args),
 */
export async function canCreateComment(
  controller: CommentsController,
  request: RestRequest,
  args: Partial<WriteCommentArgs>,
): Promise<true | RestError> {
  const { options } = controller.context;
  if (request.user === null) {
    if ((await options.get('comment_registration')) || !(await options.get('allow_anonymous_comments'))) {
      return contentError('rest_comment_login_required');
    }
  }
  const moderator = userCan(request, 'moderate_comments');
  if (args.author !== undefined && (request.user?.id ?? 0) !== args.author && !moderator) {
    return denied(request, contentError('rest_comment_invalid_author'));
  }
  if (args.author_ip !== undefined && !moderator && args.author_ip !== controller.context.clientIp?.(request)) {
    return denied(request, contentError('rest_comment_invalid_author_ip'));
  }
  if (args.status !== undefined && !moderator) {
    return denied(request, contentError('rest_comment_invalid_status'));
  }
  const post = (args.post ?? 0) > 0 ? await controller.post(request, args.post ?? 0) : undefined;
  if (post === undefined) return contentError('rest_comment_invalid_post_id');
  if (post.status === 'draft') return contentError('rest_comment_draft_post');
  if (post.status === 'trash') return contentError('rest_comment_trash_post');
  const password = request.param('password');
  const passwordOk = passwordOpens(post, typeof password === 'string' ? password : undefined);
  if (!canReadCommentPost(request, await controller.access(request, [post]), post, { passwordOk })) {
    return denied(request, contentError('rest_cannot_read_post'));
  }
  if (post.comment_status !== 'open') return contentError('rest_comment_closed');
  return true;
}

/** WordPress's `sanitize_text_field` then `_wp_specialchars`: no tags, one line, `&<>` escaped once. */
function cleanText(text: string): string {
  return text
    .replace(/<[^>]*>?/g, '')
    .replace(/[\r\n\t ]+/g, ' ')
    .trim()
    .replace(/&(?!#?\w+;)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

const URL_SCHEMES = /^(https?|ftps?|mailto|news|irc|gopher|nntp|feed|telnet|mms|rtsp|sms|svn|tel|fax|xmpp|webcal|urn):/i;

/** WordPress's `esc_url_raw` for an author's address: no tags, a known scheme (`http://` added when none), else empty. */
function cleanUrl(url: string): string {
  const bare = url
    .replace(/<[^>]*>?/g, '')
    .trim()
    .replace(/\s/g, '');
  if (bare === '') return '';
  if (/^[a-z][a-z0-9+.-]*:/i.test(bare)) return URL_SCHEMES.test(bare) ? bare : '';
  if (/^[/#?]/.test(bare)) return bare;
  return `http://${bare}`;
}

/**
 * What a create or an update stores from its arguments (the original's
 * `prepare_item_for_database` then `wp_filter_comment`), before the content checks.
 */
async function prepareForDatabase(
  controller: CommentsController,
  args: WriteCommentArgs,
  request: RestRequest,
): Promise<CommentChanges & { rawContent?: string }> {
  const prepared: CommentChanges & { rawContent?: string } = {};
  const content = typeof args.content === 'string' ? args.content : args.content?.raw;
  if (content !== undefined) {
    prepared.rawContent = content.trim();
    prepared.content = sanitizeCommentHtml(content.trim(), request);
  }
  if (args.post !== undefined) prepared.post_id = args.post;
  if (args.parent !== undefined) prepared.parent = args.parent;
  if (args.author !== undefined) {
    const user = args.author > 0 ? await controller.context.users.findById(args.author) : undefined;
    if (user === undefined) throw contentError('rest_comment_author_invalid');
    prepared.user_id = user.id;
    prepared.author_name = cleanText(user.displayName);
    prepared.author_email = user.email;
    prepared.author_url = cleanUrl(user.url);
  }
  if (args.author_name !== undefined) prepared.author_name = cleanText(args.author_name);
  if (args.author_email !== undefined) prepared.author_email = args.author_email.trim();
  if (args.author_url !== undefined) prepared.author_url = cleanUrl(args.author_url);
  prepared.author_ip =
    args.author_ip !== undefined && userCan(request, 'moderate_comments')
      ? args.author_ip
      : (controller.context.clientIp?.(request) ?? '127.0.0.1');
  const agent =
    args.author_user_agent !== undefined && args.author_user_agent !== '' ? args.author_user_agent : request.header('user-agent');
  if (agent !== undefined && agent !== '') prepared.agent = cleanText(agent).slice(0, 254);
  const dateText = args.date ?? args.date_gmt;
  if (dateText !== undefined && dateText !== '') {
    const timeZone = await controller.context.options.get('timezone');
    const moment = parseRequestDate(dateText, args.date ? timeZone : 'UTC');
    if (moment !== undefined) {
      prepared.date = localDate(moment, timeZone);
      prepared.date_gmt = localDate(moment, 'UTC');
    }
  }
  return prepared;
}

/** The columns' lengths, checked as `wp_check_comment_data_max_lengths`. */
function checkLengths(prepared: CommentChanges): void {
  for (const [column, max, code] of MAX_LENGTHS) {
    const value = prepared[column];
    if (typeof value === 'string' && value.length > max) {
      throw contentError(code);
    }
  }
}

/** `wp_allow_comment`: a duplicate is 409, a flood 400, else the stored approval (`'1'` or `'0'`). */
async function allowComment(
  controller: CommentsController,
  request: RestRequest,
  comment: {
    post_id: number;
    parent: number;
    author_name: string;
    author_email: string;
    author_url: string;
    content: string;
    date_gmt: string;
    user_id: number;
    author_ip: string;
  },
): Promise<string> {
  const { store, options, users } = controller.context;
  if ((await store.findDuplicate(comment)) !== undefined) throw contentError('comment_duplicate');
  if (!userCan(request, 'manage_options') && !userCan(request, 'moderate_comments')) {
    const now = Date.parse(`${comment.date_gmt}Z`);
    const hourAgo = localDate(new Date(controller.context.now() - 60 * 60 * 1000), 'UTC');
    const last = await store.lastCommentDate({
      userId: request.user?.id ?? 0,
      ip: comment.author_ip,
      email: comment.author_email,
      sinceGmt: hourAgo,
    });
    if (last !== undefined && (now - Date.parse(`${last}Z`)) / 1000 < FLOOD_SECONDS) throw contentError('comment_flood');
  }
  if (comment.user_id > 0) {
    const post = await controller.post(request, comment.post_id);
    const user = await users.findById(comment.user_id);
    if (user !== undefined && (post?.author === user.id || user.capabilities.has('moderate_comments'))) return '1';
  }
  // check_comment: manual moderation, the link limit (2), then "previously approved".
  if (await options.get('comment_moderation')) return '0';
  if ((renderComment(comment.content).match(/<a [^>]*href/gi) ?? []).length >= 2) return '0';
  if (await options.get('comment_previously_approved')) {
    if (comment.author_name === '' || comment.author_email === '') return '0';
    const byEmail = await users.findByEmail(comment.author_email);
    const approved = await store.hasApproved(
      byEmail === undefined
        ? { userId: 0, name: comment.author_name, email: comment.author_email }
        : { userId: byEmail.id, name: '', email: '' },
    );
    return approved ? '1' : '0';
  }
  return '1';
}

/** WordPress's `wp_get_comment_status` names. */
function statusName(approved: string): string {
  if (approved === '1') return 'approved';
  if (approved === '0') return 'unapproved';
  return approved;
}

/**
 * The original's `handle_status_param`: approve, hold, spam, unspam, trash, untrash. Spam and
 * trash keep the status before them in the comment's meta, so unspam and untrash restore it.
 * False when nothing changed.
 */
async function applyStatus(controller: CommentsController, comment: Comment, wanted: string): Promise<boolean> {
  const { store } = controller.context;
  const meta = store.meta;
  const current = statusName(comment.approved);
  if (wanted === current) return false;
  const set = async (approved: string) => (await store.update(comment.id, { approved })) !== undefined;
  switch (wanted) {
    case 'approved':
    case 'approve':
    case '1':
      return comment.approved !== '1' && set('1');
    case 'hold':
    case '0':
      return comment.approved !== '0' && set('0');
    case 'spam':
    case 'trash':
      await meta.set(comment.id, TRASH_META_STATUS, comment.approved);
      await meta.set(comment.id, TRASH_META_TIME, String(Math.floor(controller.context.now() / 1000)));
      return set(wanted);
    case 'unspam':
    case 'untrash': {
      if (comment.approved !== (wanted === 'unspam' ? 'spam' : 'trash')) return false;
      const before = (await meta.get(comment.id, TRASH_META_STATUS)) ?? '0';
      await meta.remove(comment.id, [TRASH_META_STATUS, TRASH_META_TIME]);
      return set(before === '1' ? '1' : '0');
    }
    default:
      return false;
  }
}

/** After a comment was stored: the `insert` hooks, the checked meta, registered fields, the `afterInsert` hooks (the original's order). */
async function afterWrite(
  controller: CommentsController,
  comment: Comment,
  args: WriteCommentArgs,
  event: { request: RestRequest; creating: boolean },
  meta: MetaWrite | undefined,
) {
  const { type } = controller.context;
  await type.emit('insert', comment, event);
  await meta?.apply(comment.id);
  await type.updateFields(await controller.prepare(event.request, comment), args, event.request);
  await type.emit('afterInsert', comment, event);
}

/**
 * `POST /comments`: 201 with the comment (in the edit context for moderators, else view) and
 * its `Location`.
 *
 * @example
 * handler: (args, request) => createComment(controller, args, request),
 */
export async function createComment(
  controller: CommentsController,
  args: WriteCommentArgs,
  request: RestRequest,
): Promise<RestResponse> {
  const { store, users } = controller.context;
  const sentId = request.param('id');
  if (sentId !== undefined && sentId !== null && sentId !== '' && sentId !== 0) throw contentError('rest_comment_exists');
  const sentType = request.param('type');
  if (sentType !== undefined && sentType !== '' && sentType !== COMMENT_TYPE) throw contentError('rest_invalid_comment_type');
  const { rawContent = '', ...prepared } = await prepareForDatabase(controller, args, request);
  if (rawContent === '') throw contentError('rest_comment_content_invalid');
  const timeZone = await controller.context.options.get('timezone');
  const nowGmt = controller.nowGmt();
  const dateGmt = prepared.date_gmt ?? nowGmt;
  const date = prepared.date ?? localDate(new Date(`${dateGmt}Z`), timeZone);
  const missingAuthor = !prepared.user_id && !prepared.author_name && !prepared.author_email && !prepared.author_url;
  if (request.user !== null && missingAuthor) {
    const user = await users.findById(request.user.id);
    if (user !== undefined) {
      prepared.user_id = user.id;
      prepared.author_name = cleanText(user.displayName);
      prepared.author_email = user.email;
      prepared.author_url = cleanUrl(user.url);
    }
  }
  if (await controller.context.options.get('require_name_email')) {
    if (!prepared.author_name || !prepared.author_email) throw contentError('rest_comment_author_data_required');
  }
  checkLengths(prepared);
  const row = {
    post_id: prepared.post_id ?? 0,
    parent: prepared.parent ?? 0,
    user_id: prepared.user_id ?? 0,
    author_name: prepared.author_name ?? '',
    author_email: prepared.author_email ?? '',
    author_url: prepared.author_url ?? '',
    author_ip: prepared.author_ip ?? '127.0.0.1',
    agent: prepared.agent ?? '',
    content: prepared.content ?? '',
    date,
    date_gmt: dateGmt,
    type: COMMENT_TYPE,
  };
  await checkParent(controller, row.parent, row.post_id);
  const approved = await allowComment(controller, request, { ...row, content: rawContent });
  const event = { request, creating: true };
  const filtered = (await controller.context.type.filter('preInsert', { ...row, approved }, event)) as typeof row & {
    approved: string;
  };
  const meta = await controller.planMeta(request, { id: undefined, postId: filtered.post_id }, args.meta);
  let comment = await store.create(filtered);
  if (args.status !== undefined && (await applyStatus(controller, comment, sanitizeStatus(args.status)))) {
    comment = (await store.find(comment.id)) ?? comment;
  }
  await afterWrite(controller, comment, args, event, meta);
  const context = userCan(request, 'moderate_comments') ? 'edit' : 'view';
  return response(await controller.prepare(request, comment), {
    status: 201,
    context,
    headers: { Location: request.scope.restUrl(`${controller.base}/${comment.id}`) },
  });
}

/**
 * A reply's parent must be a comment on the same post. WordPress 6.1's REST controller
 * stores any parent; here a parent that is not a comment of the post is refused with 400
 * `rest_comment_invalid_parent` (the code later WordPress versions and Gutenberg use).
 */
async function checkParent(controller: CommentsController, parent: number, postId: number): Promise<void> {
  if (parent === 0) return;
  const found = parent > 0 ? await controller.context.store.find(parent) : undefined;
  if (found === undefined || found.post_id !== postId) throw contentError('rest_comment_invalid_parent');
}

/** `sanitize_key` of a status argument. */
function sanitizeStatus(status: string): string {
  return status.toLowerCase().replace(/[^a-z0-9_-]/g, '');
}

/**
 * The content an update stores, sent or not (`wp_update_comment` merges the stored comment and
 * runs `wp_filter_comment` over all of it): kses's `$allowedtags` when the caller or the
 * comment's author lacks `unfiltered_html` (an anonymous author always does), then
 * `rel="nofollow ugc"` on its links for everyone. So approving a guest's spam marks its links,
 * and an administrator's edit of a guest's comment is filtered as the guest's.
 */
async function refilteredContent(
  controller: CommentsController,
  comment: Comment,
  content: string,
  request: RestRequest,
): Promise<string> {
  const author = comment.user_id > 0 ? await controller.context.users.findById(comment.user_id) : undefined;
  return sanitizeCommentHtml(content, request, author?.can('unfiltered_html') !== true);
}

/**
 * `POST|PUT|PATCH /comments/<id>`: the comment in the edit context. As the original, an
 * update stores the editor's address and user agent as the comment's, and filters the whole
 * content again ({@link refilteredContent}).
 *
 * @example
 * handler: (args, request) => updateComment(controller, args, request),
 */
export async function updateComment(
  controller: CommentsController,
  args: WriteCommentArgs & { id: number },
  request: RestRequest,
): Promise<RestResponse> {
  const { store } = controller.context;
  const { comment } = await controller.existing(request, args.id);
  const sentType = request.param('type');
  if (sentType !== undefined && sentType !== comment.type) throw contentError('rest_comment_invalid_type');
  const { rawContent, ...prepared } = await prepareForDatabase(controller, args, request);
  if (prepared.post_id !== undefined && prepared.post_id !== 0) {
    if ((await controller.post(request, prepared.post_id)) === undefined) {
      throw contentError('rest_comment_invalid_post_id.update');
    }
  }
  if (rawContent !== undefined && rawContent === '') throw contentError('rest_comment_content_invalid');
  prepared.content = await refilteredContent(controller, comment, rawContent ?? comment.content, request);
  checkLengths(prepared);
  if (prepared.parent !== undefined || prepared.post_id !== undefined) {
    const parent = prepared.parent ?? comment.parent;
    if (parent === comment.id) throw contentError('rest_comment_invalid_parent');
    await checkParent(controller, parent, prepared.post_id ?? comment.post_id);
  }
  const event = { request, creating: false };
  const changes = (await controller.context.type.filter('preInsert', { ...prepared }, event)) as CommentChanges;
  const meta = await controller.planMeta(request, { id: comment.id, postId: changes.post_id ?? comment.post_id }, args.meta);
  let updated = (await store.update(comment.id, changes)) ?? comment;
  if (args.status !== undefined && (await applyStatus(controller, updated, sanitizeStatus(args.status)))) {
    updated = (await store.find(comment.id)) ?? updated;
  }
  await afterWrite(controller, updated, args, event, meta);
  return response(await controller.prepare(request, updated), { context: 'edit' });
}

/**
 * `DELETE /comments/<id>`: to the trash, or for good with `force=true` (`{deleted, previous}`),
 * both in the edit context. A comment in the trash already is 410 `rest_already_trashed`.
 *
 * @example
 * handler: (args, request) => deleteComment(controller, args, request),
 */
export async function deleteComment(
  controller: CommentsController,
  args: DeleteCommentArgs,
  request: RestRequest,
): Promise<RestResponse> {
  const { store, type } = controller.context;
  const { comment } = await controller.existing(request, args.id);
  if (args.force) {
    const previous = await type.withFields(await controller.prepare(request, comment), request);
    if (!(await store.delete(comment.id))) throw contentError('rest_cannot_delete.comment');
    // The checks of Allow run again and find the comment gone, as the original's.
    permissionsChanged(request);
    await type.emit('delete', comment, { request });
    return response({ deleted: true, previous }, { context: 'edit', raw: true });
  }
  if (comment.approved === 'trash') throw contentError('rest_already_trashed.comment');
  await applyStatus(controller, comment, 'trash');
  const trashed = (await store.find(comment.id)) ?? comment;
  await type.emit('trash', trashed, { request });
  return response(await controller.prepare(request, trashed), { context: 'edit' });
}
