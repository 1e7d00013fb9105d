import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Generated, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { autoIncrementId, changeVersion, type Migration, openDatabase, runMigrations, trackChanges } from './index.js';
import { dropTestDatabase, testDatabaseUrl, testDialect } from './testing.js';

interface Tables {
  notes: { id: Generated<number>; text: string };
  tags: { id: Generated<number>; name: string };
}

const migrations: Migration[] = [
  {
    id: '0001-notes-and-tags',
    async up(db, { dialect }) {
      for (const table of ['notes', 'tags']) {
        await db.schema
          .createTable(table)
          .$call((t) => autoIncrementId(t, dialect))
          .addColumn(table === 'notes' ? 'text' : 'name', 'text', (col) => col.notNull())
          .execute();
      }
    },
  },
  { id: '0002-track', up: (db, { dialect }) => trackChanges(db, { tables: ['notes', 'tags'], dialect }) },
];

let dir: string;
let url: string;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cms-json-change-versions-'));
  url = await testDatabaseUrl({ sqlite: `sqlite:${join(dir, 'site.db')}` });
});
afterEach(async () => {
  rmSync(dir, { recursive: true, force: true });
  await dropTestDatabase(url);
});

describe('change versions', () => {
  it('moves a table’s version on every insert, update and delete, and only that table’s', async () => {
    const database = openDatabase<Tables>({ url });
    const { db, close } = database;
    await runMigrations(database, { owner: 'notes', migrations });
    const notes = changeVersion(database, { tables: ['notes'] });
    const tags = changeVersion(database, { tables: ['tags'] });
    const all = changeVersion(database);
    const seen = [await notes()];
    const tagsBefore = await tags();
    await db.insertInto('notes').values({ text: 'first' }).execute();
    seen.push(await notes());
    await db.updateTable('notes').set({ text: 'changed' }).execute();
    seen.push(await notes());
    await db.deleteFrom('notes').execute();
    seen.push(await notes());
    expect(new Set(seen).size).toBe(4);
    expect(await tags()).toBe(tagsBefore);
    const allBefore = await all();
    await db.insertInto('tags').values({ name: 'news' }).execute();
    expect(await tags()).not.toBe(tagsBefore);
    expect(await all()).not.toBe(allBefore);
    await close();
  });

  it('moves the version on raw SQL from another connection, and when a transaction commits, not before', async () => {
    const reader = openDatabase<Tables>({ url });
    await runMigrations(reader, { owner: 'notes', migrations });
    const version = changeVersion(reader, { tables: ['notes'] });
    const before = await version();
    const writer = openDatabase<Tables>({ url });
    await sql`insert into notes (text) values ('by hand')`.execute(writer.db);
    const afterRaw = await version();
    expect(afterRaw).not.toBe(before);
    await writer.db.transaction().execute(async (trx) => {
      await trx.updateTable('notes').set({ text: 'in a transaction' }).execute();
      expect(await version()).toBe(afterRaw);
    });
    expect(await version()).not.toBe(afterRaw);
    await writer.close();
    await reader.close();
  });

  it.runIf(testDialect() === 'sqlite')(
    'reads the counters again only when this connection wrote a row or another one committed',
    async () => {
      const statements: string[] = [];
      const database = openDatabase<Tables>({ url, onStatement: (text) => statements.push(text) });
      const { db, close } = database;
      await runMigrations(database, { owner: 'notes', migrations });
      const version = changeVersion(database, { tables: ['notes'] });
      const counterReads = () =>
        statements.filter((text) => text.includes('cms_change_versions') && text.includes('sum(')).length;
      const first = await version();
      const readsAfterFirst = counterReads();
      // Nothing written: the version kept, the counters not read.
      expect(await version()).toBe(first);
      expect(counterReads()).toBe(readsAfterFirst);
      // This connection's raw statement, past Kysely: its trigger's row counts as a change.
      database.sqlite?.prepare("insert into notes (text) values ('raw')").run([]);
      const afterRaw = await version();
      expect(afterRaw).not.toBe(first);
      // A transaction rolled back: read again, and the version is the one before it.
      await expect(
        db.transaction().execute(async (trx) => {
          await trx.insertInto('notes').values({ text: 'undone' }).execute();
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(await version()).toBe(afterRaw);
      // Another connection's commit, even one that only moves the counter itself.
      const other = openDatabase<Tables>({ url });
      await sql`update cms_change_versions set version = version + 5 where name = 'notes'`.execute(other.db);
      expect(Number(await version())).toBe(Number(afterRaw) + 5);
      await other.close();
      await close();
    },
  );

  it('can be applied twice and refuses a table name that is not plain', async () => {
    const database = openDatabase<Tables>({ url });
    const { db, close } = database;
    await runMigrations(database, { owner: 'notes', migrations });
    await trackChanges(db, { tables: ['notes'], dialect: database.dialect });
    const version = changeVersion(database, { tables: ['notes'] });
    const before = await version();
    await db.insertInto('notes').values({ text: 'once' }).execute();
    // One trigger per event, not two: the version moved by one row's worth.
    expect(Number(await version()) - Number(before)).toBe(1);
    await expect(trackChanges(db, { tables: ['notes; drop table tags'], dialect: database.dialect })).rejects.toThrow(
      /plain table name/,
    );
    expect(() => changeVersion(database, { tables: [] })).toThrow(/at least one table/);
    await close();
  });

  // SQLite has one writer at a time; on PostgreSQL two writers may interleave.
  it.runIf(testDialect() === 'postgres')(
    'lets two transactions write the same tables in opposite orders without a deadlock, each moving the version',
    async () => {
      const database = openDatabase<Tables>({ url });
      const { db, close } = database;
      await runMigrations(database, { owner: 'notes', migrations });
      const version = changeVersion(database);
      const before = await version();
      let wroteFirst: () => void = () => {};
      const bothWroteFirst = new Promise<void>((resolve) => {
        let count = 0;
        wroteFirst = () => {
          if (++count === 2) resolve();
        };
      });
      const writer = (first: 'notes' | 'tags') =>
        db.transaction().execute(async (trx) => {
          const write = (table: 'notes' | 'tags') =>
            table === 'notes'
              ? trx.insertInto('notes').values({ text: 'n' }).execute()
              : trx.insertInto('tags').values({ name: 't' }).execute();
          await write(first);
          wroteFirst();
          await bothWroteFirst;
          await write(first === 'notes' ? 'tags' : 'notes');
        });
      await Promise.all([writer('notes'), writer('tags')]);
      // Each transaction bumped each table once.
      expect(Number(await version()) - Number(before)).toBe(4);
      await close();
    },
  );
});
