import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, contentSite } from '../../test/site.js';
import { registerMeta } from '../meta/registry.js';
import { findLiveHtml } from './live-html.js';

const ISSUE = '<!-- wp:paragraph --!><img src=x onerror=alert(document.domain)>-->';
const GROUP =
  '<!-- wp:group {"layout":{"type":"constrained"}} --><div class="wp-block-group"><!-- wp:paragraph {"align":"center"} -->' +
  '<p class="has-text-align-center">Hi <a href="https://example.com">there</a></p><!-- /wp:paragraph --></div><!-- /wp:group -->';

describe('HTML written through the REST API, filtered by kses per field (wp profile)', () => {
  let site: ContentSite;
  const send = (method: string, path: string, body: unknown, headers: Record<string, string>) =>
    site.client.request(method, `/wp/v2${path}`, {
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    site = await contentSite({ prefix: 'wp' });
    registerMeta(site.server, 'post', 'kses_note', { type: 'string', single: true, showInRest: true });
  });
  afterAll(async () => {
    await site.close();
  });

  it("stores the issue's --!> payload from an author as nothing live: raw, rendered and oEmbed", async () => {
    const post = await send(
      'POST',
      '/posts?context=edit',
      { title: 'Issue', content: ISSUE, status: 'publish' },
      site.people.author.headers,
    );
    expect(post.status).toBe(201);
    expect(post.body.content.raw).toBe('');
    const embed = await site.client.get(`/oembed/1.0/embed?url=${encodeURIComponent(post.body.link)}`);
    expect(findLiveHtml(embed.body.html, { allowFrame: ({ name }) => name === 'iframe' })).toEqual([]);
  });

  it('keeps well-formed blocks as they are, and their attributes as data', async () => {
    const post = await send('POST', '/posts?context=edit', { title: 'Blocks', content: GROUP }, site.people.contributor.headers);
    expect(post.body.content.raw).toBe(GROUP);
    const evil = '<!-- wp:paragraph {"a":"--!><img src=x onerror=alert(1)>"} --><p>x</p><!-- /wp:paragraph -->';
    const stored = await send('POST', '/posts?context=edit', { title: 'Evil', content: evil }, site.people.contributor.headers);
    expect(stored.body.content.raw).toBe(
      '<!-- wp:paragraph {"a":"\\u002d\\u002d!\\u003e\\u003cimg src=x onerror=alert(1)\\u003e"} --><p>x</p><!-- /wp:paragraph -->',
    );
    expect(findLiveHtml(stored.body.content.raw)).toEqual([]);
  });

  it('drops other comments and malformed delimiters', async () => {
    const content = '<!-- a note --><p>a</p><!-- wp:paragraph {not json} --><p>b</p><!-- /wp:paragraph -->';
    const post = await send('POST', '/posts?context=edit', { content }, site.people.author.headers);
    expect(post.body.content.raw).toBe('<p>a</p><p>b</p><!-- /wp:paragraph -->');
  });

  it("uses each field's list: the title keeps kses's short list, the content the post list", async () => {
    const html = '<h2 style="color:red" onclick="x()">Head</h2><a href="javascript:alert(1)" title="t">go</a>';
    const post = await send(
      'POST',
      '/posts?context=edit',
      { title: html, content: html, excerpt: html },
      site.people.author.headers,
    );
    expect(post.body.title.raw).toBe('Head<a title="t">go</a>');
    expect(post.body.content.raw).toBe('<h2 style="color:red">Head</h2><a title="t">go</a>');
    expect(post.body.excerpt.raw).toBe('<h2 style="color:red">Head</h2><a title="t">go</a>');
  });

  it('filters string meta for authors, not for editors', async () => {
    const note = '<b>note</b><script>alert(1)</script>';
    const filtered = await send(
      'POST',
      '/posts?context=edit',
      { title: 'm', meta: { kses_note: note } },
      site.people.author.headers,
    );
    expect(filtered.body.meta.kses_note).toBe('<b>note</b>');
    const kept = await send('POST', '/posts?context=edit', { title: 'm', meta: { kses_note: note } }, site.people.editor.headers);
    expect(kept.body.meta.kses_note).toBe(note);
  });

  it("filters term and user descriptions for every caller, as WordPress's pre_term_description and pre_user_description", async () => {
    const html = '<b>x</b><script>alert(1)</script><p onclick=1>p</p>';
    const term = await send(
      'POST',
      '/tags?context=edit',
      { name: 'kses term', description: html },
      site.people.administrator.headers,
    );
    expect(term.body.description).toBe('<b>x</b>p');
    const me = await send(
      'POST',
      '/users/me?context=edit',
      { description: `${html}<a href="https://x" rel="me">x</a>` },
      site.people.administrator.headers,
    );
    // Then the users' store strips every tag (stricter than the original, which keeps `$allowedtags`).
    expect(me.body.description).toBe('xpx');
  });

  it('lets administrators and editors store what they send in posts and comments, as the original', async () => {
    const html = '<p>x</p><script>alert(1)</script><!-- a note -->';
    for (const role of ['administrator', 'editor'] as const) {
      const headers = site.people[role].headers;
      const post = await send(
        'POST',
        '/posts?context=edit',
        { title: html, content: ISSUE, excerpt: html, status: 'publish' },
        headers,
      );
      expect(post.body).toMatchObject({ title: { raw: html }, content: { raw: ISSUE }, excerpt: { raw: html } });
      const comment = await send('POST', '/comments?context=edit', { post: post.body.id, content: html }, headers);
      expect(comment.body.content.raw).toBe(html);
    }
  });
});
