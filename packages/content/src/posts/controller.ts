/**
 * `PostsController`: the default handler of every post type (spec §4.4). Each step is a
 * method a custom type's subclass may override — the schema, the links, the collection
 * query, the record, the permission checks — while the work is done by the modules beside
 * it (`store.ts`, `record.ts`, `permissions.ts`, `args.ts`, `routes.ts`).
 *
 * @module
 */
import {
  collectionResponse,
  type Links,
  type LinkTemplate,
  type ObjectType,
  pageWindow,
  permissionsChanged,
  type RestError,
  type RestRequest,
  type RestResponse,
  type Route,
  requestLocal,
  response,
  type SchemaLink,
} from '@cms-json/core';
import type { z } from 'zod';
import { postKey, postsKey } from '../cache/keys.js';
import { contentError } from '../errors.js';
import { featuredMediaFor, setFeaturedMedia } from '../media/featured-media.js';
import type { MetaWrite } from '../meta/write.js';
import { DEFAULT_OPTIONS } from '../options/options.js';
import { siteOption } from '../options/request-options.js';
import { userCan } from '../permissions.js';
import { requestBatch, requestBatchPer } from '../request-batch.js';
import { siteUrlOf } from '../users/record.js';
import type { ListPostArgs } from './args.js';
import { autosaveRoutes } from './autosaves-routes.js';
import { localDate, parseRequestDate } from './dates.js';
import { renderDynamicContent } from './dynamic-blocks.js';
import {
  canEditPost,
  canList,
  canRead,
  listStatusRefusal,
  type ReadAccess,
  readAccessOf,
  readablePosts,
  typeCapabilities,
} from './permissions.js';
import { restFeatures } from './post-types.js';
import { permalink, postRecord, type RecordScope } from './record.js';
import { revisionRoutes, saveRevision } from './revisions.js';
import { postRoutes } from './routes.js';
import { sanitizePostHtml } from './sanitize.js';
import { postSchema } from './schema.js';
import { postSchemaLinks } from './schema-links.js';
import type { Post, PostOrderBy, PostQuery, PostStore } from './store.js';
import type { PostRecordTypes, PostsControllerContext, PostTypeController } from './types.js';
import {
  canCreate,
  canDelete,
  canUpdate,
  newPostRow,
  postChanges,
  refilteredFields,
  trashedSlug,
  type WriteScope,
} from './write.js';
import type { WritePostArgs } from './write-args.js';

/** The posts asked for in one tick by a request and those answered with it (the links of an `_embed`): one query. */
export type { PostsControllerClass, PostsControllerContext } from './types.js';

const postById = requestBatchPer(async (store: PostStore, ids: number[]) => {
  return new Map((await store.findMany(ids)).map((post) => [post.id, post]));
});

const loaded = requestLocal<Map<number, Promise<Post | undefined>>>('posts.loaded');

/**
 * The default posts controller; a custom type's controller extends it and overrides steps.
 *
 * @example
 * class BooksController extends PostsController {
 *   override links() {
 *     return [...super.links().filter((link) => link.rel !== 'author'), { rel: 'author', href: '/cms/v2/book-authors/:author', embeddable: true }];
 *   }
 * }
 */
export class PostsController implements PostTypeController {
  readonly context: PostsControllerContext;
  #schema: z.ZodObject | undefined;

  constructor(context: PostsControllerContext) {
    this.context = context;
  }

  /** The namespace of the type's routes. */
  get namespace(): string {
    return this.context.args.restNamespace ?? this.context.namespace;
  }

  /** The collection's path under the REST root: `/cms/v2/posts`. */
  get base(): string {
    return `/${this.namespace}/${this.context.args.restBase}`;
  }

  /** The type's object type: its registered fields, links and hooks. */
  get type(): ObjectType<PostRecordTypes> {
    return this.context.objectTypes.serving<PostRecordTypes>(this.context.name);
  }

  /** The record schema (built once). */
  schema(): z.ZodObject {
    this.#schema ??= postSchema(this.context.name, this.context.args, { meta: this.context.meta?.fieldSchema() });
    return this.#schema;
  }

  /**
   * The routes: `/<rest_base>`, `/<rest_base>/<id>`, the revisions where the type keeps them,
   * and the autosaves (as the original, of every type but attachments, revisions or not).
   */
  routes(): Route[] {
    this.type.on('prepare', (record, event) => this.prepareLinks(record, event));
    const routes = postRoutes(this);
    if (this.context.args.supports.includes('revisions')) routes.push(...revisionRoutes(this));
    if (this.context.name !== 'attachment') routes.push(...autosaveRoutes(this));
    return routes;
  }

  /** The item schema's `links`: the actions a record may offer (see `prepareLinks`). */
  schemaLinks(): SchemaLink[] {
    return postSchemaLinks({
      name: this.context.name,
      args: this.context.args,
      itemPath: `${this.base}/{id}`,
      relationBase: this.context.relationBase,
      objectTypes: this.context.objectTypes,
    });
  }

  /** The links of every record (spec §2.5); `cms:term` links come from the taxonomies. */
  links(): LinkTemplate[] {
    const ns = this.namespace;
    const supports = new Set(this.context.args.supports);
    const rel = (name: string) => `${this.context.relationBase}${name}`;
    const links: LinkTemplate[] = [
      { rel: 'self', href: `${this.base}/:id` },
      { rel: 'collection', href: this.base },
      { rel: 'about', href: `/${this.context.namespace}/types/${this.context.name}` },
    ];
    if (supports.has('author')) {
      links.push({
        rel: 'author',
        href: `/${this.context.namespace}/users/:author`,
        embeddable: true,
        when: (r) => Number(r.author) > 0,
      });
    }
    if (supports.has('comments')) links.push({ rel: 'replies', href: `/${ns}/comments?post=:id`, embeddable: true });
    if (supports.has('revisions')) links.push({ rel: 'version-history', href: `${this.base}/:id/revisions` });
    if (this.context.args.hierarchical) {
      links.push({ rel: 'up', href: `${this.base}/:parent`, embeddable: true, when: (r) => Number(r.parent) > 0 });
    }
    if (supports.has('thumbnail')) {
      links.push({
        rel: rel('featuredmedia'),
        href: `/${this.context.namespace}/media/:featured_media`,
        embeddable: true,
        when: (r) => Number(r.featured_media) > 0,
      });
    }
    if (this.context.name !== 'attachment')
      links.push({ rel: rel('attachment'), href: `/${this.context.namespace}/media?parent=:id` });
    return links;
  }

  /**
   * The links that depend on the record's state and the caller, as the original adds them:
   * `version-history` with its `count` and `predecessor-version` with its `id` (revision
   * counts of a list in one query), and in the edit context the actions the caller may take
   * (`action-publish`, `action-unfiltered-html`, `action-sticky`, `action-assign-author`).
   */
  async prepareLinks(
    record: Record<string, unknown>,
    event: { readonly request: RestRequest; readonly links: Links; readonly context: string },
  ): Promise<Record<string, unknown>> {
    const { request, links, context } = event;
    const history = links['version-history']?.[0];
    if (history !== undefined) {
      const revisions = await this.#revisions(request, Number(record.id));
      links['version-history'] = [{ ...history, count: revisions?.count ?? 0 }];
      if (revisions !== undefined) {
        links['predecessor-version'] = [
          {
            href: request.scope.restUrl(`${this.base}/${String(record.id)}/revisions/${revisions.latest}`),
            id: revisions.latest,
          },
        ];
      }
    }
    if (context === 'edit') {
      const self = links.self?.[0]?.href;
      const caps = typeCapabilities(this.context.args);
      const actions: [string, boolean][] = [
        // As the original: attachments (always `inherit`) have nothing to publish.
        ['action-publish', this.context.name !== 'attachment' && userCan(request, caps.publish_posts)],
        ['action-unfiltered-html', userCan(request, 'unfiltered_html')],
        [
          'action-sticky',
          this.context.name === 'post' && userCan(request, caps.edit_others_posts) && userCan(request, caps.publish_posts),
        ],
        ['action-assign-author', this.context.args.supports.includes('author') && userCan(request, caps.edit_others_posts)],
      ];
      if (self !== undefined)
        for (const [name, allowed] of actions) if (allowed) links[`${this.context.relationBase}${name}`] = [{ href: self }];
    }
    return record;
  }

  /** Revision counts, for the records of a response at once. */
  readonly #revisions = requestBatch((ids: number[]) => this.context.store.revisionCounts(ids));

  /**
   * The version of the type's answers, the routes' `validator` (docs/caching.md): it changes
   * whenever a `GET` answer of the type could. A controller whose records show data of tables
   * no migration tracks (`trackChanges`) tracks them, or overrides this.
   */
  version(): Promise<string> {
    // Dynamic blocks show other records (tracked: any write moves the version) and, for some,
    // the time alone (a calendar's current month): their period is part of the version.
    const time = this.context.dynamicContent?.blocks.timeVersion((this.context.now ?? Date.now)()) ?? '';
    const version = this.context.store.changeVersion(this.nowGmt());
    return time === '' ? version : version.then((base) => `${base}.${time}`);
  }

  /** The current GMT time, `YYYY-MM-DDTHH:MM:SS`. */
  nowGmt(): string {
    return localDate(new Date((this.context.now ?? Date.now)()), 'UTC');
  }

  /** The record of this type with this id, looked up once per request; `undefined` for another type's. */
  find(request: RestRequest, id: number): Promise<Post | undefined> {
    const cache = loaded.ensure(request, () => new Map());
    let found = cache.get(id);
    if (found === undefined) {
      found = postById(this.context.store, request, id).then((post) => (post?.type === this.context.name ? post : undefined));
      cache.set(id, found);
    }
    return found;
  }

  /** The record with this id, or 404 `rest_post_invalid_id`. */
  async existing(request: RestRequest, id: number): Promise<Post> {
    const post = await this.find(request, id);
    if (post === undefined) throw contentError('rest_post_invalid_id');
    return post;
  }

  /** The list's permission check (statuses, the edit context). */
  canList(request: RestRequest, args: ListPostArgs): true | RestError {
    return canList(request, this.context.args, args);
  }

  /** One record's permission check; an unknown id is the handler's 404. */
  async canRead(
    request: RestRequest,
    args: { id: number; context: string; password?: string | undefined },
  ): Promise<true | RestError> {
    const post = await this.existing(request, args.id);
    const readable = (await this.readable(request, [post])).length > 0;
    return canRead(request, this.context.args, post, args, { readable });
  }

  /** What the read check needs: the types' arguments, the clock and the store's records. */
  readAccess(): ReadAccess {
    const { name, args, store, typeArgs } = this.context;
    return readAccessOf({ typeArgs: (type) => (type === name ? args : typeArgs?.(type)), store, nowGmt: this.nowGmt() });
  }

  /**
   * The records the caller may read, in their order: the one read check ({@link readablePosts})
   * every list, embed and single record of the type goes through. In the edit context, only
   * those the caller may edit (the original's `check_update_permission` on each record of such
   * a list). Not a step to override: a type that shows less filters its query or its `prepare`.
   */
  async readable(request: RestRequest, posts: readonly Post[], options: { edit?: boolean } = {}): Promise<readonly Post[]> {
    if (posts.length === 0) return posts;
    const readable = await readablePosts(request, this.readAccess(), posts);
    const args = this.context.args;
    const shown = (post: Post) => readable.has(post.id) && (options.edit !== true || canEditPost(request, args, post));
    return posts.every(shown) ? posts : posts.filter(shown);
  }

  /** The store query of a list request (before the type's `query` hooks). */
  async buildQuery(args: ListPostArgs, request: RestRequest): Promise<PostQuery> {
    const timeZone = await siteOption(this.context.options, request, 'timezone');
    const local = (text: string | undefined) => {
      const moment = text === undefined ? undefined : parseRequestDate(text, timeZone);
      return moment === undefined ? undefined : localDate(moment, timeZone);
    };
    const statuses = args.status.includes('any') ? ['publish', 'future', 'draft', 'pending', 'private'] : args.status;
    const { limit, offset } = pageWindow(args);
    let stickyIds: PostQuery['stickyIds'];
    if (args.sticky !== undefined)
      stickyIds = { ids: await siteOption(this.context.options, request, 'sticky_posts'), include: args.sticky };
    return {
      types: [this.context.name],
      statuses,
      nowGmt: this.nowGmt(),
      search: args.search,
      searchProtected: request.user !== null,
      searchColumns: args.search_columns.length > 0 ? args.search_columns : undefined,
      include: args.include,
      exclude: args.exclude,
      authors: args.author,
      authorsExclude: args.author_exclude,
      parents: args.parent,
      parentsExclude: args.parent_exclude,
      slugs: args.slug,
      menuOrder: args.menu_order,
      after: local(args.after),
      before: local(args.before),
      modifiedAfter: local(args.modified_after),
      modifiedBefore: local(args.modified_before),
      stickyIds,
      orderBy: args.orderby as PostOrderBy,
      order: args.order,
      perPage: limit,
      offset,
    };
  }

  /** `GET /<rest_base>`: one page of records, the totals headers and the `Link` header. */
  async list(args: ListPostArgs, request: RestRequest): Promise<RestResponse> {
    const refusal = this.listRefusal(request, args);
    if (refusal !== true) throw refusal;
    if (args.orderby === 'relevance' && (args.search ?? '') === '') throw contentError('rest_no_search_term_defined');
    const query = await this.type.filter(
      'query',
      { ...(await this.buildQuery(args, request)) },
      // A copy: the hooks read the list's arguments as a plain record.
      { request, args: { ...args } },
    );
    const { posts, total } = await this.context.store.list(query);
    // The page of the paging headers is the one asked for, with an `offset` too (as the original).
    const page = args.page;
    const perPage = query.perPage ?? Math.max(total, 1);
    if (total > 0 && page > Math.ceil(total / perPage)) throw contentError('rest_post_invalid_page_number');
    const shown = await this.readable(request, posts, { edit: args.context === 'edit' });
    const scope = await this.scope(request, shown);
    // A list shows protected records' content to no one but their editors, as the original.
    const records = shown.map((post) => this.prepare(post, scope));
    request.cacheKeys.add(postsKey(this.context.name));
    return collectionResponse(request, records, { total, page, perPage, args });
  }

  /** Why a list with these statuses is refused to the caller, or `true` (the handler's own check). */
  listRefusal(request: RestRequest, args: ListPostArgs): true | RestError {
    return listStatusRefusal(request, this.context.args, args);
  }

  /** `GET /<rest_base>/<id>`. */
  async read(args: { id: number; password?: string | undefined }, request: RestRequest): Promise<Record<string, unknown>> {
    const post = await this.existing(request, args.id);
    const scope = await this.scope(request, [post], { password: args.password });
    return this.prepare(post, scope);
  }

  /** A create's permission check. */
  canCreate(request: RestRequest, args: WritePostArgs): true | RestError {
    return canCreate(request, this.context.args, args);
  }

  /** An update's permission check; an unknown id is 404 `rest_post_invalid_id`. */
  async canUpdate(request: RestRequest, args: WritePostArgs & { id: number }): Promise<true | RestError> {
    return canUpdate(request, this.context.args, await this.existing(request, args.id), args);
  }

  /** A delete's permission check. */
  async canDelete(request: RestRequest, args: { id: number }): Promise<true | RestError> {
    return canDelete(request, this.context.args, await this.existing(request, args.id));
  }

  /** What a write needs: the store, the type, the time, the timezone and the discussion defaults (one query). */
  async writeScope(request: RestRequest): Promise<WriteScope> {
    const stored = await this.context.options.findMany(['timezone', 'default_comment_status', 'default_ping_status']);
    return {
      store: this.context.store,
      name: this.context.name,
      args: this.context.args,
      nowGmt: this.nowGmt(),
      timeZone: stored.timezone ?? DEFAULT_OPTIONS.timezone,
      siteUrl: siteUrlOf(request),
      userExists: this.context.userExists,
      sanitize: sanitizePostHtml,
      discussion: {
        comments: stored.default_comment_status ?? DEFAULT_OPTIONS.default_comment_status,
        trackbacks: stored.default_ping_status ?? DEFAULT_OPTIONS.default_ping_status,
      },
    };
  }

  /** `POST /<rest_base>`: 201 with the record in the edit context and its `Location`. */
  async create(args: WritePostArgs, request: RestRequest): Promise<RestResponse> {
    const scope = await this.writeScope(request);
    const event = { request, creating: true };
    const prepared = newPostRow(scope, await postChanges(scope, args, request), request);
    const meta = await this.planMeta(request, undefined, args);
    const row = await this.type.filter('preInsert', { ...prepared }, event);
    const created = await this.context.store.create(row);
    // As WordPress: the guid is the permalink the record has when it is made.
    const guid = permalink(created, await this.scope(request, [created], { edit: true }));
    const post = (await this.context.store.update(created.id, { guid })) ?? created;
    await this.afterWrite(post, args, { ...event, meta });
    const record = this.prepare(post, await this.scope(request, [post], { edit: true }));
    return response(record, {
      status: 201,
      context: 'edit',
      headers: { Location: request.scope.restUrl(`${this.base}/${post.id}`) },
    });
  }

  /** `POST|PUT|PATCH /<rest_base>/<id>`: the record in the edit context. */
  async update(args: WritePostArgs & { id: number }, request: RestRequest): Promise<RestResponse> {
    const before = await this.existing(request, args.id);
    const scope = await this.writeScope(request);
    const event = { request, creating: false };
    const changes = await postChanges(scope, args, request, before);
    const meta = await this.planMeta(request, before.id, args);
    const nowLocal = localDate(new Date((this.context.now ?? Date.now)()), scope.timeZone);
    const prepared = { ...changes, modified: nowLocal, modified_gmt: scope.nowGmt };
    const row = await this.type.filter('preInsert', { ...prepared }, event);
    const updated = await this.context.store.update(before.id, row);
    if (updated === undefined) throw contentError('rest_post_invalid_id');
    if (this.context.args.supports.includes('revisions')) await saveRevision(this.context.store, updated);
    await this.afterWrite(updated, args, { ...event, meta });
    return response(this.prepare(updated, await this.scope(request, [updated], { edit: true })), { context: 'edit' });
  }

  /**
   * Checks the body's `meta` against the type's registered keys before anything is stored
   * (the original checks it after storing the record; here a refused request changes nothing).
   */
  async planMeta(request: RestRequest, id: number | undefined, args: WritePostArgs): Promise<MetaWrite | undefined> {
    const fields = this.context.meta;
    if (fields === undefined || !('meta' in this.schema().shape) || args.meta === undefined) return undefined;
    return fields.plan(request, id, args.meta);
  }

  /**
   * After a record was stored: the `insert` hooks, sticky, the checked meta, registered
   * fields, the `afterInsert` hooks (the original's order).
   */
  async afterWrite(
    post: Post,
    args: WritePostArgs,
    event: { request: RestRequest; creating: boolean; meta?: MetaWrite | undefined },
  ): Promise<void> {
    const hookEvent = { request: event.request, creating: event.creating };
    await this.type.emit('insert', post, hookEvent);
    if (args.sticky !== undefined) await this.setSticky(post.id, args.sticky);
    if (args.featured_media !== undefined && restFeatures(this.context.name, this.context.args).has('thumbnail')) {
      await setFeaturedMedia(this.context.postMeta, post.id, args.featured_media);
    }
    await event.meta?.apply(post.id);
    await this.type.updateFields(post, args, event.request);
    await this.type.emit('afterInsert', post, hookEvent);
  }

  /** `DELETE /<rest_base>/<id>`: to the trash, or for good with `force=true`. */
  async delete(args: { id: number; force: boolean }, request: RestRequest): Promise<RestResponse> {
    const post = await this.existing(request, args.id);
    const scope = await this.scope(request, [post], { edit: true });
    if (!args.force) {
      if (!this.context.args.trash) {
        throw contentError('rest_trash_not_supported.post');
      }
      if (post.status === 'trash') throw contentError('rest_already_trashed');
      // Trashing is `wp_update_post`: an author's stored HTML is filtered again, as any update.
      const refiltered = refilteredFields(await this.writeScope(request), request, post, {});
      const trashed =
        (await this.context.store.update(post.id, { status: 'trash', slug: trashedSlug(post.slug), ...refiltered })) ?? post;
      // Trashing is an update in the original (`wp_update_post`): a first revision is kept.
      if (this.context.args.supports.includes('revisions')) await saveRevision(this.context.store, trashed);
      await this.type.emit('trash', trashed, { request });
      return response(this.prepare(trashed, scope), { context: 'edit' });
    }
    // Read before it goes: its registered fields (the terms) go with it.
    const previous = await this.type.withFields(this.prepare(post, scope), request);
    await this.deleteForGood(post, request);
    return response({ deleted: true, previous }, { raw: true });
  }

  /**
   * Deletes a record for good, with the `preDelete` and `delete` hooks around it (a forced
   * `DELETE`, and a user deleted without `reassign`).
   */
  async deleteForGood(post: Post, request: RestRequest): Promise<void> {
    await this.type.emit('preDelete', post, { request });
    await this.context.store.delete(post.id);
    // Gone for the rest of the request too: the checks of `Allow` find no record, as the original's.
    loaded.ensure(request, () => new Map()).set(post.id, Promise.resolve(undefined));
    permissionsChanged(request);
    await this.setSticky(post.id, false);
    await this.type.emit('delete', post, { request });
  }

  /** Adds a post to the sticky posts, or takes it out. */
  async setSticky(id: number, sticky: boolean): Promise<void> {
    if (this.context.name !== 'post') return;
    const current = await this.context.options.get('sticky_posts');
    // Nothing to change: no write (and no lock) for the usual write of a post.
    if (current.includes(id) === sticky) return;
    await this.context.options.change('sticky_posts', (ids) => {
      if (ids.includes(id) === sticky) return ids;
      return sticky ? [...ids, id] : ids.filter((item) => item !== id);
    });
  }

  /** What the records of one response share: the site, the time, the sticky posts. */
  async scope(
    request: RestRequest,
    posts: readonly Post[],
    access: { password?: string; edit?: boolean } = {},
  ): Promise<RecordScope> {
    // As the original: protected content shows in the edit context, or with the right password.
    const edit = access.edit ?? request.param('context') === 'edit';
    const showProtected = (post: Post) => edit || (access.password !== undefined && access.password === post.password);
    const ancestorIds = new Set<number>();
    const [sticky, permalinkStructure, ancestors, meta, featured, dynamic] = await Promise.all([
      this.context.name === 'post' ? siteOption(this.context.options, request, 'sticky_posts') : Promise.resolve([]),
      siteOption(this.context.options, request, 'permalink_structure'),
      this.context.args.hierarchical ? this.ancestorSlugs(posts, { ids: ancestorIds }) : undefined,
      this.context.meta?.values(
        request,
        posts.map((post) => post.id),
      ),
      restFeatures(this.context.name, this.context.args).has('thumbnail')
        ? featuredMediaFor(
            this.context.postMeta,
            request,
            posts.map((post) => post.id),
          )
        : undefined,
      renderDynamicContent(this.context.dynamicContent, request, posts, (post) => post.password === '' || showProtected(post)),
    ]);
    declareRecords(request, posts, { ancestors: ancestorIds, showProtected });
    return {
      name: this.context.name,
      args: this.context.args,
      siteUrl: siteUrlOf(request),
      nowGmt: this.nowGmt(),
      render: this.context.render,
      sticky: new Set(sticky),
      permalinkStructure,
      dynamic: (post) => dynamic.get(post.id),
      showProtected,
      meta: (post) => meta?.get(post.id) ?? [],
      featuredMedia: (post) => featured?.get(post.id) ?? 0,
      ancestorSlugs: (post) => ancestors?.get(post.id) ?? [],
      edit,
    };
  }

  /**
   * The slugs of the ancestors of each record, the root first, read a generation at a time
   * (one query a level, however many records), for hierarchical permalinks. The ids of the
   * ancestors found are added to `found.ids`, when given.
   */
  async ancestorSlugs(posts: readonly Post[], found: { ids?: Set<number> } = {}): Promise<Map<number, string[]>> {
    const known = new Map<number, Pick<Post, 'slug' | 'parent'>>(posts.map((post) => [post.id, post]));
    let wanted = posts.map((post) => post.parent);
    for (let depth = 0; depth < 64; depth++) {
      const missing = [...new Set(wanted)].filter((id) => id > 0 && !known.has(id));
      if (missing.length === 0) break;
      const parents = await this.context.store.findMany(missing);
      for (const id of missing) known.set(id, { slug: '', parent: 0 });
      for (const parent of parents) known.set(parent.id, parent);
      wanted = parents.map((parent) => parent.parent);
    }
    const slugs = new Map<number, string[]>();
    for (const post of posts) {
      const chain: string[] = [];
      const seen = new Set([post.id]);
      for (let id = post.parent; id > 0 && !seen.has(id); id = known.get(id)?.parent ?? 0) {
        seen.add(id);
        found.ids?.add(id);
        chain.unshift(known.get(id)?.slug ?? '');
      }
      slugs.set(
        post.id,
        chain.filter((slug) => slug !== ''),
      );
    }
    return slugs;
  }

  /** The full record of a stored post (the core trims it to the context and `_fields`). */
  prepare(post: Post, scope: RecordScope): Record<string, unknown> {
    return postRecord(post, scope);
  }
}

/**
 * Declares the records of an answer to the request's surrogate keys: each record and the
 * ancestors whose slugs make its `link`. An answer that shows a protected record's content
 * (its password was sent) is private; one that hides it (`protected: true`, the same for
 * every anonymous caller) may be shared (docs/caching.md).
 */
function declareRecords(
  request: RestRequest,
  posts: readonly Post[],
  seen: { ancestors: ReadonlySet<number>; showProtected: (post: Post) => boolean },
): void {
  const keys = request.cacheKeys;
  if (!keys.collecting) return;
  for (const post of posts) {
    keys.add(postKey(post.id));
    if (post.password !== '' && seen.showProtected(post)) keys.markPrivate();
  }
  for (const id of seen.ancestors) keys.add(postKey(id));
}
