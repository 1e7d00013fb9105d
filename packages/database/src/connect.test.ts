import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Database, isDatabaseUnavailable, openDatabase } from './index.js';

interface Tables {
  notes: { id: number; text: string };
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cms-json-db-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('openDatabase with SQLite', () => {
  it('opens a file database in WAL mode with the documented pragmas', async () => {
    const file = join(dir, 'site.db');
    const database = openDatabase<Tables>({ url: `sqlite:${file}` });
    expect(database.dialect).toBe('sqlite');
    const pragma = async (name: string) => {
      const { rows } = await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(database.db);
      return Object.values(rows[0] ?? {})[0];
    };
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('busy_timeout')).toBe(5000);
    // FULL: a write acknowledged is on disk (issue 16, item 3).
    expect(await pragma('synchronous')).toBe(2);
    await database.close();
    expect(existsSync(file)).toBe(true);
  });

  it('syncs less only when asked: synchronous "normal" is an explicit option', async () => {
    const database = openDatabase<Tables>({ url: `sqlite:${join(dir, 'fast.db')}`, synchronous: 'normal' });
    const { rows } = await sql.raw<Record<string, unknown>>('pragma synchronous').execute(database.db);
    expect(Object.values(rows[0] ?? {})[0]).toBe(1);
    await database.close();
  });

  it('creates missing parent directories and accepts a relative path', async () => {
    const file = join(dir, 'a', 'b', 'site.db');
    const database = openDatabase({ url: `sqlite:${relative(process.cwd(), file)}` });
    await sql`select 1`.execute(database.db);
    await database.close();
    expect(existsSync(file)).toBe(true);
  });

  it('accepts the sqlite:// and sqlite:/// spellings', async () => {
    const file = join(dir, 'slashes.db');
    const database = openDatabase({ url: `sqlite://${file}` });
    await sql`select 1`.execute(database.db);
    await database.close();
    expect(existsSync(file)).toBe(true);
  });

  it('keeps data across close and reopen', async () => {
    const url = `sqlite:${join(dir, 'site.db')}`;
    const first = openDatabase<Tables>({ url });
    await first.db.schema
      .createTable('notes')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('text', 'text')
      .execute();
    await first.db.insertInto('notes').values({ id: 1, text: 'kept' }).execute();
    await first.close();
    await first.close(); // closing twice is harmless

    const second = openDatabase<Tables>({ url });
    expect(await second.db.selectFrom('notes').selectAll().execute()).toEqual([{ id: 1, text: 'kept' }]);
    await second.close();
  });

  it('opens an in-memory database', async () => {
    const database = openDatabase({ url: 'sqlite::memory:' });
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    expect(rows).toEqual([{ one: 1 }]);
    expect(database).toBeInstanceOf(Database);
    expect(database.sqlite).toBeDefined();
    await database.close();
  });

  it("opens with this runtime's driver unless sqliteDriver names one, and refuses one the runtime lacks", async () => {
    const database = openDatabase({ url: 'sqlite::memory:' });
    expect(database.sqlite?.driver).toBe('better-sqlite3');
    await database.close();
    const chosen = openDatabase({ url: 'sqlite::memory:', sqliteDriver: 'better-sqlite3' });
    expect(chosen.sqlite?.driver).toBe('better-sqlite3');
    await chosen.close();
    expect(() => openDatabase({ url: `sqlite:${join(dir, 'bun.db')}`, sqliteDriver: 'bun:sqlite' })).toThrow(
      /"bun:sqlite" exists only on Bun .*this is Node .*Leave the option sqliteDriver out/,
    );
  });

  it('enforces foreign keys', async () => {
    const { db, close } = openDatabase({ url: 'sqlite::memory:' });
    await db.schema
      .createTable('parent')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .execute();
    await db.schema
      .createTable('child')
      .addColumn('parent_id', 'integer', (col) => col.references('parent.id'))
      .execute();
    await expect(sql`insert into child (parent_id) values (42)`.execute(db)).rejects.toThrow(/FOREIGN KEY/);
    await close();
  });
});

describe('openDatabase with a bad URL', () => {
  it.each([
    ['mysql://root@localhost/site', /Unsupported database URL "mysql:\/\/root@localhost\/site"/],
    ['site.db', /Unsupported database URL/],
    ['', /Unsupported database URL/],
    ['sqlite:', /SQLite file path is empty/],
  ])('rejects %j with a clear error', (url, message) => {
    expect(() => openDatabase({ url })).toThrow(message);
  });

  it('does not print a password in the error', () => {
    expect(() => openDatabase({ url: 'mysql://root:s3cret@localhost/site' })).toThrow(
      'Unsupported database URL "mysql://root:***@localhost/site"',
    );
  });

  it('fails clearly when the SQLite path is a directory', () => {
    expect(() => openDatabase({ url: `sqlite:${dir}` })).toThrow();
  });
});

describe('openDatabase with PostgreSQL', () => {
  it('builds a lazy pool without connecting', async () => {
    // No server in CI: only construction is checked; the pool connects on the first query.
    const database = openDatabase({ url: 'postgres://user:pw@127.0.0.1:1/none' });
    expect(database.dialect).toBe('postgres');
    expect(database).toBeInstanceOf(Database);
    expect(database.sqlite).toBeUndefined();
    await database.close();
  });

  it('uses the pg module given (a bundle that cannot load it by name), and refuses anything else', async () => {
    const database = openDatabase({ url: 'postgres://user:pw@127.0.0.1:1/none', pg, connectTimeoutMs: 2_000 });
    await expect(sql`select 1`.execute(database.db)).rejects.toSatisfy(isDatabaseUnavailable);
    await database.close();
    expect(() => openDatabase({ url: 'postgres://127.0.0.1:1/none', pg: { Pool: 'no' } })).toThrow(
      "The option pg is not the pg module: pass it as imported, import pg from 'pg'; openDatabase({ url, pg }).",
    );
  });
});
