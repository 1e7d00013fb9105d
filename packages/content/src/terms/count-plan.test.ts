/**
 * What a term's recount reads grows with its published records, not with its drafts: every
 * post write recounts its terms, and the recount reads the counted relationships from the
 * `(term_id, counted)` index (SQLite's plan; migration `0032-term-counts`).
 */
import { testDialect } from '@cms-json/database/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, contentSite } from '../../test/site.js';

describe.skipIf(testDialect() !== 'sqlite')('the plan of a term recount', () => {
  let site: ContentSite;
  let writing = false;
  const statements: string[] = [];

  beforeAll(async () => {
    site = await contentSite({
      onStatement: (text) => {
        if (writing) statements.push(text);
      },
    });
  });
  afterAll(async () => {
    await site.close();
  });

  it('counts a category’s published posts from the index, whatever its drafts', async () => {
    const admin = { headers: site.people.administrator.headers };
    writing = true;
    try {
      const created = await site.client.post(`${site.ns}/posts`, { ...admin, body: { title: 'A draft' } });
      expect(created.status).toBe(201);
    } finally {
      writing = false;
    }
    const recounts = statements.filter((text) => /^update "terms" set "count"/i.test(text.trim()));
    expect(recounts.length).toBeGreaterThan(0);
    for (const recount of recounts) {
      const { rows } = await sql<{ detail: string }>`explain query plan ${sql.raw(recount)}`.execute(site.database.db);
      const plan = rows.map((row) => row.detail).join('; ');
      expect(plan).toMatch(/USING COVERING INDEX term_relationships_counted \(term_id=\? AND counted=\?\)/);
    }
    // The draft is in the default category, and counts for nothing there.
    const categories = await site.client.get(`${site.ns}/categories?per_page=100`);
    const uncategorized = (categories.body as { id: number; count: number }[]).find((term) => term.id === 1);
    expect(uncategorized?.count).toBe(0);
  });
});
