/**
 * `contentPlugin`: the site's own content on a REST server: the authenticator, the users,
 * application-password, taxonomies and terms routes in `<prefix>/v2`, and the cookie routes in `<prefix>-auth/v1`.
 *
 * @module
 */
import type { Plugin } from '@cms-json/core';
import { applicationPasswordsRoutes } from './auth/application-passwords-routes.js';
import type { Auth } from './auth/auth.js';
import { contentAuthenticator } from './auth/authenticator.js';
import { nonceRefreshPage, sessionRoutes } from './auth/session-routes.js';
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
  /** Runs before a user is deleted, to hand their content to `reassign` (or delete it when `null`). */
  onDeleteUser?: ((userId: number, reassign: number | null) => Promise<void>) | undefined;
  /** Whether to serve `/<prefix>-admin/admin-ajax.php?action=rest-nonce` for `@wordpress/api-fetch`. @default true */
  nonceRefreshPage?: boolean | undefined;
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
    server.register(
      namespace,
      ...usersRoutes({
        users: auth.users,
        namespace,
        objectTypes: server.objectTypes,
        onDeleteUser: options.onDeleteUser,
      }),
      ...applicationPasswordsRoutes({ users: auth.users, passwords: auth.applicationPasswords, namespace }),
    );
    setUpTaxonomies(server, auth.db, namespace);
    server.register(`${prefix}-auth/v1`, ...sessionRoutes(auth));
    if (options.nonceRefreshPage ?? true) server.page(nonceRefreshPage(auth, server.options.siteUrl));
  };
}
