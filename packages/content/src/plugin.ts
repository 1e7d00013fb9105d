/**
 * `contentPlugin`: the site's own content on a REST server: the authenticator, the users,
 * application-password, taxonomies and terms routes in `<prefix>/v2`, and the cookie routes in `<prefix>-auth/v1`.
 *
 * @module
 */
import type { Plugin, RestRequest, RestServer } from '@cms-json/core';
import { dialectOf, transactionRunner } from '@cms-json/database';
import type { Kysely } from 'kysely';
import { applicationPasswordsRoutes } from './auth/application-passwords-routes.js';
import type { Auth } from './auth/auth.js';
import { contentAuthenticator } from './auth/authenticator.js';
import { nonceRefreshPage, sessionRoutes } from './auth/session-routes.js';
import { MetaFields } from './meta/fields.js';
import { metaRegistry } from './meta/registry.js';
import { MetaStore } from './meta/store.js';
import { OptionsStore } from './options/options.js';
import { PostsController } from './posts/controller.js';
import { localDate } from './posts/dates.js';
import { handOverContent } from './posts/hand-over.js';
import { postTypes } from './posts/post-types.js';
import { defaultRenderer, type Renderer } from './posts/render.js';
import { PostStore } from './posts/store.js';
import { typesRoutes } from './posts/types-routes.js';
import { setUpTaxonomies } from './terms/plugin-setup.js';
import { usersRoutes } from './users/routes.js';

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
  /** How stored text becomes `rendered` HTML. @default defaultRenderer (WordPress's `wpautop`) */
  render?: Partial<Renderer> | undefined;
  /** The current time, for scheduled posts; tests move it. @default Date.now */
  now?: (() => number) | undefined;
}

/**
 * The site's own content on a REST server: the authenticator (application passwords over
 * HTTP Basic, cookie sessions with nonces), the users and application-password routes in
 * `<prefix>/v2`, and cookie login, logout and nonce in `<prefix>-auth/v1`.
 *
 * @throws Error when the server's prefix is not the prefix of `auth`.
 * @example
 * const auth = createAuth({ db, secret: process.env.SITE_SECRET! });
 * const server = createRestServer();
 * await server.use(contentPlugin({ auth }));
 */
export function contentPlugin(options: ContentPluginOptions): Plugin {
  return function contentPluginSetup(server) {
    const { auth } = options;
    const prefix = server.names.prefix;
    if (auth.prefix !== prefix) {
      throw new Error(`contentPlugin: the server's prefix is "${prefix}" but createAuth was given "${auth.prefix}".`);
    }
    const namespace = `${prefix}/v2`;
    server.authenticate(contentAuthenticator(auth));
    // Atomic batches (docs/batch.md) run in one transaction of the site's database.
    if (dialectOf(auth.db) !== undefined) server.provideTransactions(transactionRunner(auth.db));
    server.register(
      namespace,
      ...usersRoutes({
        users: auth.users,
        namespace,
        objectTypes: server.objectTypes,
        onDeleteUser: async (userId, reassign, request) => {
          await posts.onDeleteUser(userId, reassign, request);
          await options.onDeleteUser?.(userId, reassign, request);
        },
      }),
      ...applicationPasswordsRoutes({ users: auth.users, passwords: auth.applicationPasswords, namespace }),
    );
    setUpTaxonomies(server, auth.db, namespace);
    server.register(`${prefix}-auth/v1`, ...sessionRoutes(auth));
    const posts = servePostTypes(server, namespace, auth.db, options);
    if (options.nonceRefreshPage ?? true) server.page(nonceRefreshPage(auth, server.options.siteUrl));
  };
}

/**
 * The post types' routes, built when the server builds its routes (after every plugin ran),
 * and what becomes of a deleted user's records.
 */
function servePostTypes(
  server: RestServer,
  namespace: string,
  // biome-ignore lint/suspicious/noExplicitAny: any table types will do.
  db: Kysely<any>,
  options: ContentPluginOptions,
): { onDeleteUser(userId: number, reassign: number | null, request: RestRequest): Promise<void> } {
  const controllers = new Map<string, PostsController>();
  const store = new PostStore(db);
  const metaStore = new MetaStore(db, 'post');
  const siteOptions = new OptionsStore(db);
  const render: Renderer = { ...defaultRenderer, ...options.render };
  const registry = postTypes(server);
  const now = options.now ?? Date.now;
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
      relationBase: server.options.curieBase,
      now,
      userExists: async (id) => (await options.auth.users.findById(id)) !== undefined,
      meta: new MetaFields({ registry: metaRegistry(server), store: metaStore, objectType: 'post', subtype: name }),
    });
    // Anyone may see the authors of published records of a type with routes (spec §2.2).
    if (args.supports.includes('author')) {
      server.objectTypes.get(name).provideAuthors(() => store.publishedAuthors([name], localDate(new Date(now()), 'UTC')));
    }
    controllers.set(name, controller);
    return { namespace: controller.namespace, routes: controller.routes() };
  });
  return {
    onDeleteUser: (userId, reassign, request) => handOverContent({ store, registry, controllers }, { userId, reassign, request }),
  };
}
