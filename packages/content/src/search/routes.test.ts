import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, contentSite } from '../../test/site.js';

for (const prefix of ['cms', 'wp'] as const) {
  describe(`search in the ${prefix} profile`, () => {
    let site: ContentSite;
    const ids: Record<string, number> = {};
    const root = `http://site.test/${prefix}-json`;
    const get = (path: string, headers: Record<string, string> = {}) => site.client.get(`${site.ns}${path}`, { headers });

    beforeAll(async () => {
      site = await contentSite({ prefix });
      const insert = async (key: string, fields: Record<string, unknown>) => {
        const date = `2029-12-0${fields.day ?? 1}T12:00:00`;
        const { day: _day, ...rest } = fields;
        const row = { type: 'post', status: 'publish', date, date_gmt: date, modified: date, modified_gmt: date, ...rest };
        const { id } = await site.database.db.insertInto('posts').values(row).returning('id').executeTakeFirstOrThrow();
        ids[key] = Number(id);
      };
      await insert('hello', { title: 'Hello "world"', slug: 'hello-world', content: 'Apples and pears', day: 1 });
      await insert('apples', { title: 'Apples', slug: 'apples', content: 'Red ones', day: 2 });
      await insert('about', { type: 'page', title: 'About apples', slug: 'about', day: 3 });
      await insert('draft', { title: 'Apples draft', slug: 'apples-draft', status: 'draft', day: 4 });
      await insert('locked', { title: 'Locked apples', slug: 'locked', password: 'pw', day: 5 });
      const term = await site.database.db
        .insertInto('terms')
        .values({ taxonomy: 'post_tag', name: 'Apple trees', slug: 'apple-trees', description: '' })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.tag = Number(term.id);
    });
    afterAll(async () => {
      await site.close();
    });

    it('finds published posts and pages by default, relevance first, as {id, title, url, type, subtype}', async () => {
      const res = await get('/search?search=apples');
      expect(res.status).toBe(200);
      // Both titles hold the words (newest first), then the one with them in its content only.
      expect(res.body.map((result: { id: number }) => result.id)).toEqual([ids.about, ids.apples, ids.hello]);
      expect(res.body[1]).toEqual({
        id: ids.apples,
        title: 'Apples',
        url: 'http://site.test/apples/',
        type: 'post',
        subtype: 'post',
        _links: {
          self: [{ embeddable: true, href: `${root}/${prefix}/v2/posts/${ids.apples}` }],
          about: [{ href: `${root}/${prefix}/v2/types/post` }],
          collection: [{ href: `${root}/${prefix}/v2/search` }],
        },
      });
      expect(res.body[0]).toMatchObject({ url: 'http://site.test/about/', subtype: 'page' });
      expect(res.body[2].title).toBe('Hello &#8220;world&#8221;');
      expect(res.header(`X-${prefix.toUpperCase()}-Total`)).toBe('3');
    });

    it('finds password-protected posts only for those signed in', async () => {
      const signedIn = await get('/search?search=locked', site.people.subscriber.headers);
      expect(signedIn.body.map((result: { id: number }) => result.id)).toEqual([ids.locked]);
      expect((await get('/search?search=locked')).body).toEqual([]);
    });

    it('keeps to the subtypes asked for, and to include and exclude', async () => {
      const pages = await get('/search?search=apples&subtype=page');
      expect(pages.body.map((result: { id: number }) => result.id)).toEqual([ids.about]);
      const excluded = await get(`/search?search=apples&exclude=${ids.apples}`);
      expect(excluded.body.map((result: { id: number }) => result.id)).toEqual([ids.about, ids.hello]);
      const included = await get(`/search?include=${ids.hello},${ids.about}`);
      expect(included.body.map((result: { id: number }) => result.id)).toEqual([ids.about, ids.hello]);
    });

    it('finds terms with type=term, their taxonomy as the type, and embeds the record', async () => {
      const res = await get('/search?type=term&search=apple&_embed');
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(1);
      const [found] = res.body;
      expect(found).toMatchObject({
        id: ids.tag,
        title: 'Apple trees',
        url: 'http://site.test/tag/apple-trees/',
        type: 'post_tag',
      });
      expect(found.subtype).toBeUndefined();
      expect(found._links.self[0].href).toBe(`${root}/${prefix}/v2/tags/${ids.tag}`);
      expect(found._links.about[0].href).toBe(`${root}/${prefix}/v2/taxonomies/post_tag`);
      expect(found._embedded.self[0]).toMatchObject({ id: ids.tag, name: 'Apple trees', taxonomy: 'post_tag' });
    });

    it('embeds the post of a post result', async () => {
      const res = await get('/search?search=apples&per_page=1&page=2&_embed');
      expect(res.body[0]._embedded.self[0]).toMatchObject({ id: ids.apples, slug: 'apples', type: 'post' });
    });

    it('pages with the totals headers and Link', async () => {
      const res = await get('/search?search=apples&per_page=1&page=2');
      expect(res.body.map((result: { id: number }) => result.id)).toEqual([ids.apples]);
      const header = prefix.toUpperCase();
      expect(res.header(`X-${header}-Total`)).toBe('3');
      expect(res.header(`X-${header}-TotalPages`)).toBe('3');
      const link = res.header('Link') ?? '';
      expect(link).toContain('rel="prev"');
      expect(link).toContain('rel="next"');
      expect(link).toContain('page=3');
    });

    it('answers a posts page past the last as the original (empty, a total of 0), and refuses an unknown type or subtype, and a bad per_page', async () => {
      // WP_Query counts nothing when the page holds nothing: 200, [], and prev the page before.
      const late = await get('/search?search=apples&page=9');
      expect([late.status, late.body, late.header(`X-${prefix.toUpperCase()}-Total`)]).toEqual([200, [], '0']);
      expect(late.header('Link')).toContain('page=8>; rel="prev"');
      const type = await get('/search?type=comment');
      expect(type.status).toBe(400);
      expect(type.body.code).toBe('rest_invalid_param');
      expect(type.body.data.params.type).toBe('type is not one of post and term.');
      const subtype = await get('/search?subtype=nothing');
      expect(subtype.status).toBe(400);
      expect(subtype.body.data.params.subtype).toBe('subtype[0] is not one of post, page, category, post_tag, and any.');
      const perPage = await get('/search?per_page=101');
      expect(perPage.status).toBe(400);
      expect(perPage.body.code).toBe('rest_invalid_param');
    });

    it('answers an empty list with zero totals when nothing matches', async () => {
      const res = await get('/search?search=zzzz');
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
      expect(res.header(`X-${prefix.toUpperCase()}-TotalPages`)).toBe('0');
    });

    it('is listed in the namespace with the original arguments', async () => {
      const res = await site.client.options(`${site.ns}/search`);
      expect(Object.keys(res.body.endpoints[0].args)).toEqual([
        'context',
        'page',
        'per_page',
        'search',
        'type',
        'subtype',
        'exclude',
        'include',
      ]);
      expect(res.body.endpoints[0].args.subtype).toMatchObject({ default: 'any', type: 'array' });
      expect(res.body.schema.title).toBe('search-result');
    });
  });
}
