/**
 * Every place the example site writes HTML escapes what it did not render itself, over real
 * HTTP: hostile plain-text values stored by an administrator (who has `unfiltered_html`, so
 * nothing is filtered on write) — the site title, post, book and book-author titles, genre
 * names, the administrator's display name and a `javascript:` address — are looked for in the
 * front page, a post's page, the 404 page, the oEmbed `html` and the browsable view, each
 * parsed as a browser parses it (`parse5`): no `<script>`, no `on…` attribute, no
 * `javascript:` URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveHtml } from '../../../packages/content/test/live-html.js';
import { ADMIN_BASIC, type RunningSite, restUrl, sendAsAdmin, startSite } from './start-site.js';

const SCRIPT = '<script>alert(1)</script>';
const BREAKOUT = '"><img src=x onerror=alert(1)>';
const TITLE_BREAKOUT = '</title><script>alert(1)</script>';

let running: RunningSite;
const send = (path: string, body: unknown) => sendAsAdmin(running, path, body);
const page = async (url: string, headers: Record<string, string> = {}) => {
  const res = await fetch(url, { headers });
  return { status: res.status, type: res.headers.get('content-type') ?? '', html: await res.text() };
};

beforeAll(async () => {
  running = await startSite({ CMS_SAMPLE_CONTENT: '0' });
  await send('/settings', { title: SCRIPT, description: BREAKOUT });
  await send('/users/me', { name: SCRIPT, url: 'javascript:alert(1)' });
});
afterAll(async () => {
  await running?.stop();
});

describe('escaping on the example site', () => {
  let post: { id: number; link: string };

  beforeAll(async () => {
    post = await send('/posts', { title: TITLE_BREAKOUT, content: '<p>Plain words.</p>', status: 'publish' });
    await send('/posts', { title: BREAKOUT, content: '<p>More words.</p>', status: 'publish' });
    const genre = await send('/genres', { name: SCRIPT });
    const lessThan = await send('/genres', { name: 'a < b' });
    const author = await send('/book-authors', { title: BREAKOUT, status: 'publish' });
    await send('/books', { title: SCRIPT, status: 'publish', genres: [genre.id, lessThan.id], author: String(author.id) });
  });

  it('writes no live script, handler or javascript: URL on the front page', async () => {
    const front = await page(`${running.url}/`);
    expect(front.status).toBe(200);
    expect(liveHtml(front.html)).toEqual([]);
    // The values are there, as text: a title's tags stripped, a name's `<` escaped.
    expect(front.html).toContain('>alert(1)</a>');
    expect(front.html).toContain('a &lt; b');
  });

  it("writes a post's page with its title as text, in the <title> and the heading", async () => {
    const single = await page(post.link);
    expect(single.status).toBe(200);
    expect(liveHtml(single.html)).toEqual([]);
    expect(single.html).toContain('<title>alert(1)</title>');
    expect(single.html).toContain('<h1>alert(1)</h1>');
    expect(single.html).toContain('<p>Plain words.</p>');
  });

  it('writes the 404 page with nothing of the address asked for', async () => {
    const missing = await page(`${running.url}/%3Cscript%3Ealert(1)%3C%2Fscript%3E/`);
    expect(missing.status).toBe(404);
    expect(liveHtml(missing.html)).toEqual([]);
  });

  it('gives the oEmbed html no live markup and the escaped site title as provider_name', async () => {
    const res = await fetch(`${running.url}/cms-json/oembed/1.0/embed?url=${encodeURIComponent(post.link)}`);
    const embed = (await res.json()) as { html: string; provider_name: string; author_name: string };
    expect(liveHtml(embed.html, { fragment: true })).toEqual([]);
    expect(embed.provider_name).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(liveHtml(`<p>${embed.provider_name}</p>`, { fragment: true })).toEqual([]);
  });

  it('writes the browsable view of hostile records and the signed-in user with no live markup', async () => {
    for (const path of ['/posts', '/genres', '/books?_embed=1', '/users/me?context=edit', '/']) {
      const view = await page(path === '/' ? `${running.url}/cms-json/` : restUrl(running, path), {
        accept: 'text/html',
        authorization: ADMIN_BASIC,
      });
      expect(view.type, path).toContain('text/html');
      expect(
        liveHtml(view.html).filter((found) => found.element !== 'script' || found.what !== 'element'),
        path,
      ).toEqual([]);
      // The one script is the view's own, at the end of the body.
      expect(view.html.match(/<script>/g)?.length, path).toBe(1);
    }
  });
});
