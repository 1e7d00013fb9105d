/**
 * The example site as a value: the REST server with the content, books and `tel/v1` plugins
 * on one database, the front page, each record's page at its permalink, the first administrator and the sample content. `main.ts` serves it; tests
 * build it on a temporary database.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { browsable } from '@cms-json/browsable';
import {
  type Auth,
  type ContentTables,
  contentPlugin,
  createAuth,
  migrateContent,
  postTypes,
  SqlOptionsStore,
  sqlContentStorage,
} from '@cms-json/content';
import { createRestServer, type RestServer } from '@cms-json/core';
import { type Database, openDatabase, withStartupLock } from '@cms-json/database';
import { editor } from '@cms-json/editor';
import { books } from '@cms-json/example-books';
import { OutgoingLinksStore, type OutgoingLinksTables, outgoingLinks } from '@cms-json/example-outgoing-links';
import { openapi } from '@cms-json/openapi';
import { apiViewer } from '@cms-json/openapi/viewer';
import type { Kysely } from 'kysely';
import type { SiteConfig } from './config.js';
import { frontPage } from './front-page.js';
import { createMediaStore, type SiteMedia } from './media-store.js';
import { replicaDatabaseOptions, routeReads } from './read-replicas.js';
import { recordPage } from './record-page.js';
import { addSampleContent, type SampleContentCounts } from './sample-content.js';
import { addSampleLinks } from './sample-links.js';
import { createSharedCache, type SiteSharedCache } from './shared-cache.js';

/** The site's tables. */
export type SiteTables = ContentTables & OutgoingLinksTables;

/** A built site. */
export interface Site {
  readonly server: RestServer;
  readonly database: Database<SiteTables>;
  readonly auth: Auth;
  /** The shared cache in front, and the purger of writes (`shared-cache.ts`). */
  readonly sharedCache: SiteSharedCache;
  /** Where uploads are kept: the uploads folder or an S3 bucket (`media-store.ts`). */
  readonly media: SiteMedia;
  /**
   * Set on a first start: the administrator's login and application password, to print once,
   * and their login password for the authoring area when it was generated (else `undefined`).
   */
  readonly firstAdmin: { login: string; password: string; generated: boolean; loginPassword: string | undefined } | undefined;
  readonly sampleLinksAdded: number;
  /** What the sample content added on this start (all zeros when it was off or the database was not empty). */
  readonly sampleContentAdded: SampleContentCounts | undefined;
  close(): Promise<void>;
}

/**
 * The nonce secret: `CMS_SECRET`, else a random one kept beside the SQLite file. Every process
 * of a site must sign nonces with the same key, so a site on PostgreSQL (which several
 * processes or machines may serve) or with several workers refuses to start without one.
 */
function siteSecret(config: SiteConfig): string {
  if (config.secret !== undefined) return config.secret;
  if (config.workers > 1 || !config.databaseUrl.startsWith('sqlite:')) {
    throw new Error(
      'CMS_SECRET is required on PostgreSQL or with WORKERS > 1: every process must sign nonces with the same key (e.g. CMS_SECRET=$(openssl rand -hex 32)).',
    );
  }
  const file =
    config.databaseUrl.startsWith('sqlite:') && !config.databaseUrl.includes(':memory:')
      ? resolve(dirname(config.databaseUrl.slice('sqlite:'.length).replace(/^\/\//, '')), 'site-secret')
      : undefined;
  if (file === undefined) return randomBytes(32).toString('hex');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Builds the site from its settings. */
export async function createSite(config: SiteConfig): Promise<Site> {
  const secret = siteSecret(config);
  const database = openDatabase<SiteTables>({ url: config.databaseUrl, ...replicaDatabaseOptions(config.readReplicas) });
  try {
    // Processes that start together on an empty database migrate and seed one at a time.
    const site = await withStartupLock(database, () => buildSite(config, database, secret));
    routeReads(site.server, database, { prefix: config.prefix, secure: config.siteUrl.startsWith('https:') });
    return site;
  } catch (error) {
    await database.close();
    throw error;
  }
}

async function buildSite(config: SiteConfig, database: Database<SiteTables>, secret: string): Promise<Site> {
  await migrateContent(database);
  // Purges wait until the read replicas replayed the writes (else the cache would refetch old rows).
  const sharedCache = createSharedCache(config.sharedCache, {
    beforePurge: async () => void (await database.waitForReplicas(await database.writePosition())),
  });
  const server = createRestServer({
    prefix: config.prefix,
    siteUrl: config.siteUrl,
    site: { name: 'cms-json example site', description: 'Posts, pages, books and outgoing links.' },
    sharedCache: sharedCache.serverOption,
  });
  // Every write through the stores purges the keys it changed from the shared cache (`shared-cache.ts`).
  const storage = sharedCache.storage(sqlContentStorage(database), { postTypes: () => postTypes(server).names() });
  const auth = createAuth({ storage, database, secret, prefix: config.prefix });
  // Uploads are kept in the uploads folder the site serves (`uploads.ts`), or in S3 (`media-store.ts`).
  const media = await createMediaStore(config.mediaStore, { directory: config.uploadsDir, urlPath: config.uploadsUrlPath });
  await server.use(contentPlugin({ auth, media: { store: media.store } }));
  await server.use(books());
  await server.use(outgoingLinks({ database, purger: sharedCache.purger }));
  // The OpenAPI document, its viewer, and the browsable API that links both.
  await server.use(openapi());
  await server.use(apiViewer());
  await server.use(browsable({ viewerUrl: `${server.options.siteUrl ?? ''}${server.names.restRoot}-viewer/` }));
  // The authoring area: the block editor at /cms-admin/ (/wp-admin/ in the wp profile).
  await server.use(editor());
  const links = new OutgoingLinksStore(database);
  server.page(
    frontPage({
      server,
      store: links,
      siteUrl: config.siteUrl,
      restRootUrl: server.restRootUrl(),
      curieBase: server.options.curieBase,
      options: new SqlOptionsStore(database),
      auth,
    }),
  );
  // Each record's page at its permalink, with the oEmbed discovery links.
  server.page(
    recordPage({ server, auth, restRootUrl: server.restRootUrl(), curieBase: server.options.curieBase, siteUrl: config.siteUrl }),
  );
  const firstAdmin = await ensureAdmin(auth, config);
  const sampleLinksAdded = config.sampleLinks ? await addSampleLinks(links) : 0;
  const admin = config.sampleContent ? await auth.users.findByLogin(config.adminUser) : undefined;
  const sampleContentAdded =
    admin === undefined
      ? undefined
      : await addSampleContent({ server, db: database.db as unknown as Kysely<ContentTables>, admin });
  const close = async () => {
    await sharedCache.close();
    media.close();
    await database.close();
  };
  return { server, database, auth, sharedCache, media, firstAdmin, sampleLinksAdded, sampleContentAdded, close };
}

/** Creates the first administrator when there are no users. */
async function ensureAdmin(auth: Auth, config: SiteConfig): Promise<Site['firstAdmin']> {
  if ((await auth.users.count()) > 0) return undefined;
  const loginPassword = config.adminPassword ?? randomBytes(18).toString('base64url');
  const admin = await auth.users.create({
    login: config.adminUser,
    email: `${config.adminUser}@example.invalid`,
    password: loginPassword,
    roles: ['administrator'],
  });
  const created = await auth.applicationPasswords.create(admin.id, { name: 'first start', password: config.adminAppPassword });
  return {
    login: admin.login,
    password: created.formatted,
    generated: config.adminAppPassword === undefined,
    loginPassword: config.adminPassword === undefined ? loginPassword : undefined,
  };
}
