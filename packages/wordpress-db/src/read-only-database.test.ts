import { RestError } from '@cms-json/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { WordPressDatabase } from './connection.js';
import { readOnlyDatabase, writes } from './read-only-database.js';
import { READ_ONLY_MESSAGE } from './read-only-guard.js';
import { type WordPressSite, wordpressSite } from './site.js';
import { openFixtureDatabase } from './testing.js';

const serverUrl = inject('mysqlUrl');

/** The code, status and message a promise rejects with. */
async function refusal(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    if (error instanceof RestError) return { code: error.code, status: error.status, message: error.message };
    return String(error);
  }
}

const REFUSED = { code: 'rest_forbidden', status: 403, message: READ_ONLY_MESSAGE };

/** The administrator, for in-process requests made on their behalf. */
const ADMIN = { id: 1, can: () => true };

describe.skipIf(serverUrl === '')('the stores of a read-only site', () => {
  let wordpress: WordPressDatabase;
  let site: WordPressSite;
  beforeAll(async () => {
    // An account that MAY write: only `readOnly: true` keeps the stores from writing.
    wordpress = await openFixtureDatabase({ serverUrl });
    site = await wordpressSite({ wordpress, readOnly: true, secret: 'site-test-secret-0123456789' });
  });
  afterAll(async () => {
    await site?.close();
    await wordpress?.close();
  });

  /** A digest of every table a write could touch. */
  async function snapshot(): Promise<string> {
    const tables = [
      'posts',
      'postmeta',
      'terms',
      'term_taxonomy',
      'term_relationships',
      'comments',
      'users',
      'usermeta',
      'options',
    ];
    const parts: string[] = [];
    for (const table of tables) {
      const { rows } = await sql<{ checksum: string }>`checksum table ${sql.table(`wp_${table}`)}`.execute(wordpress.database.db);
      parts.push(String(rows[0]?.checksum));
    }
    return parts.join(',');
  }

  it('refuses writes dispatched in-process (past the HTTP guard) and stores nothing', async () => {
    const before = await snapshot();
    const create = await site.server.dispatch({
      method: 'POST',
      path: '/wp/v2/posts',
      user: ADMIN,
      body: { title: 'No', status: 'publish' },
    });
    expect([create.status, create.data]).toEqual([
      403,
      { code: 'rest_forbidden', message: READ_ONLY_MESSAGE, data: { status: 403 } },
    ]);
    const remove = await site.server.dispatch({
      method: 'DELETE',
      path: '/wp/v2/posts/4',
      query: { force: 'true' },
      user: ADMIN,
    });
    expect(remove.status).toBe(403);
    const tag = await site.server.dispatch({ method: 'POST', path: '/wp/v2/tags', user: ADMIN, body: { name: 'Nope' } });
    expect(tag.status).toBe(403);
    const settings = await site.server.dispatch({ method: 'POST', path: '/wp/v2/settings', user: ADMIN, body: { title: 'No' } });
    expect(settings.status).toBe(403);
    const read = await site.server.dispatch({ path: '/wp/v2/posts/4', user: ADMIN });
    expect(read.status).toBe(200);
    expect(await snapshot()).toBe(before);
  });

  it('refuses every store’s writes with the read-only error, reads still answered', async () => {
    const before = await snapshot();
    const { storage } = site;
    expect((await storage.posts.find(4))?.id).toBe(4);
    expect(await refusal(storage.posts.update(4, { title: 'No' }))).toEqual(REFUSED);
    expect(await refusal(storage.posts.delete(4))).toEqual(REFUSED);
    expect(await refusal(storage.terms.update(7, { name: 'No' }))).toEqual(REFUSED);
    expect(await refusal(storage.terms.removeObject(4))).toEqual(REFUSED);
    expect(await refusal(storage.comments.delete(1))).toEqual(REFUSED);
    expect(await refusal(storage.users.delete(2))).toEqual(REFUSED);
    expect(await refusal(storage.options.set('posts_per_page', 5))).toEqual(REFUSED);
    expect(await refusal(storage.meta.post.set(4, 'no', 'no'))).toEqual(REFUSED);
    expect(await refusal(storage.sessions.start(1))).toEqual(REFUSED);
    expect(await snapshot()).toBe(before);
  });

  it('tells writing statements from reads, raw ones too', () => {
    // Built on the writable database: building on the read-only one refuses already.
    const db = wordpress.database.db;
    expect(() => readOnlyDatabase(wordpress).database.db.deleteFrom('posts').compile()).toThrow(READ_ONLY_MESSAGE);
    expect(writes(db.selectFrom('posts').select('ID').forUpdate().toOperationNode())).toBe(false);
    expect(writes(db.deleteFrom('posts').toOperationNode())).toBe(true);
    expect(writes(db.updateTable('posts').set({ post_title: 'x' }).toOperationNode())).toBe(true);
    expect(
      writes(db.insertInto('options').values({ option_name: 'x', option_value: '', autoload: 'no' }).toOperationNode()),
    ).toBe(true);
    expect(writes(sql`  UPDATE wp_posts set post_title = 'x'`.toOperationNode())).toBe(true);
    expect(writes(sql`select 1`.toOperationNode())).toBe(false);
    expect(writes(sql`show grants`.toOperationNode())).toBe(false);
  });
});
