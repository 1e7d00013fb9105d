import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import indexRoutes from './fixtures/index-routes.json' with { type: 'json' };
import { type BlockSite, blockSite } from './testing.js';

describe('the block renderer in the wp profile', () => {
  let site: BlockSite;
  let authorsPost: number;
  const render = (path: string, options: { as?: Record<string, string>; body?: unknown } = {}) =>
    options.body === undefined
      ? site.client.get(`/wp/v2/block-renderer/${path}`, { headers: options.as ?? site.people.administrator.headers })
      : site.client.post(`/wp/v2/block-renderer/${path}`, {
          headers: options.as ?? site.people.administrator.headers,
          body: options.body,
        });

  beforeAll(async () => {
    site = await blockSite({ prefix: 'wp' });
    const made = await site.client.post('/wp/v2/posts', {
      headers: site.people.author.headers,
      body: { title: 'By the author', status: 'publish' },
    });
    authorsPost = (made.body as { id: number }).id;
  });
  afterAll(async () => {
    await site.close();
  });

  it('renders a dynamic block for GET and POST, attributes in the query or the body', async () => {
    const get = await render('core/archives?context=edit&attributes[displayAsDropdown]=1');
    expect(get.status).toBe(200);
    expect((get.body as { rendered: string }).rendered).toContain('wp-block-archives-dropdown');
    const post = await render('core/archives?context=edit', { body: { attributes: { displayAsDropdown: true } } });
    expect(post.status).toBe(200);
    expect(post.body).toEqual(get.body);
  });

  it('refuses a request without context=edit as the original: the default view is not in the enum', async () => {
    const res = await render('core/archives');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): context',
      data: {
        status: 400,
        params: { context: 'context is not edit.' },
        details: { context: { code: 'rest_not_in_enum', message: 'context is not edit.', data: null } },
      },
    });
  });

  it('answers 404 block_invalid for an unknown block and for a block that is not dynamic', async () => {
    for (const name of ['core/nope', 'core/paragraph']) {
      const res = await render(`${name}?context=edit`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'block_invalid', message: 'Invalid block.', data: { status: 404 } });
    }
  });

  it('answers 501 for a dynamic core block this server has no renderer for', async () => {
    const res = await render('core/rss?context=edit');
    expect(res.status).toBe(501);
    expect((res.body as { code: string }).code).toBe('block_render_unavailable');
  });

  it('refuses attributes the block does not declare, or of the wrong type, with the original messages', async () => {
    const unknown = await render('core/archives?context=edit', { body: { attributes: { bogus: 1 } } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): attributes',
      data: {
        status: 400,
        params: { attributes: 'bogus is not a valid property of Object.' },
        details: {
          attributes: {
            code: 'rest_additional_properties_forbidden',
            message: 'bogus is not a valid property of Object.',
            data: null,
          },
        },
      },
    });
    const wrongType = await render('core/latest-posts?context=edit', { body: { attributes: { postsToShow: 'x' } } });
    expect(wrongType.status).toBe(400);
    expect((wrongType.body as { data: { params: unknown } }).data.params).toEqual({
      attributes: '[postsToShow] is not of type number.',
    });
    const query = await render('core/archives?context=edit&attributes[showPostCounts]=maybe');
    expect(query.status).toBe(400);
    expect((query.body as { data: { params: unknown } }).data.params).toEqual({
      attributes: '[showPostCounts] is not of type boolean.',
    });
  });

  it('refuses the anonymous (401) and users who may not edit posts (403), block_cannot_read', async () => {
    const anonymous = await render('core/archives?context=edit', { as: {} });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({
      code: 'block_cannot_read',
      message: 'Sorry, you are not allowed to read blocks as this user.',
      data: { status: 401 },
    });
    const subscriber = await render('core/archives?context=edit', { as: site.people.subscriber.headers });
    expect(subscriber.status).toBe(403);
    expect((subscriber.body as { code: string }).code).toBe('block_cannot_read');
    const contributor = await render('core/archives?context=edit', { as: site.people.contributor.headers });
    expect(contributor.status).toBe(200);
  });

  it('checks post_id: the caller must be able to edit that post', async () => {
    const refused = {
      code: 'block_cannot_read',
      message: 'Sorry, you are not allowed to read blocks of this post.',
      data: { status: 403 },
    };
    const contributor = await render(`core/archives?context=edit&post_id=${authorsPost}`, {
      as: site.people.contributor.headers,
    });
    expect(contributor.status).toBe(403);
    expect(contributor.body).toEqual(refused);
    const missing = await render('core/archives?context=edit&post_id=999999');
    expect(missing.body).toEqual(refused);
    const author = await render(`core/archives?context=edit&post_id=${authorsPost}`, { as: site.people.author.headers });
    expect(author.status).toBe(200);
    const editor = await render(`core/archives?context=edit&post_id=${authorsPost}`, { as: site.people.editor.headers });
    expect(editor.status).toBe(200);
  });

  it('refuses attributes that are not an object with the original message (its parameter name left empty)', async () => {
    const res = await render('core/archives?context=edit', { body: { attributes: 'notobject' } });
    expect(res.status).toBe(400);
    expect((res.body as { data: unknown }).data).toEqual({
      status: 400,
      params: { attributes: ' is not of type object.' },
      details: { attributes: { code: 'rest_invalid_type', message: ' is not of type object.', data: { param: '' } } },
    });
  });

  it('describes the block routes in the namespace index as the original, in its order', async () => {
    const res = await site.client.get('/wp/v2', { headers: site.people.administrator.headers });
    const routes = (res.body as { routes: Record<string, Record<string, unknown>> }).routes;
    const served = Object.fromEntries(
      Object.entries(routes)
        .filter(([path]) => /\/block-(types|renderer|patterns)\b/.test(path))
        .map(([path, { _links, ...route }]) => [path, route]),
    );
    expect(served).toEqual(indexRoutes);
    // The original's order: block-renderer before block-types (block-patterns come later there, after other routes).
    expect(Object.keys(served).slice(0, 4)).toEqual(Object.keys(indexRoutes).slice(0, 4));
  });
});
