import { describe, expect, it } from 'vitest';
import { openSqliteConnection } from './sqlite-connection.js';
import { cacheStatements } from './sqlite-statement-cache.js';

describe('the statement cache', () => {
  it('hands out the statement prepared for the same SQL text', () => {
    const connection = cacheStatements(openSqliteConnection(':memory:'));
    expect(connection.prepare('select 1')).toBe(connection.prepare('select 1'));
    expect(connection.prepare('select 1')).not.toBe(connection.prepare('select 2'));
    connection.close();
  });

  it('prepares another statement while one is busy iterating, and reuses it once done', () => {
    const connection = cacheStatements(openSqliteConnection(':memory:'));
    connection.exec('create table n (v integer); insert into n values (1), (2), (3)');
    const text = 'select v from n order by v';
    const first = connection.prepare(text);
    const rows = first.iterate([]);
    expect(rows.next().value).toEqual({ v: 1 });
    const second = connection.prepare(text);
    expect(second).not.toBe(first);
    expect(second.all([])).toEqual([{ v: 1 }, { v: 2 }, { v: 3 }]);
    expect([...rows]).toEqual([{ v: 2 }, { v: 3 }]);
    expect(connection.prepare(text)).toBe(second);
    connection.close();
  });

  it('keeps at most its size, dropping the oldest first', () => {
    const connection = cacheStatements(openSqliteConnection(':memory:'), 2);
    const one = connection.prepare('select 1');
    connection.prepare('select 2');
    connection.prepare('select 3');
    expect(connection.prepare('select 1')).not.toBe(one);
    connection.close();
  });
});
