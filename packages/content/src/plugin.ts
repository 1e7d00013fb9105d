/**
 * `contentPlugin`: the site's own content on a REST server: the authenticator, the users,
 * application-password, taxonomies, terms, settings and search routes in `<prefix>/v2`, the
 * cookie routes in `<prefix>-auth/v1`, and `oembed/1.0`.
 *
 * @module
 */
import type { Plugin, RestRequest, RestServer } from '@cms-json/core';
import { applicationPasswordsRoutes } from './auth/application-passwords-routes.js';
import type { Auth } from './auth/auth.js';
import { contentAuthenticator } from './auth/authenticator.js';
import { nonceRefreshPage, sessionRoutes } from './auth/session-routes.js';
import { setUpComments } from './comments/plugin-setup.js';
import { type MediaOptions, mediaController } from './media/controller.js';
import { MetaFields } from './meta/fields.js';
import { metaRegistry } from './meta/registry.js';
import { localEmbeds } from './oembed/local-embeds.js';
import { defaultOembedFetcher, type OembedFetcher } from './oembed/remote-fetch.js';
import { OEMBED_NAMESPACE, oembedRoutes } from './oembed/routes.js';
import { userCan } from './permissions.js';
import { BlocksController } from './posts/blocks-controller.js';
import { PostsController } from './posts/controller.js';
import { localDate } from './posts/dates.js';
import { dynamicBlocks, freshRenderer } from './posts/dynamic-blocks.js';
import { handOverContent } from './posts/hand-over.js';
import { readAccessOf, readablePosts, typeCapabilities } from './posts/permissions.js';
import { type PostTypeArgs, type PostTypeRegistry, postTypes } from './posts/post-types.js';
import { nonceSessionOf } from './posts/preview.js';
import type { Renderer } from './posts/render.js';
import { siteRenderer } from './posts/render-cache.js';
import type { PostAccessFields, PostStore } from './posts/store.js';
import { typesRoutes } from './posts/types-routes.js';
import { postSearchHandler } from './search/post-search.js';
import { declareSearchRoute } from './search/routes.js';
import { termSearchHandler } from './search/term-search.js';
import { settingsRoute } from './settings/routes.js';
import { describeSiteFromOptions } from './settings/site-description.js';
import type { ContentStorage } from './storage.js';
import type { TermsContext } from './terms/context.js';
import { setUpTaxonomies } from './terms/plugin-setup.js';
import { termLink } from './terms/record.js';
import type { Term, TermStore } from './terms/store.js';
import type { TaxonomyRegistry } from './terms/taxonomy.js';
import type { TermRecordTypes } from './terms/types.js';
import { themesRoutes } from './themes/routes.js';
import { DEFAULT_THEME, type ThemeDeclaration } from './themes/theme.js';
import { PersistedPreferences } from './users/persisted-preferences.js';
import { usersRoutes } from './users/routes.js';
import { writeTransaction } from './write-transaction.js';

/**
 * Options of {@link contentPlugin}.
 *
 * @example
 * const options: ContentPluginOptions = { auth };
 */
export interface ContentPluginOptions {
  /** The site's authentication (from `createAuth`), with its stores; its prefix must be the server's. */
  auth: Auth;
  /**
   * Runs before a user is deleted, after their posts went to `reassign` (or, when `null`, were
   * deleted): for content of your own.
   */
  onDeleteUser?: ((userId: number, reassign: number | null, request: RestRequest) => Promise<void>) | undefined;
  /** Whether to serve `/<prefix>-admin/admin-ajax.php?action=rest-nonce` for `@wordpress/api-fetch`. @default true */
  nonceRefreshPage?: boolean | undefined;
  /**
   * How stored text becomes `rendered` HTML. Parts left out are {@link defaultRenderer}'s,
   * whose output is remembered per text (a pure function of it); the parts given run on every read.
   * @default defaultRenderer (WordPress's `wpautop`)
   */
  render?: Partial<Renderer> | undefined;
  /** The current time, for scheduled posts; tests move it. @default Date.now */
  now?: (() => number) | undefined;
  /**
   * Uploads: where files are kept and what is accepted. With it the site serves the media
   * routes (`/<prefix>/v2/media`); without it, media records have no routes.
   */
  media?: MediaOptions | undefined;
  /** How `/oembed/1.0/proxy` fetches other sites. @default defaultOembedFetcher() */
  oembedFetch?: OembedFetcher | undefined;
  /**
   * The site's theme as the block editor reads it (`/<prefix>/v2/themes`): its name and what
   * it supports (wide alignment, featured images, the palette, …). cms-json renders no theme.
   * @default DEFAULT_THEME
   */
  theme?: ThemeDeclaration | undefined;
  /** The client's address, stored as a comment's `author_ip` (behind a proxy, read it from your proxy's header). @default '127.0.0.1' as WordPress without one */
  clientIp?: ((request: RestRequest) => string | undefined) | undefined;
}

declare module '@cms-json/core' {
  interface ServerExtensions {
    /** The options `contentPlugin` was used with on the server (it may be used once). */
    content: ContentPluginOptions;
  }
}

/**
 * The site's own content on a REST server, served from the stores of `auth.storage` (the
 * project's own tables, WordPress's, or any `ContentStorage`): the authenticator (application passwords over
 * HTTP Basic, cookie sessions with nonces), the users and application-password routes in
 * `<prefix>/v2`, and cookie login, logout and nonce in `<prefix>-auth/v1`.
 *
 * @throws Error when the server's prefix is not the prefix of `auth`, or when the plugin was
 *   used on the server already.
 * @example
 * const auth = createAuth({ database, secret: process.env.SITE_SECRET! });
 * // or over any storage: createAuth({ storage, secret: process.env.SITE_SECRET! })
 * const server = createRestServer();
 * await server.use(contentPlugin({ auth }));
 */
export function contentPlugin(options: ContentPluginOptions): Plugin {
  return function contentPluginSetup(server) {
    const { auth } = options;
    const used = { ...options };
    if (server.extension('content', () => used) !== used) {
      throw new Error('contentPlugin: used on this server already; use it once.');
    }
    const prefix = server.names.prefix;
    if (auth.prefix !== prefix) {
      throw new Error(`contentPlugin: the server's prefix is "${prefix}" but createAuth was given "${auth.prefix}".`);
    }
    const namespace = `${prefix}/v2`;
    const { storage } = auth;
    server.authenticate(contentAuthenticator(auth));
    // Atomic batches (docs/batch.md) run in one transaction of the site's storage. A storage
    // without atomic transactions (D1) gives none: an atomic batch then answers 501
    // rest_batch_atomic_unavailable rather than claim an atomicity it lacks.
    if (storage.transactions.atomicTransactions !== false) server.provideTransactions(storage.transactions.transactionRunner());
    server.register(
      namespace,
      ...usersRoutes({
        users: auth.users,
        namespace,
        objectTypes: server.objectTypes,
        atomicDelete: writeTransaction(storage.transactions),
        preferences: new PersistedPreferences(storage.meta.user),
        onDeleteUser: async (userId, reassign, request) => {
          await posts.onDeleteUser(userId, reassign, request);
          await options.onDeleteUser?.(userId, reassign, request);
        },
      }),
      ...applicationPasswordsRoutes({ users: auth.users, passwords: auth.applicationPasswords, namespace }),
    );
    const { taxonomies, terms } = setUpTaxonomies(server, { terms: storage.terms, meta: storage.meta.term }, namespace, {
      canReadPost: (request, post) => posts.canReadPost(request, post),
    });
    server.register(`${prefix}-auth/v1`, ...sessionRoutes(auth));
    const posts = servePostTypes(server, namespace, storage, options);
    serveSiteRoutes(server, { namespace, storage, options, posts, taxonomies, terms });
    if (options.nonceRefreshPage ?? true) server.page(nonceRefreshPage(auth, server.options.siteUrl));
  };
}

/** The settings, search and oEmbed routes, and the root index's name and description from the settings. */
function serveSiteRoutes(
  server: RestServer,
  parts: {
    namespace: string;
    storage: ContentStorage;
    options: ContentPluginOptions;
    posts: ServedPostTypes;
    taxonomies: TaxonomyRegistry;
    terms: TermStore;
  },
): void {
  const { namespace, storage, options, posts, taxonomies, terms } = parts;
  const siteOptions = storage.options;
  const site = { name: server.options.site?.name ?? 'cms-json', description: server.options.site?.description ?? '' };
  server.register(namespace, settingsRoute({ options: siteOptions, site }));
  server.register(
    namespace,
    ...themesRoutes({
      namespace,
      theme: options.theme ?? DEFAULT_THEME,
      // As the original: `edit_posts`, or the `edit_posts` of some type with routes.
      canEditSomeType: (request) =>
        userCan(request, 'edit_posts') ||
        posts.registry.names().some((name) => {
          const args = posts.registry.get(name);
          return args?.showInRest === true && userCan(request, typeCapabilities(args).edit_posts);
        }),
    }),
  );
  server.describeSite(describeSiteFromOptions(siteOptions, options.now ?? Date.now));
  const termLinkOf = (request: RestRequest, term: Term) => {
    const taxonomy = taxonomies.get(term.taxonomy);
    if (taxonomy === undefined) return Promise.resolve('');
    const context: TermsContext = {
      taxonomy,
      taxonomies,
      store: terms,
      type: server.objectTypes.serving<TermRecordTypes>(taxonomy.name),
      objectTypes: server.objectTypes,
      contentNamespace: namespace,
      relationBase: server.options.curieBase,
    };
    return termLink(context, request, term);
  };
  declareSearchRoute(server.objectTypes, namespace, [
    postSearchHandler({ registry: posts.registry, controllers: posts.controllers, store: posts.store, namespace }),
    termSearchHandler({ terms, taxonomies, namespace, termLink: termLinkOf }),
  ]);
  const localEmbed = localEmbeds({
    posts: posts.store,
    registry: posts.registry,
    controllers: posts.controllers,
    options: siteOptions,
    siteName: site.name,
    findUser: (id) => options.auth.users.findById(id),
  });
  server.register(OEMBED_NAMESPACE, ...oembedRoutes({ localEmbed, fetch: options.oembedFetch ?? defaultOembedFetcher() }));
}

/** What {@link servePostTypes} gives the other routes: the registry, each type's controller and the store. */
interface ServedPostTypes {
  readonly registry: PostTypeRegistry;
  readonly controllers: ReadonlyMap<string, PostsController>;
  readonly store: PostStore;
  onDeleteUser(userId: number, reassign: number | null, request: RestRequest): Promise<void>;
  /** Whether the caller may read this post (the one read check). */
  canReadPost(request: RestRequest, post: PostAccessFields): Promise<boolean>;
}

/**
 * The post types' routes, built when the server builds its routes (after every plugin ran),
 * and what becomes of a deleted user's records.
 */
function servePostTypes(
  server: RestServer,
  namespace: string,
  storage: ContentStorage,
  options: ContentPluginOptions,
): ServedPostTypes {
  const controllers = new Map<string, PostsController>();
  const store = storage.posts;
  const metaStore = storage.meta.post;
  const siteOptions = storage.options;
  // The default's parts are remembered per text (render-cache.ts); the site's own run every time.
  const render: Renderer = siteRenderer(options.render);
  // Texts with dynamic blocks are rendered every time (dynamic-blocks.ts).
  const dynamicContent = { blocks: dynamicBlocks(server), render: freshRenderer(options.render) };
  const registry = postTypes(server);
  const now = options.now ?? Date.now;
  const { media } = options;
  // Reusable blocks have the original's own controller, unless an extension gave theirs.
  server.objectTypes.filterArgs<PostTypeArgs>('post_type', (args, name) =>
    name === 'wp_block' ? { ...args, controller: args.controller ?? BlocksController } : args,
  );
  if (media !== undefined) {
    const controller = mediaController({ ...media, typeArgs: (name) => registry.get(name) });
    server.objectTypes.filterArgs<PostTypeArgs>('post_type', (args, name) =>
      name === 'attachment' ? { ...args, showInRest: true, controller: args.controller ?? controller } : args,
    );
  }
  const comments = setUpComments(server, {
    comments: storage.comments,
    meta: storage.meta.comment,
    namespace,
    posts: store,
    options: siteOptions,
    users: options.auth.users,
    registry,
    controllers,
    now,
    clientIp: options.clientIp,
  });
  server.register(
    namespace,
    ...typesRoutes({ registry, namespace, prefix: server.names.prefix, relationBase: server.options.curieBase }),
  );
  registry.buildRoutesWith((name, args) => {
    const Controller = args.controller ?? PostsController;
    const controller = new Controller({
      name,
      args,
      namespace,
      store,
      options: siteOptions,
      objectTypes: server.objectTypes,
      render,
      dynamicContent,
      relationBase: server.options.curieBase,
      now,
      userExists: async (id) => (await options.auth.users.findById(id)) !== undefined,
      meta: new MetaFields({ registry: metaRegistry(server), store: metaStore, objectType: 'post', subtype: name }),
      postMeta: metaStore,
      typeArgs: (type) => registry.get(type),
      createNonce: (request, action) => options.auth.createNonce(nonceSessionOf(request), action),
    });
    if (!(controller instanceof PostsController)) {
      throw new Error(`contentPlugin: the controller of the post type "${name}" is not a PostsController or a subclass of it.`);
    }
    // Anyone may see the authors of published records of a type with routes (spec §2.2).
    if (args.supports.includes('author')) {
      server.objectTypes
        .get(name)
        .provideAuthors((asked) => store.publishedAuthors([name], localDate(new Date(now()), 'UTC'), asked?.among));
    }
    controllers.set(name, controller);
    comments.watchPostType(name);
    return { namespace: controller.namespace, routes: controller.routes() };
  });

  return {
    registry,
    controllers,
    store,
    canReadPost: async (request, post) => {
      const access = readAccessOf({ typeArgs: (name) => registry.get(name), store, nowGmt: localDate(new Date(now()), 'UTC') });
      return (await readablePosts(request, access, [post])).has(post.id);
    },
    onDeleteUser: (userId, reassign, request) => handOverContent({ store, registry, controllers }, { userId, reassign, request }),
  };
}
