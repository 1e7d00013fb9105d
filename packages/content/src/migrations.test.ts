import { appliedMigrations, openDatabase } from '@cms-json/database';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CONTENT_MIGRATIONS_OWNER, type ContentTables, contentMigrations, migrateContent } from './index.js';

describe('migrateContent', () => {
  it('creates the content tables once', async () => {
    const { db, close } = openDatabase<ContentTables>({ url: 'sqlite::memory:' });
    expect(await migrateContent(db)).toEqual(contentMigrations.map((migration) => migration.id));
    expect(await migrateContent(db)).toEqual([]);
    expect(await appliedMigrations(db, CONTENT_MIGRATIONS_OWNER)).toEqual([
      '0001-users',
      '0002-application-passwords',
      '0003-sessions',
    ]);
    const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`.execute(db);
    expect(rows.map((row) => row.name)).toEqual([
      'application_passwords',
      'cms_migrations',
      'sessions',
      'sqlite_sequence',
      'users',
    ]);
    await close();
  });

  it('enforces unique logins and emails in the database itself, whatever the case', async () => {
    const { db, close } = openDatabase<ContentTables>({ url: 'sqlite::memory:' });
    await migrateContent(db);
    const row = { login: 'a', pass_hash: 'x', email: 'a@example.com', slug: 'a', registered: '2030-01-01T00:00:00.000Z' };
    await db.insertInto('users').values(row).execute();
    await expect(
      db
        .insertInto('users')
        .values({ ...row, login: 'A', slug: 'b', email: 'b@example.com' })
        .execute(),
    ).rejects.toThrow(/UNIQUE/);
    await expect(
      db
        .insertInto('users')
        .values({ ...row, login: 'b', slug: 'b', email: 'A@EXAMPLE.COM' })
        .execute(),
    ).rejects.toThrow(/UNIQUE/);
    await close();
  });
});
