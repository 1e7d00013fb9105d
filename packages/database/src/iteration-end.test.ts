import { describe, expect, it } from 'vitest';
import { iterationEnd } from './iteration-end.js';

describe('iterationEnd', () => {
  it('calls end once when the rows run out', () => {
    const ends: string[] = [];
    expect([...iterationEnd([1, 2][Symbol.iterator](), () => ends.push('end'))]).toEqual([1, 2]);
    expect(ends).toEqual(['end']);
  });

  it('calls end and closes the rows when the loop is left early', () => {
    const ends: string[] = [];
    const rows = (function* () {
      try {
        yield 1;
        yield 2;
      } finally {
        ends.push('rows closed');
      }
    })();
    for (const row of iterationEnd(rows, () => ends.push('end'))) if (row === 1) break;
    expect(ends).toEqual(['rows closed', 'end']);
  });

  it('calls end when the rows throw, passing the error on', () => {
    const ends: string[] = [];
    const rows = (function* () {
      yield 1;
      throw new Error('disk');
    })();
    expect(() => [...iterationEnd(rows, () => ends.push('end'))]).toThrow('disk');
    expect(ends).toEqual(['end']);
  });
});
