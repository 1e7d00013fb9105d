import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openDatabase } from '@cms-json/database';
import { openTestDatabase } from '@cms-json/database/testing';
import { type ContentTables, migrateContent, type UserData } from '../src/index.js';

/**
 * A migrated content database: the given URL, else a fresh test database (in-memory SQLite,
 * or a fresh PostgreSQL schema when `CMS_TEST_DATABASE_URL` is set).
 */
export async function openContentDatabase(
  url?: string,
  options: { onStatement?: (sql: string) => void } = {},
): Promise<Database<ContentTables>> {
  const database =
    url === undefined ? await openTestDatabase<ContentTables>(options) : openDatabase<ContentTables>({ url, ...options });
  await migrateContent(database);
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

/**
 * Bare post rows (type `post`, the given status) for tests of what refers to posts; their ids.
 */
export async function insertBarePosts(db: Database<ContentTables>['db'], count: number, status = 'publish'): Promise<number[]> {
  const date = '2030-01-01T00:00:00';
  const rows = Array.from({ length: count }, () => ({
    type: 'post',
    status,
    date,
    date_gmt: date,
    modified: date,
    modified_gmt: date,
  }));
  const inserted = await db.insertInto('posts').values(rows).returning('id').execute();
  return inserted.map((row) => Number(row.id));
}

/**
 * A user's stored fields for tests of capabilities: `user<id>` everywhere, these roles and,
 * optionally, the user's own capability grants (`true`) and denials (`false`).
 */
export function userData(id: number, roles: string[], grants?: Record<string, boolean>): UserData {
  return {
    id,
    login: `user${id}`,
    email: `user${id}@example.com`,
    displayName: `User ${id}`,
    firstName: '',
    lastName: '',
    nickname: `user${id}`,
    slug: `user${id}`,
    url: '',
    description: '',
    locale: '',
    registered: '2030-01-01T00:00:00.000Z',
    roles,
    grants,
  };
}
