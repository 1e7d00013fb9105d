/**
 * The tel site as a value: the `tel/v1` outgoing-links plugin with the content package's users
 * and application passwords on one database, and the first administrator made from the
 * deployment's secret. It takes a `Database` so each runtime brings its own (SQLite, PostgreSQL
 * or D1); `worker.ts` picks it from the worker's `env`.
 *
 * The composition is the smallest honest one: the content package's authenticator
 * (application passwords over HTTP Basic), its users and application-password routes, and
 * its migrations (which create all of its tables, posts' too, unused here). No posts, terms,
 * comments, media or cookie sign-in routes are served.
 *
 * @module
 */
import {
  type Auth,
  applicationPasswordsRoutes,
  type ContentTables,
  contentAuthenticator,
  createAuth,
  migrateContent,
  usersRoutes,
} from '@cms-json/content';
import { createRestServer, type RestServer } from '@cms-json/core';
import { type Database, withStartupLock } from '@cms-json/database';
import { type OutgoingLinksTables, outgoingLinks } from '@cms-json/example-outgoing-links';
import type { TelSiteConfig } from './config.js';

/** The tel site's tables: the content package's and the plugin's. */
export type TelSiteTables = ContentTables & OutgoingLinksTables;

/** A built tel site. */
export interface TelSite {
  readonly server: RestServer;
  readonly auth: Auth;
  /** Set on the first start (no users yet): the administrator made from `CMS_ADMIN_USER` and `CMS_ADMIN_APP_PASSWORD`. */
  readonly firstAdmin: { readonly id: number; readonly login: string } | undefined;
}

/**
 * Builds the tel site on a database: migrates it, mounts users, application passwords and
 * `tel/v1`, and creates the first administrator when there are no users.
 *
 * @example
 * const database = openDatabase<TelSiteTables>({ url: 'sqlite:./data/tel.db' });
 * const site = await createTelSite({ database, config: readTelSiteConfig(process.env) });
 * const handler = createFetchHandler(site.server);
 */
export async function createTelSite(options: { database: Database<TelSiteTables>; config: TelSiteConfig }): Promise<TelSite> {
  const { database, config } = options;
  // Processes that start together on an empty database migrate and make the admin one at a time.
  return withStartupLock(database, async () => {
    await migrateContent(database);
    const server = createRestServer({
      prefix: config.prefix,
      ...(config.siteUrl === undefined ? {} : { siteUrl: config.siteUrl }),
      site: { name: 'cms-json tel site', description: 'Outgoing links, with users and application passwords.' },
    });
    const auth = createAuth({ database, secret: config.secret, prefix: config.prefix });
    const namespace = `${config.prefix}/v2`;
    server.authenticate(contentAuthenticator(auth));
    // Atomic batches (`POST /batch/v1` with `atomic: true`) run in one transaction of the database;
    // on D1, which has none, they are refused with 501 `rest_batch_atomic_unavailable`.
    if (database.atomicTransactions) server.provideTransactions(database.transactionRunner());
    server.register(
      namespace,
      ...usersRoutes({ users: auth.users, namespace, objectTypes: server.objectTypes }),
      ...applicationPasswordsRoutes({ users: auth.users, passwords: auth.applicationPasswords, namespace }),
    );
    await server.use(outgoingLinks({ database }));
    const firstAdmin = await ensureFirstAdmin(auth, config);
    return { server, auth, firstAdmin };
  });
}

/**
 * Creates the first administrator when there are no users, with one application password: the
 * deployment's `CMS_ADMIN_APP_PASSWORD`. Their login password is random and never shown (the
 * tel site has no sign-in page; change it through the users routes to use one elsewhere).
 */
async function ensureFirstAdmin(auth: Auth, config: TelSiteConfig): Promise<TelSite['firstAdmin']> {
  if ((await auth.users.count()) > 0) return undefined;
  const admin = await auth.users.create({
    login: config.adminUser,
    email: `${config.adminUser}@example.invalid`,
    password: randomText(),
    roles: ['administrator'],
  });
  await auth.applicationPasswords.create(admin.id, { name: 'first start', password: config.adminAppPassword });
  return { id: admin.id, login: admin.login };
}

/** 24 random bytes as hex, from the Web Crypto API every runtime has. */
function randomText(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(24)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
