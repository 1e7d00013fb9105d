/**
 * The tel site's database from a worker's `env`: a D1 binding named `DB` (Cloudflare Workers),
 * or `DATABASE_URL` (SQLite or PostgreSQL, on Bun, Deno and Node).
 *
 * @module
 */
import { type Database, openDatabase } from '@cms-json/database';
import { openD1Database } from '@cms-json/database/d1';
import type { TelSiteTables } from './tel-site.js';

/**
 * Opens the database `env` names: `env.DB` when it is set (checked to be a D1 binding), else
 * `env.DATABASE_URL`; throws an error saying what to set when it names none.
 *
 * @example
 * const database = await openSiteDatabase({ DATABASE_URL: 'sqlite:./data/tel.db' });
 * const onWorkers = await openSiteDatabase(env); // env.DB: a D1 binding
 */
export async function openSiteDatabase(env: Readonly<Record<string, unknown>>): Promise<Database<TelSiteTables>> {
  if (env.DB !== undefined) return openD1Database<TelSiteTables>(env.DB);
  const url = env.DATABASE_URL;
  if (typeof url === 'string' && url !== '') return openDatabase<TelSiteTables>({ url });
  throw new Error(
    'The tel site needs a database: set DATABASE_URL (sqlite:./data/tel.db, or postgres://…) on Bun, Deno and Node, or bind a D1 database as DB on Cloudflare Workers.',
  );
}
