import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AreaSite, areaSite, pageData } from '../../test/area-site.js';

let site: AreaSite;
let ids: Record<string, number>;
beforeAll(async () => {
  site = await areaSite();
  const editor = await site.signIn(site.people.editor);
  const author = await site.signIn(site.people.author);
  const contributor = await site.signIn(site.people.contributor);
  ids = {
    editorDraft: (await site.createPost(editor, { title: 'Editor draft', status: 'draft' })).id,
    editorPublished: (await site.createPost(editor, { title: 'Editor published', status: 'publish' })).id,
    authorDraft: (await site.createPost(author, { title: 'Author draft', status: 'draft' })).id,
    authorPublished: (await site.createPost(author, { title: 'Author <b>published</b>', status: 'publish' })).id,
    contributorDraft: (await site.createPost(contributor, { title: 'Contributor draft', status: 'draft' })).id,
    contributorPending: (await site.createPost(contributor, { title: 'Contributor pending', status: 'pending' })).id,
  };
});
afterAll(async () => {
  await site.close();
});

/** The titles in the list's table, in order. */
function titles(html: string): string[] {
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? '';
  return [...body.matchAll(/<strong>(?:<a [^>]*>)?([\s\S]*?)(?:<\/a>)?<\/strong>/g)].map((match) => match[1] ?? '');
}

/** The count a status view shows (`Drafts (2)`), or undefined when the view is not offered. */
function viewCount(html: string, label: string): number | undefined {
  const match = new RegExp(`>${label} <span class="count">\\((\\d+)\\)</span>`).exec(html);
  return match === null ? undefined : Number(match[1]);
}

describe('the list of records', () => {
  it("shows a contributor their own drafts and everyone's published posts, never others' drafts", async () => {
    const contributor = await site.signIn(site.people.contributor);
    const res = await site.page('', contributor);
    expect(res.status).toBe(200);
    expect(res.header('X-Frame-Options')).toBe('SAMEORIGIN');
    const shown = titles(res.text);
    expect(shown).toEqual(expect.arrayContaining(['Contributor draft', 'Contributor pending', 'Editor published']));
    expect(shown).not.toContain('Editor draft');
    expect(shown).not.toContain('Author draft');
    expect(viewCount(res.text, 'Mine')).toBe(2);
  });

  it("shows an editor others' drafts, with the counts of each status", async () => {
    const editor = await site.signIn(site.people.editor);
    const res = await site.page('?post_type=post', editor);
    expect(titles(res.text)).toEqual(expect.arrayContaining(['Editor draft', 'Author draft', 'Contributor draft']));
    expect(viewCount(res.text, 'All')).toBe(6);
    expect(viewCount(res.text, 'Drafts')).toBe(3);
    expect(viewCount(res.text, 'Pending')).toBe(1);
    expect(viewCount(res.text, 'Published')).toBe(2);
    expect(viewCount(res.text, 'Mine')).toBe(2);
    const drafts = await site.page('?post_type=post&post_status=draft', editor);
    expect(titles(drafts.text).sort()).toEqual(['Author draft', 'Contributor draft', 'Editor draft']);
  });

  it('offers an author edit and trash only on their own posts, and escapes titles', async () => {
    const author = await site.signIn(site.people.author);
    const res = await site.page('', author);
    expect(res.text).toContain(`post.php?post=${ids.authorDraft}&amp;action=edit`);
    expect(res.text).toContain(`post.php?post=${ids.authorPublished}&amp;action=edit`);
    expect(res.text).not.toContain(`post.php?post=${ids.editorPublished}&amp;action=edit`);
    expect(res.text).toContain(`data-delete="http://site.test/cms-json/cms/v2/posts/${ids.authorDraft}"`);
    expect(res.text).not.toContain(`data-delete="http://site.test/cms-json/cms/v2/posts/${ids.editorPublished}"`);
    expect(res.text).toContain('Author &lt;b&gt;published&lt;/b&gt;');
    expect(res.text).not.toContain('Author <b>published</b>');
    // The trash button's script sends the page's nonce, which the API takes for this user.
    const data = pageData(res.text, 'list-data') as { nonce: string; nonceHeader: string };
    expect(data.nonceHeader).toBe('X-CMS-Nonce');
    const trashed = await site.api('DELETE', `/cms/v2/posts/${ids.authorDraft}`, { cookie: author.cookie, nonce: data.nonce });
    expect([trashed.status, (trashed.json() as { status: string }).status]).toEqual([200, 'trash']);
    const trash = await site.page('?post_status=trash', author);
    expect(titles(trash.text)).toEqual(['Author draft']);
    expect(trash.text).toContain('Delete Permanently');
  });

  it('searches and pages through the API', async () => {
    const editor = await site.signIn(site.people.editor);
    const found = await site.page('?s=pending', editor);
    expect(titles(found.text)).toEqual(['Contributor pending']);
    for (let index = 0; index < 21; index++) await site.createPost(editor, { title: `Bulk ${index}`, status: 'draft' });
    const first = await site.page('?post_status=draft', editor);
    expect(titles(first.text)).toHaveLength(20);
    expect(first.text).toContain('rel="next"');
    const second = await site.page('?post_status=draft&paged=2', editor);
    expect(titles(second.text).length).toBeGreaterThan(0);
    expect(second.text).toContain('rel="prev"');
  });

  it('lists pages for those who may edit them, and refuses the rest', async () => {
    const editor = await site.signIn(site.people.editor);
    const pages = await site.page('?post_type=page', editor);
    expect(pages.status).toBe(200);
    expect(pages.text).toContain('<h1>Pages</h1>');
    expect(pages.text).toContain('post-new.php?post_type=page');
    const contributor = await site.signIn(site.people.contributor);
    const refused = await site.page('?post_type=page', contributor);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('Sorry, you are not allowed to edit posts in this post type.');
    const unknown = await site.page('?post_type=attachment', editor);
    expect(unknown.status).toBe(404);
  });
});
