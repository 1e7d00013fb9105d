import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, contentSite } from '../../test/site.js';

/** Details of the posts routes' answers that WordPress clients read, checked against the original. */
for (const prefix of ['cms', 'wp'] as const) {
  describe(`posts answers in the ${prefix} profile`, () => {
    let site: ContentSite;
    let first = 0;
    const get = (path: string, headers: Record<string, string> = {}) => site.client.get(`${site.ns}${path}`, { headers });

    beforeAll(async () => {
      site = await contentSite({ prefix });
      for (let day = 1; day <= 3; day++) {
        const res = await site.client.request('POST', `${site.ns}/posts`, {
          headers: { 'content-type': 'application/json', ...site.people.editor.headers },
          body: JSON.stringify({ title: `Day ${day}`, status: 'publish', date: `2020-01-0${day}T09:00:00` }),
        });
        if (day === 1) first = res.body.id;
      }
    });
    afterAll(async () => {
      await site.close();
    });

    it('writes the paging links with the parsed arguments, as the original rebuilds them', async () => {
      const res = await get(`/posts?exclude=${first}&per_page=1&sticky=false&search=day`);
      expect(res.header('Link')).toContain(`/posts?exclude%5B0%5D=${first}&per_page=1&sticky&search=day&page=2>; rel="next"`);
    });

    it('keeps the page asked for in the paging links when an offset is sent', async () => {
      const res = await get('/posts?offset=1&per_page=1');
      expect(res.header('Link')).toContain('/posts?offset=1&per_page=1&page=2>; rel="next"');
      expect(res.header('Link')).not.toContain('rel="prev"');
    });

    it('refuses orderby=relevance without a search, after the permission check (Allow: GET)', async () => {
      const res = await get('/posts?orderby=relevance');
      expect([res.status, res.body.code, res.header('Allow')]).toEqual([400, 'rest_no_search_term_defined', 'GET']);
    });

    it('refuses a status the caller may not list with rest_invalid_param, and still says Allow: GET', async () => {
      const res = await get('/posts?status=draft');
      expect([res.status, res.body.code, res.header('Allow')]).toEqual([400, 'rest_invalid_param', 'GET']);
      expect(res.body.data.details.status.code).toBe('rest_forbidden_status');
      const auto = await get('/posts?status=auto-draft');
      expect([auto.status, auto.body.code]).toEqual([400, 'rest_invalid_param']);
    });

    it('points a published post to its page with an alternate Link', async () => {
      const res = await get(`/posts/${first}`);
      expect(res.header('Link')).toContain(`<${res.body.link}>; rel="alternate"; type=text/html`);
    });

    it('frees a trashed post’s slug with __trashed, and gives it back when the post leaves the trash', async () => {
      const send = (method: string, path: string, body: unknown) =>
        site.client.request(method, `${site.ns}${path}`, {
          headers: { 'content-type': 'application/json', ...site.people.editor.headers },
          body: JSON.stringify(body),
        });
      const created = await send('POST', '/posts', { title: 'Binned Post', status: 'publish' });
      const trashed = await send('DELETE', `/posts/${created.body.id}`, {});
      expect([trashed.body.slug, trashed.body.permalink_template]).toEqual([
        'binned-post__trashed',
        `http://site.test/?p=${created.body.id}`,
      ]);
      expect(trashed.body.generated_slug).toBe('binned-post');
      const restored = await send('POST', `/posts/${created.body.id}`, { status: 'draft' });
      expect([restored.body.slug, restored.body.permalink_template]).toEqual(['binned-post', 'http://site.test/%postname%/']);
    });

    it('counts revisions in version-history, names the newest in predecessor-version, and lists the caller’s actions in edit', async () => {
      const send = (method: string, path: string, body: unknown, headers = site.people.editor.headers) =>
        site.client.request(method, `${site.ns}${path}`, {
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        });
      const created = await send('POST', '/posts', { title: 'Versioned', status: 'publish' });
      const id = created.body.id;
      expect(created.body._links['version-history'][0].count).toBe(0);
      expect(created.body._links['predecessor-version']).toBeUndefined();
      await send('POST', `/posts/${id}`, { title: 'Versioned twice' });
      const res = await get(`/posts/${id}`);
      const revisions = await get(`/posts/${id}/revisions`, site.people.editor.headers);
      expect(res.body._links['version-history'][0].count).toBe(revisions.body.length);
      expect(res.body._links['predecessor-version'][0].id).toBe(revisions.body[0].id);
      const edit = await get(`/posts/${id}?context=edit`, site.people.editor.headers);
      const actions = (links: Record<string, unknown>) =>
        Object.keys(links)
          .filter((rel) => rel.includes('action-'))
          .sort();
      expect(actions(edit.body._links)).toEqual(
        [
          `${prefix}:action-publish`,
          `${prefix}:action-unfiltered-html`,
          `${prefix}:action-sticky`,
          `${prefix}:action-assign-author`,
          `${prefix}:action-create-categories`,
          `${prefix}:action-assign-categories`,
          `${prefix}:action-create-tags`,
          `${prefix}:action-assign-tags`,
        ].sort(),
      );
      // The edit context lists what the caller may edit: the author's own post.
      const mine = await send('POST', '/posts', { title: 'Mine', status: 'publish' }, site.people.author.headers);
      expect(mine.status).toBe(201);
      const author = await get(`/posts?context=edit&per_page=1&author=${site.people.author.id}`, site.people.author.headers);
      expect(actions(author.body[0]._links)).toEqual(
        [
          `${prefix}:action-publish`,
          `${prefix}:action-assign-categories`,
          `${prefix}:action-create-tags`,
          `${prefix}:action-assign-tags`,
        ].sort(),
      );
      expect(Object.keys(res.body._links).some((rel) => rel.includes('action-'))).toBe(false);
    });

    it("describes the actions in the item schema's links, with the body each would send", async () => {
      const base = prefix === 'wp' ? 'https://api.w.org/' : 'https://api.cms-json.org/';
      for (const path of ['/posts', `/posts/${first}`]) {
        const res = await site.client.options(`${site.ns}${path}`);
        const links = res.body.schema.links as { rel: string; href: string; targetSchema: unknown }[];
        expect(links.map((link) => link.rel.slice(base.length))).toEqual([
          'action-publish',
          'action-unfiltered-html',
          'action-sticky',
          'action-assign-author',
          'action-assign-categories',
          'action-create-categories',
          'action-assign-tags',
          'action-create-tags',
        ]);
        expect(links[0]).toMatchObject({
          href: `http://site.test/${prefix}-json/${prefix}/v2/posts/{id}`,
          targetSchema: { type: 'object', properties: { status: { type: 'string', enum: ['publish', 'future'] } } },
        });
      }
      const pages = (await site.client.options(`${site.ns}/pages`)).body.schema.links as { rel: string }[];
      expect(pages.map((link) => link.rel.slice(base.length))).toEqual([
        'action-publish',
        'action-unfiltered-html',
        'action-assign-author',
      ]);
    });

    it('shows a revision without its raw fields in the view context', async () => {
      await site.client.request('POST', `${site.ns}/posts/${first}`, {
        headers: { 'content-type': 'application/json', ...site.people.editor.headers },
        body: JSON.stringify({ title: 'Day one, again' }),
      });
      const list = await get(`/posts/${first}/revisions`, site.people.editor.headers);
      const one = await get(`/posts/${first}/revisions/${list.body[0].id}`, site.people.editor.headers);
      expect(one.body.title).toEqual({ rendered: 'Day one, again' });
      const edit = await get(`/posts/${first}/revisions/${list.body[0].id}?context=edit`, site.people.editor.headers);
      expect(edit.body.title.raw).toBe('Day one, again');
    });
  });
}
