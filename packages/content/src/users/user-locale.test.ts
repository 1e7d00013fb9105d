import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, contentSite } from '../../test/site.js';

// The block editor sends `_locale=user` with every request (WordPress then answers in the
// user's language). A cms-json site has one language: the parameter is accepted everywhere
// and changes nothing (docs/settings.md).
describe('_locale=user, as the block editor sends it', () => {
  let site: ContentSite;

  beforeAll(async () => {
    site = await contentSite({ prefix: 'wp' });
  });
  afterAll(() => site.close());

  it('answers reads exactly as without it', async () => {
    const { author } = site.people;
    for (const path of [
      '/wp/v2/types?context=edit',
      '/wp/v2/users/me?context=edit',
      '/wp/v2/themes?status=active',
      '/wp/v2/settings',
    ]) {
      const headers = path.endsWith('settings') ? site.people.administrator.headers : author.headers;
      const plain = await site.client.get(path, { headers });
      const withLocale = await site.client.get(`${path}${path.includes('?') ? '&' : '?'}_locale=user`, { headers });
      expect(withLocale.status, path).toBe(200);
      expect(withLocale.body, path).toEqual(plain.body);
    }
  });

  it('takes writes and OPTIONS with it', async () => {
    const { author } = site.people;
    const created = await site.client.post('/wp/v2/posts?_locale=user', { headers: author.headers, body: { title: 'Hello' } });
    expect([created.status, created.body.title.raw]).toEqual([201, 'Hello']);
    const options = await site.client.options('/wp/v2/posts?_locale=user', { headers: author.headers });
    expect([options.status, options.header('allow')]).toEqual([200, 'GET, POST']);
    const anonymous = await site.client.get('/wp/v2/users/me?_locale=user');
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'rest_not_logged_in']);
  });
});
