import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, contentSite } from '../../test/site.js';
import { type DynamicBlockContext, dynamicBlocks } from './dynamic-blocks.js';

interface Rendered {
  content: { rendered: string; protected: boolean };
  excerpt: { rendered: string };
}

describe('dynamic blocks in rendered content', () => {
  let site: ContentSite;
  const calls: { name: string; attributes: Readonly<Record<string, unknown>>; inner: string; context: DynamicBlockContext }[] =
    [];
  const create = async (body: Record<string, unknown>, headers = site.people.editor.headers): Promise<number> => {
    const res = await site.client.post(`${site.ns}/posts`, { headers, body });
    expect(res.status).toBe(201);
    return (res.body as { id: number }).id;
  };
  const read = async (id: number, options: { headers?: Record<string, string>; query?: Record<string, string> } = {}) => {
    const query = new URLSearchParams(options.query ?? {}).toString();
    const res = await site.client.get(`${site.ns}/posts/${id}${query === '' ? '' : `?${query}`}`, {
      headers: options.headers ?? {},
    });
    return { status: res.status, body: res.body as Rendered & Record<string, unknown> };
  };

  beforeAll(async () => {
    site = await contentSite({ prefix: 'wp' });
    const blocks = dynamicBlocks(site.server);
    // Lists the titles of the posts the reader may see, read as the reader (drafts included when allowed).
    blocks.register('test/titles', async (attributes, inner, context) => {
      calls.push({ name: 'test/titles', attributes, inner, context });
      const res = await site.server.dispatch(
        { path: '/wp/v2/posts', query: { status: 'publish,draft,private', per_page: 100 }, user: context.request.user },
        { from: context.request },
      );
      if (res.status !== 200) return `<p class="titles">none (${res.status})</p>`;
      const titles = (res.data as { title: { raw?: string; rendered: string } }[]).map((post) => post.title.rendered);
      return `<ul class="titles">${titles.map((title) => `<li>${title}</li>`).join('')}</ul>`;
    });
    blocks.register('echo', async (attributes, inner, context) => {
      calls.push({ name: 'core/echo', attributes, inner, context });
      return `<div class="echo" data-attrs='${JSON.stringify(attributes)}'>${inner}</div>`;
    });
  });
  afterAll(async () => {
    await site.close();
  });

  it('replaces a self-closing block with its HTML, rendered as the reader: an anonymous reader never sees a draft title', async () => {
    await create({ title: 'Hidden draft', status: 'draft', content: 'draft text' }, site.people.author.headers);
    const id = await create({ title: 'Front', status: 'publish', content: '<!-- wp:test/titles {"limit":3} /-->' });
    const anonymous = await read(id);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.content.rendered).toBe('<p class="titles">none (400)</p>');
    const editor = await read(id, { headers: site.people.editor.headers });
    expect(editor.body.content.rendered).toContain('<li>Hidden draft</li>');
    expect(editor.body.content.rendered).toContain('<li>Front</li>');
    // A contributor may not list others' drafts: the renderer's read is refused as theirs would be.
    const contributor = await read(id, { headers: site.people.contributor.headers });
    expect(contributor.body.content.rendered).not.toContain('Hidden draft');
    const last = calls.at(-1);
    expect(last?.attributes).toEqual({ limit: 3 });
    expect(last?.context.postId).toBe(id);
    expect(last?.context.request.user?.id).toBe(site.people.contributor.id);
  });

  it('renders the nested dynamic blocks of a pair first and gives the pair its inner content; other blocks lose only their delimiters', async () => {
    const id = await create({
      title: 'Nested',
      status: 'publish',
      content:
        '<!-- wp:paragraph --><p>Before</p><!-- /wp:paragraph -->\n<!-- wp:echo {"n":1} --><section><!-- wp:echo {"n":2} /--></section><!-- /wp:echo -->\n<!-- wp:core/echo /-->',
    });
    const { body } = await read(id);
    expect(body.content.rendered).toBe(
      `<p>Before</p>\n<div class="echo" data-attrs='{"n":1}'><section><div class="echo" data-attrs='{"n":2}'></div></section></div>\n<div class="echo" data-attrs='{}'></div>`,
    );
  });

  it('reads attributes with an escaped "--" and with "}" in strings, and ignores malformed attribute JSON, as WordPress', async () => {
    const id = await create({
      title: 'Attributes',
      status: 'publish',
      content: '<!-- wp:echo {"text":"a \\u002d\\u002d b }","x":{"y":1}} /--> <!-- wp:echo {"broken": } /-->',
    });
    const { body } = await read(id);
    expect(body.content.rendered).toBe(
      `<div class="echo" data-attrs='{"text":"a -- b }","x":{"y":1}}'></div> <div class="echo" data-attrs='{}'></div>`,
    );
  });

  it('keeps the rendering of ordinary posts and unregistered blocks unchanged, and calls no renderer for them', async () => {
    const id = await create({
      title: 'Plain',
      status: 'publish',
      content: '<!-- wp:archives {"showPostCounts":true} /-->\n<!-- wp:paragraph --><p>"Quoted" text</p><!-- /wp:paragraph -->',
    });
    const before = calls.length;
    const { body } = await read(id);
    expect(calls.length).toBe(before);
    expect(body.content.rendered).toBe('\n<p>&#8220;Quoted&#8221; text</p>');
    const classic = await create({ title: 'Classic', status: 'publish', content: 'One\n\nTwo' });
    expect((await read(classic)).body.content.rendered).toBe('<p>One</p>\n<p>Two</p>\n');
  });

  it('leaves dynamic blocks out of an excerpt made from the content, as WordPress, and hides both from a reader without the password', async () => {
    const id = await create({
      title: 'Excerpted',
      status: 'publish',
      content: '<!-- wp:paragraph --><p>Kept words</p><!-- /wp:paragraph --><!-- wp:echo -->Inner words<!-- /wp:echo -->',
    });
    const excerpted = (await read(id)).body;
    expect(excerpted.content.rendered).toBe(`<p>Kept words</p><div class="echo" data-attrs='{}'>Inner words</div>`);
    expect(excerpted.excerpt.rendered).toBe('<p>Kept words</p>\n');
    const locked = await create({ title: 'Locked', status: 'publish', password: 'secret', content: '<!-- wp:echo /-->' });
    const before = calls.length;
    const hidden = await read(locked);
    expect(hidden.body.content).toMatchObject({ rendered: '', protected: true });
    expect(hidden.body.excerpt.rendered).toBe('');
    expect(calls.length).toBe(before);
    const opened = await read(locked, { query: { password: 'secret' } });
    expect(opened.body.content.rendered).toBe(`<div class="echo" data-attrs='{}'></div>`);
  });

  it('renders no block for an answer whose _fields leave out content and excerpt', async () => {
    const id = await create({ title: 'Fields', status: 'publish', content: '<!-- wp:echo /-->' });
    const before = calls.length;
    const res = await read(id, { query: { _fields: 'id,title' } });
    expect(res.body).toEqual({ id, title: { rendered: 'Fields' } });
    expect(calls.length).toBe(before);
  });

  it('ends a block that shows its own post: nested renderings stop a few levels deep', async () => {
    const blocks = dynamicBlocks(site.server);
    let renders = 0;
    blocks.register('test/self', async (_attributes, _inner, context) => {
      renders++;
      const res = await site.server.dispatch(
        { path: `/wp/v2/posts/${context.postId}`, user: context.request.user },
        { from: context.request },
      );
      return `<div>${(res.data as Rendered).content.rendered}</div>`;
    });
    const id = await create({ title: 'Self', status: 'publish', content: '<!-- wp:test/self /-->' });
    renders = 0;
    const { body } = await read(id);
    expect(renders).toBe(3);
    expect(body.content.rendered).toBe('<div><div><div></div></div></div>');
  });

  it('refuses a block name that is not namespace/name', () => {
    expect(() => dynamicBlocks(site.server).register('Bad Name', async () => '')).toThrow(/namespace\/name/);
  });
});

describe('the version of posts answers with dynamic blocks that change with time', () => {
  it('answers a revalidation with the new HTML, not a remembered 304, once the time moved on', async () => {
    const site = await contentSite({ prefix: 'wp' });
    try {
      dynamicBlocks(site.server).register('test/now', async () => `<p>${new Date(site.clock.now()).toISOString()}</p>`, {
        changesWithTime: true,
      });
      const created = await site.client.post(`${site.ns}/posts`, {
        headers: site.people.editor.headers,
        body: { title: 'Clock', status: 'publish', content: '<!-- wp:test/now /-->' },
      });
      const path = `${site.ns}/posts/${(created.body as { id: number }).id}`;
      const first = await site.client.get(path);
      const tag = String(first.headers.etag ?? first.headers.ETag);
      expect((await site.client.get(path, { headers: { 'if-none-match': tag } })).status).toBe(304);
      // Remembered now: within the same 15 minutes the revalidation is answered 304 at once.
      expect((await site.client.get(path, { headers: { 'if-none-match': tag } })).status).toBe(304);
      site.clock.advance(15 * 60 * 1000);
      const later = await site.client.get(path, { headers: { 'if-none-match': tag } });
      expect(later.status).toBe(200);
      expect((later.body as Rendered).content.rendered).toBe('<p>2030-01-01T00:15:00.000Z</p>');
    } finally {
      await site.close();
    }
  });

  it('moves every 15 minutes while such a block is registered, and not otherwise', async () => {
    const site = await contentSite({ prefix: 'wp' });
    try {
      const blocks = dynamicBlocks(site.server);
      expect(blocks.timeVersion(Date.parse('2030-01-01T00:00:00Z'))).toBe('');
      blocks.register('test/clock', async () => '<p>now</p>', { changesWithTime: true });
      const at = (iso: string) => blocks.timeVersion(Date.parse(iso));
      expect(at('2030-01-01T00:14:59Z')).toBe(at('2030-01-01T00:00:00Z'));
      expect(at('2030-01-01T00:15:00Z')).not.toBe(at('2030-01-01T00:14:59Z'));
    } finally {
      await site.close();
    }
  });
});
