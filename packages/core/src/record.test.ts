import { describe, expect, it } from 'vitest';
import { hasMembers, isRecord, withMember } from './record.js';

describe('withMember', () => {
  it('copies the record with the member added last and leaves the original alone', () => {
    const original = { id: 3, title: 'A' };
    const copy = withMember(original, '_links', { self: [] });
    expect(copy).toEqual({ id: 3, title: 'A', _links: { self: [] } });
    expect(Object.keys(copy)).toEqual(['id', 'title', '_links']);
    expect(original).toEqual({ id: 3, title: 'A' });
  });

  it('replaces a member the record already has, in its place', () => {
    expect(Object.entries(withMember({ _links: 1, id: 2 }, '_links', 3))).toEqual([
      ['_links', 3],
      ['id', 2],
    ]);
  });

  it('keeps a __proto__ member a member, as a spread does', () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": true}, "id": 1}') as Record<string, unknown>;
    const copy = withMember(parsed, '_links', {});
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(JSON.stringify(copy)).toBe('{"__proto__":{"polluted":true},"id":1,"_links":{}}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('isRecord', () => {
  it('accepts plain objects only', () => {
    expect([{}, [], null, 'a', 1].map(isRecord)).toEqual([true, false, false, false, false]);
  });
});

describe('hasMembers', () => {
  it('tells an empty record from one with members, with or without a prototype', () => {
    expect(hasMembers({})).toBe(false);
    expect(hasMembers(Object.create(null) as Record<string, unknown>)).toBe(false);
    expect(hasMembers({ page: undefined })).toBe(true);
    expect(hasMembers(Object.assign(Object.create(null) as Record<string, unknown>, { a: 1 }))).toBe(true);
  });
});
