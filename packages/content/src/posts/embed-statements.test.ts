/**
 * `_embed` of a page of posts without N+1: the SQL statements a page with its authors,
 * terms, featured media and replies embedded costs are counted, and a page of 100 posts
 * (each with its own author, category, tag, image and comment) costs the same number as a
 * page of 10. Every embedded record is the one a request for its link answers alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../../test/helpers.js';
import { type ContentSite, contentSite } from '../../test/site.js';
import { diskFileStore } from '../media/file-store.js';

const POSTS = 100;

for (const prefix of ['cms', 'wp'] as const) {
  describe(`_embed of a page of posts in the ${prefix} profile`, () => {
    let site: ContentSite;
    let counting = false;
    let statements: string[] = [];

    const uploads = temporaryDirectory();

    beforeAll(async () => {
      site = await contentSite({
        prefix,
        media: { store: diskFileStore({ directory: uploads.dir, urlPath: '/uploads' }) },
        onStatement: (text) => {
          if (counting) statements.push(text);
        },
      });
      await seed(site, POSTS);
    }, 60_000);
    afterAll(async () => {
      await site.close();
      uploads.remove();
    });

    /** The statements one anonymous request runs, and its answer. */
    const measured = async (path: string) => {
      statements = [];
      counting = true;
      try {
        const res = await site.client.get(`${site.ns}${path}`);
        return { res, statements: [...statements] };
      } finally {
        counting = false;
      }
    };

    it('runs as many statements for a page of 100 posts as for a page of 10', async () => {
      const ten = await measured('/posts?per_page=10&_embed');
      const hundred = await measured('/posts?per_page=100&_embed');
      expect(ten.res.status).toBe(200);
      expect(hundred.res.body).toHaveLength(100);
      const embedded = (hundred.res.body as { _embedded: Record<string, unknown[]> }[])[0]?._embedded ?? {};
      expect(embedded[`${prefix}:featuredmedia`]).toEqual([
        expect.objectContaining({ media_type: 'image', mime_type: 'image/jpeg' }),
      ]);
      expect(Object.keys(embedded).sort()).toEqual(['author', `${prefix}:featuredmedia`, `${prefix}:term`, 'replies'].sort());
      expect(hundred.statements.length).toBe(ten.statements.length);
      // And few: the list itself, then one group per embedded route.
      expect(ten.statements.length).toBeLessThanOrEqual(25);
    });

    it('embeds for each link what a request for that link answers alone', async () => {
      const { res } = await measured('/posts?per_page=10&_embed');
      for (const post of res.body as {
        _links: Record<string, { href: string; embeddable?: boolean }[]>;
        _embedded: Record<string, unknown[]>;
      }[]) {
        for (const [rel, links] of Object.entries(post._links)) {
          const found = post._embedded[rel];
          if (found === undefined) continue;
          for (const [index, link] of links.entries()) {
            if (link.embeddable !== true) continue;
            const url = new URL(link.href);
            url.searchParams.set('context', 'embed');
            if (!url.pathname.match(/\/\d+$/)) url.searchParams.set('per_page', '100');
            const alone = await site.client.get(`/${url.pathname}${url.search}`);
            expect(found[index]).toEqual(alone.body);
          }
        }
      }
    });
  });
}

/**
 * `count` posts, each by its own author (rows written directly: no password to hash), in its
 * own category and tag, with its own featured image and an approved comment.
 */
async function seed(site: ContentSite, count: number): Promise<void> {
  const admin = { headers: site.people.administrator.headers };
  const db = site.database.db;
  const date = '2030-01-01T00:00:00';
  for (let i = 0; i < count; i++) {
    const user = await db
      .insertInto('users')
      .values({
        login: `writer${i}`,
        pass_hash: '!',
        email: `writer${i}@example.com`,
        slug: `writer${i}`,
        registered: '2030-01-01T00:00:00.000Z',
        roles: '["author"]',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const image = await db
      .insertInto('posts')
      .values({
        type: 'attachment',
        status: 'inherit',
        title: `Image ${i}`,
        slug: `image-${i}`,
        mime_type: 'image/jpeg',
        date,
        date_gmt: date,
        modified: date,
        modified_gmt: date,
        guid: `http://site.test/wp-content/uploads/2030/01/image-${i}.jpg`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('post_meta')
      .values({ post_id: image.id, meta_key: '_wp_attached_file', meta_value: `2030/01/image-${i}.jpg` })
      .execute();
    const category = await site.client.post(`${site.ns}/categories`, { ...admin, body: { name: `Category ${i}` } });
    const tag = await site.client.post(`${site.ns}/tags`, { ...admin, body: { name: `Tag ${i}` } });
    const post = await site.client.post(`${site.ns}/posts`, {
      ...admin,
      body: {
        title: `Post ${i}`,
        status: 'publish',
        author: user.id,
        categories: [category.body.id],
        tags: [tag.body.id],
        featured_media: image.id,
      },
    });
    expect(post.status).toBe(201);
    const comment = await site.client.post(`${site.ns}/comments`, {
      ...admin,
      body: { post: post.body.id, content: `Comment ${i}` },
    });
    expect(comment.status).toBe(201);
  }
}
