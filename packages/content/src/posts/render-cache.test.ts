import { describe, expect, it } from 'vitest';
import { defaultRenderer } from './render.js';
import { RENDER_CACHE_MAX_TEXT, siteRenderer } from './render-cache.js';

const CLASSIC = 'He said "hello" -- and left...\n\nA second paragraph.';
const BLOCKS = '<!-- wp:paragraph -->\n<p>One "quote"</p>\n<!-- /wp:paragraph -->';

describe('the site render step', () => {
  it('answers what the default render step answers, again and again', () => {
    const render = siteRenderer();
    for (let i = 0; i < 3; i++) {
      expect(render.title('A "title"')).toBe(defaultRenderer.title('A "title"'));
      expect(render.content(CLASSIC)).toBe(defaultRenderer.content(CLASSIC));
      expect(render.content(BLOCKS)).toBe(defaultRenderer.content(BLOCKS));
      expect(render.excerpt('', CLASSIC)).toBe(defaultRenderer.excerpt('', CLASSIC));
      expect(render.excerpt('Own "words"', CLASSIC)).toBe(defaultRenderer.excerpt('Own "words"', CLASSIC));
      expect(render.excerpt('Own "words"', BLOCKS)).toBe(defaultRenderer.excerpt('Own "words"', BLOCKS));
      expect(render.excerpt('', BLOCKS)).toBe(defaultRenderer.excerpt('', BLOCKS));
    }
  });

  it('renders an edited text anew', () => {
    const render = siteRenderer();
    expect(render.content('First')).toBe('<p>First</p>\n');
    expect(render.content('Second')).toBe('<p>Second</p>\n');
    expect(render.content('First')).toBe('<p>First</p>\n');
  });

  it('runs the parts a site replaces on every read', () => {
    let calls = 0;
    const render = siteRenderer({
      content: (text) => {
        calls++;
        return text.toUpperCase();
      },
    });
    expect(render.content('abc')).toBe('ABC');
    expect(render.content('abc')).toBe('ABC');
    expect(calls).toBe(2);
    expect(render.title('"t"')).toBe(defaultRenderer.title('"t"'));
  });

  it('keeps answering right when its budget is spent, and for texts too long to keep', () => {
    const render = siteRenderer({}, { budget: 40 });
    const texts = Array.from({ length: 20 }, (_, i) => `Paragraph ${i}`);
    for (const text of [...texts, ...texts]) expect(render.content(text)).toBe(`<p>${text}</p>\n`);
    const long = 'word '.repeat(RENDER_CACHE_MAX_TEXT / 5 + 1);
    expect(render.content(long)).toBe(defaultRenderer.content(long));
  });
});
