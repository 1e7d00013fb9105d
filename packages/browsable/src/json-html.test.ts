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
