import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import { type Generated, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appliedMigrations, autoIncrementId, Database, type Migration, openDatabase, runMigrations } from './index.js';
import { dropTestDatabase, testDatabaseUrl } from './testing.js';

interface Tables {
  notes: { id: Generated<number>; text: string; pinned: Generated<number> };
  cms_migrations: { owner: string; id: string; applied_at: string };
}

const createNotes: Migration = {
  id: '0001-notes',
  async up(db, { dialect }) {
    await db.schema
      .createTable('notes')
      .$call((table) => autoIncrementId(table, dialect))
      .addColumn('text', 'text', (col) => col.notNull())
      .execute();
  },
};
const addPinned: Migration = {
  id: '0002-pinned',
  async up(db) {
    await db.schema
      .alterTable('notes')
      .addColumn('pinned', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  },
};

let dir: string;
let url: string;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cms-json-migrations-'));
  url = await testDatabaseUrl({ sqlite: `sqlite:${join(dir, 'site.db')}` });
});
afterEach(async () => {
  rmSync(dir, { recursive: true, force: true });
  await dropTestDatabase(url);
});

describe('runMigrations', () => {
  it('applies pending migrations once, in order, and records them', async () => {
    const database = openDatabase<Tables>({ url });
    const { db, close } = database;
    expect(await runMigrations(database, { owner: 'notes', migrations: [createNotes, addPinned] })).toEqual([
      '0001-notes',
      '0002-pinned',
    ]);
    const records = await db.selectFrom('cms_migrations').selectAll().orderBy('id').execute();
    expect(records.map(({ owner, id }) => ({ owner, id }))).toEqual([
      { owner: 'notes', id: '0001-notes' },
      { owner: 'notes', id: '0002-pinned' },
    ]);
    for (const record of records) expect(new Date(record.applied_at).toISOString()).toBe(record.applied_at);

    await db.insertInto('notes').values({ text: 'first' }).execute();
    expect(await db.selectFrom('notes').selectAll().execute()).toEqual([{ id: 1, text: 'first', pinned: 0 }]);

    expect(await runMigrations(database, { owner: 'notes', migrations: [createNotes, addPinned] })).toEqual([]);
    await close();
  });

  it('applies nothing on a second run after reopening, and the data survives', async () => {
    const first = openDatabase<Tables>({ url });
    await runMigrations(first, { owner: 'notes', migrations: [createNotes] });
    await first.db.insertInto('notes').values({ text: 'kept' }).execute();
    await first.close();

    const second = openDatabase<Tables>({ url });
    expect(await runMigrations(second, { owner: 'notes', migrations: [createNotes] })).toEqual([]);
    expect(await runMigrations(second, { owner: 'notes', migrations: [createNotes, addPinned] })).toEqual(['0002-pinned']);
    expect(await second.db.selectFrom('notes').select(['id', 'text']).execute()).toEqual([{ id: 1, text: 'kept' }]);
    expect(await appliedMigrations(second.db, 'notes')).toEqual(['0001-notes', '0002-pinned']);
    await second.close();
  });

  it('keeps owners apart: the same id of another owner is applied separately', async () => {
    const database = openDatabase({ url });
    const { db, close } = database;
    const calls: string[] = [];
    const named = (owner: string): Migration => ({
      id: '0001',
      async up() {
        calls.push(owner);
      },
    });
    expect(await runMigrations(database, { owner: 'a', migrations: [named('a')] })).toEqual(['0001']);
    expect(await runMigrations(database, { owner: 'b', migrations: [named('b')] })).toEqual(['0001']);
    expect(calls).toEqual(['a', 'b']);
    expect(await appliedMigrations(db, 'c')).toEqual([]);
    await close();
  });

  it('rolls back a failing migration with its record, keeps the earlier ones, and retries it later', async () => {
    const database = openDatabase<Tables>({ url });
    const { db, close } = database;
    const broken: Migration = {
      id: '0002-broken',
      async up(trx) {
        await trx.schema.createTable('half_done').addColumn('x', 'integer').execute();
        throw new Error('boom');
      },
    };
    await expect(runMigrations(database, { owner: 'notes', migrations: [createNotes, broken] })).rejects.toThrow(
      'Migration notes/0002-broken failed: boom',
    );
    expect(await appliedMigrations(db, 'notes')).toEqual(['0001-notes']);
    await expect(sql`select * from half_done`.execute(db)).rejects.toThrow(/half_done/);

    expect(await runMigrations(database, { owner: 'notes', migrations: [createNotes, addPinned] })).toEqual(['0002-pinned']);
    await close();
  });

  it('skips a migration recorded by someone else after the pending list was read', async () => {
    const database = openDatabase<Tables>({ url });
    const second: Migration = { id: '0002', up: async () => expect.unreachable('0002 was applied elsewhere') };
    const first: Migration = {
      id: '0001',
      async up(trx) {
        // Stands for another process that applies 0002 while this one still works on 0001.
        await trx
          .insertInto('cms_migrations')
          .values({ owner: 'race', id: '0002', applied_at: '2000-01-01T00:00:00.000Z' })
          .execute();
      },
    };
    expect(await runMigrations(database, { owner: 'race', migrations: [first, second] })).toEqual(['0001']);
    await database.close();
  });

  it('applies a migration exactly once when several processes start together', { timeout: 30_000 }, async () => {
    const worker = fileURLToPath(new URL('../test/fixtures/migrate-worker.ts', import.meta.url));
    const run = () =>
      new Promise<string[]>((done, fail) => {
        execFile(process.execPath, ['--import', 'tsx', worker, url], (error, stdout, stderr) =>
          error ? fail(new Error(stderr || error.message)) : done(JSON.parse(stdout) as string[]),
        );
      });
    const results = await Promise.all([run(), run(), run()]);
    expect(results.flat()).toEqual(['0001-slow']);
    const { db, close } = openDatabase({ url });
    expect(await appliedMigrations(db, 'race')).toEqual(['0001-slow']);
    await close();
  });

  it('rejects an empty owner, empty ids and duplicate ids before touching the database', async () => {
    const database = openDatabase({ url: 'sqlite::memory:' });
    await expect(runMigrations(database, { owner: ' ', migrations: [] })).rejects.toThrow('owner must not be empty');
    await expect(runMigrations(database, { owner: 'x', migrations: [{ id: '', up: async () => {} }] })).rejects.toThrow(
      'empty id',
    );
    await expect(runMigrations(database, { owner: 'x', migrations: [createNotes, createNotes] })).rejects.toThrow(
      'duplicate migration id "0001-notes"',
    );
    await database.close();
  });

  it('runs on a Kysely dialect built by the caller, wrapped in a Database that names its engine', async () => {
    const database = new Database<Tables>(new SqliteDialect({ database: new SqliteDatabase(':memory:') }), {
      dialect: 'sqlite',
    });
    expect(await runMigrations(database, { owner: 'x', migrations: [createNotes] })).toEqual(['0001-notes']);
    await database.close();
  });
});

describe('autoIncrementId', () => {
  it('compiles to the right column on each engine', () => {
    const { db } = openDatabase({ url: 'sqlite::memory:' });
    const sqlite = autoIncrementId(db.schema.createTable('t'), 'sqlite').compile().sql;
    const postgres = autoIncrementId(db.schema.createTable('t'), 'postgres', 'key').compile().sql;
    expect(sqlite).toBe('create table "t" ("id" integer primary key autoincrement)');
    expect(postgres).toBe('create table "t" ("key" serial primary key)');
  });
});
