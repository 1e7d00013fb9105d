import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, contentSite } from '../../test/site.js';
import { parseSearch } from './search-terms.js';

describe('a search string, read as WordPress reads it', () => {
  it('splits words and quoted phrases, drops stop words and single letters, and marks exclusions', () => {
    expect(parseSearch('the "red soup" a -pasta').terms).toEqual([
      { text: 'red soup', exclude: false },
      { text: 'pasta', exclude: true },
    ]);
  });

  it('searches a string of only stop words as one sentence', () => {
    expect(parseSearch('the of').terms).toEqual([{ text: 'the of', exclude: false }]);
  });
});

for (const prefix of ['cms', 'wp'] as const) {
  describe(`posts search and records in the ${prefix} profile`, () => {
    let site: ContentSite;
    const ids: Record<string, number> = {};
    const send = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
      site.client.request(method, `${site.ns}${path}`, {
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const idsOf = (body: { id: number }[]) => body.map((post) => post.id);

    beforeAll(async () => {
      site = await contentSite({ prefix });
      const posts = [
        ['soup', { title: 'Soup Season', content: 'Warm bowls of tomato.', date: '2020-01-01T09:00:00' }],
        ['pasta', { title: 'Ten Minute Pasta', content: 'A soup of noodles, almost.', date: '2020-01-02T09:00:00' }],
        ['both', { title: 'Red Soup And Pasta', content: 'Both at once.', date: '2020-01-03T09:00:00' }],
        ['locked', { title: 'Locked', content: 'Secret soup.', password: 'pw', date: '2020-01-04T09:00:00' }],
        ['release', { title: 'Release Notes 1.0', content: 'Version one.', date: '2020-01-05T09:00:00' }],
      ] as const;
      for (const [key, body] of posts) {
        const res = await send('POST', '/posts', { ...body, status: 'publish' }, site.people.editor.headers);
        ids[key] = res.body.id;
      }
    });
    afterAll(async () => {
      await site.close();
    });

    it('finds records holding every term, and none holding an excluded one', async () => {
      expect(idsOf((await site.client.get(`${site.ns}/posts?search=soup pasta`)).body)).toEqual([ids.both, ids.pasta]);
      expect(idsOf((await site.client.get(`${site.ns}/posts?search=soup -pasta`)).body)).toEqual([ids.soup]);
    });

    it('never finds password-protected records for someone signed out, as the original', async () => {
      expect(idsOf((await site.client.get(`${site.ns}/posts?search=secret`)).body)).toEqual([]);
      const signedIn = await site.client.get(`${site.ns}/posts?search=secret`, { headers: site.people.editor.headers });
      expect(idsOf(signedIn.body)).toEqual([ids.locked]);
    });

    it('orders by relevance: the term in the title first, then by date', async () => {
      const res = await site.client.get(`${site.ns}/posts?search=soup&orderby=relevance`);
      expect(idsOf(res.body)).toEqual([ids.both, ids.soup, ids.pasta]);
    });

    it('makes dots in titles dashes in slugs, and the guid of a published post its permalink', async () => {
      const res = await site.client.get(`${site.ns}/posts/${ids.release}`);
      expect(res.body.slug).toBe('release-notes-1-0');
      expect(res.body.guid.rendered).toBe(`${res.body.link}`);
      expect(res.body.link).toMatch(/\/release-notes-1-0\/$/);
    });

    it('shows a protected title without a prefix, and a private one with "Private: "', async () => {
      expect((await site.client.get(`${site.ns}/posts/${ids.locked}`)).body.title.rendered).toBe('Locked');
      const created = await send('POST', '/posts', { title: 'Plans', status: 'private' }, site.people.editor.headers);
      expect(created.body.title.rendered).toBe('Private: Plans');
    });

    it('dates a new record’s modification when it is dated, as WordPress inserts do', async () => {
      const res = await site.client.get(`${site.ns}/posts/${ids.soup}`);
      expect([res.body.modified, res.body.modified_gmt]).toEqual(['2020-01-01T09:00:00', '2020-01-01T09:00:00']);
    });

    it('gives pages an excerpt field, and closed comments and pings by default', async () => {
      const page = await send('POST', '/pages', { title: 'About', excerpt: 'Short.' }, site.people.editor.headers);
      expect(page.body.excerpt.raw).toBe('Short.');
      expect([page.body.comment_status, page.body.ping_status]).toEqual(['closed', 'closed']);
      const post = await send('POST', '/posts', { title: 'Open' }, site.people.editor.headers);
      expect([post.body.comment_status, post.body.ping_status]).toEqual(['open', 'open']);
    });
  });
}
