import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, contentSite } from '../../test/site.js';
import { registerMeta } from '../meta/registry.js';

for (const prefix of ['cms', 'wp'] as const) {
  describe(`writing posts in the ${prefix} profile`, () => {
    let site: ContentSite;
    const send = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
      site.client.request(method, `${site.ns}${path}`, {
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const count = async () =>
      Number(
        (
          await site.database.db
            .selectFrom('posts')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const snapshot = () => site.database.db.selectFrom('posts').selectAll().orderBy('id').execute();

    beforeAll(async () => {
      site = await contentSite({ prefix });
    });
    afterAll(async () => {
      await site.close();
    });

    it('creates a draft as its author: 201, Location, the edit context, no slug yet', async () => {
      const res = await send(
        'POST',
        '/posts',
        { title: 'My first draft', content: 'Hello\n\nthere' },
        site.people.author.headers,
      );
      expect(res.status).toBe(201);
      expect(res.header('Location')).toBe(`http://site.test/${prefix}-json/${prefix}/v2/posts/${res.body.id}`);
      expect(res.body).toMatchObject({
        status: 'draft',
        slug: '',
        author: site.people.author.id,
        title: { raw: 'My first draft', rendered: 'My first draft' },
        content: { raw: 'Hello\n\nthere', rendered: '<p>Hello</p>\n<p>there</p>\n', protected: false, block_version: 0 },
        date: '2030-01-01T00:00:00',
        date_gmt: '2030-01-01T00:00:00',
        guid: { raw: `http://site.test/?p=${res.body.id}` },
        password: '',
      });
      expect(res.body.generated_slug).toBeDefined();
    });

    it('publishes with a slug from the title, unique in the type', async () => {
      const first = await send('POST', '/posts', { title: 'Crème Brûlée!', status: 'publish' }, site.people.author.headers);
      const second = await send(
        'POST',
        '/posts',
        { title: { raw: 'Creme brulee' }, status: 'publish' },
        site.people.editor.headers,
      );
      expect(first.body.slug).toBe('creme-brulee');
      expect(second.body.slug).toBe('creme-brulee-2');
      expect(first.body.link).toBe('http://site.test/creme-brulee/');
    });

    it('schedules a post published with a future date, and publishes a scheduled one dated in the past', async () => {
      const later = await send(
        'POST',
        '/posts',
        { title: 'Later', status: 'publish', date: '2030-06-01T09:00:00' },
        site.people.editor.headers,
      );
      expect(later.body.status).toBe('future');
      const past = await send(
        'POST',
        '/posts',
        { title: 'Past', status: 'future', date_gmt: '2029-06-01T09:00:00' },
        site.people.editor.headers,
      );
      expect([past.body.status, past.body.date_gmt]).toEqual(['publish', '2029-06-01T09:00:00']);
    });

    it('refuses what the caller may not do, with the original codes, and stores nothing', async () => {
      const before = await count();
      const cases: [Record<string, unknown>, Record<string, string>, number, string][] = [
        [{ title: 'x' }, {}, 401, 'rest_cannot_create'],
        [{ title: 'x' }, site.people.subscriber.headers, 403, 'rest_cannot_create'],
        [{ title: 'x', status: 'publish' }, site.people.contributor.headers, 403, 'rest_cannot_publish'],
        [{ title: 'x', status: 'private' }, site.people.contributor.headers, 403, 'rest_cannot_publish'],
        [{ title: 'x', sticky: true }, site.people.contributor.headers, 403, 'rest_cannot_assign_sticky'],
        [{ title: 'x', author: site.people.editor.id }, site.people.author.headers, 403, 'rest_cannot_edit_others'],
        [{ title: 'x', author: 999_999 }, site.people.editor.headers, 400, 'rest_invalid_author'],
        [{ title: 'x', status: 'nonsense' }, site.people.editor.headers, 400, 'rest_invalid_param'],
        [{ title: 'x', date: 'tomorrow' }, site.people.editor.headers, 400, 'rest_invalid_param'],
        [{ title: 42 }, site.people.editor.headers, 400, 'rest_invalid_param'],
        [{ title: 'x', comment_status: 'maybe' }, site.people.editor.headers, 400, 'rest_invalid_param'],
      ];
      for (const [body, headers, status, code] of cases) {
        const res = await send('POST', '/posts', body, headers);
        expect([res.status, res.body.code], JSON.stringify(body)).toEqual([status, code]);
      }
      expect(await count()).toBe(before);
    });

    it('refuses a publishing status after the permission check, as the original: the update stays in Allow', async () => {
      const draft = await send('POST', '/posts', { title: 'Mine' }, site.people.contributor.headers);
      const id = draft.body.id;
      for (const status of ['publish', 'private', 'future']) {
        const res = await send('POST', `/posts/${id}`, { status }, site.people.contributor.headers);
        expect([res.status, res.body.code, res.header('allow')], status).toEqual([
          403,
          'rest_cannot_publish',
          'GET, POST, PUT, PATCH, DELETE',
        ]);
      }
      const create = await send('POST', '/posts', { title: 'x', status: 'publish' }, site.people.contributor.headers);
      expect([create.status, create.header('allow')]).toEqual([403, 'GET, POST']);
      const stored = await site.client.get(`${site.ns}/posts/${id}?context=edit`, { headers: site.people.contributor.headers });
      expect(stored.body.status).toBe('draft');
    });

    it('refuses a parent of another type, or a missing one, and changes nothing', async () => {
      const post = await send('POST', '/posts', { title: 'Not a page', status: 'publish' }, site.people.editor.headers);
      const before = await count();
      for (const parent of [post.body.id, 999_999]) {
        const res = await send('POST', '/pages', { title: 'Child', parent }, site.people.editor.headers);
        expect([res.status, res.body.code, res.body.message]).toEqual([400, 'rest_post_invalid_id', 'Invalid post parent ID.']);
      }
      expect(await count()).toBe(before);
    });

    it('updates a post its author may edit, and refuses others’ posts', async () => {
      const created = await send('POST', '/posts', { title: 'Editable', status: 'publish' }, site.people.author.headers);
      const id = created.body.id;
      site.clock.advance(60_000);
      const res = await send('PATCH', `/posts/${id}`, { title: 'Edited', excerpt: 'Short' }, site.people.author.headers);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        title: { raw: 'Edited' },
        excerpt: { raw: 'Short', rendered: '<p>Short</p>\n' },
        slug: 'editable',
      });
      expect(res.body.modified_gmt > res.body.date_gmt).toBe(true);
      const before = await snapshot();
      const other = await send('PUT', `/posts/${id}`, { title: 'Taken over' }, site.people.contributor.headers);
      expect([other.status, other.body.code]).toEqual([403, 'rest_cannot_edit']);
      const anonymous = await send('POST', `/posts/${id}`, { title: 'Taken over' });
      expect([anonymous.status, anonymous.body.code]).toEqual([401, 'rest_cannot_edit']);
      expect(await send('PATCH', '/posts/999999', { title: 'x' }, site.people.editor.headers)).toMatchObject({ status: 404 });
      expect(await snapshot()).toEqual(before);
    });

    it('keeps HTML from editors and cleans it for authors, as kses does', async () => {
      const html =
        '<!-- wp:paragraph --><p onclick="steal()">Hi <a href="javascript:alert(1)">x</a></p><script>alert(1)</script><!-- /wp:paragraph -->';
      const author = await send('POST', '/posts', { title: '<b>T</b>', content: html }, site.people.author.headers);
      expect(author.body.content.raw).toBe('<!-- wp:paragraph --><p>Hi <a>x</a></p><!-- /wp:paragraph -->');
      const editor = await send('POST', '/posts', { content: html }, site.people.editor.headers);
      expect(editor.body.content.raw).toBe(html);
    });

    it('moves a post to the trash, refuses trashing it twice, and deletes it for good with force', async () => {
      const created = await send('POST', '/posts', { title: 'Doomed', status: 'publish' }, site.people.editor.headers);
      const id = created.body.id;
      const trashed = await send('DELETE', `/posts/${id}`, {}, site.people.editor.headers);
      expect([trashed.status, trashed.body.status]).toEqual([200, 'trash']);
      const again = await send('DELETE', `/posts/${id}`, {}, site.people.editor.headers);
      expect([again.status, again.body.code]).toEqual([410, 'rest_already_trashed']);
      const forced = await site.client.request('DELETE', `${site.ns}/posts/${id}?force=true`, {
        headers: site.people.editor.headers,
      });
      expect(forced.status).toBe(200);
      expect(forced.body.deleted).toBe(true);
      expect(forced.body.previous).toMatchObject({ id, status: 'trash', title: { raw: 'Doomed' } });
      expect((await site.client.get(`${site.ns}/posts/${id}`, { headers: site.people.editor.headers })).status).toBe(404);
    });

    it('refuses a delete to those who may not delete the post', async () => {
      const created = await send('POST', '/posts', { title: 'Kept', status: 'publish' }, site.people.editor.headers);
      const res = await send('DELETE', `/posts/${created.body.id}`, {}, site.people.author.headers);
      expect([res.status, res.body.code]).toEqual([403, 'rest_cannot_delete']);
      expect((await site.client.get(`${site.ns}/posts/${created.body.id}`)).body.status).toBe('publish');
    });

    it('stores nothing of a create, an update or a delete whose last step fails (one transaction)', async () => {
      let failing = false;
      site.server.objectTypes.get('post').on('afterInsert', () => {
        if (failing) throw new Error('a hook failed');
      });
      site.server.objectTypes.get('post').on('delete', () => {
        if (failing) throw new Error('a hook failed');
      });
      const kept = await send('POST', '/posts', { title: 'Kept as it was', status: 'publish' }, site.people.editor.headers);
      const before = await snapshot();
      const relationships = () => site.database.db.selectFrom('term_relationships').selectAll().execute();
      const relationshipsBefore = await relationships();
      failing = true;
      try {
        const created = await send('POST', '/posts', { title: 'Never stored', sticky: true }, site.people.editor.headers);
        expect(created.status).toBe(500);
        const updated = await send('PATCH', `/posts/${kept.body.id}`, { title: 'Changed' }, site.people.editor.headers);
        expect(updated.status).toBe(500);
        const deleted = await send('DELETE', `/posts/${kept.body.id}?force=true`, {}, site.people.editor.headers);
        expect(deleted.status).toBe(500);
      } finally {
        failing = false;
      }
      expect(await snapshot()).toEqual(before);
      expect(await relationships()).toEqual(relationshipsBefore);
      expect((await site.client.get(`${site.ns}/posts/${kept.body.id}`)).body.title.rendered).toBe('Kept as it was');
    });

    it('makes posts sticky for editors', async () => {
      const created = await send(
        'POST',
        '/posts',
        { title: 'Pinned', status: 'publish', sticky: true },
        site.people.editor.headers,
      );
      expect(created.body.sticky).toBe(true);
      const unpinned = await send('PATCH', `/posts/${created.body.id}`, { sticky: false }, site.people.editor.headers);
      expect(unpinned.body.sticky).toBe(false);
    });

    it('loses none of the sticky changes of concurrent writes', async () => {
      const editor = site.people.editor.headers;
      const ids: number[] = [];
      for (let i = 0; i < 8; i++)
        ids.push((await send('POST', '/posts', { title: `Pin ${i}`, status: 'publish' }, editor)).body.id);
      const pinned = await Promise.all(ids.map((id) => send('PATCH', `/posts/${id}`, { sticky: true }, editor)));
      expect(pinned.map((res) => res.status)).toEqual(ids.map(() => 200));
      const sticky = async () =>
        (await site.client.get(`${site.ns}/posts?sticky=true&per_page=100`)).body.map((post: { id: number }) => post.id);
      expect((await sticky()).sort()).toEqual([...ids].sort());
      // Half taken out while the others are written again: the other half stays.
      const [out, kept] = [ids.slice(0, 4), ids.slice(4)];
      await Promise.all([
        ...out.map((id) => send('PATCH', `/posts/${id}`, { sticky: false }, editor)),
        ...kept.map((id) => send('PATCH', `/posts/${id}`, { title: 'Pinned again', sticky: true }, editor)),
      ]);
      expect((await sticky()).sort()).toEqual([...kept].sort());
    });
  });
}

for (const prefix of ['cms', 'wp'] as const) {
  describe(`a failed post write in the ${prefix} profile (on either database)`, () => {
    let site: ContentSite;
    let failing = false;
    const term: Record<string, number> = {};
    const send = (method: string, path: string, body: unknown, headers: Record<string, string>) =>
      site.client.request(method, `${site.ns}${path}`, {
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    /** Everything a post write may change: the posts, their terms and counts, their meta, sticky state. */
    const stored = async () => {
      const { db } = site.database;
      return {
        posts: await db.selectFrom('posts').selectAll().orderBy('id').execute(),
        terms: await db.selectFrom('terms').select(['id', 'count']).orderBy('id').execute(),
        relationships: await db.selectFrom('term_relationships').selectAll().orderBy('object_id').orderBy('term_id').execute(),
        meta: await db.selectFrom('post_meta').selectAll().orderBy('id').execute(),
        options: await db.selectFrom('options').selectAll().orderBy('name').execute(),
      };
    };

    beforeAll(async () => {
      site = await contentSite({ prefix });
      registerMeta(site.server, 'post', 'mood', { type: 'string', single: true, showInRest: true });
      const type = site.server.objectTypes.get('post');
      for (const event of ['afterInsert', 'trash', 'delete'] as const) {
        type.on(event, () => {
          if (failing) throw new Error('the last hook failed');
        });
      }
      const admin = site.people.administrator.headers;
      term.news = (await send('POST', '/categories', { name: 'News' }, admin)).body.id;
      term.alpha = (await send('POST', '/tags', { name: 'Alpha' }, admin)).body.id;
      term.beta = (await send('POST', '/tags', { name: 'Beta' }, admin)).body.id;
    });
    afterAll(async () => {
      await site.close();
    });

    it('leaves the terms, their counts, the meta and the sticky posts as they were', async () => {
      const editor = site.people.editor.headers;
      const kept = await send(
        'POST',
        '/posts',
        { title: 'Kept', status: 'publish', sticky: true, categories: [term.news], tags: [term.alpha], meta: { mood: 'calm' } },
        editor,
      );
      expect(kept.status).toBe(201);
      const before = await stored();
      expect(before.terms.find((row) => row.id === term.alpha)?.count).toBe(1);
      failing = true;
      try {
        const attempts = [
          await send(
            'POST',
            '/posts',
            { title: 'Never', status: 'publish', sticky: true, tags: [term.alpha, term.beta], meta: { mood: 'new' } },
            editor,
          ),
          await send(
            'POST',
            `/posts/${kept.body.id}`,
            { status: 'draft', sticky: false, categories: [], tags: [term.beta], meta: { mood: 'changed' } },
            editor,
          ),
          await send('DELETE', `/posts/${kept.body.id}`, {}, editor),
          await send('DELETE', `/posts/${kept.body.id}?force=true`, {}, editor),
        ];
        expect(attempts.map((res) => res.status)).toEqual([500, 500, 500, 500]);
      } finally {
        failing = false;
      }
      expect(await stored()).toEqual(before);
      const read = (await site.client.get(`${site.ns}/posts/${kept.body.id}`)).body;
      expect([read.status, read.sticky, read.tags, read.meta.mood]).toEqual(['publish', true, [term.alpha], 'calm']);
    });
  });
}
