import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openDatabase } from '@cms-json/database';
import { type ContentTables, migrateContent } from '../src/index.js';

/** A migrated content database; in memory unless a URL is given. */
export async function openContentDatabase(url = 'sqlite::memory:'): Promise<Database<ContentTables>> {
  const database = openDatabase<ContentTables>({ url });
  await migrateContent(database.db);
  return database;
}

/** A temporary directory and a function that removes it. */
export function temporaryDirectory(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'cms-json-content-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A clock the test moves by hand. */
export function manualClock(start = Date.parse('2030-01-01T00:00:00.000Z')) {
  let time = start;
  return {
    now: () => time,
    advance(ms: number) {
      time += ms;
    },
  };
}

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;
