import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBarePosts } from '../../test/helpers.js';
import { type ContentSite, contentSite } from '../../test/site.js';

let site: ContentSite;
beforeAll(async () => {
  site = await contentSite();
});
afterAll(async () => {
  await site.close();
});

const admin = () => site.people.administrator.headers;
const get = (path: string, headers: Record<string, string> = {}) => site.client.get(`/cms/v2${path}`, { headers });
const post = (path: string, body: unknown, headers = admin()) => site.client.post(`/cms/v2${path}`, { headers, body });
const del = (path: string, headers = admin()) => site.client.delete(`/cms/v2${path}`, { headers });
const ids = (body: { id: number }[]) => body.map((term) => term.id);

/** How many terms are stored: a refused request changes nothing. */
async function stored(): Promise<string> {
  const rows = await site.database.db.selectFrom('terms').selectAll().orderBy('id').execute();
  return JSON.stringify(rows);
}

describe('GET /cms/v2/categories', () => {
  it('lists the default category with the original fields and links', async () => {
    const res = await get('/categories');
    expect(res.status).toBe(200);
    expect(res.header('X-CMS-Total')).toBe('1');
    const [term] = res.body;
    expect(Object.keys(term)).toEqual([
      'id',
      'count',
      'description',
      'link',
      'name',
      'slug',
      'taxonomy',
      'parent',
      'meta',
      '_links',
    ]);
    expect(term).toMatchObject({
      id: 1,
      count: 0,
      link: 'http://site.test/category/uncategorized/',
      name: 'Uncategorized',
      slug: 'uncategorized',
      taxonomy: 'category',
      parent: 0,
      meta: [],
    });
    expect(term._links['cms:post_type']).toEqual([{ href: 'http://site.test/cms-json/cms/v2/posts?categories=1' }]);
    expect(term._links.about).toEqual([{ href: 'http://site.test/cms-json/cms/v2/taxonomies/category' }]);
  });

  it('refuses the edit context to callers without manage_categories', async () => {
    const anonymous = await get('/categories?context=edit');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('rest_forbidden_context');
    const author = await get('/categories?context=edit', site.people.author.headers);
    expect(author.status).toBe(403);
    expect((await get('/categories?context=edit', admin())).status).toBe(200);
  });

  it('rejects bad parameters with the original error shape', async () => {
    const res = await get('/categories?orderby=bogus');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
    expect(Object.keys(res.body.data.params)).toEqual(['orderby']);
    expect((await get('/categories?parent=abc')).body.data.params).toHaveProperty('parent');
  });
});

describe('creating, reading, updating and deleting terms', () => {
  it('creates a category tree, with parent slugs in links and an embeddable up link', async () => {
    const tech = await post('/categories', { name: 'Technology', description: 'Software.' });
    expect(tech.status).toBe(201);
    expect(tech.header('Location')).toBe(`http://site.test/cms-json/cms/v2/categories/${tech.body.id}`);
    const gadgets = await post('/categories', { name: 'Gadgets', parent: tech.body.id });
    expect(gadgets.body).toMatchObject({ parent: tech.body.id, link: 'http://site.test/category/technology/gadgets/' });
    const embedded = await get(`/categories/${gadgets.body.id}?_embed`);
    expect(embedded.body._embedded.up[0]).toMatchObject({ id: tech.body.id, name: 'Technology', slug: 'technology' });
    expect(Object.keys(embedded.body._embedded.up[0])).toEqual(['id', 'link', 'name', 'slug', 'taxonomy', '_links']);
    const children = await get(`/categories?parent=${tech.body.id}`);
    expect(ids(children.body)).toEqual([gadgets.body.id]);
  });

  it('refuses a duplicate name at one level with term_exists and the existing id', async () => {
    const before = await stored();
    const res = await post('/categories', { name: 'technology' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'term_exists',
      message: 'A term with the name provided already exists with this parent.',
      data: { status: 400 },
    });
    expect(typeof res.body.data.term_id).toBe('number');
    const tag = await post('/tags', { name: 'Once' });
    const again = await post('/tags', { name: 'Once' });
    expect(again.body).toMatchObject({
      code: 'term_exists',
      message: 'A term with the name provided already exists in this taxonomy.',
      data: { status: 400, term_id: tag.body.id },
    });
    await del(`/tags/${tag.body.id}?force=true`);
    expect(await stored()).toBe(before);
  });

  it('gives a free slug when a name is new but its slug is taken', async () => {
    const first = await post('/tags', { name: 'Beta', slug: 'shared' });
    const second = await post('/tags', { name: 'Gamma', slug: 'shared' });
    expect(second.body.slug).toBe('shared-2');
    await del(`/tags/${first.body.id}?force=true`);
    await del(`/tags/${second.body.id}?force=true`);
  });

  it('refuses bad parents, blank names and parents on tags, storing nothing', async () => {
    const before = await stored();
    const missing = await post('/categories', { name: 'Orphan', parent: 9999 });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ code: 'rest_term_invalid', message: 'Parent term does not exist.', data: { status: 400 } });
    const tag = await post('/tags', { name: 'Flat', parent: 1 });
    expect(tag.status).toBe(400);
    expect(tag.body.code).toBe('rest_taxonomy_not_hierarchical');
    const blank = await post('/categories', { name: '  ' });
    expect(blank.status).toBe(500);
    expect(blank.body.code).toBe('empty_term_name');
    const noName = await post('/categories', {});
    expect(noName.status).toBe(400);
    expect(noName.body.code).toBe('rest_missing_callback_param');
    const aTag = await post('/tags', { name: 'Tagged' });
    const crossTaxonomy = await post('/categories', { name: 'Cross', parent: aTag.body.id });
    expect(crossTaxonomy.body.code).toBe('rest_term_invalid');
    await del(`/tags/${aTag.body.id}?force=true`);
    expect(await stored()).toBe(before);
  });

  it('breaks a cycle of parents as the original does: the parent becomes 0', async () => {
    const top = await post('/categories', { name: 'Top' });
    const below = await post('/categories', { name: 'Below', parent: top.body.id });
    const looped = await post(`/categories/${top.body.id}`, { parent: below.body.id });
    expect(looped.status).toBe(200);
    expect(looped.body.parent).toBe(0);
    const self = await post(`/categories/${top.body.id}`, { parent: top.body.id });
    expect(self.body.parent).toBe(0);
    await del(`/categories/${below.body.id}?force=true`);
    await del(`/categories/${top.body.id}?force=true`);
  });

  it('updates names and slugs; a slug another term has is duplicate_term_slug', async () => {
    const one = await post('/tags', { name: 'One' });
    const two = await post('/tags', { name: 'Two' });
    const renamed = await site.client.patch(`/cms/v2/tags/${one.body.id}`, { headers: admin(), body: { name: 'Uno' } });
    expect(renamed.body).toMatchObject({ name: 'Uno', slug: 'one' });
    const before = await stored();
    const clash = await post(`/tags/${one.body.id}`, { slug: 'two' });
    expect(clash.status).toBe(500);
    expect(clash.body.code).toBe('duplicate_term_slug');
    expect(await stored()).toBe(before);
    await del(`/tags/${one.body.id}?force=true`);
    await del(`/tags/${two.body.id}?force=true`);
  });

  it('deletes only with force=true; children move up; the default category stays', async () => {
    const parent = await post('/categories', { name: 'Parent' });
    const child = await post('/categories', { name: 'Child', parent: parent.body.id });
    const trash = await del(`/categories/${parent.body.id}`);
    expect(trash.status).toBe(501);
    expect(trash.body).toEqual({
      code: 'rest_trash_not_supported',
      message: "Terms do not support trashing. Set 'force=true' to delete.",
      data: { status: 501 },
    });
    const gone = await del(`/categories/${parent.body.id}?force=true`);
    expect(gone.body).toMatchObject({ deleted: true, previous: { id: parent.body.id, name: 'Parent' } });
    expect((await get(`/categories/${child.body.id}`)).body.parent).toBe(0);
    expect((await get(`/categories/${parent.body.id}`)).status).toBe(404);
    const fallback = await del('/categories/1?force=true');
    expect(fallback.status).toBe(403);
    expect(fallback.body.code).toBe('rest_cannot_delete');
    await del(`/categories/${child.body.id}?force=true`);
  });

  it('answers 404 rest_term_invalid for a term of another taxonomy or none', async () => {
    const res = await get('/tags/1');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'rest_term_invalid', message: 'Term does not exist.', data: { status: 404 } });
    expect((await del('/tags/99999?force=true')).status).toBe(404);
  });
});

describe('who may write terms', () => {
  it('lets authors create tags (assign_terms) but not categories (edit_terms)', async () => {
    const author = site.people.author.headers;
    const tag = await post('/tags', { name: 'By author' }, author);
    expect(tag.status).toBe(201);
    const category = await post('/categories', { name: 'By author' }, author);
    expect(category.status).toBe(403);
    expect(category.body.code).toBe('rest_cannot_create');
    const edit = await post(`/tags/${tag.body.id}`, { name: 'Changed' }, author);
    expect(edit.status).toBe(403);
    expect(edit.body.code).toBe('rest_cannot_update');
    const anonymous = await site.client.post('/cms/v2/tags', { body: { name: 'Anon' } });
    expect(anonymous.status).toBe(401);
    await del(`/tags/${tag.body.id}?force=true`);
  });
});

describe('term collection parameters', () => {
  it('searches, filters, sorts, hides empty terms and pages with totals', async () => {
    const names = ['Delta', 'alpha', 'Charlie', 'bravo'];
    const created: number[] = [];
    for (const name of names) created.push((await post('/tags', { name, description: `About ${name}` })).body.id);
    const byName = await get('/tags?per_page=2');
    expect(byName.body.map((term: { name: string }) => term.name)).toEqual(['alpha', 'bravo']);
    expect(byName.header('X-CMS-Total')).toBe('4');
    expect(byName.header('X-CMS-TotalPages')).toBe('2');
    expect(byName.header('Link')).toContain('rel="next"');
    const desc = await get('/tags?orderby=id&order=desc');
    expect(ids(desc.body)).toEqual([...created].reverse());
    const included = await get(`/tags?include=${created[2]},${created[0]}&orderby=include`);
    expect(ids(included.body)).toEqual([created[2], created[0]]);
    expect(ids((await get('/tags?search=RAV')).body)).toEqual([created[3]]);
    expect(ids((await get('/tags?slug=delta,charlie&orderby=id')).body)).toEqual([created[0], created[2]]);
    expect((await get(`/tags?exclude=${created.join(',')}`)).body).toEqual([]);
    expect((await get('/tags?offset=3&orderby=name')).body.map((term: { name: string }) => term.name)).toEqual(['Delta']);
    expect((await get('/tags?hide_empty=true')).body).toEqual([]);
    const [postId] = await insertBarePosts(site.database.db, 1);
    await site.database.db
      .insertInto('term_relationships')
      .values({ object_id: postId as number, term_id: created[1] as number, counted: 1 })
      .execute();
    expect(ids((await get(`/tags?post=${postId}`)).body)).toEqual([created[1]]);
    const noPost = await get('/tags?post=999999');
    expect(noPost.status).toBe(400);
    expect(noPost.body).toEqual({ code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 400 } });
    for (const id of created) await del(`/tags/${id}?force=true`);
  });

  it('offers parent to hierarchical taxonomies and offset to flat ones, as the original', async () => {
    const categories = await site.client.options('/cms/v2/categories');
    const tags = await site.client.options('/cms/v2/tags');
    const argsOf = (res: { body: { endpoints: { methods: string[]; args: Record<string, unknown> }[] } }) =>
      Object.keys(res.body.endpoints[0]?.args ?? {});
    expect(argsOf(categories)).toContain('parent');
    expect(argsOf(categories)).not.toContain('offset');
    expect(argsOf(tags)).toContain('offset');
    expect(argsOf(tags)).not.toContain('parent');
    expect(categories.body.schema.properties).toHaveProperty('parent');
    expect(tags.body.schema.properties).not.toHaveProperty('parent');
  });
});

describe('/cms/v2/taxonomies', () => {
  it('lists the taxonomies keyed by name, in the view context', async () => {
    const res = await get('/taxonomies');
    expect(Object.keys(res.body)).toEqual(['category', 'post_tag']);
    expect(Object.keys(res.body.category)).toEqual([
      'name',
      'slug',
      'description',
      'types',
      'hierarchical',
      'rest_base',
      'rest_namespace',
      '_links',
    ]);
    expect(res.body.post_tag._links['cms:items']).toEqual([{ href: 'http://site.test/cms-json/cms/v2/tags' }]);
    expect(Object.keys((await get('/taxonomies?type=page')).body)).toEqual([]);
  });

  it('shows one taxonomy; unknown is rest_taxonomy_invalid; edit needs assign_terms', async () => {
    const tag = await get('/taxonomies/post_tag');
    expect(tag.body).toMatchObject({ name: 'Tags', slug: 'post_tag', hierarchical: false, rest_base: 'tags' });
    const missing = await get('/taxonomies/nope');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('rest_taxonomy_invalid');
    expect((await get('/taxonomies?context=edit')).status).toBe(401);
    const edit = await get('/taxonomies/category?context=edit', admin());
    // WordPress's own capability names; they map to manage_categories and edit_posts.
    expect(edit.body.capabilities).toMatchObject({ assign_terms: 'assign_categories', edit_terms: 'edit_categories' });
    expect(edit.body.labels).toMatchObject({ name: 'Categories', all_items: 'All Categories', name_admin_bar: 'category' });
    expect(edit.body.visibility.show_admin_column).toBe(true);
    // An author assigns categories (edit_posts), so the editor's category panel reads it in edit context.
    const byAuthor = await get('/taxonomies/category?context=edit', site.people.author.headers);
    expect(byAuthor.status).toBe(200);
    expect(byAuthor.body.capabilities).toMatchObject({ assign_terms: 'assign_categories' });
  });

  it('serves the edit context to whoever may assign the terms, as the original (contributor and author: 200)', async () => {
    for (const role of ['contributor', 'author'] as const) {
      const headers = site.people[role].headers;
      const list = await get('/taxonomies?context=edit', headers);
      expect(list.status).toBe(200);
      expect(Object.keys(list.body)).toEqual(['category', 'post_tag']);
      expect(list.body.category.capabilities).toMatchObject({ assign_terms: 'assign_categories' });
      expect(Object.keys((await get('/taxonomies?context=edit&type=post', headers)).body)).toEqual(['category', 'post_tag']);
      for (const name of ['category', 'post_tag']) {
        const one = await get(`/taxonomies/${name}?context=edit`, headers);
        expect(one.status).toBe(200);
        expect(one.body).toMatchObject({ slug: name, visibility: { show_ui: true } });
      }
    }
  });

  it('refuses the edit context to anonymous (401) and subscribers (403) with the original errors', async () => {
    const cases = [
      { headers: {}, status: 401 },
      { headers: site.people.subscriber.headers, status: 403 },
    ];
    const message = 'Sorry, you are not allowed to manage terms in this taxonomy.';
    for (const { headers, status } of cases) {
      const list = await get('/taxonomies?context=edit', headers);
      expect(list.status).toBe(status);
      expect(list.body).toEqual({ code: 'rest_cannot_view', message, data: { status } });
      for (const name of ['category', 'post_tag']) {
        const one = await get(`/taxonomies/${name}?context=edit`, headers);
        expect(one.status).toBe(status);
        expect(one.body).toEqual({ code: 'rest_forbidden_context', message, data: { status } });
      }
      // The view context stays open to everyone.
      expect((await get('/taxonomies?context=view', headers)).status).toBe(200);
    }
    // An unknown taxonomy is a 404 before the context is checked, as the original.
    expect((await get('/taxonomies/nope?context=edit', site.people.subscriber.headers)).status).toBe(404);
  });

  it("refuses a list in edit context when the type has no taxonomy the caller may assign (the original's 403)", async () => {
    for (const headers of [site.people.contributor.headers, admin()]) {
      for (const type of ['page', 'nope']) {
        const res = await get(`/taxonomies?context=edit&type=${type}`, headers);
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('rest_cannot_view');
      }
    }
    // In the view context the same list is an empty object.
    const view = await get('/taxonomies?type=page', site.people.contributor.headers);
    expect(view.status).toBe(200);
    expect(view.body).toEqual({});
  });
});
