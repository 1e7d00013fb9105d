/**
 * Autosaves, as WordPress 6.1 keeps them (`WP_REST_Autosaves_Controller`): an autosave by the
 * author of a draft (or auto-draft) updates the draft itself, without a revision; any other
 * (a published, pending or scheduled record, or someone else's draft) keeps the caller's one
 * autosave: a record of type `revision`, status `inherit`, slug `<parent>-autosave-v1`, with
 * the title, content and excerpt sent, made on the first autosave and changed on the next
 * (and deleted, with 400 `rest_autosave_no_changes`, when it comes back to the record's
 * text). Meta, terms, sticky and the featured image are not autosaved, as in 6.1.
 *
 * @module
 */
import type { ObjectType, RestError, RestRequest } from '@cms-json/core';
import type { Updateable } from 'kysely';
import { z } from 'zod';
import { contentError } from '../errors.js';
import type { PostsTable } from '../tables.js';
import { localDate } from './dates.js';
import type { RecordScope } from './record.js';
import { normalizeWhitespace, type RevisionParent, revisionSchema } from './revisions.js';
import type { Post, PostStore } from './store.js';
import type { PostRecordTypes } from './types.js';
import { postChanges, type WriteScope } from './write.js';
import type { WritePostArgs } from './write-args.js';

/**
 * The schema of a type's autosaves: its revisions' ({@link revisionSchema}) with the
 * `preview_link`, as the original's autosaves controller (titled `<type>-revision` too).
 *
 * @example
 * const schema = autosaveSchema('post', controller.schema());
 */
export function autosaveSchema(name: string, parent: z.ZodObject): z.ZodObject {
  return revisionSchema(name, parent)
    .extend({
      preview_link: z
        .string()
        .readonly()
        .meta({ description: 'Preview link for the post.', format: 'uri', context: ['edit'] }),
    })
    .meta({ title: `${name}-revision` });
}

/** What the autosave routes ask of their type's controller (a `PostsController` gives it). */
export interface AutosaveParent extends RevisionParent {
  /** The type's object type: its fields (arguments) and write hooks. */
  readonly type: ObjectType<PostRecordTypes>;
  /** An update's permission check (an autosave's is the record's update's). */
  canUpdate(request: RestRequest, args: WritePostArgs & { id: number }): Promise<true | RestError>;
  /** What a write needs. */
  writeScope(request: RestRequest): Promise<WriteScope>;
  /** What the records of one response share (the record's address, for its preview link). */
  scope(request: RestRequest, posts: readonly Post[], access?: { edit?: boolean }): Promise<RecordScope>;
}

/** The slug of a record's autosaves. */
export function autosaveSlug(parent: number): string {
  return `${parent}-autosave-v1`;
}

/**
 * The autosaves of a record, newest first (every author's), as the original's
 * `wp_get_post_revisions` filtered to `<parent>-autosave` names.
 *
 * @example
 * const [newest] = await autosavesOf(store, post.id, nowGmt);
 */
export async function autosavesOf(
  store: PostStore,
  parent: number,
  nowGmt: string,
  options: { author?: number; limit?: number } = {},
): Promise<Post[]> {
  const { posts } = await store.list({
    types: ['revision'],
    statuses: [],
    nowGmt,
    parents: [parent],
    slugs: [autosaveSlug(parent)],
    authors: options.author === undefined ? undefined : [options.author],
    orderBy: 'date',
    order: 'desc',
    perPage: options.limit,
    offset: 0,
  });
  return posts;
}

/** The title, content and excerpt of a write, as the record would store them (cleaned), where sent. */
function revisionedFields(changes: Updateable<PostsTable>): Partial<Pick<Post, 'title' | 'content' | 'excerpt'>> {
  const fields: Partial<Pick<Post, 'title' | 'content' | 'excerpt'>> = {};
  for (const field of ['title', 'content', 'excerpt'] as const) {
    const value = changes[field];
    if (typeof value === 'string') fields[field] = value;
  }
  return fields;
}

/**
 * Autosaves a record for the caller (the permission checked): its author's draft or
 * auto-draft is updated in place (the write hooks run, no revision is kept); otherwise the
 * caller's autosave is made or changed. Gives the record stored (the draft, or the autosave),
 * or the refusal 400 `rest_autosave_no_changes` when the caller's autosave would hold the
 * record's own text again: that autosave is then deleted, and the refusal is returned rather
 * than thrown so that a transaction around the write keeps the deletion.
 *
 * @throws RestError the write's own errors (`rest_invalid_date`, `rest_invalid_author`, …), as an update's.
 * @example
 * const saved = await autosave(controller, post, args, request);
 */
export async function autosave(
  controller: AutosaveParent,
  post: Post,
  args: WritePostArgs,
  request: RestRequest,
): Promise<Post | RestError> {
  const { store } = controller.context;
  const scope = await controller.writeScope(request);
  // What the original's `prepare_item_for_database` takes: the format and the template are an update's own steps.
  const { format: _format, template: _template, ...changes } = await postChanges(scope, args, request, post);
  const nowLocal = localDate(new Date((controller.context.now ?? Date.now)()), scope.timeZone);
  const userId = request.user?.id ?? 0;
  const isDraft = post.status === 'draft' || post.status === 'auto-draft';
  // cms-json keeps no post locks (WordPress's `_edit_lock`): the author's draft is never locked.
  if (isDraft && post.author === userId) {
    const event = { request, creating: false };
    const row = await controller.type.filter('preInsert', { ...changes, modified: nowLocal, modified_gmt: scope.nowGmt }, event);
    const updated = await store.update(post.id, row);
    if (updated === undefined) throw contentError('rest_post_invalid_id');
    await controller.type.emit('insert', updated, event);
    await controller.type.emit('afterInsert', updated, event);
    return updated;
  }
  const sent = revisionedFields(changes);
  const stamp = { date: nowLocal, date_gmt: scope.nowGmt, modified: nowLocal, modified_gmt: scope.nowGmt };
  const [previous] = await autosavesOf(store, post.id, scope.nowGmt, { author: userId, limit: 1 });
  if (previous === undefined) {
    // The first: the fields sent (the others empty), as `_wp_put_post_revision`.
    const created = await store.create({
      type: 'revision',
      status: 'inherit',
      author: userId,
      parent: post.id,
      slug: autosaveSlug(post.id),
      title: sent.title ?? '',
      content: sent.content ?? '',
      excerpt: sent.excerpt ?? '',
      ...stamp,
      comment_status: 'closed',
      ping_status: 'closed',
    });
    return (await store.update(created.id, { guid: `${scope.siteUrl}/?p=${created.id}` })) ?? created;
  }
  // The next: compared with the record (the fields sent only); the same text again deletes it.
  const differs = (Object.keys(sent) as (keyof typeof sent)[]).some(
    (field) => normalizeWhitespace(sent[field] ?? '') !== normalizeWhitespace(post[field]),
  );
  if (!differs) {
    await store.delete(previous.id);
    return contentError('rest_autosave_no_changes');
  }
  const updated = await store.update(previous.id, { ...sent, ...stamp, author: userId });
  if (updated === undefined) throw contentError('rest_post_invalid_id');
  return updated;
}
