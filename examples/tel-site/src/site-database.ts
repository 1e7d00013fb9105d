/**
 * The tel site's database from a worker's `env`: `DATABASE_URL` (SQLite or PostgreSQL, on Bun,
 * Deno and Node), or a D1 binding named `DB` (Cloudflare Workers).
 *
 * @module
 */
import { type Database, openDatabase } from '@cms-json/database';
import type { TelSiteTables } from './tel-site.js';

/**
 * Opens the database `env` names; throws an error saying what to set when it names none.
 *
 * @example
 * const database = await openSiteDatabase({ DATABASE_URL: 'sqlite:./data/tel.db' });
 */
export async function openSiteDatabase(env: Readonly<Record<string, unknown>>): Promise<Database<TelSiteTables>> {
  const url = env.DATABASE_URL;
  if (typeof url === 'string' && url !== '') return openDatabase<TelSiteTables>({ url });
  throw new Error(
    'The tel site needs a database: set DATABASE_URL (sqlite:./data/tel.db, or postgres://…) on Bun, Deno and Node, or bind a D1 database as DB on Cloudflare Workers.',
  );
}
