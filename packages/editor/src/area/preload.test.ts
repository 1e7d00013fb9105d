import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AreaSite, areaSite } from '../../test/area-site.js';
import { preloadPaths } from './preload.js';

describe("the editor's preloaded requests", () => {
  it("are edit-form-blocks.php's, in the site's namespace", () => {
    const paths = preloadPaths({
      namespace: 'wp/v2',
      recordPath: '/wp/v2/posts/7',
      postType: 'post',
      collections: { attachment: '/wp/v2/media', page: '/wp/v2/pages', wp_block: '/wp/v2/blocks' },
    });
    expect(paths.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /wp/v2/types?context=view',
      'GET /wp/v2/taxonomies?context=view',
      'GET /wp/v2/blocks?context=edit&per_page=-1',
      'GET /wp/v2/posts/7?context=edit',
      'GET /wp/v2/types/post?context=edit',
      'GET /wp/v2/users/me',
      'OPTIONS /wp/v2/media',
      'OPTIONS /wp/v2/pages',
      'OPTIONS /wp/v2/blocks',
      'GET /wp/v2/posts/7/autosaves?context=edit',
      'GET /wp/v2/settings',
      'OPTIONS /wp/v2/settings',
    ]);
  });

  it('leave out the collections a site does not serve', () => {
    const paths = preloadPaths({ namespace: 'cms/v2', recordPath: '/cms/v2/pages/3', postType: 'page', collections: {} });
    expect(paths.some((request) => request.path.includes('media') || request.path.includes('blocks'))).toBe(false);
  });
});

describe('the preloaded answers', () => {
  let site: AreaSite;
  beforeAll(async () => {
    site = await areaSite({ prefix: 'wp' });
  });
  afterAll(async () => {
    await site.close();
  });

  it("are the API's answers to the user, with the headers the editor reads, and only the successful ones", async () => {
    const admin = await site.signIn(site.people.administrator);
    const page = await site.request('GET', '/wp-admin/post-new.php?post_type=page', { headers: { cookie: admin.cookie } });
    const config = JSON.parse(/id="cms-json-editor-config">([\s\S]*?)<\/script>/.exec(page.text)?.[1] ?? '{}');
    // An administrator may read the settings, and OPTIONS tells the editor they may change them.
    expect(config.preload['/wp/v2/settings'].body).toHaveProperty('title');
    expect(config.preload.OPTIONS['/wp/v2/settings'].headers.Allow).toMatch(/POST/);
    expect(config.preload['/wp/v2/types?context=view'].body).toHaveProperty('page');
    // Only the headers the editor reads are kept.
    for (const answer of Object.values(config.preload.OPTIONS) as { headers: Record<string, string> }[]) {
      expect(Object.keys(answer.headers).every((name) => /^(Allow|Link|X-WP-Total|X-WP-TotalPages)$/i.test(name))).toBe(true);
    }
    const author = await site.signIn(site.people.author);
    const authors = await site.request('GET', '/wp-admin/post-new.php', { headers: { cookie: author.cookie } });
    const authorConfig = JSON.parse(/id="cms-json-editor-config">([\s\S]*?)<\/script>/.exec(authors.text)?.[1] ?? '{}');
    expect(authorConfig.preload['/wp/v2/settings']).toBeUndefined();
  });
});
