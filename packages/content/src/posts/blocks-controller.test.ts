import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, contentSite } from '../../test/site.js';

const MARKUP = '<!-- wp:paragraph --><p>Hello<script>alert(1)</script></p><!-- /wp:paragraph -->';

describe('reusable blocks (wp_block) in the wp profile', () => {
  let site: ContentSite;
  let adminBlock: number;
  let authorDraft: number;

  beforeAll(async () => {
    site = await contentSite({ prefix: 'wp' });
    const { administrator, author } = site.people;
    const made = await site.client.post('/wp/v2/blocks', {
      headers: administrator.headers,
      body: { title: 'Shared intro', content: MARKUP, status: 'publish' },
    });
    expect(made.status).toBe(201);
    adminBlock = made.body.id;
    const draft = await site.client.post('/wp/v2/blocks', {
      headers: author.headers,
      body: { title: 'Author draft', content: MARKUP },
    });
    expect(draft.status).toBe(201);
    authorDraft = draft.body.id;
  });
  afterAll(() => site.close());

  it('is listed by /types with the original capabilities, labels and visibility', async () => {
    const res = await site.client.get('/wp/v2/types/wp_block?context=edit', { headers: site.people.editor.headers });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      slug: 'wp_block',
      name: 'Reusable blocks',
      rest_base: 'blocks',
      rest_namespace: 'wp/v2',
      viewable: false,
      visibility: { show_in_nav_menus: false, show_ui: true },
      supports: { title: true, editor: true, revisions: true },
      capabilities: { read: 'edit_posts', create_posts: 'publish_posts', publish_posts: 'publish_blocks' },
      labels: { singular_name: 'Reusable block', item_updated: 'Reusable block updated.' },
    });
    const all = await site.client.get('/wp/v2/types');
    expect(Object.keys(all.body)).toContain('wp_block');
  });

  it('answers a block with raw title and content in the view context, and no rendered text', async () => {
    const res = await site.client.get(`/wp/v2/blocks/${adminBlock}`, { headers: site.people.contributor.headers });
    expect(res.status).toBe(200);
    expect(res.body.title).toEqual({ raw: 'Shared intro' });
    // The administrator may post unfiltered HTML: kept as written.
    expect(res.body.content).toEqual({ raw: MARKUP, protected: false });
    expect(res.body.link).toBe('http://site.test/shared-intro/');
    expect(res.body).not.toHaveProperty('permalink_template');
    const edit = await site.client.get(`/wp/v2/blocks/${adminBlock}?context=edit`, { headers: site.people.editor.headers });
    expect(edit.body.content).toEqual({ raw: MARKUP, protected: false, block_version: 1 });
  });

  it('filters the markup of a user without unfiltered_html as a post', async () => {
    const res = await site.client.get(`/wp/v2/blocks/${authorDraft}?context=edit`, { headers: site.people.author.headers });
    expect(res.status).toBe(200);
    // As a post's content: the script goes with its text (kses/filter.ts), the delimiters stay.
    expect(res.body.content.raw).toBe('<!-- wp:paragraph --><p>Hello</p><!-- /wp:paragraph -->');
    expect(res.body.status).toBe('draft');
  });

  it('refuses a published block to those who may not edit posts', async () => {
    const anonymous = await site.client.get(`/wp/v2/blocks/${adminBlock}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({
      code: 'rest_forbidden',
      message: 'Sorry, you are not allowed to do that.',
      data: { status: 401 },
    });
    const subscriber = await site.client.get(`/wp/v2/blocks/${adminBlock}`, { headers: site.people.subscriber.headers });
    expect(subscriber.status).toBe(403);
    expect(subscriber.body.code).toBe('rest_forbidden');
    const list = await site.client.get('/wp/v2/blocks');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
    const subscriberList = await site.client.get('/wp/v2/blocks', { headers: site.people.subscriber.headers });
    expect(subscriberList.body).toEqual([]);
  });

  it('lists published blocks to contributors, and an author’s draft only to those who may edit it', async () => {
    const contributor = await site.client.get('/wp/v2/blocks?status=publish,draft&_fields=id', {
      headers: site.people.contributor.headers,
    });
    expect(contributor.status).toBe(200);
    expect(contributor.body).toEqual([{ id: adminBlock }]);
    const editor = await site.client.get('/wp/v2/blocks?status=publish,draft&_fields=id', {
      headers: site.people.editor.headers,
    });
    expect(editor.body.map((block: { id: number }) => block.id).sort()).toEqual([adminBlock, authorDraft].sort());
  });

  it('lets only those who may publish posts create blocks', async () => {
    const contributor = await site.client.post('/wp/v2/blocks', {
      headers: site.people.contributor.headers,
      body: { title: 'Mine', content: MARKUP },
    });
    expect(contributor.status).toBe(403);
    expect(contributor.body).toEqual({
      code: 'rest_cannot_create',
      message: 'Sorry, you are not allowed to create posts as this user.',
      data: { status: 403 },
    });
    const anonymous = await site.client.post('/wp/v2/blocks', { body: { title: 'Mine' } });
    expect(anonymous.status).toBe(401);
    const allow = await site.client.options('/wp/v2/blocks', { headers: site.people.author.headers });
    expect(allow.header('allow')).toBe('GET, POST');
    const contributorAllow = await site.client.options('/wp/v2/blocks', { headers: site.people.contributor.headers });
    expect(contributorAllow.header('allow')).toBe('GET');
    // As the original: a type without `author` has no author filter, and no sample permalink.
    const [list, create] = allow.body.endpoints;
    expect(Object.keys(list.args)).not.toContain('author');
    expect(Object.keys(create.args)).toEqual(['date', 'date_gmt', 'slug', 'status', 'password', 'title', 'content', 'template']);
    expect(Object.keys(allow.body.schema.properties)).toEqual([
      'date',
      'date_gmt',
      'guid',
      'id',
      'link',
      'modified',
      'modified_gmt',
      'slug',
      'status',
      'type',
      'password',
      'title',
      'content',
      'template',
    ]);
  });

  it('refuses an author editing or deleting another’s block, and lets an editor', async () => {
    const author = await site.client.post(`/wp/v2/blocks/${adminBlock}`, {
      headers: site.people.author.headers,
      body: { title: 'Taken over' },
    });
    expect(author.status).toBe(403);
    expect(author.body.code).toBe('rest_cannot_edit');
    const deleted = await site.client.delete(`/wp/v2/blocks/${adminBlock}`, { headers: site.people.author.headers });
    expect(deleted.status).toBe(403);
    expect(deleted.body.code).toBe('rest_cannot_delete');
    const editor = await site.client.post(`/wp/v2/blocks/${adminBlock}`, {
      headers: site.people.editor.headers,
      body: { title: 'Shared intro, edited' },
    });
    expect(editor.status).toBe(200);
    expect(editor.body.title).toEqual({ raw: 'Shared intro, edited' });
  });

  it('keeps revisions of a block', async () => {
    const revisions = await site.client.get(`/wp/v2/blocks/${adminBlock}/revisions`, { headers: site.people.editor.headers });
    expect(revisions.status).toBe(200);
    expect(revisions.body.length).toBeGreaterThan(0);
    expect(revisions.body[0].parent).toBe(adminBlock);
  });

  it('refuses a bad status as a post would', async () => {
    const res = await site.client.post('/wp/v2/blocks', {
      headers: site.people.editor.headers,
      body: { title: 'Bad', status: 'nonsense' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
  });
});
