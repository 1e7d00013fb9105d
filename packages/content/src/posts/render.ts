/**
 * The render step: how stored text becomes the `rendered` HTML of a record. The default does
 * what WordPress's filters do: WordPress's typography ({@link texturize}) on every part; block
 * content loses its block delimiters, classic content gets paragraphs from `@wordpress/autop`
 * (WordPress's own `wpautop`); an empty excerpt is made from the content's first 55 words. A
 * site replaces any part with `contentPlugin({ render })`.
 *
 * @module
 */
import { autop } from '@wordpress/autop';
import { texturize } from './texturize.js';

/**
 * Turns stored text into the HTML of `rendered`.
 *
 * @example
 * const render: Renderer = { ...defaultRenderer, title: (text) => text.toUpperCase() };
 */
export interface Renderer {
  title(text: string): string;
  content(text: string): string;
  /** The excerpt: its own text, or made from the content when empty. */
  excerpt(text: string, content: string): string;
}

const BLOCK_DELIMITER = /<!--\s+\/?wp:[^>]*?-->/g;
const EXCERPT_WORDS = 55;

/** Whether stored content is block markup (it has block delimiters). */
export function hasBlocks(text: string): boolean {
  return /<!--\s+wp:/.test(text);
}

function stripTags(html: string): string {
  return html
    .replace(/<(script|style)[^>]*?>[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The default render step: block delimiters removed, `wpautop` for classic content, and
 * WordPress's generated excerpt (55 words, `[&hellip;]` when cut).
 *
 * @example
 * defaultRenderer.content('Hello\n\nWorld'); // '<p>Hello</p>\n<p>World</p>\n'
 */
export const defaultRenderer: Renderer = {
  title: (text) => texturize(text).trim(),
  content(text) {
    if (text === '') return '';
    return hasBlocks(text) ? texturize(text.replace(BLOCK_DELIMITER, '')) : autop(texturize(text));
  },
  excerpt(text, content) {
    if (text !== '') return autop(texturize(text));
    // As wp_trim_excerpt: blocks rendered, then the content filters (typography, and wpautop
    // putting line breaks between block-level elements so list items stay separate words),
    // then tags stripped and the first 55 words kept.
    const words = stripTags(autop(texturize(content.replace(BLOCK_DELIMITER, ''))))
      .split(' ')
      .filter((word) => word !== '');
    if (words.length === 0) return '';
    const cut = words.length > EXCERPT_WORDS;
    return autop(`${words.slice(0, EXCERPT_WORDS).join(' ')}${cut ? ' [&hellip;]' : ''}`);
  },
};
