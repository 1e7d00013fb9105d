import { describe, expect, it } from 'vitest';
import { openSqliteConnection, runtimeSqliteDriver, SQLITE_DRIVERS } from './sqlite-connection.js';

describe('the SQLite driver of a runtime', () => {
  it('is better-sqlite3 on Node', () => {
    expect(runtimeSqliteDriver()).toBe('better-sqlite3');
    expect(SQLITE_DRIVERS).toEqual(['better-sqlite3', 'bun:sqlite', 'node:sqlite']);
    const connection = openSqliteConnection(':memory:');
    expect(connection.driver).toBe('better-sqlite3');
    connection.close();
  });

  it('refuses a driver of another runtime, naming this one and what to do', () => {
    expect(() => openSqliteConnection(':memory:', { driver: 'bun:sqlite' })).toThrow(
      /"bun:sqlite" exists only on Bun \(run the program with bun\); this is Node \d+.*Leave the option sqliteDriver out/,
    );
  });

  it.skipIf(Number(process.versions.node.split('.')[0]) >= 23)('refuses node:sqlite on a Node without it', () => {
    expect(() => openSqliteConnection(':memory:', { driver: 'node:sqlite' })).toThrow(
      /"node:sqlite" exists only on Deno and Node 22.5 or later; this is Node/,
    );
  });

  it('refuses an unknown driver, listing the known ones', () => {
    // A value from configuration that the type does not allow.
    const driver = JSON.parse('"sqlite3"') as 'node:sqlite';
    expect(() => openSqliteConnection(':memory:', { driver })).toThrow(
      'Unknown SQLite driver "sqlite3": use one of "better-sqlite3", "bun:sqlite", "node:sqlite"',
    );
  });
});

describe('a SQLite connection', () => {
  function notes() {
    const connection = openSqliteConnection(':memory:');
    connection.exec('create table notes (id integer primary key, text text not null)');
    return connection;
  }

  it('tells statements that answer rows and statements that write', () => {
    const connection = notes();
    const insert = connection.prepare('insert into notes (text) values (?)');
    expect([insert.reader, insert.readonly]).toEqual([false, false]);
    const returning = connection.prepare('insert into notes (text) values (?) returning id');
    expect([returning.reader, returning.readonly]).toEqual([true, false]);
    const select = connection.prepare('select * from notes');
    expect([select.reader, select.readonly]).toEqual([true, true]);
    expect(insert.run(['one'])).toMatchObject({ changes: 1, lastInsertRowid: 1 });
    expect(returning.all(['two'])).toEqual([{ id: 2 }]);
    expect(select.get([])).toEqual({ id: 1, text: 'one' });
    expect(connection.prepare('select * from notes where id = ?').get([9])).toBeUndefined();
    connection.close();
  });

  it('reads rows (keys in column order) and single values on statements of its own', () => {
    const connection = notes();
    connection.prepare('insert into notes (text) values (?), (?)').run(['one', 'two']);
    const rows = connection.rowReader('select text, id from notes where id >= ? order by id limit ?');
    expect(rows([1, 5])).toEqual([
      { text: 'one', id: 1 },
      { text: 'two', id: 2 },
    ]);
    expect(rows([2, 5]).map((row) => Object.keys(row as object))).toEqual([['text', 'id']]);
    const count = connection.valueReader('select count(*) from notes where id > ?');
    expect([count([0]), count([1])]).toEqual([2, 1]);
    expect(connection.valueReader('select text from notes where id = ?')([9])).toBeUndefined();
    connection.close();
  });

  it('runs a deterministic function of one argument, and knows when a transaction is open', () => {
    const connection = notes();
    connection.function('fold', { deterministic: true }, (value) => (typeof value === 'string' ? value.toLowerCase() : value));
    expect(connection.valueReader("select fold('ÉCOLE')")([])).toBe('école');
    expect(connection.inTransaction).toBe(false);
    connection.exec('begin');
    expect(connection.inTransaction).toBe(true);
    connection.exec('rollback');
    connection.close();
  });
});
