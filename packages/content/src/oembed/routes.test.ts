import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, contentSite } from '../../test/site.js';
import { SqlOptionsStore } from '../options/options.js';
import type { OembedFetcher } from './remote-fetch.js';

/** A fetcher that answers from a table, and records what was asked. */
function fakeFetcher(pages: Record<string, { status?: number; body: string }>) {
  const asked: string[] = [];
  const fetcher: OembedFetcher = async (url) => {
    asked.push(url);
    const page = pages[url.split('?')[0] as string];
    if (page === undefined) throw new Error('getaddrinfo ENOTFOUND');
    return { status: page.status ?? 200, contentType: 'text/html', body: page.body };
  };
  return { fetcher, asked };
}

const remote = fakeFetcher({
  'https://video.example/watch': {
    body: '<html><head><link rel="alternate" type="application/json+oembed" href="https://video.example/oembed?url=https%3A%2F%2Fvideo.example%2Fwatch&amp;format=json"></head></html>',
  },
  'https://video.example/oembed': {
    body: JSON.stringify({
      version: '1.0',
      type: 'video',
      title: 'A film',
      html: '<iframe src="https://video.example/e/1"></iframe>',
    }),
  },
  'https://plain.example/page': { body: '<html><head><title>No oEmbed</title></head></html>' },
});

for (const prefix of ['cms', 'wp'] as const) {
  describe(`oEmbed in the ${prefix} profile`, () => {
    let site: ContentSite;
    const ids: Record<string, number> = {};
    const embed = (query: string, headers: Record<string, string> = {}) =>
      site.client.get(`/oembed/1.0/embed?${query}`, { headers });
    const proxy = (query: string, headers: Record<string, string> = {}) =>
      site.client.get(`/oembed/1.0/proxy?${query}`, { headers });

    beforeAll(async () => {
      site = await contentSite({ prefix, oembedFetch: remote.fetcher });
      const insert = async (key: string, fields: Record<string, unknown>) => {
        const date = '2029-12-01T12:00:00';
        const row = { type: 'post', status: 'publish', date, date_gmt: date, modified: date, modified_gmt: date, ...fields };
        const { id } = await site.database.db.insertInto('posts').values(row).returning('id').executeTakeFirstOrThrow();
        ids[key] = Number(id);
      };
      await insert('hello', { title: 'Hello "world"', slug: 'hello-world', author: site.people.author.id });
      await insert('about', { type: 'page', title: 'About', slug: 'about', author: site.people.editor.id });
      await insert('team', { type: 'page', title: 'Team', slug: 'team', author: site.people.editor.id });
      await insert('draft', { title: 'Draft', slug: 'draft-post', status: 'draft', author: site.people.author.id });
      await insert('locked', { title: 'Locked', slug: 'locked', password: 'pw', author: site.people.author.id });
      await site.database.db
        .updateTable('posts')
        .set({ parent: ids.about as number })
        .where('id', '=', ids.team as number)
        .execute();
      await new SqlOptionsStore(site.database).set('title', 'Field notes');
    });
    afterAll(async () => {
      await site.close();
    });

    it('lists the oembed/1.0 namespace in the index', async () => {
      const index = await site.client.get('/');
      expect(index.body.namespaces).toContain('oembed/1.0');
      expect(Object.keys(index.body.routes)).toEqual(expect.arrayContaining(['/oembed/1.0/embed', '/oembed/1.0/proxy']));
    });

    it("answers the original's JSON for a published post's link", async () => {
      const res = await embed(`url=${encodeURIComponent('http://site.test/hello-world/')}`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual([
        'version',
        'provider_name',
        'provider_url',
        'author_name',
        'author_url',
        'title',
        'type',
        'width',
        'height',
        'html',
      ]);
      expect(res.body).toMatchObject({
        version: '1.0',
        provider_name: 'Field notes',
        provider_url: 'http://site.test',
        author_name: 'author',
        author_url: 'http://site.test/author/author/',
        title: 'Hello &#8220;world&#8221;',
        type: 'rich',
        width: 600,
        height: 338,
      });
      const secret = /data-secret="([A-Za-z0-9]{10})"/.exec(res.body.html)?.[1];
      expect(res.body.html).toBe(
        `<blockquote class="wp-embedded-content" data-secret="${secret}"><a href="http://site.test/hello-world/">Hello &#8220;world&#8221;</a></blockquote>` +
          `<iframe sandbox="allow-scripts" security="restricted" src="http://site.test/hello-world/embed/#?secret=${secret}" width="600" height="338" ` +
          `title="&#8220;Hello &#8220;world&#8221;&#8221; &#8212; Field notes" data-secret="${secret}" frameborder="0" marginwidth="0" marginheight="0" scrolling="no" class="wp-embedded-content"></iframe>`,
      );
    });

    it('finds pages by their path, plain links by id, and keeps the width between 200 and 600', async () => {
      const team = await embed(`url=${encodeURIComponent('http://site.test/about/team/')}&maxwidth=300`);
      expect(team.body).toMatchObject({ title: 'Team', width: 300, height: 200, author_name: 'editor' });
      const plain = await embed(`url=${encodeURIComponent(`https://site.test/?p=${ids.hello}`)}&maxwidth=5000`);
      expect(plain.body).toMatchObject({ title: 'Hello &#8220;world&#8221;', width: 600 });
      const narrow = await embed(`url=${encodeURIComponent('http://site.test/about/')}&maxwidth=abc`);
      expect(narrow.body).toMatchObject({ width: 200, height: 200 });
      const locked = await embed(`url=${encodeURIComponent('http://site.test/locked/')}`);
      expect(locked.body.title).toBe('Protected: Locked');
    });

    it('answers XML with format=xml, errors too', async () => {
      const res = await embed(`url=${encodeURIComponent('http://site.test/about/')}&format=xml`);
      expect(res.status).toBe(200);
      expect(res.header('Content-Type')).toBe('text/xml; charset=UTF-8');
      expect(res.text).toMatch(
        /^<\?xml version="1.0"\?>\n<oembed><version>1.0<\/version><provider_name>Field notes<\/provider_name>/,
      );
      expect(res.text).toContain(
        '<type>rich</type><width>600</width><height>338</height><html>&lt;blockquote class="wp-embedded-content"',
      );
      const missing = await embed(`url=${encodeURIComponent('http://site.test/nothing/')}&format=xml`);
      expect(missing.status).toBe(404);
      expect(missing.text).toBe(
        '<?xml version="1.0"?>\n<oembed><code>oembed_invalid_url</code><message>Not Found</message><data><status>404</status></data></oembed>\n',
      );
    });

    it('answers 404 oembed_invalid_url for drafts, unknown paths, other sites and near misses', async () => {
      for (const url of [
        'http://site.test/draft-post/',
        `http://site.test/?p=${ids.draft}`,
        'http://site.test/nothing/',
        'https://elsewhere.test/hello-world/',
        'http://site.test/2029/hello-world/',
        'http://site.test/team/',
      ]) {
        const res = await embed(`url=${encodeURIComponent(url)}`);
        expect(res.status, url).toBe(404);
        expect(res.body).toEqual({ code: 'oembed_invalid_url', message: 'Not Found', data: { status: 404 } });
      }
    });

    it('refuses a missing url with 400, and answers 404 for one that is no URL, as the original (no uri check)', async () => {
      const missing = await embed('');
      expect(missing.status).toBe(400);
      expect(missing.body.code).toBe('rest_missing_callback_param');
      for (const url of ['not a url', 'javascript:alert(1)', '']) {
        const bad = await embed(`url=${encodeURIComponent(url)}`);
        expect(bad.status, url).toBe(404);
        expect(bad.body.code).toBe('oembed_invalid_url');
      }
    });

    it('proxies only for those who may edit posts, with 401 and 403 as the original', async () => {
      const url = encodeURIComponent('http://site.test/hello-world/');
      const anonymous = await proxy(`url=${url}`);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({
        code: 'rest_forbidden',
        message: 'Sorry, you are not allowed to make proxied oEmbed requests.',
        data: { status: 401 },
      });
      expect((await proxy(`url=${url}`, site.people.subscriber.headers)).status).toBe(403);
      const own = await proxy(`url=${url}`, site.people.contributor.headers);
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({ title: 'Hello &#8220;world&#8221;', type: 'rich' });
    });

    it("proxies another site's oEmbed data through discovery, with the width asked", async () => {
      const res = await proxy(
        `url=${encodeURIComponent('https://video.example/watch')}&maxwidth=400`,
        site.people.author.headers,
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        version: '1.0',
        type: 'video',
        title: 'A film',
        html: '<iframe src="https://video.example/e/1"></iframe>',
      });
      expect(remote.asked).toContain(
        'https://video.example/oembed?url=https%3A%2F%2Fvideo.example%2Fwatch&format=json&maxwidth=400',
      );
    });

    it('answers a clear 404 when the site cannot reach a remote URL or it has no oEmbed data', async () => {
      const unreachable = await proxy(`url=${encodeURIComponent('https://nowhere.example/x')}`, site.people.author.headers);
      expect(unreachable.status).toBe(404);
      expect(unreachable.body).toEqual({
        code: 'oembed_invalid_url',
        message: 'The site could not reach https://nowhere.example/x: getaddrinfo ENOTFOUND.',
        data: { status: 404 },
      });
      const plain = await proxy(`url=${encodeURIComponent('https://plain.example/page')}`, site.people.author.headers);
      expect(plain.status).toBe(404);
      expect(plain.body.message).toBe('No oEmbed data was found at https://plain.example/page.');
      const bad = await proxy('url=x&maxwidth=wide', site.people.author.headers);
      expect(bad.status).toBe(400);
    });
  });
}
