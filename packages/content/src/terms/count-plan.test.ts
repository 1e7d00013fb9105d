/**
 * What a post write costs its terms: a recount reads only the counted relationships, from
 * the `(term_id, counted)` index (SQLite's plan; migration `0032-term-counts`), and a write
 * that changes no relationship's state (a draft saved again) writes none and recounts nothing.
 */
import { CHANGE_VERSIONS_TABLE } from '@cms-json/database';
import { testDialect } from '@cms-json/database/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, contentSite } from '../../test/site.js';

describe('what a post write costs its terms', () => {
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

  it.skipIf(testDialect() !== 'sqlite')('counts a category’s published posts from the index, whatever its drafts', async () => {
    const admin = { headers: site.people.administrator.headers };
    statements.length = 0;
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

  it('writes no relationship and recounts no term when a draft is saved again', async () => {
    const admin = { headers: site.people.administrator.headers };
    const draft = await site.client.post(`${site.ns}/posts`, { ...admin, body: { title: 'A draft' } });
    expect(draft.status).toBe(201);
    const versions = async () =>
      (
        await sql<{ name: string; version: number | string }>`select name, version from ${sql.table(
          CHANGE_VERSIONS_TABLE,
        )} where name in ('terms', 'term_relationships') order by name`.execute(site.database.db)
      ).rows.map((row) => `${row.name} ${String(row.version)}`);
    const before = await versions();
    statements.length = 0;
    writing = true;
    try {
      const saved = await site.client.post(`${site.ns}/posts/${draft.body.id}`, { ...admin, body: { title: 'Still a draft' } });
      expect(saved.status).toBe(200);
    } finally {
      writing = false;
    }
    const writes = statements.filter((text) =>
      /^(update|insert into|delete from) "(term_relationships|terms)"/i.test(text.trim()),
    );
    expect(writes, writes.join('\n')).toEqual([]);
    expect(await versions()).toEqual(before);
    // Published, it counts; a draft again, it no longer does.
    const count = async () => ((await site.client.get(`${site.ns}/categories/1`)).body as { count: number }).count;
    const counted = await count();
    await site.client.post(`${site.ns}/posts/${draft.body.id}`, { ...admin, body: { status: 'publish' } });
    expect(await count()).toBe(counted + 1);
    await site.client.post(`${site.ns}/posts/${draft.body.id}`, { ...admin, body: { status: 'draft' } });
    expect(await count()).toBe(counted);
  });
});
