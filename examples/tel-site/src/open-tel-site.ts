/**
 * The tel site from a worker's `env`, ready to serve: its settings read, its database opened,
 * the site built, and the Fetch handler over it. `worker.ts` serves it; tests reach its
 * database through it.
 *
 * @module
 */
import type { Database } from '@cms-json/database';
import { createFetchHandler } from '@cms-json/fetch';
import { readTelSiteConfig } from './config.js';
import { openSiteDatabase } from './site-database.js';
import { createTelSite, type TelSite, type TelSiteTables } from './tel-site.js';

/** A started tel site. */
export interface OpenTelSite {
  readonly site: TelSite;
  readonly database: Database<TelSiteTables>;
  /** Answers a request (every error a JSON error response, logged with `console.error`). */
  readonly handler: (request: Request) => Promise<Response>;
  close(): Promise<void>;
}

/**
 * Reads the settings from `env`, opens the database and builds the site; on a failure the
 * database is closed again and the error (naming the setting to fix) thrown.
 *
 * @example
 * const { handler } = await openTelSite({ DATABASE_URL: 'sqlite:./data/tel.db', CMS_ADMIN_APP_PASSWORD: secret });
 */
export async function openTelSite(env: Readonly<Record<string, unknown>>): Promise<OpenTelSite> {
  const config = readTelSiteConfig(env);
  const database = await openSiteDatabase(env);
  try {
    const site = await createTelSite({ database, config });
    if (site.firstAdmin !== undefined) {
      console.log(`tel site: created the first administrator "${site.firstAdmin.login}" with CMS_ADMIN_APP_PASSWORD.`);
    }
    const handler = createFetchHandler(site.server, { onError: (error) => console.error('tel site:', error) });
    return { site, database, handler, close: () => database.close() };
  } catch (error) {
    await database.close();
    throw error;
  }
}
