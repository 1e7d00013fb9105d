/**
 * `POST /batch/v1` over the content routes, on a real database, in both profiles: the
 * routes the original lets batch (posts, terms) and those it does not (users), each member
 * as the caller, and the atomic mode rolling everything back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, contentSite } from '../test/site.js';

for (const prefix of ['cms', 'wp'] as const) {
  describe(`batch requests over posts and terms in the ${prefix} profile`, () => {
    let site: ContentSite;
    const batch = (body: unknown, auth: Record<string, string> = site.people.editor.headers) =>
      site.client.request('POST', '/batch/v1', {
        headers: { 'content-type': 'application/json', ...auth },
        body: JSON.stringify(body),
      });
    const path = (rest: string) => `${site.ns}${rest}`;
    /** Rows of every table a create writes to: nothing half-applied shows here. */
    const rows = async () => {
      const db = site.database.db;
      const countOf = async (table: 'posts' | 'terms' | 'term_relationships' | 'post_meta') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      return {
        posts: await countOf('posts'),
        terms: await countOf('terms'),
        relationships: await countOf('term_relationships'),
        meta: await countOf('post_meta'),
      };
    };

    beforeAll(async () => {
      site = await contentSite({ prefix });
      const res = await site.client.request('POST', path('/categories'), {
        headers: { 'content-type': 'application/json', ...site.people.administrator.headers },
        body: JSON.stringify({ name: 'News' }),
      });
      expect(res.status).toBe(201);
    });
    afterAll(async () => {
      await site.close();
    });

    it('shows allow_batch on the posts, pages and terms routes as the original, not on users', async () => {
      const routes = (await site.client.get('/')).body.routes;
      for (const route of [
        path('/posts'),
        path('/posts/(?P<id>[\\d]+)'),
        path('/pages'),
        path('/categories'),
        path('/tags/(?P<id>[\\d]+)'),
      ]) {
        expect(
          routes[route].endpoints.map((e: { allow_batch?: unknown }) => e.allow_batch),
          route,
        ).toEqual(routes[route].endpoints.map(() => ({ v1: true })));
      }
      for (const route of [
        path('/users'),
        path('/users/(?P<id>[\\d]+)'),
        path('/types'),
        path('/posts/(?P<parent>[\\d]+)/revisions'),
      ]) {
        expect(
          routes[route]?.endpoints.some((e: Record<string, unknown>) => 'allow_batch' in e),
          route,
        ).toBe(false);
      }
    });

    it('creates posts and terms in one request and answers 207 with each response', async () => {
      const before = await rows();
      const res = await batch({
        requests: [
          { path: path('/posts'), body: { title: 'Batched one', status: 'publish' } },
          { path: path('/tags'), body: { name: 'Batched' } },
          { path: `${path('/posts')}?_locale=user`, body: { title: 'Batched two' } },
        ],
      });
      expect(res.status).toBe(207);
      const [one, tag, two] = res.body.responses;
      expect([one.status, tag.status, two.status]).toEqual([201, 201, 201]);
      expect(one.body.title.raw).toBe('Batched one');
      expect(one.body.title.rendered).toBe('Batched one');
      expect(one.body._links.self[0].href).toBe(`http://site.test/${prefix}-json${path(`/posts/${one.body.id}`)}`);
      expect(one.headers.Location).toBe(`http://site.test/${prefix}-json${path(`/posts/${one.body.id}`)}`);
      expect(tag.body).toMatchObject({ name: 'Batched', taxonomy: 'post_tag' });
      expect((await rows()).posts).toBe(before.posts + 2);
    });

    it('refuses the users routes in their slot (rest_batch_not_allowed) and runs the others', async () => {
      const before = await rows();
      const res = await batch(
        {
          requests: [
            { path: path('/users'), body: { username: 'batched', email: 'b@example.com', password: 'x' } },
            { method: 'DELETE', path: path('/users/1'), body: { reassign: 2 } },
            { path: path('/posts'), body: { title: 'After the refusals' } },
          ],
        },
        site.people.administrator.headers,
      );
      const [create, remove, post] = res.body.responses;
      expect([create.status, create.body.code, remove.body.code]).toEqual([
        400,
        'rest_batch_not_allowed',
        'rest_batch_not_allowed',
      ]);
      expect(post.status).toBe(201);
      expect((await site.client.get(path('/users/1'), { headers: site.people.administrator.headers })).status).toBe(200);
      expect((await rows()).posts).toBe(before.posts + 1);
    });

    it('runs every member as the caller: permissions are checked per request', async () => {
      const res = await batch(
        {
          requests: [
            { path: path('/posts'), body: { title: 'Contributor draft' } },
            { path: path('/posts'), body: { title: 'Contributor publish', status: 'publish' } },
            { path: path('/categories'), body: { name: 'Not mine to make' } },
          ],
        },
        site.people.contributor.headers,
      );
      const [draft, published, category] = res.body.responses;
      expect(draft.status).toBe(201);
      expect(draft.body.author).toBe(site.people.contributor.id);
      expect([published.status, published.body.code]).toEqual([403, 'rest_cannot_publish']);
      expect([category.status, category.body.code]).toEqual([403, 'rest_cannot_create']);
      const anonymous = await batch({ requests: [{ path: path('/posts'), body: { title: 'Nobody' } }] }, {});
      expect(anonymous.status).toBe(207);
      expect([anonymous.body.responses[0].status, anonymous.body.responses[0].body.code]).toEqual([401, 'rest_cannot_create']);
    });

    it('with require-all-validate, stores nothing when one request is invalid', async () => {
      const before = await rows();
      const res = await batch({
        validation: 'require-all-validate',
        requests: [
          { path: path('/posts'), body: { title: 'Valid' } },
          { path: path('/posts'), body: { title: 'Bad status', status: 'nonsense' } },
        ],
      });
      expect(res.status).toBe(207);
      expect(res.body.failed).toBe('validation');
      expect(res.body.responses[0]).toBeNull();
      expect(res.body.responses[1]).toMatchObject({ status: 400, body: { code: 'rest_invalid_param' } });
      expect(await rows()).toEqual(before);
    });

    it('refuses 26 requests with 400 rest_invalid_param and stores nothing', async () => {
      const before = await rows();
      const requests = Array.from({ length: 26 }, (_, i) => ({ path: path('/posts'), body: { title: `N${i}` } }));
      const res = await batch({ requests });
      expect([res.status, res.body.code, res.body.data.params.requests]).toEqual([
        400,
        'rest_invalid_param',
        'requests must contain at most 25 items.',
      ]);
      expect(await rows()).toEqual(before);
    });

    it('atomic: when the third of three creates fails, the database is as it was', async () => {
      const before = await rows();
      const res = await batch({
        atomic: true,
        requests: [
          { path: path('/posts'), body: { title: 'Atomic one', status: 'publish', categories: [], meta: {} } },
          { path: path('/tags'), body: { name: 'Atomic tag' } },
          // Valid arguments, refused when it runs: the name is taken.
          { path: path('/categories'), body: { name: 'News' } },
        ],
      });
      expect(res.status).toBe(207);
      expect(res.body.failed).toBe('atomic');
      expect(res.body.responses.slice(0, 2)).toEqual([null, null]);
      expect(res.body.responses[2]).toMatchObject({ status: 400, body: { code: 'term_exists' } });
      expect(await rows()).toEqual(before);
      const tags = await site.client.get(`${path('/tags')}?search=Atomic`);
      expect(tags.body).toEqual([]);
    });

    it('atomic: keeps every write when all succeed, terms given to posts included', async () => {
      const before = await rows();
      const tag = (await batch({ atomic: true, requests: [{ path: path('/tags'), body: { name: 'Kept tag' } }] })).body
        .responses[0].body;
      const res = await batch({
        atomic: true,
        requests: [
          { path: path('/posts'), body: { title: 'Atomic kept', status: 'publish', tags: [tag.id] } },
          { method: 'PATCH', path: path(`/tags/${tag.id}`), body: { description: 'Now described' } },
        ],
      });
      expect(res.body).not.toHaveProperty('failed');
      expect(res.body.responses.map((r: { status: number }) => r.status)).toEqual([201, 200]);
      const after = await rows();
      expect([after.posts, after.terms]).toEqual([before.posts + 1, before.terms + 1]);
      expect((await site.client.get(path(`/tags/${tag.id}`))).body).toMatchObject({ count: 1, description: 'Now described' });
    });

    it('atomic: serves the other requests of the site while and after a batch runs', async () => {
      const [batched, listed] = await Promise.all([
        batch({ atomic: true, requests: [{ path: path('/posts'), body: { title: 'Concurrent', status: 'publish' } }] }),
        site.client.get(`${path('/posts')}?search=Concurrent`),
      ]);
      expect(batched.body.responses[0].status).toBe(201);
      expect(listed.status).toBe(200);
      expect((await site.client.get(`${path('/posts')}?search=Concurrent`)).body).toHaveLength(1);
    });
  });
}
