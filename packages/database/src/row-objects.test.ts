import { describe, expect, it } from 'vitest';
import { fixedColumnNames, objectOf, objectsOf } from './row-objects.js';

describe('rows read as arrays, made objects', () => {
  it('names values in column order, a later duplicate name winning', () => {
    expect(objectsOf([[1, 'one']], ['id', 'text'])).toEqual([{ id: 1, text: 'one' }]);
    expect(Object.keys(objectOf([1, 2, 3], ['b', 'a', 'c']))).toEqual(['b', 'a', 'c']);
    expect(objectOf([1, 2], ['a', 'a'])).toEqual({ a: 2 });
  });

  it('is used only when the SQL text fixes the columns', () => {
    expect(fixedColumnNames('select id, text from notes', ['id', 'text'])).toBe(true);
    expect(fixedColumnNames('select count(*) as n from notes', ['n'])).toBe(true);
    expect(fixedColumnNames('select * from notes', ['id', 'text'])).toBe(false);
    expect(fixedColumnNames('select "notes".* from notes', ['id'])).toBe(false);
    expect(fixedColumnNames('select 1 as "__proto__"', ['__proto__'])).toBe(false);
  });
});
