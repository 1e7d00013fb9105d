import { appliedMigrations, openDatabase, runMigrations } from '@cms-json/database';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CONTENT_MIGRATIONS_OWNER, type ContentTables, contentMigrations, migrateContent } from './index.js';

describe('migrateContent', () => {
  it('creates the content tables once', async () => {
    const database = openDatabase<ContentTables>({ url: 'sqlite::memory:' });
    const { db, close } = database;
    expect(await migrateContent(database)).toEqual(contentMigrations.map((migration) => migration.id));
    expect(await migrateContent(database)).toEqual([]);
    expect(await appliedMigrations(db, CONTENT_MIGRATIONS_OWNER)).toEqual([
      '0001-users',
      '0002-application-passwords',
      '0003-sessions',
      '0004-application-passwords-unique-name',
      '0005-posts',
      '0006-post-meta',
      '0007-options',
      '0010-terms',
      '0011-term-meta',
      '0012-term-relationships',
      '0020-comments',
      '0030-change-versions',
      '0031-posts-list-order',
      '0032-term-counts',
      '0033-posts-guid-text',
      '0034-user-meta',
    ]);
    const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`.execute(db);
    expect(rows.map((row) => row.name)).toEqual([
      'application_passwords',
      'cms_change_versions',
      'cms_migrations',
      'comment_meta',
      'comments',
      'options',
      'post_meta',
      'posts',
      'sessions',
      'sqlite_sequence',
      'term_meta',
      'term_relationships',
      'terms',
      'user_meta',
      'users',
    ]);
    await close();
  });

  it('enforces unique logins and emails in the database itself, whatever the case', async () => {
    const database = openDatabase<ContentTables>({ url: 'sqlite::memory:' });
    const { db, close } = database;
    await migrateContent(database);
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

  it('makes application-password names unique per user, renaming earlier duplicates without revoking any', async () => {
    const database = openDatabase<ContentTables>({ url: 'sqlite::memory:' });
    const { db, close } = database;
    // A database of the release before 0004, with the duplicates its race could leave.
    const released = contentMigrations.filter((migration) => migration.id < '0004');
    await runMigrations(database, { owner: CONTENT_MIGRATIONS_OWNER, migrations: released });
    const user = { pass_hash: 'x', registered: '2030-01-01T00:00:00.000Z' };
    await db
      .insertInto('users')
      .values([
        { ...user, login: 'a', email: 'a@example.com', slug: 'a' },
        { ...user, login: 'b', email: 'b@example.com', slug: 'b' },
      ])
      .execute();
    const password = (uuid: string, user_id: number, name: string, created: string) => ({
      uuid,
      user_id,
      name,
      hash: uuid.repeat(64).slice(0, 64),
      created: `2030-01-0${created}T00:00:00.000Z`,
    });
    await db
      .insertInto('application_passwords')
      .values([
        password('3', 1, 'dup', '3'),
        password('1', 1, 'dup', '1'),
        password('2', 1, 'dup', '2'),
        password('4', 1, 'dup (2)', '4'),
        password('5', 2, 'dup', '5'),
      ])
      .execute();
    expect((await migrateContent(database))[0]).toBe('0004-application-passwords-unique-name');
    const rows = await db.selectFrom('application_passwords').select(['uuid', 'user_id', 'name']).orderBy('uuid').execute();
    expect(rows).toEqual([
      { uuid: '1', user_id: 1, name: 'dup' },
      { uuid: '2', user_id: 1, name: 'dup (3)' },
      { uuid: '3', user_id: 1, name: 'dup (4)' },
      { uuid: '4', user_id: 1, name: 'dup (2)' },
      { uuid: '5', user_id: 2, name: 'dup' },
    ]);
    await expect(
      db
        .insertInto('application_passwords')
        .values(password('6', 1, 'dup', '6'))
        .execute(),
    ).rejects.toThrow(/UNIQUE/);
    await close();
  });
});
