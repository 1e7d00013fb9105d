/**
 * The oEmbed discovery links of the example site over real HTTP: each published record's page
 * at its permalink carries them (as WordPress's `wp_oembed_add_discovery_links` on singular
 * pages), they lead to the site's own `/oembed/1.0/embed`, and the front page carries those
 * of its content (a static front page's page; else the newest post).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSite, sendAsAdmin, startSite } from './start-site.js';

let running: RunningSite;
const send = (path: string, body: unknown) => sendAsAdmin(running, path, body);
/** The `href`s of a page's oEmbed discovery links, by type, entities decoded. */
const discovery = (html: string) => {
  const found: Record<string, string> = {};
  for (const match of html.matchAll(/<link rel="alternate" type="([^"]+\+oembed)" href="([^"]+)" \/>/g)) {
    found[match[1] ?? ''] = (match[2] ?? '').replace(/&#038;/g, '&');
  }
  return found;
};
const embedUrl = (permalink: string) => `${running.url}/cms-json/oembed/1.0/embed?url=${encodeURIComponent(permalink)}`;

beforeAll(async () => {
  running = await startSite({ CMS_SAMPLE_CONTENT: '0' });
});
afterAll(async () => {
  await running?.stop();
});

describe('oEmbed discovery links on the example site', () => {
  it("serves a published post's page at its permalink with the JSON and XML discovery links", async () => {
    // Dated before the others, so the newest post of the last test is the newest whatever the clock.
    const post = await send('/posts', {
      title: 'Harbour notes',
      content: '<p>Boats at dawn.</p>',
      status: 'publish',
      date: '2020-01-01T09:00:00',
    });
    expect(post.link).toBe(`${running.url}/harbour-notes/`);
    const res = await fetch(post.link);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('<h1>Harbour notes</h1>');
    expect(html).toContain('<p>Boats at dawn.</p>');
    expect(discovery(html)).toEqual({
      'application/json+oembed': embedUrl(post.link),
      'text/xml+oembed': `${embedUrl(post.link)}&format=xml`,
    });
    // The links lead to the post's oEmbed data.
    const embed = await fetch(discovery(html)['application/json+oembed'] ?? '');
    expect(embed.status).toBe(200);
    expect(await embed.json()).toMatchObject({ type: 'rich', title: 'Harbour notes' });
    const xml = await fetch(discovery(html)['text/xml+oembed'] ?? '');
    expect([xml.status, (await xml.text()).includes('<title>Harbour notes</title>')]).toEqual([200, true]);
  });

  it("serves a child page's page at its nested permalink, and a custom type's", async () => {
    const parent = await send('/pages', { title: 'About', status: 'publish' });
    const child = await send('/pages', { title: 'Team', status: 'publish', parent: parent.id });
    expect(child.link).toBe(`${running.url}/about/team/`);
    const html = await (await fetch(child.link)).text();
    expect(discovery(html)['application/json+oembed']).toBe(embedUrl(child.link));
    const book = await send('/books', { title: 'Dune', status: 'publish' });
    const bookPage = await fetch(book.link);
    expect(bookPage.status).toBe(200);
    expect(discovery(await bookPage.text())['application/json+oembed']).toBe(embedUrl(book.link));
  });

  it('answers 404 without links for drafts, unknown addresses and a wrong parent', async () => {
    await send('/posts', { title: 'Secret draft', slug: 'secret-draft', status: 'draft' });
    for (const path of ['/secret-draft/', '/no-such-post/', '/wrong-parent/team/']) {
      const res = await fetch(`${running.url}${path}`);
      expect(res.status).toBe(404);
      expect(discovery(await res.text())).toEqual({});
    }
  });

  it('leaves the other site paths alone: the RSD document and /out/ links', async () => {
    expect((await fetch(`${running.url}/xmlrpc.php?rsd`)).status).toBe(200);
    expect((await fetch(`${running.url}/out/zod`, { redirect: 'manual' })).status).toBe(302);
  });

  it("carries the newest post's links on a front page of posts, and the front page's on a static one", async () => {
    const newest = await send('/posts', { title: 'Newest of all', status: 'publish' });
    const front = await (await fetch(`${running.url}/`)).text();
    expect(front).toContain('<link rel="https://api.cms-json.org/"');
    expect(discovery(front)['application/json+oembed']).toBe(embedUrl(newest.link));
    const home = await send('/pages', { title: 'Welcome', status: 'publish' });
    await send('/settings', { show_on_front: 'page', page_on_front: home.id });
    const staticFront = await (await fetch(`${running.url}/`)).text();
    expect(discovery(staticFront)).toEqual({
      'application/json+oembed': embedUrl(home.link),
      'text/xml+oembed': `${embedUrl(home.link)}&format=xml`,
    });
  });
});
