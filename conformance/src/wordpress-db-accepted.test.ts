import { describe, expect, it } from 'vitest';
import { WORDPRESS_DB_ACCEPTED, wordpressDbAcceptedFor } from './wordpress-db-accepted.js';

describe('the differences accepted on a WordPress database', () => {
  it('each give a reason', () => {
    for (const entry of WORDPRESS_DB_ACCEPTED) expect(entry.reason.length, `${entry.request} ${entry.at}`).toBeGreaterThan(20);
  });

  it('accept nothing their patterns do not name', () => {
    expect(
      wordpressDbAcceptedFor('posts/no-such-request', { at: 'status', kind: 'value', expected: 200, actual: 500 }),
    ).toBeUndefined();
  });
});
