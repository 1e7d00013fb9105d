import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../../test/helpers.js';
import { type ContentSite, contentSite, type Person } from '../../test/site.js';
import { diskFileStore } from '../media/file-store.js';
import type { PostsTable } from '../tables.js';
import { postTypes } from './post-types.js';

/**
 * The one read check on every way in: what each route gives the *wrong* user. Records of the
 * administrator and of the author in every state; a contributor, another author, a
 * subscriber and nobody at all ask for them through lists, `_embed`, terms, comments and
 * media. (The whole matrix, recorded from the original, is `conformance/`'s.)
 */
const DATE = '2029-12-01T12:00:00';
const row = (fields: Partial<Insertable<PostsTable>>): Insertable<PostsTable> => ({
  type: 'post',
  status: 'publish',
  date: DATE,
  date_gmt: DATE,
  modified: DATE,
  modified_gmt: DATE,
  ...fields,
});

describe('the read check, asked by the wrong user', () => {
  let site: ContentSite;
  let uploads: ReturnType<typeof temporaryDirectory>;
  let otherAuthor: Person;
  const ids: Record<string, number> = {};
  const get = async (path: string, who: Person | null) => {
    const res = await site.client.get(`/wp/v2${path}`, { headers: who === null ? {} : who.headers });
    return { status: res.status, body: res.body as unknown, headers: res.headers };
  };
  const titles = (body: unknown) =>
    (body as { title: { rendered: string } }[]).map((record) => record.title.rendered.replace(/^Private: /, '')).sort();

  beforeAll(async () => {
    uploads = temporaryDirectory();
    site = await contentSite({ prefix: 'wp', media: { store: diskFileStore({ directory: uploads.dir, urlPath: '/uploads' }) } });
    postTypes(site.server).register('book', { label: 'Books', public: true, showInRest: true, restBase: 'books' });
    otherAuthor = await site.addPerson('other', 'author');
    const { administrator, author, contributor } = site.people;
    const insert = async (key: string, fields: Partial<Insertable<PostsTable>>) => {
      const { id } = await site.database.db.insertInto('posts').values(row(fields)).returning('id').executeTakeFirstOrThrow();
      ids[key] = Number(id);
    };
    for (const [owner, person] of [
      ['admin', administrator],
      ['author', author],
      ['contributor', contributor],
    ] as const) {
      for (const status of ['publish', 'draft', 'pending', 'private', 'future', 'trash']) {
        const date = status === 'future' ? '2031-01-01T00:00:00' : DATE;
        await insert(`${status}-${owner}`, {
          status,
          title: `${status} by ${owner}`,
          slug: `${status}-${owner}`,
          content: `Words of ${status} by ${owner}`,
          author: person.id,
          date,
          date_gmt: date,
        });
      }
      await insert(`book-draft-${owner}`, { type: 'book', status: 'draft', title: `book draft by ${owner}`, author: person.id });
      await insert(`book-private-${owner}`, {
        type: 'book',
        status: 'private',
        title: `book private by ${owner}`,
        author: person.id,
      });
    }
    await insert('book-publish', { type: 'book', title: 'book publish', author: administrator.id });
    await insert('protected', { title: 'protected', password: 'sesame', content: 'Behind the door', author: administrator.id });
    // Attachments inherit their post's visibility; one attached to nothing is public.
    for (const parent of ['publish-admin', 'draft-admin', 'private-admin']) {
      await insert(`media-of-${parent}`, {
        type: 'attachment',
        status: 'inherit',
        parent: ids[parent] ?? 0,
        title: `media of ${parent}`,
        mime_type: 'image/png',
        author: administrator.id,
      });
    }
    await insert('media-alone', { type: 'attachment', status: 'inherit', title: 'media alone', mime_type: 'image/png' });
    // A published child page of a draft page: `_embed` must not bring the parent with it.
    await insert('page-draft', { type: 'page', status: 'draft', title: 'draft page', author: administrator.id });
    await insert('page-child', { type: 'page', title: 'child page', parent: ids['page-draft'] ?? 0, author: administrator.id });
    await site.database.db
      .insertInto('comments')
      .values({ post_id: ids['draft-admin'] ?? 0, content: 'On a draft', approved: '1', date: DATE, date_gmt: DATE })
      .execute();
  });
  afterAll(async () => {
    await site.close();
    uploads.remove();
  });

  it("a contributor's list of private and draft posts shows her own, never the administrator's", async () => {
    const res = await get('/posts?status=private,draft&per_page=100', site.people.contributor);
    expect(res.status).toBe(200);
    expect(titles(res.body)).toEqual(['draft by contributor', 'private by contributor']);
  });

  it("an author asking for another author's drafts gets none of them", async () => {
    const res = await get(`/posts?status=draft&author=${site.people.author.id}`, otherAuthor);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('an author sees her own records in every state, and no one else’s unpublished ones', async () => {
    const res = await get('/posts?status=any&per_page=100', site.people.author);
    expect(titles(res.body)).toEqual(
      ['draft by author', 'future by author', 'pending by author', 'private by author', 'publish by admin']
        .concat(['publish by author', 'publish by contributor', 'protected'])
        .sort(),
    );
  });

  it('private records of others are shown to those who may read private posts (an editor), as the original', async () => {
    const res = await get('/posts?status=private&per_page=100', site.people.editor);
    expect(titles(res.body)).toEqual(['private by admin', 'private by author', 'private by contributor']);
  });

  it('a custom type (books) leaks no draft or private record to a contributor', async () => {
    const res = await get('/books?status=draft,private&per_page=100', site.people.contributor);
    expect(res.status).toBe(200);
    expect(titles(res.body)).toEqual(['book draft by contributor', 'book private by contributor']);
  });

  it("include, slug and search find no other user's drafts", async () => {
    const { contributor } = site.people;
    const include = await get(`/posts?status=draft&include=${ids['draft-admin']},${ids['draft-author']}`, contributor);
    expect(include.body).toEqual([]);
    const slug = await get('/posts?status=draft,private&slug=draft-admin,private-admin', contributor);
    expect(slug.body).toEqual([]);
    const search = await get('/posts?status=draft&search=Words', contributor);
    expect(titles(search.body)).toEqual(['draft by contributor']);
  });

  it('the edit context of a list shows only what the caller may edit', async () => {
    const res = await get('/posts?status=draft,pending&context=edit&per_page=100', site.people.author);
    expect(titles(res.body)).toEqual(['draft by author', 'pending by author']);
  });

  it('a trashed record is readable by its author, and by no other author', async () => {
    expect((await get(`/posts/${ids['trash-author']}`, site.people.author)).status).toBe(200);
    expect((await get(`/posts/${ids['trash-author']}`, otherAuthor)).status).toBe(403);
    const list = await get('/posts?status=trash', otherAuthor);
    expect(list.body).toEqual([]);
  });

  it('media inherit their post: attached to a draft or private post, only those who may read it see them', async () => {
    const anonymous = await get('/media?per_page=100', null);
    expect(titles(anonymous.body)).toEqual(['media alone', 'media of publish-admin']);
    const contributor = await get('/media?per_page=100', site.people.contributor);
    expect(titles(contributor.body)).toEqual(['media alone', 'media of publish-admin']);
    const editor = await get('/media?per_page=100', site.people.editor);
    expect(titles(editor.body)).toEqual([
      'media alone',
      'media of draft-admin',
      'media of private-admin',
      'media of publish-admin',
    ]);
    expect((await get(`/media/${ids['media-of-draft-admin']}`, null)).status).toBe(401);
    expect((await get(`/media/${ids['media-of-private-admin']}`, site.people.contributor)).status).toBe(403);
    expect((await get(`/media/${ids['media-alone']}`, null)).status).toBe(200);
  });

  it("_embed from a published child page does not bring its draft parent's record", async () => {
    const res = await get(`/pages/${ids['page-child']}?_embed=up`, site.people.contributor);
    expect(res.status).toBe(200);
    const up = (res.body as { _embedded: { up: Record<string, unknown>[] } })._embedded.up;
    expect(up[0]).toMatchObject({ code: 'rest_forbidden', data: { status: 403 } });
    expect(JSON.stringify(up)).not.toContain('draft page');
  });

  it("the terms of a post the caller may not read are refused (the original's rest_forbidden_context)", async () => {
    const refused = await get(`/categories?post=${ids['draft-admin']}`, site.people.contributor);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'rest_forbidden_context' });
    expect((await get(`/tags?post=${ids['private-admin']}`, null)).status).toBe(401);
    expect((await get(`/categories?post=${ids['draft-contributor']}`, site.people.contributor)).status).toBe(200);
    expect((await get(`/categories?post=${ids['publish-admin']}`, null)).status).toBe(200);
  });

  it("the comments of another user's draft are refused, one by one and as a list", async () => {
    const list = await get(`/comments?post=${ids['draft-admin']}`, site.people.contributor);
    expect(list.status).toBe(403);
    const all = await get('/comments', site.people.subscriber);
    expect(all.body).toEqual([]);
  });

  it('search finds published records only, whoever asks', async () => {
    const res = await get('/search?search=Words&per_page=100', site.people.contributor);
    const found = (res.body as { title: string }[]).map((result) => result.title).sort();
    expect(found).toEqual(['publish by admin', 'publish by author', 'publish by contributor']);
  });

  it('a protected record in a list shows its content to no one but its editors, in the edit context', async () => {
    const anonymous = await get(`/posts?include=${ids.protected}`, null);
    expect(JSON.stringify(anonymous.body)).not.toContain('Behind the door');
    const author = await get(`/posts?include=${ids.protected}&context=edit`, site.people.author);
    expect(JSON.stringify(author.body)).not.toContain('Behind the door');
    const editor = await get(`/posts?include=${ids.protected}&context=edit`, site.people.editor);
    expect(JSON.stringify(editor.body)).toContain('Behind the door');
  });

  it("another user's tag revalidates nothing: no 304 for a view the caller may not read", async () => {
    const { administrator, editor, contributor } = site.people;
    const path = `/wp/v2/posts/${ids['draft-admin']}`;
    const first = await site.client.get(path, { headers: administrator.headers });
    const tag = first.header('etag');
    expect(first.status).toBe(200);
    expect(tag).toBeTruthy();
    const again = await site.client.get(path, { headers: { ...contributor.headers, 'if-none-match': tag ?? '' } });
    expect(again.status).toBe(403);
    const anonymous = await site.client.get(path, { headers: { 'if-none-match': tag ?? '' } });
    expect(anonymous.status).toBe(401);
    // A list: the editor's tag of the private records is not the contributor's view of them.
    const list = '/wp/v2/posts?status=private&per_page=100';
    const editors = await site.client.get(list, { headers: editor.headers });
    const listTag = editors.header('etag') ?? '';
    const contributors = await site.client.get(list, { headers: { ...contributor.headers, 'if-none-match': listTag } });
    expect(contributors.status).toBe(200);
    expect(titles(contributors.body)).toEqual(['private by contributor']);
  });
});
