import type { RestServer } from '@cms-json/core';
import { openapi } from '@cms-json/openapi';
import { apiViewer } from '@cms-json/openapi/viewer';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDemoServer } from '../test/fixture.js';
import { browsable } from './browsable.js';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

async function page(server: RestServer, url: string, headers: Record<string, string> = {}) {
  const res = await server.handle({ method: 'GET', url, headers: { accept: BROWSER, ...headers } });
  if (res === null) throw new Error('not answered');
  return { status: res.status, headers: res.headers, html: String(res.body) };
}

describe('the browsable API', () => {
  const { server } = createDemoServer({ site: { name: 'Demo' } });
  beforeAll(async () => {
    await server.use(openapi());
    await server.use(browsable());
  });

  it('answers a browser with an HTML page of the response, links clickable, status and headers shown', async () => {
    const res = await page(server, '/cms-json/demo/v1/notes/3');
    expect(res.status).toBe(200);
    expect(res.headers['Content-Type']).toBe('text/html; charset=UTF-8');
    expect(res.headers.Allow).toBe('GET');
    expect(res.headers.Vary).toBe('Accept');
    expect(res.html).toContain('<h1 tabindex="-1"><span class="method">GET</span><code>/demo/v1/notes/3</code></h1>');
    expect(res.html).toContain('HTTP 200 OK · Allow: <span id="allow">GET</span>');
    expect(res.html).toContain('<a href="http://example.test/cms-json/demo/v1/notes/3">');
    expect(res.html).toContain('<a href="http://example.test/cms-json/demo/v1/people/1">');
    expect(res.html).toContain('<th>X-Content-Type-Options</th>');
    expect(res.html).toContain('<a href="http://example.test/cms-json/openapi.json" type="application/json">OpenAPI</a>');
  });

  it('puts the forms beside the answer in a layout of its own, and the sign-in form says which passwords it takes', async () => {
    const editor = await page(server, '/cms-json/demo/v1/notes', { 'x-test-user': 'editor' });
    expect(editor.html).toContain('<div class="layout with-forms"><div id="answer">');
    expect(editor.html).toContain('<section id="forms" aria-labelledby="forms-heading"><h2 id="forms-heading">Send</h2>');
    expect(editor.html).toMatch(/@media \(min-width:64em\)\{\.layout\.with-forms\{grid-template-columns:/);
    const anonymous = await page(server, '/cms-json/demo/v1/notes');
    expect(anonymous.html).toContain('<div class="layout"><div id="answer">');
  });

  it('folds a long list after the first three records', async () => {
    const res = await page(server, '/cms-json/demo/v1/notes?per_page=10&order=asc');
    expect(res.html.match(/<details class="fold"><summary> {2}\{/g)).toHaveLength(7);
    expect(res.html.match(/<details class="fold"><summary> {4}<span class="k">&quot;_links&quot;<\/span>/g)).toHaveLength(10);
    expect(res.html).toContain('{<span class="hint"> &quot;id&quot;: 4, &quot;title&quot;: &quot;Note 4&quot; … },</span>');
  });

  it('never puts the nonce in a link or the address bar: its script sends it as a header', async () => {
    const res = await page(server, '/cms-json/demo/v1/notes/1');
    expect(res.html).not.toContain('searchParams.set(');
    expect(res.html).toContain('[data().nonceHeader]: nonce');
    expect(res.html).toContain('history.replaceState');
    expect(res.html).toContain('!ownOrigin(link.href)');
  });

  it('pages with the Link header and shows the totals', async () => {
    const res = await page(server, '/cms-json/demo/v1/notes?per_page=10&page=2');
    expect(res.html).toContain('<a rel="prev" href="http://example.test/cms-json/demo/v1/notes?per_page=10&amp;page=1">');
    expect(res.html).toContain('<a rel="next" href="http://example.test/cms-json/demo/v1/notes?per_page=10&amp;page=3">');
    expect(res.html).toContain('Page 2 of 3 (25 in all)');
  });

  it('offers forms only for the methods Allow grants the caller', async () => {
    const anonymous = await page(server, '/cms-json/demo/v1/notes');
    expect(anonymous.html).not.toContain('<form class="endpoint"');
    const editor = await page(server, '/cms-json/demo/v1/notes', { 'x-test-user': 'editor' });
    expect(editor.headers.Allow).toBe('GET, POST');
    expect(editor.html).toContain('data-method="POST" data-url="http://example.test/cms-json/demo/v1/notes"');
    expect(editor.html).toMatch(/<span>title \*<\/span><input type="text" name="title" data-type="string" required>/);
    const item = await page(server, '/cms-json/demo/v1/notes/2', { 'x-test-user': 'editor' });
    expect(item.html).toContain('<h3>Update <code>POST, PUT, PATCH</code></h3>');
    expect(item.html).toContain('<h3>Delete <code>DELETE</code></h3>');
    expect(item.html).toContain('data-up="http://example.test/cms-json/demo/v1/notes"');
  });

  it('shows errors as pages with their status, and escapes what it shows', async () => {
    const res = await page(server, '/cms-json/demo/v1/notes?search=%3Cscript%3E&per_page=abc');
    expect(res.status).toBe(400);
    expect(res.html).toContain('HTTP 400 Bad Request');
    expect(res.html).toContain('rest_invalid_param');
    expect(res.html).not.toContain('<script>alert');
    expect(res.html).toContain('search=%3Cscript%3E');
  });

  it('shows a query that cannot be percent-encoded again (a lone surrogate) without failing', async () => {
    const res = await page(server, '/cms-json/demo/v1/notes/1?x=\uD800');
    expect(res.status).toBe(200);
    expect(res.html).toContain('<code>/demo/v1/notes/1</code>');
  });

  it('leaves JSON to clients that do not put text/html first, and to _jsonp and _envelope', async () => {
    for (const [url, accept] of [
      ['/cms-json/demo/v1/notes/1', 'application/json'],
      ['/cms-json/demo/v1/notes/1', '*/*'],
      ['/cms-json/demo/v1/notes/1?_envelope', BROWSER],
      ['/cms-json/demo/v1/notes/1?_jsonp=cb', BROWSER],
    ] as const) {
      const res = await server.handle({ method: 'GET', url, headers: { accept } });
      expect(String(res?.body)).not.toContain('<!doctype html>');
    }
  });

  it('is off without the plugin', async () => {
    const { server: plain } = createDemoServer();
    const res = await plain.handle({ method: 'GET', url: '/cms-json/demo/v1/notes/1', headers: { accept: BROWSER } });
    expect(res?.headers['Content-Type']).toBe('application/json; charset=UTF-8');
    expect(JSON.parse(String(res?.body)).id).toBe(1);
  });

  it('links the OpenAPI viewer a plugin serves', async () => {
    const { server: viewed } = createDemoServer();
    await viewed.use(browsable({ viewerUrl: '/cms-json-viewer/' }));
    const res = await page(viewed, '/cms-json/');
    // A path is a site page's: linked under the site URL (the fixture's siteUrl).
    expect(res.html).toContain('<a href="http://example.test/cms-json-viewer/">API reference</a>');
  });

  it('links the viewer of @cms-json/openapi/viewer, which serves its page there, and the document only with openapi()', async () => {
    const { server: viewed } = createDemoServer();
    await viewed.use(apiViewer());
    await viewed.use(browsable({ viewerUrl: '/cms-json-viewer/' }));
    const res = await page(viewed, '/cms-json/');
    expect(res.html).toContain('>API reference</a>');
    expect(res.html).not.toContain('>OpenAPI</a>');
    const viewer = await viewed.handle({ method: 'GET', url: '/cms-json-viewer/', headers: {} });
    expect(viewer?.status).toBe(200);
  });
});
