/**
 * `CommentsController`: the comments routes' steps, after WordPress 6.1's comments
 * controller — the permission checks, the list query, one comment, and the links that
 * depend on other records (`up` to the post with its `post_type`, `children`). The writes
 * are in `write.ts`, the routes in `routes.ts`.
 *
 * @module
 */

import {
  collectionResponse,
  denied,
  type Links,
  type LinkTemplate,
  type ObjectType,
  type RestError,
  type RestRequest,
  type RestResponse,
  requestLocal,
} from '@cms-json/core';
import { COMMENTS_KEY, commentKey, postCommentsKey, postKey, userKey } from '../cache/keys.js';
import { contentError } from '../errors.js';
import type { MetaFields } from '../meta/fields.js';
import type { MetaWrite } from '../meta/write.js';
import type { OptionsStore } from '../options/options.js';
import { siteOption } from '../options/request-options.js';
import { userCan } from '../permissions.js';
import { localDate, parseRequestDate } from '../posts/dates.js';
import { type ReadAccess, readAccessOf } from '../posts/permissions.js';
import type { PostTypeArgs } from '../posts/post-types.js';
import type { Post, PostStore } from '../posts/store.js';
import { requestBatch } from '../request-batch.js';
import { siteUrlOf } from '../users/record.js';
import type { UserStore } from '../users/store.js';
import type { ListCommentArgs, ReadCommentArgs } from './args.js';
import { listComments } from './batched-list.js';
import {
  canChangeComment,
  canEditComment,
  canReadComment,
  canReadCommentPost,
  type PostAccess,
  passwordOpens,
  withReadablePosts,
} from './permissions.js';
import { commentRecord } from './record.js';
import { commentSchema } from './schema.js';
import type { Comment, CommentOrderBy, CommentQuery, CommentStore } from './store.js';
import type { CommentRecordTypes } from './types.js';

/** The object type of comments: fields, links and hooks registered for `comment` apply to them. */
export const COMMENT_TYPE = 'comment';

/**
 * What the comments controller works with.
 *
 * @example
 * new CommentsController({ store, posts, options, users, namespace: 'cms/v2', type: server.objectTypes.get('comment'), postTypes, now: Date.now });
 */
export interface CommentsContext {
  readonly store: CommentStore;
  readonly posts: PostStore;
  readonly options: OptionsStore;
  readonly users: UserStore;
  /** The content namespace (`cms/v2`). */
  readonly namespace: string;
  /** The `comment` object type. */
  readonly type: ObjectType<CommentRecordTypes>;
  /** What the content plugin knows of post types. */
  readonly postTypes: {
    /** A type's arguments after every filter. */
    args(name: string): PostTypeArgs | undefined;
    /** The path of a post's route (`/cms/v2/posts/7`), `undefined` for a type without routes. */
    route(post: Post): string | undefined;
    /** A post's permalink. */
    link(request: RestRequest, post: Post): Promise<string>;
  };
  /** The current time; tests move it. */
  readonly now: () => number;
  /** The client's address, stored as `author_ip`; WordPress's fallback `127.0.0.1` when unknown. */
  readonly clientIp?: ((request: RestRequest) => string | undefined) | undefined;
  /** The registered comment meta (`registerMeta(server, 'comment', …)`); none when left out. */
  readonly meta?: MetaFields | undefined;
}

const postsSeen = requestLocal<Map<number, Promise<Post | undefined>>>('comments.posts');
const linksSeen = requestLocal<Map<number, Promise<string>>>('comments.post-links');

/**
 * The comments controller.
 *
 * @example
 * const controller = new CommentsController(context);
 * server.register('cms/v2', ...commentRoutes(controller));
 */
export class CommentsController {
  readonly context: CommentsContext;
  #schema: ReturnType<typeof commentSchema> | undefined;

  constructor(context: CommentsContext) {
    this.context = context;
  }

  /** The record schema, its `meta` describing the comment meta registered when it is first asked for. */
  schema(): ReturnType<typeof commentSchema> {
    this.#schema ??= commentSchema({ meta: this.context.meta?.fieldSchema() });
    return this.#schema;
  }

  /**
   * Checks the body's `meta` against the registered comment meta before anything is stored
   * (the original stores the comment first, then may refuse its meta; here a refused request
   * changes nothing). Writing a key needs the right to edit the comment (`edit_comment`, as
   * WordPress maps `edit_comment_meta`: editing its post) besides the key's own rule.
   */
  async planMeta(
    request: RestRequest,
    comment: { readonly id: number | undefined; readonly postId: number },
    meta: unknown,
  ): Promise<MetaWrite | undefined> {
    const fields = this.context.meta;
    if (fields === undefined || meta === undefined) return undefined;
    const post = comment.postId > 0 ? await this.post(request, comment.postId) : undefined;
    return fields.plan(request, comment.id, meta, { canEditObject: canEditComment(request, this.readAccess(), post) });
  }

  /** The collection's path under the REST root: `/cms/v2/comments`. */
  get base(): string {
    return `/${this.context.namespace}/comments`;
  }

  /** The current GMT time, `YYYY-MM-DDTHH:MM:SS`. */
  nowGmt(): string {
    return localDate(new Date(this.context.now()), 'UTC');
  }

  /** What the read check needs about post types: their arguments, the clock, the posts' store. */
  readAccess(): ReadAccess {
    return readAccessOf({
      typeArgs: (name) => this.context.postTypes.args(name),
      store: this.context.posts,
      nowGmt: this.nowGmt(),
    });
  }

  /** What the permission checks need about these posts: their read check, run once for all. */
  access(request: RestRequest, posts: readonly (Post | undefined)[]): Promise<PostAccess> {
    return withReadablePosts(request, this.readAccess(), posts);
  }

  /** The links every comment has (`up`, `in-reply-to` and `children` come from {@link prepareLinks}). */
  links(): LinkTemplate[] {
    return [
      { rel: 'self', href: `${this.base}/:id` },
      { rel: 'collection', href: this.base },
      {
        rel: 'author',
        href: `/${this.context.namespace}/users/:author`,
        embeddable: true,
        when: (record) => Number(record.author) > 0,
      },
    ];
  }

  /**
   * The links that need other records, in the original's order: `up` to the post (with its
   * `post_type`, when the post's type has routes), `in-reply-to` for a reply, `children`
   * when the comment has replies (one query for a page of comments). Attributes come before
   * `href`, as the original writes them.
   */
  async prepareLinks(
    record: Record<string, unknown>,
    event: { readonly source: Record<string, unknown>; readonly request: RestRequest; readonly links: Links },
  ): Promise<Record<string, unknown>> {
    const { source, request, links } = event;
    if (links.self === undefined) return record;
    const id = Number(source.id);
    const postId = Number(source.post);
    const parent = Number(source.parent);
    const [post, hasChildren] = await Promise.all([
      postId > 0 ? this.post(request, postId) : undefined,
      this.#children(request, id).then((found) => found === true),
    ]);
    const route = post === undefined ? undefined : this.context.postTypes.route(post);
    if (post !== undefined && route !== undefined) {
      links.up = [{ embeddable: true, post_type: post.type, href: request.scope.restUrl(route) }];
    }
    if (parent > 0) links['in-reply-to'] = [{ embeddable: true, href: request.scope.restUrl(`${this.base}/${parent}`) }];
    if (hasChildren) links.children = [{ embeddable: true, href: request.scope.restUrl(this.base, { parent: id }) }];
    return record;
  }

  readonly #children = requestBatch(async (ids: number[]) => {
    const found = await this.context.store.withChildren(ids);
    return new Map(ids.map((id) => [id, found.has(id)]));
  });

  readonly #posts = requestBatch(async (ids: number[]) => {
    const posts = await this.context.posts.findMany(ids);
    return new Map(posts.map((post) => [post.id, post]));
  });

  /** A post, looked up once per request (a list's posts in one query). */
  post(request: RestRequest, id: number): Promise<Post | undefined> {
    const seen = postsSeen.ensure(request, () => new Map());
    let found = seen.get(id);
    if (found === undefined) {
      found = id > 0 ? this.#posts(request, id) : Promise.resolve(undefined);
      seen.set(id, found);
    }
    return found;
  }

  /**
   * The comment with this id and its post (the original's `get_comment`): 404
   * `rest_comment_invalid_id`, or 404 `rest_post_invalid_id` when its post is gone.
   */
  async existing(request: RestRequest, id: number): Promise<{ comment: Comment; post: Post | undefined }> {
    const comment = await this.context.store.find(id);
    if (comment === undefined) throw contentError('rest_comment_invalid_id');
    const post = comment.post_id > 0 ? await this.post(request, comment.post_id) : undefined;
    if (comment.post_id > 0 && post === undefined) throw contentError('rest_post_invalid_id');
    return { comment, post };
  }

  /** A post's permalink, made once per request (a page of comments on one post asks for it once). */
  postLink(request: RestRequest, post: Post): Promise<string> {
    const seen = linksSeen.ensure(request, () => new Map());
    let link = seen.get(post.id);
    if (link === undefined) {
      link = this.context.postTypes.link(request, post);
      seen.set(post.id, link);
    }
    return link;
  }

  readonly #userEmails = requestBatch(async (ids: number[]) => {
    const users = await this.context.users.findByIds(ids);
    return new Map(users.map((user) => [user.id, user.email] as const));
  });

  /**
   * The full record of a comment (the core trims it to the context). It was built from the
   * comment, its post (the post's link, whether it is readable), its post's other comments
   * (the `children` link) and its author's email (the avatar): their keys join the request's.
   */
  async prepare(request: RestRequest, comment: Comment): Promise<Record<string, unknown>> {
    if (request.cacheKeys.collecting) {
      request.cacheKeys.add(commentKey(comment.id), postCommentsKey(comment.post_id));
      if (comment.post_id > 0) request.cacheKeys.add(postKey(comment.post_id));
      if (comment.user_id > 0) request.cacheKeys.add(userKey(comment.user_id));
    }
    const [post, userEmail, meta] = await Promise.all([
      comment.post_id > 0 ? this.post(request, comment.post_id) : undefined,
      comment.user_id > 0 ? this.#userEmails(request, comment.user_id) : undefined,
      this.context.meta?.valueOf(request, comment.id),
    ]);
    const link = post === undefined ? '' : await this.postLink(request, post);
    return commentRecord(comment, {
      meta,
      siteUrl: siteUrlOf(request),
      postLink: () => link,
      avatarEmail: () => userEmail ?? comment.author_email,
    });
  }

  /** The list's permission check (the original's `get_items_permissions_check`). */
  async canList(request: RestRequest, args: Partial<ListCommentArgs>): Promise<true | RestError> {
    // The checks of Allow run with a create's arguments too, whose `post` is one id (`(array)` in the original).
    const sent: unknown = args.post;
    const posts: number[] = sent === undefined ? [] : Array.isArray(sent) ? sent : [Number(sent)];
    const passwordOk = posts.length === 1;
    const found = await Promise.all(posts.map((postId) => (postId > 0 ? this.post(request, postId) : undefined)));
    const access = await this.access(request, found);
    for (const [index, postId] of posts.entries()) {
      const post = found[index];
      if (post !== undefined) {
        const open = passwordOk && passwordOpens(post, args.password);
        if (!canReadCommentPost(request, access, post, { passwordOk: open })) {
          return denied(request, contentError('rest_cannot_read_post'));
        }
      } else if (postId === 0 && !userCan(request, 'moderate_comments')) {
        return denied(request, contentError('rest_cannot_read.comments_without_post'));
      }
    }
    if (args.context === 'edit' && !userCan(request, 'moderate_comments')) {
      return denied(request, contentError('rest_forbidden_context.comments'));
    }
    if (!userCan(request, 'edit_posts')) {
      const forbidden: string[] = [];
      if ((args.author ?? []).length > 0) forbidden.push('author');
      if ((args.author_exclude ?? []).length > 0) forbidden.push('author_exclude');
      if (args.author_email !== undefined && args.author_email !== '') forbidden.push('author_email');
      // As the original compares them: a request without them (the checks of Allow on OPTIONS
      // or a write, which have no list defaults) is not asking for comments only.
      if (args.type !== 'comment') forbidden.push('type');
      if (args.status !== 'approve') forbidden.push('status');
      if (forbidden.length > 0) {
        return denied(request, contentError('rest_forbidden_param', { params: { names: forbidden.join(', ') } }));
      }
    }
    return true;
  }

  /** The store query of a list request (before the type's `query` hooks). */
  async buildQuery(args: ListCommentArgs, request: RestRequest): Promise<CommentQuery> {
    // Only dates need the zone: a list without them reads no option.
    const timeZone =
      args.after === undefined && args.before === undefined ? 'UTC' : await siteOption(this.context.options, request, 'timezone');
    const local = (text: string | undefined) => {
      const moment = text === undefined ? undefined : parseRequestDate(text, timeZone);
      return moment === undefined ? undefined : localDate(moment, timeZone);
    };
    const status = sanitizeKey(args.status);
    const type = sanitizeKey(args.type);
    // As WP_Comment_Query: `offset` wins over `page`.
    const offset = args.offset !== undefined && args.offset > 0 ? args.offset : args.per_page * (args.page - 1);
    return {
      approved: approvedValues(status),
      type: type === 'all' || type === '' ? undefined : type,
      posts: args.post,
      include: args.include,
      exclude: args.exclude,
      parents: args.parent,
      parentsExclude: args.parent_exclude,
      users: args.author,
      usersExclude: args.author_exclude,
      authorEmail: args.author_email,
      search: args.search,
      after: local(args.after),
      before: local(args.before),
      orderBy: args.orderby as CommentOrderBy,
      order: args.order,
      perPage: args.per_page,
      offset,
    };
  }

  /**
   * `GET /comments`: one page, the totals headers and the `Link` header. As the original,
   * the comments the caller may not read are left out of the page but not of the totals.
   */
  async list(args: ListCommentArgs, request: RestRequest): Promise<RestResponse> {
    const query = await this.context.type.filter(
      'query',
      { ...(await this.buildQuery(args, request)) },
      {
        request,
        // A copy: the hooks read the list's arguments as a plain record.
        args: { ...args },
      },
    );
    const { comments, total } = await listComments(this.context.store, request, query);
    const onePost = args.post.length === 1;
    const posts = await Promise.all(
      comments.map((comment) => (comment.post_id > 0 ? this.post(request, comment.post_id) : undefined)),
    );
    const access = await this.access(request, posts);
    const readable = comments.filter((comment, index) => {
      const post = posts[index];
      const passwordOk = onePost && post !== undefined && passwordOpens(post, args.password);
      return canReadComment(request, access, comment, post, { passwordOk });
    });
    const records = await Promise.all(readable.map((comment) => this.prepare(request, comment)));
    // A list of one post's comments changes with that post's comments and with the post (its
    // status decides whether the list is readable at all); any other list with any comment.
    if (args.post.length > 0) request.cacheKeys.add(...args.post.map(postCommentsKey), ...args.post.map(postKey));
    else request.cacheKeys.add(COMMENTS_KEY);
    return collectionResponse(request, records, { total, page: args.page, perPage: args.per_page, args });
  }

  /** One comment's permission check (the original's `get_item_permissions_check`). */
  async canRead(request: RestRequest, args: ReadCommentArgs): Promise<true | RestError> {
    const { comment, post } = await this.existing(request, args.id);
    if (args.context === 'edit' && !userCan(request, 'moderate_comments')) {
      return denied(request, contentError('rest_forbidden_context.comments'));
    }
    const passwordOk = post !== undefined && passwordOpens(post, args.password);
    const access = await this.access(request, [post]);
    if (!canReadComment(request, access, comment, post, { passwordOk })) {
      return denied(request, contentError('rest_cannot_read.comment'));
    }
    if (post !== undefined && !canReadCommentPost(request, access, post, { passwordOk })) {
      return denied(request, contentError('rest_cannot_read_post'));
    }
    return true;
  }

  /** `GET /comments/<id>`. */
  async read(args: ReadCommentArgs, request: RestRequest): Promise<Record<string, unknown>> {
    const { comment } = await this.existing(request, args.id);
    return this.prepare(request, comment);
  }

  /** An update's or a delete's permission check (the original's `check_edit_permission`). */
  async canChange(request: RestRequest, id: number, code: 'rest_cannot_edit' | 'rest_cannot_delete'): Promise<true | RestError> {
    const { post } = await this.existing(request, id);
    if (canChangeComment(request, this.readAccess(), post)) return true;
    return denied(
      request,
      contentError(code === 'rest_cannot_edit' ? 'rest_cannot_edit.comment' : 'rest_cannot_delete.not_allowed_comment'),
    );
  }
}

/** WordPress's `sanitize_key`: lower case, only letters, digits, `_` and `-`. */
export function sanitizeKey(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9_-]/g, '');
}

/** The stored `approved` values a list's `status` selects, as WP_Comment_Query reads it (none: any). */
function approvedValues(status: string): string[] {
  switch (status) {
    case 'approve':
      return ['1'];
    case 'hold':
      return ['0'];
    case 'all':
      return ['0', '1'];
    case 'any':
    case '':
      return [];
    default:
      return [status];
  }
}
