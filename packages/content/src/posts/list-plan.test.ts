/**
 * What a page of posts reads grows with the page, not with the site: SQLite's plan of the
 * page statement walks `posts_type_date_id` and stops, with no sort of its own; the page's
 * terms are read from its posts' relationships and by id, not by walking a taxonomy's terms.
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
    const tag = await site.client.post(`${site.ns}/tags`, { ...admin, body: { name: 'Plans' } });
    for (let i = 0; i < 3; i++) {
      await site.client.post(`${site.ns}/posts`, {
        ...admin,
        body: { title: `Post ${i}`, status: i === 2 ? 'draft' : 'publish', tags: [tag.body.id] },
      });
    }
  });
  afterAll(async () => {
    await site.close();
  });

  /** The statements of a list request. */
  async function statementsOf(path: string, headers: Record<string, string> = {}): Promise<string[]> {
    statements.length = 0;
    listing = true;
    try {
      expect((await site.client.get(`${site.ns}${path}`, { headers })).status).toBe(200);
    } finally {
      listing = false;
    }
    return [...statements];
  }

  /** SQLite's plan of a statement, its steps joined. */
  async function planOf(statement: string): Promise<string> {
    const { rows } = await sql<{ detail: string }>`explain query plan ${sql.raw(statement)}`.execute(site.database.db);
    return rows.map((row) => row.detail).join('; ');
  }

  /** SQLite's plan of the page statement of a list request. */
  async function pagePlan(path: string, headers: Record<string, string> = {}): Promise<string> {
    const all = await statementsOf(path, headers);
    const page = all.find((text) => /^select \* from "posts" where .* limit /i.test(text.trim()));
    if (page === undefined) throw new Error(`no page statement among ${all.join('\n')}`);
    return planOf(page);
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

  it("reads the terms of a page (its posts' ids, and the terms embedded) by the page's ids, never walking a table", async () => {
    const all = await statementsOf('/posts?_embed=cms:term');
    const reads = all.filter((text) => /"term_relationships"|from "terms"/.test(text));
    // The categories and tags of the page's records; for the embedded lists, the terms the
    // posts carry, then each list's terms by id.
    expect(reads.length).toBeGreaterThanOrEqual(5);
    for (const read of reads) {
      const plan = await planOf(read);
      expect(plan).toMatch(/^SEARCH (term_relationships|posts|terms) /);
      expect(plan).not.toMatch(/\bSCAN\b/);
    }
  });
});
