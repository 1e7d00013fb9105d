import { describe, expect, it } from 'vitest';
import { acceptedCell } from './accepted.js';
import type { Cell } from './cells.js';
import { compareCell } from './compare.js';

const list: Cell = {
  role: 'contributor',
  way: 'list status=draft',
  type: 'post',
  record: '*',
  state: 'draft',
  status: 200,
  shown: ['draft-by-author'],
  total: 2,
};

describe('a matrix cell compared with the original', () => {
  it('is equal when status, records and total are the same', () => {
    expect(compareCell(list, { status: 200, shown: ['draft-by-author'], total: 2 })).toEqual([]);
  });

  it('calls a record the original left out looser', () => {
    const [difference] = compareCell(list, { status: 200, shown: ['draft-by-admin', 'draft-by-author'], total: 2 });
    expect(difference).toMatchObject({ part: 'shown', stricter: false });
  });

  it('calls fewer records or a refusal stricter', () => {
    expect(compareCell(list, { status: 200, shown: [], total: 2 })).toMatchObject([{ part: 'shown', stricter: true }]);
    expect(compareCell(list, { status: 403, code: 'rest_forbidden' })).toMatchObject([
      { part: 'status', stricter: true },
      { part: 'code', stricter: true },
    ]);
  });

  it('calls an answer where the original refused looser', () => {
    const refused: Cell = { ...list, status: 403, code: 'rest_forbidden_status', shown: undefined, total: undefined };
    expect(compareCell(refused, { status: 200, shown: [], total: 0 })[0]).toMatchObject({ part: 'status', stricter: false });
  });

  it('never accepts a looser difference, even when an entry names the cell', () => {
    const entries = [
      { cell: 'contributor · list status=draft · post · *', part: '*' as const, reason: 'a test entry, long enough' },
    ];
    const looser = { part: 'shown' as const, expected: [], actual: ['x'], stricter: false };
    const stricter = { ...looser, stricter: true };
    expect(acceptedCell('contributor · list status=draft · post · *', looser, entries)).toBeUndefined();
    expect(acceptedCell('contributor · list status=draft · post · *', stricter, entries)).toBe(entries[0]);
  });
});
