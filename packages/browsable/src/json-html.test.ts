import { describe, expect, it } from 'vitest';
import { jsonToHtml } from './json-html.js';

describe('jsonToHtml', () => {
  it('makes absolute http(s) URLs links and leaves other strings text', () => {
    const html = jsonToHtml({ a: 'https://example.com/x?y=1&z=2', b: 'javascript:alert(1)', c: 'mailto:x@y' });
    expect(html).toContain('<a href="https://example.com/x?y=1&amp;z=2">');
    expect(html).not.toContain('href="javascript');
    expect(html).not.toContain('href="mailto');
  });

  it('escapes markup in keys and values', () => {
    const html = jsonToHtml({ '<b>': '<img src=x onerror=alert(1)>' });
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('indents as _pretty does', () => {
    expect(jsonToHtml([1, null, true])).toBe(
      '[\n  <span class="n">1</span>,\n  <span class="z">null</span>,\n  <span class="n">true</span>\n]',
    );
  });
});

describe('jsonToHtml folding', () => {
  const records = (count: number) =>
    Array.from({ length: count }, (_, i) => ({ id: i + 1, title: { rendered: `Post <${i + 1}>` }, status: 'publish' }));

  it('shows the first three records of a long list open and folds each of the others with a preview', () => {
    const html = jsonToHtml(records(10));
    expect(html.match(/<details class="fold">/g)).toHaveLength(7);
    expect(html).toContain(
      '<details class="fold"><summary>  {<span class="hint"> &quot;id&quot;: 4, &quot;title&quot;: &quot;Post &lt;4&gt;&quot; … },</span></summary>',
    );
    expect(html.indexOf('<details')).toBeGreaterThan(html.indexOf('"Post &lt;3&gt;"'));
    expect(html).not.toContain('<span class="hint"> &quot;id&quot;: 3');
  });

  it('keeps the folded text the same JSON lines, with no empty line around a fold', () => {
    const html = jsonToHtml(records(5));
    const text = html
      .replace(/<span class="hint">.*?<\/span><\/summary>/g, '\n')
      .replace(/<[^>]+>/g, '')
      .replaceAll('&quot;', '"')
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>');
    expect(JSON.parse(text)).toEqual(records(5));
    expect(html).not.toMatch(/\n<details|<\/details>\n/);
  });

  it('leaves a short list open', () => {
    expect(jsonToHtml(records(4))).not.toContain('<details');
  });

  it("folds the _links of a list's records, never those of a single record", () => {
    const linked = {
      id: 1,
      _links: { self: [{ href: 'https://example.com/1' }], collection: [{ href: 'https://example.com/' }] },
    };
    expect(jsonToHtml([linked, linked])).toContain(
      '<details class="fold"><summary>    <span class="k">&quot;_links&quot;</span>: {<span class="hint"> self, collection … }</span></summary>',
    );
    expect(jsonToHtml(linked)).not.toContain('<details');
  });

  it('folds every _embedded part, listing what it holds', () => {
    const html = jsonToHtml({ id: 1, _embedded: { author: [{ id: 1, name: 'Ada' }], 'wp:term': [[]] } });
    expect(html).toContain(
      '<details class="fold"><summary>  <span class="k">&quot;_embedded&quot;</span>: {<span class="hint"> author, wp:term … }</span></summary>',
    );
    expect(html).toMatch(/ {2}}<\/details>}$/);
  });

  it("folds the endpoints of each of an index's routes, leaving its methods and links in view", () => {
    const route = {
      namespace: 'x',
      methods: ['GET'],
      endpoints: [{ methods: ['GET'], args: {} }],
      _links: { self: [{ href: 'https://example.com/x' }] },
    };
    const html = jsonToHtml({ name: 'Site', routes: { '/x': route, '/y': route } });
    expect(html).toContain(
      '<details class="fold"><summary>      <span class="k">&quot;endpoints&quot;</span>: [<span class="hint"> … 1 item ],</span></summary>',
    );
    expect(html.match(/<details/g)).toHaveLength(2);
    expect(html).toContain('<a href="https://example.com/x">');
    expect(html.lastIndexOf('<a href="https://example.com/x">')).toBeGreaterThan(html.lastIndexOf('</details>'));
    expect(jsonToHtml({ a: { routes: { '/x': route } } })).not.toContain('<details');
  });
});
