import type { PostQuery } from '@cms-json/content';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { WordPressDatabase } from '../connection.js';
import { openFixtureDatabase } from '../testing.js';
import { getOption, setOption } from '../wordpress-options.js';
import { WordPressPostStore } from './post-store.js';

const serverUrl = inject('mysqlUrl');

/** The store's clock and the controller's "now" in the tests. */
const NOW = Date.UTC(2024, 0, 1, 12, 0, 0);
const nowGmt = '2024-01-01T12:00:00';

const published = { types: ['post'], statuses: ['publish'], nowGmt, perPage: 100, offset: 0 } satisfies PostQuery;

describe.skipIf(serverUrl === '')('WordPressPostStore reads', () => {
  let wordpress: WordPressDatabase;
  let store: WordPressPostStore;
  beforeAll(async () => {
    wordpress = await openFixtureDatabase({ serverUrl });
    store = new WordPressPostStore(wordpress, { now: () => NOW });
  });
  afterAll(() => wordpress.close());

  /** Ids a raw SQL condition selects among published posts (`wp_posts` as `p`), newest first. */
  const publishedIdsWhere = async (condition: ReturnType<typeof sql>) => {
    const result = await sql<{ ID: number }>`select p.ID from wp_posts p where p.post_type = 'post'
      and (p.post_status = 'publish' or (p.post_status = 'future' and p.post_date_gmt <= '2024-01-01 12:00:00'))
      and ${condition} order by p.post_date desc, p.ID asc`.execute(wordpress.database.db);
    return result.rows.map((row) => Number(row.ID));
  };
  const ids = async (query: Partial<PostQuery>) => (await store.list({ ...published, ...query })).posts.map((post) => post.id);

  it('reads a record as WordPress stored it', async () => {
    expect(await store.find(4)).toEqual({
      id: 4,
      type: 'post',
      status: 'publish',
      author: 1,
      parent: 0,
      menu_order: 0,
      slug: 'getting-started-with-the-rest-api',
      title: 'Getting Started With The REST API',
      content: expect.stringContaining('This is post number 1'),
      excerpt: '',
      password: '',
      comment_status: 'open',
      ping_status: 'closed',
      template: '',
      format: '',
      date: '2023-01-02T09:00:00',
      date_gmt: '2023-01-02T09:00:00',
      modified: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
      modified_gmt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
      guid: expect.stringContaining('http://127.0.0.1:8081/'),
      comment_count: expect.any(Number),
      mime_type: '',
    });
    expect(await store.find(29)).toMatchObject({ type: 'revision', status: 'inherit', parent: 4, slug: '4-revision-v1' });
    expect(await store.find(31)).toMatchObject({ type: 'page', parent: 30, menu_order: 1, slug: 'team' });
    expect(await store.find(27)).toMatchObject({ password: 'secret' });
    expect(await store.find(42)).toMatchObject({ type: 'attachment', status: 'inherit', mime_type: 'image/png', parent: 14 });
  });

  it("reads the template from _wp_page_template ('default' as '') and the format from the post_format term", async () => {
    await sql`insert into wp_postmeta (post_id, meta_key, meta_value) values (30, '_wp_page_template', 'template-full.php')`.execute(
      wordpress.database.db,
    );
    expect((await store.find(2))?.template).toBe('');
    expect((await store.find(30))?.template).toBe('template-full.php');
    expect((await store.find(8))?.format).toBe('aside');
    expect((await store.find(9))?.format).toBe('gallery');
    const listed = await store.list({ ...published, types: ['post', 'page'], include: [8, 9, 4, 30], orderBy: 'include' });
    expect(listed.posts.map((post) => [post.id, post.format, post.template])).toEqual([
      [8, 'aside', ''],
      [9, 'gallery', ''],
      [4, '', ''],
      [30, '', 'template-full.php'],
    ]);
  });

  it("reads a floating draft's GMT dates from its local dates and the site's offset, as WordPress's REST controller shows them", async () => {
    const inserted =
      await sql`insert into wp_posts (post_author, post_date, post_date_gmt, post_content, post_title, post_excerpt,
      post_status, post_name, to_ping, pinged, post_modified, post_modified_gmt, post_content_filtered, guid, post_type)
      values (1, '2023-06-01 10:00:00', '0000-00-00 00:00:00', '', 'Floating', '', 'draft', '', '', '', '2023-06-01 10:00:00',
      '0000-00-00 00:00:00', '', '', 'post')`.execute(wordpress.database.db);
    const id = Number(inserted.insertId);
    const before = await getOption(wordpress.database, 'gmt_offset');
    await setOption(wordpress.database, 'gmt_offset', '2');
    try {
      expect(await store.find(id)).toMatchObject({
        date: '2023-06-01T10:00:00',
        date_gmt: '2023-06-01T08:00:00',
        modified_gmt: '2023-06-01T08:00:00',
      });
      expect(await store.findAccess([id])).toEqual([
        { id, type: 'post', status: 'draft', author: 1, parent: 0, date_gmt: '2023-06-01T08:00:00' },
      ]);
    } finally {
      await setOption(wordpress.database, 'gmt_offset', before ?? '0');
      await sql`delete from wp_posts where ID = ${id}`.execute(wordpress.database.db);
    }
  });

  it('answers nothing for ids that are unknown, not positive or not integers', async () => {
    for (const id of [0, -1, 2.5, 999_999, Number.NaN]) expect(await store.find(id)).toBeUndefined();
    expect(await store.findMany([0, -1, 999_999])).toEqual([]);
    expect(await store.findAccess([0, -4, 999_999])).toEqual([]);
    expect((await store.findMany([4, 4, 5, 0])).map((post) => post.id).sort()).toEqual([4, 5]);
    expect(await store.revisionCounts([0, -1])).toEqual(new Map());
    expect(await store.idsByAuthor(-1, ['post'])).toEqual([]);
  });

  it('lists published posts as they are now: a scheduled post whose date passed is published, a later one is not', async () => {
    const { posts, total } = await store.list(published);
    const listed = posts.map((post) => post.id);
    expect(listed).toEqual(await publishedIdsWhere(sql`1 = 1`));
    expect(total).toBe(listed.length);
    expect(listed).toContain(43);
    expect(listed).not.toContain(44);
    for (const hidden of [24, 25, 26, 29]) expect(listed).not.toContain(hidden);
    expect(await ids({ statuses: ['future'] })).toEqual([44]);
    expect(await ids({ statuses: ['draft', 'pending', 'private'] })).toEqual(expect.arrayContaining([24, 25, 26]));
    // No statuses: any status (the oEmbed lookup by slug).
    expect(await ids({ statuses: [], slugs: ['draft-unfinished-thoughts'] })).toEqual([24]);
    expect(await ids({ types: [] })).toEqual([]);
  });

  it('filters by terms through term_relationships and term_taxonomy: IN, AND, NOT IN, and OR between clauses', async () => {
    const holding = (termId: number) =>
      sql`exists (select 1 from wp_term_relationships r join wp_term_taxonomy t on t.term_taxonomy_id = r.term_taxonomy_id
        where r.object_id = p.ID and t.term_id = ${termId})`;
    const clause = (termIds: number[], operator: 'IN' | 'AND' | 'NOT IN') => ({ termIds, operator });
    expect(await ids({ taxonomies: { relation: 'AND', clauses: [clause([3, 6], 'IN')] } })).toEqual(
      await publishedIdsWhere(sql`(${holding(3)} or ${holding(6)})`),
    );
    expect(await ids({ taxonomies: { relation: 'AND', clauses: [clause([2, 7], 'AND')] } })).toEqual(
      await publishedIdsWhere(sql`${holding(2)} and ${holding(7)}`),
    );
    expect(await ids({ taxonomies: { relation: 'AND', clauses: [clause([2], 'NOT IN')] } })).toEqual(
      await publishedIdsWhere(sql`not ${holding(2)}`),
    );
    expect(await ids({ taxonomies: { relation: 'OR', clauses: [clause([5], 'IN'), clause([12], 'IN')] } })).toEqual(
      await publishedIdsWhere(sql`(${holding(5)} or ${holding(12)})`),
    );
    expect(await ids({ taxonomies: { relation: 'AND', clauses: [clause([], 'IN')] } })).toEqual([]);
    const sizes = await store.list({ ...published, taxonomies: { relation: 'AND', clauses: [clause([2], 'IN')] }, perPage: 2 });
    expect(sizes.posts).toHaveLength(2);
    expect(sizes.total).toBe((await publishedIdsWhere(holding(2))).length);
  });

  it('searches as WordPress: title, excerpt and content, excluded terms, protected records only for those signed in', async () => {
    expect(await ids({ search: 'Lisbon' })).toEqual([5]);
    expect(await ids({ search: 'lisbon' })).toEqual([5]);
    expect(await ids({ search: 'Hand-written excerpt for post 12' })).toContain(15);
    expect(await ids({ search: 'Walk -Lisbon' })).not.toContain(5);
    expect(await ids({ search: '100%_sure' })).toEqual([]);
    expect(await ids({ search: 'Members Only' })).toContain(27);
    expect(await ids({ search: 'Members Only', searchProtected: false })).not.toContain(27);
    expect(await ids({ search: 'Lisbon', searchColumns: ['post_excerpt'] })).toEqual([]);
  });

  it('orders by relevance: the term in the title first, then by date', async () => {
    // "paragraph" is in every seeded post's content; "Pasta" in one title.
    const listed = await ids({ search: 'Pasta', orderBy: 'relevance' });
    expect(listed[0]).toBe(12);
    const many = await ids({ search: 'Ten Minute Pasta', orderBy: 'relevance' });
    expect(many[0]).toBe(12);
  });

  it('orders and pages as asked, ties by id, with the total of every page', async () => {
    const byTitle = await store.list({ ...published, orderBy: 'title', order: 'asc', perPage: 5, offset: 5 });
    const expected = await sql<{ ID: number }>`select p.ID from wp_posts p where p.post_type = 'post'
      and (p.post_status = 'publish' or (p.post_status = 'future' and p.post_date_gmt <= '2024-01-01 12:00:00'))
      order by p.post_title asc, p.ID asc limit 5 offset 5`.execute(wordpress.database.db);
    expect(byTitle.posts.map((post) => post.id)).toEqual(expected.rows.map((row) => Number(row.ID)));
    const all = await store.list({ ...published, perPage: undefined });
    expect(byTitle.total).toBe(all.total);
    expect(all.posts).toHaveLength(all.total);
    const far = await store.list({ ...published, offset: 1_000_000 });
    expect(far).toEqual({ posts: [], total: all.total });
    expect(await store.list({ ...published, perPage: 0 })).toEqual({ posts: [], total: all.total });
    expect(await ids({ include: [9, 4, 7], orderBy: 'include' })).toEqual([9, 4, 7]);
    expect(await ids({ orderBy: 'id', order: 'asc', perPage: 3 })).toEqual([1, 4, 5]);
    expect(await ids({ types: ['page'], slugs: ['contact', 'about'], orderBy: 'include_slugs' })).toEqual([33, 30]);
    expect(await ids({ types: ['page'], orderBy: 'menu_order', order: 'asc', parents: [30] })).toEqual([31, 32]);
  });

  it('filters by ids, authors, parents, menu order, sticky ids, media types and dates', async () => {
    expect(await ids({ include: [4, 5, 24] })).toEqual([5, 4]);
    expect(await ids({ exclude: [1], authors: [1] })).toEqual(await publishedIdsWhere(sql`p.post_author = 1 and p.ID <> 1`));
    expect(await ids({ authorsExclude: [1] })).toEqual(await publishedIdsWhere(sql`p.post_author <> 1`));
    expect(await ids({ types: ['page'], parentsExclude: [0] })).toEqual([32, 31]);
    expect(await ids({ types: ['page'], menuOrder: 3 })).toEqual([33]);
    const sticky = await getOption(wordpress.database, 'sticky_posts');
    expect(sticky).toEqual([6]);
    expect(await ids({ stickyIds: { ids: [6], include: true } })).toEqual([6]);
    expect(await ids({ stickyIds: { ids: [6], include: false } })).not.toContain(6);
    expect(await ids({ stickyIds: { ids: [], include: true } })).toEqual([]);
    const media = { types: ['attachment'], statuses: ['inherit'] };
    expect(await ids({ ...media, mimeTypes: ['image'] })).toContain(42);
    expect(await ids({ ...media, mimeTypes: ['image/png'] })).toContain(42);
    expect(await ids({ ...media, mimeTypes: ['video'] })).not.toContain(42);
    expect(await ids({ ...media, mimeTypes: [] })).toEqual([]);
    expect(await ids({ after: '2023-01-20T09:00:00', before: '2023-01-26T09:00:00' })).toEqual(
      await publishedIdsWhere(sql`p.post_date > '2023-01-20 09:00:00' and p.post_date < '2023-01-26 09:00:00'`),
    );
    expect(await ids({ modifiedBefore: '2000-01-01T00:00:00' })).toEqual([]);
  });

  it('answers the questions of slugs, children, revisions, authors', async () => {
    expect(await store.slugsLike('post', 'getting', 0)).toEqual(new Set(['getting-started-with-the-rest-api']));
    expect(await store.slugsLike('post', 'getting', 4)).toEqual(new Set());
    expect(await store.slugsLike('post', '100%', 0)).toEqual(new Set());
    expect(await store.countChildren(30, 'page')).toBe(2);
    expect(await store.countChildren(4, 'revision')).toBe(1);
    expect(await store.revisionCounts([4, 5])).toEqual(new Map([[4, { count: 1, latest: 29 }]]));
    expect((await store.publishedAuthors(['post'], nowGmt)).sort()).toEqual([1, 2]);
    expect(await store.publishedAuthors(['post'], nowGmt, [2, 3, -1])).toEqual([2]);
    expect(await store.publishedAuthors(['post'], nowGmt, [])).toEqual([]);
    expect(await store.publishedAuthors(['book'], nowGmt, [3])).toEqual([]);
    const byAuthor = await store.idsByAuthor(2, ['post']);
    expect(byAuthor).toEqual([...byAuthor].sort((a, b) => b - a));
    expect(byAuthor).toContain(44);
  });

  it('gives a version that never repeats (WordPress writes the tables behind its back)', async () => {
    const first = await store.changeVersion(nowGmt);
    expect(await store.changeVersion(nowGmt)).not.toBe(first);
  });
});
