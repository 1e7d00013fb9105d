import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AreaSite, areaSite, pageData, SITE_URL } from '../../test/area-site.js';
import { type EditorBootConfig, WORDPRESS_API_NAMES } from '../boot-config.js';

let site: AreaSite;
beforeAll(async () => {
  site = await areaSite();
});
afterAll(async () => {
  await site.close();
});

const configOf = (html: string) => pageData(html, 'cms-json-editor-config') as EditorBootConfig;

describe('the editor host page', () => {
  it('makes an auto-draft for a new post and hands the editor its config', async () => {
    const author = await site.signIn(site.people.author);
    const res = await site.page('post-new.php?post_type=post', author);
    expect(res.status).toBe(200);
    expect(res.header('Cache-Control')).toContain('no-store');
    const config = configOf(res.text);
    expect(config).toMatchObject({
      elementId: 'editor',
      postType: 'post',
      restRootUrl: `${SITE_URL}/cms-json/`,
      nonceRefreshUrl: `${SITE_URL}/cms-admin/admin-ajax.php?action=rest-nonce`,
      initialEdits: { title: '', content: '', excerpt: '' },
      // The cms profile's names, which the bundle translates WordPress's into.
      names: { namespace: 'cms/v2', headerPrefix: 'X-CMS-', curieName: 'cms', curieBase: 'https://api.cms-json.org/' },
    });
    expect(config.postId).toBeGreaterThan(0);
    expect(config.blockDefinitions['core/paragraph']).toBeDefined();
    expect(config.blockCategories.map((category) => category.slug)).toContain('text');
    expect(config.settings).toMatchObject({ titlePlaceholder: 'Add title', autosaveInterval: 60, localAutosaveInterval: 15 });
    // The page loads the bundle from the area, versioned, then starts the editor.
    expect(res.text).toMatch(
      /<link rel="stylesheet" href="http:\/\/site\.test\/cms-admin\/assets\/editor\.css\?ver=[0-9a-f]{8}"/,
    );
    expect(res.text).toMatch(/<script src="http:\/\/site\.test\/cms-admin\/assets\/editor\.js\?ver=[0-9a-f]{8}"><\/script>/);
    expect(res.text).toContain('window.cmsJsonEditor.start(');

    // The record is the author's auto-draft, readable in edit context with the page's nonce.
    const record = await site.api('GET', `/cms/v2/posts/${config.postId}?context=edit`, {
      cookie: author.cookie,
      nonce: config.nonce,
    });
    expect(record.status).toBe(200);
    expect(record.json()).toMatchObject({ id: config.postId, status: 'auto-draft', author: site.people.author.id });
    // It was preloaded as the API answers it, links included.
    const preloaded = config.preload?.[`/cms/v2/posts/${config.postId}?context=edit`];
    expect(preloaded).toMatchObject({ body: { id: config.postId, _links: { self: expect.any(Array) } } });
    // An author may not create pages: the preloaded OPTIONS answer says so to the editor's canUser.
    expect(config.preload?.OPTIONS?.['/cms/v2/pages']?.headers.Allow).toBe('GET');
    expect(config.preload?.['/cms/v2/users/me']).toMatchObject({ body: { id: site.people.author.id } });
    // An author may not read the settings: not preloaded, as in WordPress.
    expect(config.preload?.['/cms/v2/settings']).toBeUndefined();

    // The editor's first save makes it a draft.
    const saved = await site.api(
      'POST',
      `/cms/v2/posts/${config.postId}`,
      { cookie: author.cookie, nonce: config.nonce },
      {
        title: 'From the editor',
        content: '<!-- wp:paragraph --><p>Hello</p><!-- /wp:paragraph -->',
        status: 'draft',
      },
    );
    expect(saved.status).toBe(200);
    expect(saved.json()).toMatchObject({ status: 'draft', title: { raw: 'From the editor' } });
  });

  it('removes auto-drafts older than a week when a new record is made, as WordPress does daily', async () => {
    const author = await site.signIn(site.people.author);
    const first = configOf((await site.page('post-new.php', author)).text).postId;
    const recent = configOf((await site.page('post-new.php', author)).text).postId;
    await site.database.db.updateTable('posts').set({ date_gmt: '2020-01-01T00:00:00' }).where('id', '=', first).execute();
    await site.page('post-new.php', author);
    const ids = (await site.database.db.selectFrom('posts').select('id').where('status', '=', 'auto-draft').execute()).map(
      (row) => row.id,
    );
    expect(ids).not.toContain(first);
    expect(ids).toContain(recent);
  });

  it('opens an existing record for its author, with no initial edits', async () => {
    const author = await site.signIn(site.people.author);
    const post = await site.createPost(author, { title: 'Mine', status: 'draft' });
    const res = await site.page(`post.php?post=${post.id}&action=edit`, author);
    expect(res.status).toBe(200);
    const config = configOf(res.text);
    expect([config.postId, config.postType, config.initialEdits]).toEqual([post.id, 'post', {}]);
    expect(config.preload?.[`/cms/v2/posts/${post.id}?context=edit`]).toMatchObject({ body: { title: { raw: 'Mine' } } });
  });

  it("refuses another author's post, and lets an editor open it", async () => {
    const author = await site.signIn(site.people.author);
    const post = await site.createPost(author, { title: 'Not yours', status: 'publish' });
    const other = await site.signIn(await site.addAuthor('author2'));
    const refused = await site.page(`post.php?post=${post.id}&action=edit`, other);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('Sorry, you are not allowed to edit this item.');
    const contributor = await site.signIn(site.people.contributor);
    expect((await site.page(`post.php?post=${post.id}&action=edit`, contributor)).status).toBe(403);
    const editor = await site.signIn(site.people.editor);
    expect((await site.page(`post.php?post=${post.id}&action=edit`, editor)).status).toBe(200);
  });

  it('answers 404 for a record that is not there, and for an unknown type', async () => {
    const editor = await site.signIn(site.people.editor);
    const missing = await site.page('post.php?post=999999&action=edit', editor);
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('You attempted to edit an item that doesn&#39;t exist. Perhaps it was deleted?');
    expect((await site.page('post.php?post=abc&action=edit', editor)).status).toBe(404);
    const type = await site.page('post-new.php?post_type=nope', editor);
    expect(type.status).toBe(404);
    expect(type.text).toContain('Invalid post type.');
  });

  it('refuses a contributor a new page (no edit_pages), and opens a trashed record to nobody', async () => {
    const contributor = await site.signIn(site.people.contributor);
    const page = await site.page('post-new.php?post_type=page', contributor);
    expect(page.status).toBe(403);
    expect(page.text).toContain('Sorry, you are not allowed to create posts as this user.');
    const editor = await site.signIn(site.people.editor);
    const post = await site.createPost(editor, { title: 'Gone', status: 'draft' });
    await site.api('DELETE', `/cms/v2/posts/${post.id}`, editor);
    const trashed = await site.page(`post.php?post=${post.id}&action=edit`, editor);
    expect(trashed.status).toBe(403);
    expect(trashed.text).toContain('it is in the Trash');
  });

  it('keeps the config inside its script element whatever the record holds', async () => {
    const editor = await site.signIn(site.people.editor);
    const post = await site.createPost(editor, { title: 'x</script><script>alert(1)</script>', status: 'draft' });
    const res = await site.page(`post.php?post=${post.id}&action=edit`, editor);
    expect(res.text).not.toContain('<script>alert(1)');
    const config = configOf(res.text);
    expect(config.preload?.[`/cms/v2/posts/${post.id}?context=edit`]).toMatchObject({
      body: { title: { raw: 'x</script><script>alert(1)</script>' } },
    });
  });
});

describe('the editor host page in the wp profile', () => {
  it("names the API's names as WordPress's, so that the bundle translates nothing", async () => {
    const wp = await areaSite({ prefix: 'wp' });
    try {
      const author = await wp.signIn(wp.people.author);
      const res = await wp.page('post-new.php?post_type=post', author);
      expect(res.status).toBe(200);
      const config = configOf(res.text);
      expect(config.names).toEqual(WORDPRESS_API_NAMES);
      expect(config.restRootUrl).toBe(`${SITE_URL}/wp-json/`);
      expect(config.preload?.[`/wp/v2/posts/${config.postId}?context=edit`]).toMatchObject({
        body: { _links: { 'wp:action-publish': expect.any(Array) } },
      });
    } finally {
      await wp.close();
    }
  });
});
