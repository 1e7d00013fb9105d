/**
 * A page of a post list reads its records in the index's order and stops: SQLite's plan of
 * the statement a list request runs walks `posts_type_date_id` with no sort of its own, so
 * its cost does not grow with the number of posts of the type.
 */
import { testDialect } from '@cms-json/database/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, contentSite } from '../../test/site.js';

describe.skipIf(testDialect() !== 'sqlite')('the plan of a page of posts', () => {
  let site: ContentSite;
  let listing = false;
  const statements: string[] = [];

  beforeAll(async () => {
    site = await contentSite({
      onStatement: (text) => {
        if (listing) statements.push(text);
      },
    });
    const admin = { headers: site.people.administrator.headers };
    for (let i = 0; i < 3; i++) {
      await site.client.post(`${site.ns}/posts`, {
        ...admin,
        body: { title: `Post ${i}`, status: i === 2 ? 'draft' : 'publish' },
      });
    }
  });
  afterAll(async () => {
    await site.close();
  });

  /** SQLite's plan of the page statement of a list request. */
  async function pagePlan(path: string, headers: Record<string, string> = {}): Promise<string> {
    statements.length = 0;
    listing = true;
    try {
      expect((await site.client.get(`${site.ns}${path}`, { headers })).status).toBe(200);
    } finally {
      listing = false;
    }
    const page = statements.find((text) => /^select \* from "posts" where .* limit /i.test(text.trim()));
    if (page === undefined) throw new Error(`no page statement among ${statements.join('\n')}`);
    const { rows } = await sql<{ detail: string }>`explain query plan ${sql.raw(page)}`.execute(site.database.db);
    return rows.map((row) => row.detail).join('; ');
  }

  it('walks the index in the default order, newest first, without sorting', async () => {
    const plan = await pagePlan('/posts');
    expect(plan).toContain('posts_type_date_id');
    expect(plan).not.toContain('TEMP B-TREE');
  });

  it('does the same for a page of drafts and for an offset page', async () => {
    const admin = site.people.administrator.headers;
    for (const path of ['/posts?status=draft', '/posts?per_page=1&page=2']) {
      const plan = await pagePlan(path, admin);
      expect(plan).toContain('posts_type_date_id');
      expect(plan).not.toContain('TEMP B-TREE');
    }
  });
});
