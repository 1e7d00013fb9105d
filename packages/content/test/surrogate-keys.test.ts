/**
 * The surrogate keys of the content routes' anonymous answers (the `sharedCache` option on):
 * what each answer declares it was built from (packages/content/src/cache/keys.ts), and the
 * answers that must never be shared.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, contentSite } from './site.js';

const PUBLIC = 'public, max-age=0, s-maxage=300, stale-while-revalidate=30';
const PRIVATE = 'no-cache, must-revalidate, max-age=0, no-store, private';
// The types whose published records decide who is listed (attachments have no author list here).
const AUTHOR_TYPES = ['posts-post', 'posts-page'];

describe('surrogate keys of content answers', () => {
  let site: ContentSite;
  const ids: Record<string, number> = {};
  let cookie = '';
  let nonce = '';
  const get = (path: string, headers: Record<string, string> = {}) => site.client.get(`${site.ns}${path}`, { headers });
  const keysOf = (res: { header(name: string): string | undefined }) => (res.header('xkey') ?? '').split(' ').sort();
  const sorted = (keys: string[]) => [...keys].sort();

  beforeAll(async () => {
    site = await contentSite({ sharedCache: {} });
    const admin = site.people.administrator.headers;
    const create = async (key: string, path: string, body: Record<string, unknown>) => {
      const res = await site.client.post(`${site.ns}${path}`, { headers: admin, body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids[key] = Number(res.body.id);
    };
    await create('tag', '/tags', { name: 'Apples' });
    await create('post', '/posts', { title: 'Hello', status: 'publish', categories: [1] });
    await site.client.post(`${site.ns}/posts/${ids.post}`, { headers: admin, body: { tags: [ids.tag] } });
    await create('locked', '/posts', { title: 'Locked', status: 'publish', password: 'pw' });
    await create('parent', '/pages', { title: 'About', status: 'publish' });
    await create('child', '/pages', { title: 'Team', status: 'publish', parent: ids.parent });
    await create('comment', '/comments', { post: ids.post, content: 'Nice' });
    const login = await site.auth.login('editor', 'editor-password');
    if ('error' in login) throw new Error('no login');
    cookie = `${site.auth.cookieName}=${login.session.cookie}`;
    nonce = login.nonce;
  });
  afterAll(async () => {
    await site.close();
  });

  it('a single post: its record and the options of its link', async () => {
    const res = await get(`/posts/${ids.post}`);
    expect(res.status).toBe(200);
    expect(res.header('Cache-Control')).toBe(PUBLIC);
    // Its category and tag ids too: they are listed in the terms' order (by name).
    expect(keysOf(res)).toEqual(
      sorted([`post-${ids.post}`, 'term-1', `term-${ids.tag}`, 'option-sticky_posts', 'option-permalink_structure']),
    );
    expect(res.header('Surrogate-Key')).toBe(res.header('xkey'));
  });

  it('a posts list: every record, the list, the options it read', async () => {
    const res = await get('/posts?per_page=1&tags=' + ids.tag);
    expect(res.header('Cache-Control')).toBe(PUBLIC);
    expect(keysOf(res)).toEqual(
      sorted([
        `post-${ids.post}`,
        'term-1',
        `term-${ids.tag}`,
        'posts-post',
        'option-sticky_posts',
        'option-permalink_structure',
        'option-timezone',
      ]),
    );
  });

  it('a child page: its ancestors whose slugs make its link', async () => {
    const res = await get(`/pages/${ids.child}`);
    expect(keysOf(res)).toEqual(sorted([`post-${ids.child}`, `post-${ids.parent}`, 'option-permalink_structure']));
  });

  it('_embed merges the keys of the author, the terms and the replies into the post', async () => {
    const res = await get(`/posts/${ids.post}?_embed`);
    expect(res.header('Cache-Control')).toBe(PUBLIC);
    const keys = keysOf(res);
    const author = site.people.administrator.id;
    for (const key of [
      `post-${ids.post}`,
      `user-${author}`,
      `term-${ids.tag}`,
      'term-1',
      'terms-category',
      'terms-post_tag',
      `comment-${ids.comment}`,
      `comment-post-${ids.post}`,
      ...AUTHOR_TYPES,
    ])
      expect(keys).toContain(key);
  });

  it('terms: the record, and the taxonomy list', async () => {
    expect(keysOf(await get(`/tags/${ids.tag}`))).toEqual([`term-${ids.tag}`]);
    expect(keysOf(await get('/tags'))).toEqual(sorted([`term-${ids.tag}`, 'terms-post_tag']));
  });

  it('users: the records, the list, and the post lists that decide who an anonymous caller sees', async () => {
    const author = site.people.administrator.id;
    expect(keysOf(await get('/users'))).toEqual(sorted([`user-${author}`, 'users', ...AUTHOR_TYPES]));
    expect(keysOf(await get(`/users/${author}`))).toEqual(sorted([`user-${author}`, ...AUTHOR_TYPES]));
  });

  it('comments: the record, its post, its post comments; a list by post or of all', async () => {
    const own = [
      `comment-${ids.comment}`,
      `comment-post-${ids.post}`,
      `post-${ids.post}`,
      `user-${site.people.administrator.id}`,
    ];
    expect(keysOf(await get(`/comments/${ids.comment}`))).toEqual(expect.arrayContaining(own));
    expect(keysOf(await get(`/comments?post=${ids.post}`))).toEqual(expect.arrayContaining(own));
    // The post's status decides whether the list is readable at all, even when it has no comments.
    expect(keysOf(await get(`/comments?post=${ids.parent}`))).toEqual(
      expect.arrayContaining([`comment-post-${ids.parent}`, `post-${ids.parent}`]),
    );
    const all = keysOf(await get('/comments'));
    expect(all).toContain('comments');
    expect(all).not.toContain(`comment-post-0`);
  });

  it('search: each result and the lists searched', async () => {
    const keys = keysOf(await get('/search?search=Team'));
    expect(keys).toEqual(expect.arrayContaining([`post-${ids.child}`, `post-${ids.parent}`, 'posts-post', 'posts-page']));
    const terms = keysOf(await get('/search?search=Apples&type=term'));
    expect(terms).toEqual(expect.arrayContaining([`term-${ids.tag}`, 'terms-category', 'terms-post_tag']));
  });

  it('the index: the options it shows; types and taxonomies: static, no keys', async () => {
    const index = await site.client.get('/');
    expect(index.header('Cache-Control')).toBe(PUBLIC);
    expect(keysOf(index)).toEqual(sorted(['option-title', 'option-description', 'option-timezone']));
    for (const path of ['/types', '/types/post', '/taxonomies', '/taxonomies/category', '/statuses']) {
      const res = await get(path);
      expect(res.header('Cache-Control'), path).toBe(PUBLIC);
      expect(res.header('xkey'), path).toBeUndefined();
    }
  });

  it('a password-protected post asked for without its password: shared (its content hidden for everyone)', async () => {
    const res = await get(`/posts/${ids.locked}`);
    expect(res.body.content.protected).toBe(true);
    expect(res.header('Cache-Control')).toBe(PUBLIC);
    expect(keysOf(res)).toContain(`post-${ids.locked}`);
  });

  it('oEmbed: the post, its author, its list and the options it shows', async () => {
    const res = await site.client.get(`/oembed/1.0/embed?url=${encodeURIComponent(`http://site.test/?p=${ids.post}`)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(keysOf(res)).toEqual(
      expect.arrayContaining([`post-${ids.post}`, 'posts-post', `user-${site.people.administrator.id}`, 'option-title']),
    );
  });

  const never: [string, () => Promise<{ header(name: string): string | undefined }>][] = [
    ['an application password', () => get(`/posts/${ids.post}`, site.people.editor.headers)],
    ['a session cookie and its nonce', () => get(`/posts/${ids.post}`, { cookie, 'x-cms-nonce': nonce })],
    ['a session cookie without a nonce', () => get(`/posts/${ids.post}`, { cookie })],
    ['_jsonp', () => get(`/posts/${ids.post}?_jsonp=cb`)],
    ['context=edit', () => get(`/posts/${ids.post}?context=edit`)],
    ['a password-protected post with its password', () => get(`/posts/${ids.locked}?password=pw`)],
    ['an error', () => get('/posts/999999')],
    ['a draft asked for anonymously', () => get('/posts?status=draft')],
    ['a settings read', () => get('/settings')],
    ['a revisions list', () => get(`/posts/${ids.post}/revisions`)],
  ];
  it.each(never)('never shares an answer to %s', async (_name, send) => {
    const res = await send();
    expect(res.header('Cache-Control')).toBe(PRIVATE);
    expect(res.header('xkey')).toBeUndefined();
  });
});

describe('surrogate keys off', () => {
  it('sends no shared-cache header at all without the option', async () => {
    const site = await contentSite({ prefix: 'wp' });
    try {
      const res = await site.client.get(`${site.ns}/posts?_embed`);
      expect(res.status).toBe(200);
      expect(res.header('Cache-Control')).toBeUndefined();
      expect(res.header('xkey')).toBeUndefined();
      expect(res.header('Surrogate-Key')).toBeUndefined();
    } finally {
      await site.close();
    }
  });
});
