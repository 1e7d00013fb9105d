/**
 * `AttachmentsController`: the media routes (`/<prefix>/v2/media`, `/media/<id>`) as WordPress
 * 6.1's attachments controller, a subclass of the posts controller for the built-in post type
 * `attachment`. A create receives an upload (multipart or raw body, streamed), stores its files
 * through the site's {@link FileStore} and the record with its meta (`_wp_attached_file`,
 * `_wp_attachment_metadata`, `_wp_attachment_image_alt`); lists filter by `media_type`,
 * `mime_type` and `parent`; a delete needs `force=true` and removes every stored file.
 *
 * @module
 */
import {
  coreError,
  denied,
  parseRequestArgs,
  type RestError,
  type RestRequest,
  type RestResponse,
  type Route,
  response,
} from '@cms-json/core';
import type { z } from 'zod';
import { contentError } from '../errors.js';
import { userCan } from '../permissions.js';
import type { ListPostArgs } from '../posts/args.js';
import { PostsController, type PostsControllerClass, type PostsControllerContext } from '../posts/controller.js';
import { localDate } from '../posts/dates.js';
import { canEditPost } from '../posts/permissions.js';
import { permalink, type RecordScope } from '../posts/record.js';
import { sanitizeTitle, uniqueSlug } from '../posts/slug.js';
import type { Post, PostQuery } from '../posts/store.js';
import { newPostRow, postChanges } from '../posts/write.js';
import type { WritePostArgs } from '../posts/write-args.js';
import { stripTags } from '../users/field-checks.js';
import { siteUrlOf } from '../users/record.js';
import { writeTransaction } from '../write-transaction.js';
import { splitExtension } from './file-name.js';
import type { FileStore } from './file-store.js';
import { DEFAULT_ALLOWED_TYPES } from './file-types.js';
import { DEFAULT_IMAGE_SIZES, type ImageSize } from './image-sizes.js';
import { storedFileUrl, storedPaths } from './media-details.js';
import { MEDIA_META_KEYS, readPostMetaFor, setPostMeta } from './post-meta.js';
import { type AttachmentFiles, attachmentRecord } from './record.js';
import { mediaRoutes } from './routes.js';
import { attachmentSchema } from './schema.js';
import { type AttachmentMetadata, withStoredUpload } from './store-upload.js';
import type { ListMediaArgs, MediaSettings, MediaSteps, WriteMediaArgs } from './types.js';

export {
  DEFAULT_MAX_UPLOAD_BYTES,
  type ListMediaArgs,
  type MediaOptions,
  type MediaSettings,
  type WriteMediaArgs,
} from './types.js';

/** The media types in the order the original lists them. */
const MEDIA_TYPE_ORDER = ['image', 'video', 'text', 'application', 'audio'];

/** A record scope that also knows each attachment's files. */
interface AttachmentScope extends RecordScope {
  readonly files: (post: Post) => AttachmentFiles;
  /** The permalink of the post an attachment is attached to. */
  readonly parentLink: (post: Post) => string | undefined;
}

/** Like WordPress's `sanitize_text_field`: no tags, no line breaks, single spaces, trimmed. */
function textField(value: string): string {
  return stripTags(value).replace(/\s+/g, ' ').trim();
}

function parseMetadata(text: string | undefined): AttachmentMetadata | undefined {
  if (text === undefined || text === '') return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as AttachmentMetadata) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The media controller: a posts controller whose create takes an upload, whose records carry
 * the files, and whose delete removes them.
 *
 * @example
 * postTypes(server).register('attachment', { showInRest: true, controller: mediaController({ store, typeArgs }) });
 */
export class AttachmentsController extends PostsController implements MediaSteps {
  readonly media: MediaSettings;
  #mediaSchema: z.ZodObject | undefined;

  constructor(context: PostsControllerContext, media: MediaSettings) {
    super(context);
    this.media = media;
  }

  /** The file store. */
  get store(): FileStore {
    return this.media.store;
  }

  /** The image sizes made of uploads. */
  get imageSizes(): readonly ImageSize[] {
    return this.media.imageSizes ?? DEFAULT_IMAGE_SIZES;
  }

  /** The top-level media types uploads may have (`image`, `video`, …), for `media_type`. */
  mediaTypes(): string[] {
    const types = (this.media.allowedTypes ?? DEFAULT_ALLOWED_TYPES).map((type) => type.mimeType.split('/')[0] ?? '');
    // In the order of the original's list of allowed types (`get_allowed_mime_types`), others after.
    const rank = (type: string) => (MEDIA_TYPE_ORDER.indexOf(type) + MEDIA_TYPE_ORDER.length + 1) % (MEDIA_TYPE_ORDER.length + 1);
    return [...new Set(types)].filter((type) => type !== '').sort((a, b) => rank(a) - rank(b));
  }

  /** The media record schema (built once). */
  override schema(): z.ZodObject {
    this.#mediaSchema ??= attachmentSchema(this.context.args);
    return this.#mediaSchema;
  }

  /** The media routes: `/media`, `/media/<id>`, `/media/<id>/post-process`. */
  override routes(): Route[] {
    this.type.on('prepare', (record, event) => this.prepareLinks(record, event));
    return mediaRoutes(this);
  }

  /** The store query of a media list: inherit by default, and the `media_type` and `mime_type` filters. */
  override async buildQuery(args: ListPostArgs, request: RestRequest): Promise<PostQuery> {
    const query = await super.buildQuery(args, request);
    const { media_type: mediaType, mime_type: mimeType } = args as ListMediaArgs;
    const mimeTypes: string[] = [];
    if (mediaType !== undefined && this.mediaTypes().includes(mediaType)) mimeTypes.push(mediaType);
    // As the original: a `mime_type` that is not an allowed type filters nothing.
    const allowed = (this.media.allowedTypes ?? DEFAULT_ALLOWED_TYPES).some((type) => type.mimeType === mimeType);
    if (mimeType !== undefined && allowed) mimeTypes.splice(0, mimeTypes.length, mimeType);
    return mimeTypes.length > 0 ? { ...query, mimeTypes } : query;
  }

  /** `GET /media`: as a post list, each record the caller may not read left out (as the original). */
  /** The statuses a caller may list: `inherit` for anyone, the others as the original's `sanitize_post_statuses`. */
  override listRefusal(request: RestRequest, args: ListPostArgs): true | RestError {
    for (const status of args.status) {
      if (status === 'inherit' || userCan(request, 'edit_posts')) continue;
      if (status === 'private' && userCan(request, 'read_private_posts')) continue;
      const refusal = denied(request, contentError('rest_forbidden_status'));
      return coreError('rest_invalid_param', {
        params: { names: 'status' },
        data: { params: { status: refusal.message }, details: { status: refusal.toBody() } },
      });
    }
    return true;
  }

  /**
   * An upload's permission check, as the original: `upload_files` (else `rest_cannot_create`),
   * the author rules of a post create, and to attach it to a post (`post`), the right to edit
   * that post (`rest_cannot_edit`). Run before the body is read, on the query's arguments, and
   * again on the form's fields once read.
   */
  async canUpload(request: RestRequest, args: WriteMediaArgs): Promise<true | RestError> {
    if (args.id !== undefined) return contentError('rest_post_exists');
    if (!userCan(request, 'upload_files')) return denied(request, contentError('rest_cannot_create'));
    const base = super.canCreate(request, args);
    if (base !== true) return base;
    if (args.post !== undefined && args.post !== 0) {
      const parent = await this.context.store.find(args.post);
      const parentArgs = parent === undefined ? undefined : this.media.typeArgs(parent.type);
      if (parent === undefined || parentArgs === undefined || !canEditPost(request, parentArgs, parent)) {
        return denied(request, contentError('rest_cannot_edit.media_parent'));
      }
    }
    return true;
  }

  /** As the original: media may not be attached to a revision or to other media (400). */
  async checkParentType(post: number | undefined): Promise<void> {
    if (post === undefined || post === 0) return;
    const parent = await this.context.store.find(post);
    if (parent !== undefined && (parent.type === 'revision' || parent.type === 'attachment')) {
      throw contentError('rest_invalid_param.parent_type');
    }
  }

  /** A media write's arguments as the posts layer's: `description` is the content, `caption` the excerpt. */
  postArgs(args: WriteMediaArgs): WritePostArgs {
    const { caption, description, post: _post, alt_text: _alt, parent: _parent, ...rest } = args;
    return { ...rest, content: description, excerpt: caption };
  }

  /**
   * `POST /media`: receives and stores the upload, then the record; 201 with the record in
   * the edit context. A refusal after the files were stored removes them.
   */
  override async create(_args: WritePostArgs, request: RestRequest): Promise<RestResponse> {
    const now = new Date((this.context.now ?? Date.now)());
    const options = {
      store: this.store,
      allowedTypes: this.media.allowedTypes ?? DEFAULT_ALLOWED_TYPES,
      imageSizes: this.imageSizes,
      now,
      bigImageThreshold: this.media.bigImageThreshold,
    };
    return withStoredUpload(request, options, async (stored) => {
      // The form's fields are parameters now: checked as the query's were.
      const args = (await parseRequestArgs(request, this.writeArgs())) as WriteMediaArgs;
      const allowed = await this.canUpload(request, args);
      if (allowed !== true) throw allowed;
      await this.checkParentType(args.post);
      const scope = await this.writeScope(request);
      const changes = await postChanges(scope, { ...this.postArgs(args), status: undefined }, request);
      if ((changes.title ?? '') === '') changes.title = splitExtension(stored.fileName).base;
      const slug = changes.slug !== undefined && changes.slug !== '' ? changes.slug : sanitizeTitle(changes.title ?? '');
      const row = newPostRow(
        scope,
        {
          ...changes,
          status: 'inherit',
          slug: slug === '' ? '' : uniqueSlug(slug, await this.context.store.slugsLike('attachment', slug, 0)),
          parent: args.post ?? 0,
          mime_type: stored.mimeType,
          guid: storedFileUrl(this.store, stored.path, scope.siteUrl),
        },
        request,
      );
      const event = { request, creating: true };
      const filtered = await this.type.filter('preInsert', { ...row }, event);
      // The record, its meta and what the hooks write in one transaction, once the files are
      // stored (the upload has arrived by now): all of it or nothing, then no file either.
      const post = await writeTransaction(this.context.store.transactions)(async () => {
        const created = await this.context.store.create(filtered);
        try {
          await setPostMeta(this.context.postMeta, created.id, MEDIA_META_KEYS.file, stored.path);
          await setPostMeta(this.context.postMeta, created.id, MEDIA_META_KEYS.metadata, JSON.stringify(stored.metadata));
          if (args.alt_text !== undefined) {
            await setPostMeta(this.context.postMeta, created.id, MEDIA_META_KEYS.alt, textField(args.alt_text));
          }
          await this.afterWrite(created, args, event);
        } catch (error) {
          // No record without its files, nor files without their record (a database that
          // openDatabase did not open has no transaction to roll back).
          await this.context.store.delete(created.id).catch(() => undefined);
          throw error;
        }
        return created;
      });
      const record = this.prepare(post, await this.scope(request, [post], { edit: true }));
      return response(record, {
        status: 201,
        context: 'edit',
        headers: {
          Location: request.scope.restUrl(`${this.base}/${post.id}`),
          // As the original: the id a client resumes making sizes with after a failure.
          [`${request.scope.headerPrefix}Upload-Attachment-ID`]: String(post.id),
        },
      });
    });
  }

  /** The arguments of a create or update (set by the routes). */
  writeArgs(): Record<string, z.ZodType> {
    if (this.#writeArgs === undefined) throw new Error('The media routes were not built.');
    return this.#writeArgs;
  }

  #writeArgs: Record<string, z.ZodType> | undefined;

  /** Keeps the write arguments the routes declare, to check a form's fields against. */
  useWriteArgs(args: Record<string, z.ZodType>): void {
    this.#writeArgs = args;
  }

  /** `POST|PUT|PATCH /media/<id>`: title, caption, description, alt text, parent, author… */
  override async update(args: WritePostArgs & { id: number }, request: RestRequest): Promise<RestResponse> {
    const media = args as WriteMediaArgs & { id: number };
    const before = await this.existing(request, media.id);
    await this.checkParentType(media.post);
    if (media.post !== undefined && media.post !== 0 && (await this.context.store.find(media.post)) === undefined) {
      throw contentError('rest_post_invalid_id.parent');
    }
    const scope = await this.writeScope(request);
    const event = { request, creating: false };
    // As the original's `wp_insert_post`: media is `inherit` unless made private.
    const status = media.status === undefined ? undefined : media.status === 'private' ? 'private' : 'inherit';
    const changes = await postChanges(scope, { ...this.postArgs(media), status }, request, before);
    if (status !== undefined) changes.status = status;
    if (media.post !== undefined) changes.parent = media.post;
    const nowLocal = localDate(new Date((this.context.now ?? Date.now)()), scope.timeZone);
    const prepared = { ...changes, modified: nowLocal, modified_gmt: scope.nowGmt };
    const row = await this.type.filter('preInsert', { ...prepared }, event);
    const updated = await this.context.store.update(before.id, row);
    if (updated === undefined) throw contentError('rest_post_invalid_id');
    if (media.alt_text !== undefined) {
      await setPostMeta(this.context.postMeta, updated.id, MEDIA_META_KEYS.alt, textField(media.alt_text));
    }
    await this.afterWrite(updated, media, event);
    return response(this.prepare(updated, await this.scope(request, [updated], { edit: true })), { context: 'edit' });
  }

  /**
   * `POST /media/<id>/post-process` (`action=create-image-subsizes`): the original's retry of
   * the sizes after a failure. Every size is made before the record exists here, so this
   * answers the record in the edit context.
   */
  async postProcess(args: { id: number }, request: RestRequest): Promise<RestResponse> {
    const post = await this.existing(request, args.id);
    return response(this.prepare(post, await this.scope(request, [post], { edit: true })), { context: 'edit' });
  }

  /** Deletes the record for good and every file kept for it (the upload, the file, each size). */
  override async deleteForGood(post: Post, request: RestRequest): Promise<void> {
    const files = (await this.filesOf(request, [post])).get(post.id);
    await super.deleteForGood(post, request);
    // As the original's `wp_delete_attachment`: no post keeps it as its featured image.
    await this.context.postMeta.deleteByValue(MEDIA_META_KEYS.thumbnail, String(post.id));
    if (files === undefined || files.path === '') return;
    const paths = storedPaths(files.path, files.metadata);
    // Once the delete is stored: a write that fails after this step (a hook, the commit) keeps
    // the record, and must keep its files. A file that cannot be removed is left, as the
    // original's `wp_delete_file` (`@unlink`) leaves it: the record is gone either way.
    await this.context.store.transactions.afterCommit(() => this.store.remove(paths).catch(() => undefined));
  }

  /** The files of attachments, from their meta. */
  async filesOf(request: RestRequest, posts: readonly Post[]): Promise<Map<number, AttachmentFiles>> {
    const meta = await readPostMetaFor(
      this.context.postMeta,
      request,
      posts.map((post) => post.id),
      [MEDIA_META_KEYS.file, MEDIA_META_KEYS.metadata, MEDIA_META_KEYS.alt],
    );
    const out = new Map<number, AttachmentFiles>();
    for (const post of posts) {
      const values = meta.get(post.id);
      out.set(post.id, {
        path: values?.get(MEDIA_META_KEYS.file) ?? '',
        metadata: parseMetadata(values?.get(MEDIA_META_KEYS.metadata)),
        alt: values?.get(MEDIA_META_KEYS.alt) ?? '',
      });
    }
    return out;
  }

  /** What the records of one response share, with each attachment's files and parent's link. */
  override async scope(
    request: RestRequest,
    posts: readonly Post[],
    access: { password?: string; edit?: boolean } = {},
  ): Promise<AttachmentScope> {
    const [base, files, parents] = await Promise.all([
      super.scope(request, posts, access),
      this.filesOf(request, posts),
      this.parentLinks(request, posts),
    ]);
    return {
      ...base,
      files: (post) => files.get(post.id) ?? { path: '', metadata: undefined, alt: '' },
      parentLink: (post) => parents.get(post.parent),
    };
  }

  /** The permalinks of the posts these attachments are attached to (for their own links). */
  async parentLinks(request: RestRequest, posts: readonly Post[]): Promise<Map<number, string>> {
    const links = new Map<number, string>();
    const ids = [...new Set(posts.map((post) => post.parent).filter((id) => id > 0))];
    if (ids.length === 0) return links;
    const parents = await this.context.store.findMany(ids);
    const permalinkStructure = await this.context.options.get('permalink_structure');
    for (const parent of parents) {
      const args = this.media.typeArgs(parent.type);
      if (args === undefined) continue;
      // A flat path is enough here: the link of a page deep in a tree is cms-json's approximation.
      const scope: RecordScope = {
        name: parent.type,
        args,
        siteUrl: siteUrlOf(request),
        nowGmt: this.nowGmt(),
        render: this.context.render,
        sticky: new Set(),
        permalinkStructure,
        showProtected: () => false,
        meta: () => [],
        featuredMedia: () => 0,
      };
      links.set(parent.id, permalink(parent, scope));
    }
    return links;
  }

  /** The full media record of a stored attachment (the core trims it to the context and `_fields`). */
  override prepare(post: Post, scope: RecordScope): Record<string, unknown> {
    const media = 'files' in scope ? (scope as AttachmentScope) : undefined;
    const files = media?.files(post) ?? { path: '', metadata: undefined, alt: '' };
    return attachmentRecord(post, scope, files, {
      urlOf: (path) => storedFileUrl(this.store, path, scope.siteUrl),
      imageSizes: this.imageSizes,
      parentLink: media?.parentLink(post),
    });
  }
}

/**
 * The controller class of the `attachment` type for these settings, for
 * `register(name, { controller })` or a `post_type` argument filter.
 *
 * @example
 * server.objectTypes.filterArgs('post_type', (args, name) => (name === 'attachment' ? { ...args, showInRest: true, controller: mediaController(settings) } : args));
 */
export function mediaController(settings: MediaSettings): PostsControllerClass {
  return class MediaController extends AttachmentsController {
    constructor(context: PostsControllerContext) {
      super(context, settings);
    }
  };
}
