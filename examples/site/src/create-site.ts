/**
 * The example site as a value: the REST server with the content and `tel/v1` plugins on
 * one database, the front page, and the first administrator. `main.ts` serves it; tests
 * build it on a temporary database.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { type Auth, type ContentTables, contentPlugin, createAuth, migrateContent } from '@cms-json/content';
import { createRestServer, type RestServer } from '@cms-json/core';
import { type Database, openDatabase } from '@cms-json/database';
import { OutgoingLinksStore, type OutgoingLinksTables, outgoingLinks } from '@cms-json/example-outgoing-links';
import type { Kysely } from 'kysely';
import type { SiteConfig } from './config.js';
import { frontPage } from './front-page.js';
import { addSampleLinks } from './sample-links.js';

/** The site's tables. */
export type SiteTables = ContentTables & OutgoingLinksTables;

/** A built site. */
export interface Site {
  readonly server: RestServer;
  readonly database: Database<SiteTables>;
  readonly auth: Auth;
  /** Set on a first start: the administrator's login and application password, to print once. */
  readonly firstAdmin: { login: string; password: string; generated: boolean } | undefined;
  readonly sampleLinksAdded: number;
  close(): Promise<void>;
}

/** The nonce secret: `CMS_SECRET`, else a random one kept beside the SQLite file. */
function siteSecret(config: SiteConfig): string {
  if (config.secret !== undefined) return config.secret;
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
  const database = openDatabase<SiteTables>({ url: config.databaseUrl });
  try {
    await migrateContent(database.db);
    const auth = createAuth({ db: database.db, secret: siteSecret(config), prefix: config.prefix });
    const server = createRestServer({
      prefix: config.prefix,
      siteUrl: config.siteUrl,
      site: { name: 'cms-json example site', description: 'Outgoing links, tracked.' },
    });
    await server.use(contentPlugin({ auth }));
    await server.use(outgoingLinks({ db: database.db }));
    const store = new OutgoingLinksStore(database.db as unknown as Kysely<OutgoingLinksTables>);
    server.page(
      frontPage({ store, siteUrl: config.siteUrl, restRootUrl: server.restRootUrl(), curieBase: server.options.curieBase }),
    );
    const firstAdmin = await ensureAdmin(auth, config);
    const sampleLinksAdded = config.sampleLinks ? await addSampleLinks(store) : 0;
    return { server, database, auth, firstAdmin, sampleLinksAdded, close: () => database.close() };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** Creates the first administrator when there are no users. */
async function ensureAdmin(auth: Auth, config: SiteConfig): Promise<Site['firstAdmin']> {
  if ((await auth.users.count()) > 0) return undefined;
  const admin = await auth.users.create({
    login: config.adminUser,
    email: `${config.adminUser}@example.invalid`,
    password: randomBytes(24).toString('base64url'),
    roles: ['administrator'],
  });
  const created = await auth.applicationPasswords.create(admin.id, { name: 'first start', password: config.adminAppPassword });
  return { login: admin.login, password: created.formatted, generated: config.adminAppPassword === undefined };
}
