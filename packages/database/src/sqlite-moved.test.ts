import { mkdtempSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './index.js';

interface Tables {
  notes: { id: number; text: string };
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cms-json-moved-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function open(file: string) {
  const database = openDatabase<Tables>({ url: `sqlite:${file}` });
  await sql`create table notes (id integer primary key, text text not null)`.execute(database.db);
  await database.db.insertInto('notes').values({ id: 1, text: 'kept' }).execute();
  return database;
}

describe('a SQLite file deleted or replaced while open', () => {
  it('refuses writes (with and without RETURNING) once the file is deleted; reads go on', async () => {
    const file = join(dir, 'site.db');
    const database = await open(file);
    unlinkSync(file);
    await expect(database.db.insertInto('notes').values({ id: 2, text: 'lost' }).execute()).rejects.toThrow(
      /SQLITE_READONLY_DBMOVED/,
    );
    await expect(
      database.db.insertInto('notes').values({ id: 3, text: 'lost' }).returning('id').executeTakeFirst(),
    ).rejects.toThrow(/SQLITE_READONLY_DBMOVED/);
    await expect(database.db.updateTable('notes').set({ text: 'x' }).execute()).rejects.toThrow(/SQLITE_READONLY_DBMOVED/);
    expect(await database.db.selectFrom('notes').select('text').execute()).toEqual([{ text: 'kept' }]);
    await database.close();
  });

  it('refuses a prepared write (Database.prepare) once the file is deleted', async () => {
    const file = join(dir, 'site.db');
    const database = await open(file);
    const insert = database.prepare('notes.insert', { id: 0, text: '' }, (note) =>
      database.db.insertInto('notes').values(note).returning('id'),
    );
    expect(await insert({ id: 2, text: 'stored' })).toEqual([{ id: 2 }]);
    unlinkSync(file);
    await expect(insert({ id: 3, text: 'lost' })).rejects.toThrow(/SQLITE_READONLY_DBMOVED/);
    await database.close();
  });

  it('refuses writes once another file took its name', async () => {
    const file = join(dir, 'site.db');
    const database = await open(file);
    writeFileSync(join(dir, 'other.db'), '');
    renameSync(join(dir, 'other.db'), file);
    await expect(database.db.deleteFrom('notes').execute()).rejects.toThrow(/SQLITE_READONLY_DBMOVED/);
    await database.close();
  });

  it('writes as usual while the file stays, transactions included', async () => {
    const database = await open(join(dir, 'site.db'));
    await database.db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ id: 2, text: 'two' }).execute();
    });
    expect(await database.db.selectFrom('notes').select('id').execute()).toHaveLength(2);
    await database.close();
  });
});
