import { describe, expect, it } from 'vitest';
import { childPath, compareAnswers } from './compare.js';

describe('compareAnswers', () => {
  it('names each difference by where it is, and says which side has it', () => {
    const expected = { status: 200, headers: { allow: 'GET' }, body: { id: 1, routes: { '/a/b': { x: [1, 2] } }, gone: true } };
    const actual = { status: 401, headers: { link: '<x>' }, body: { id: 2, routes: { '/a/b': { x: [1] } }, added: 'y' } };
    expect(compareAnswers(expected, actual)).toEqual([
      { at: 'status', kind: 'value', expected: 200, actual: 401 },
      { at: 'header allow', kind: 'missing', expected: 'GET', actual: undefined },
      { at: 'header link', kind: 'extra', expected: undefined, actual: '<x>' },
      { at: 'body.id', kind: 'value', expected: 1, actual: 2 },
      { at: 'body.routes["/a/b"].x[1]', kind: 'missing', expected: 2 },
      { at: 'body.gone', kind: 'missing', expected: true },
      { at: 'body.added', kind: 'extra', actual: 'y' },
    ]);
  });

  it('finds nothing between equal answers, whatever the order of object keys', () => {
    const answer = { status: 200, headers: {}, body: { a: 1, b: [{ c: null }] } };
    expect(compareAnswers(answer, { status: 200, headers: {}, body: { b: [{ c: null }], a: 1 } })).toEqual([]);
  });

  it('tells [] from {} (PHP empty arrays) and compares texts whole', () => {
    expect(compareAnswers({ status: 200, headers: {}, body: [] }, { status: 200, headers: {}, body: {} })).toHaveLength(1);
    expect(compareAnswers({ status: 200, headers: {}, text: 'a' }, { status: 200, headers: {}, text: 'b' })).toEqual([
      { at: 'text', kind: 'value', expected: 'a', actual: 'b' },
    ]);
  });

  it('writes keys that are not identifiers quoted, indices in brackets', () => {
    expect(childPath(childPath(childPath('body', 'routes'), '/wp/v2'), 0)).toBe('body.routes["/wp/v2"][0]');
  });
});
