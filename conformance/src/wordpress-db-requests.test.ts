import { describe, expect, it } from 'vitest';
import {
  fixtureRecords,
  fixtureWrites,
  isReadRequest,
  WORDPRESS_DB_AREAS,
  WORDPRESS_DB_READ_AREAS,
  WORDPRESS_DB_WRITE_AREAS,
} from './wordpress-db-requests.js';

describe('the requests of the run on a WordPress database', () => {
  it('take reads only: GET, HEAD and OPTIONS naming no saved record', () => {
    expect(isReadRequest({ name: 'a', method: 'GET', path: '/wp/v2/posts?per_page=2', about: '' })).toBe(true);
    expect(isReadRequest({ name: 'b', method: 'OPTIONS', path: '/wp/v2/posts', about: '' })).toBe(true);
    expect(isReadRequest({ name: 'c', method: 'GET', path: '/oembed/1.0/embed?url={origin}/x/', about: '' })).toBe(true);
    expect(isReadRequest({ name: 'd', method: 'GET', path: '/wp/v2/posts/{post}', about: '' })).toBe(false);
    expect(isReadRequest({ name: 'e', method: 'POST', path: '/wp/v2/posts', about: '' })).toBe(false);
    expect(isReadRequest({ name: 'f', method: 'DELETE', path: '/wp/v2/posts/4', about: '' })).toBe(false);
  });

  it('cover the reading areas in the suite order, then the fixture records, every name unique in its area', () => {
    expect(WORDPRESS_DB_AREAS.map((area) => area.area)).toEqual([...WORDPRESS_DB_READ_AREAS, fixtureRecords.area]);
    for (const area of WORDPRESS_DB_AREAS) {
      expect(area.requests.length, area.area).toBeGreaterThan(0);
      expect(area.requests.every(isReadRequest), area.area).toBe(true);
      const names = area.requests.map((request) => request.name);
      expect(new Set(names).size, area.area).toBe(names.length);
    }
  });
});

describe('the writes of the run on a WordPress database', () => {
  it('are one area whose names are unique and which writes', () => {
    expect(WORDPRESS_DB_WRITE_AREAS).toEqual([fixtureWrites]);
    const names = fixtureWrites.requests.map((request) => request.name);
    expect(new Set(names).size).toBe(names.length);
    expect(fixtureWrites.requests.some((request) => !isReadRequest(request))).toBe(true);
  });
});
