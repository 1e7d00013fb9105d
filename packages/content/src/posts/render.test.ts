import { describe, expect, it } from 'vitest';
import { defaultRenderer, hasBlocks } from './render.js';

describe('the default render step', () => {
  it('gives classic content paragraphs as wpautop does', () => {
    expect(defaultRenderer.content('Hello\n\nWorld')).toBe('<p>Hello</p>\n<p>World</p>\n');
    expect(defaultRenderer.content('')).toBe('');
  });

  it('removes block delimiters and keeps block markup as written', () => {
    const stored = '<!-- wp:paragraph -->\n<p>One</p>\n<!-- /wp:paragraph -->';
    expect(hasBlocks(stored)).toBe(true);
    expect(defaultRenderer.content(stored)).toBe('\n<p>One</p>\n');
  });

  it('makes an empty excerpt from the first 55 words of the content', () => {
    const words = Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ');
    expect(defaultRenderer.excerpt('', `<strong>${words}</strong>`)).toBe(
      `<p>${words.split(' ').slice(0, 55).join(' ')} [&hellip;]</p>\n`,
    );
    expect(defaultRenderer.excerpt('', 'Short <em>one</em>.')).toBe('<p>Short one.</p>\n');
    expect(defaultRenderer.excerpt('Own words', 'ignored')).toBe('<p>Own words</p>\n');
  });
});
