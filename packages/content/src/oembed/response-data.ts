/**
 * The oEmbed data of a local record, as WordPress 6.1's `get_oembed_response_data` with its
 * default `get_oembed_response_data_rich` filter: the site as provider, the author, the
 * title, and a `rich` embed (a blockquote and a sandboxed iframe) of the width asked for,
 * kept between 200 and 600 pixels, 16:9 and at least 200 high. Stricter than the original,
 * which writes the rendered title into the `html` as it is: there it is text (tags stripped,
 * the rest escaped, entities kept), since the `html` is written into other sites' pages.
 *
 * @module
 */

import { escHtml, phpStripTags } from '../settings/sanitize-option.js';

/**
 * What the data is made of.
 *
 * @example
 * const source: EmbedSource = { title: 'Hello world', permalink: 'https://example.com/hello-world/', prettyPermalinks: true, siteName: 'My site', siteUrl: 'https://example.com', author: { name: 'Jane', url: 'https://example.com/author/jane/' } };
 */
export interface EmbedSource {
  /** The record's title as `get_the_title` shows it (rendered; "Protected: " for a protected one). */
  readonly title: string;
  readonly permalink: string;
  /** Whether the site uses pretty permalinks: the embed page is `<permalink>embed/`, else `&embed=true`. */
  readonly prettyPermalinks: boolean;
  /** The site's title and address (`provider_name`, `provider_url`). */
  readonly siteName: string;
  readonly siteUrl: string;
  /** The record's author (display name, author page), when the record has one. */
  readonly author: { readonly name: string; readonly url: string } | undefined;
}

/**
 * The oEmbed data, in the original's member order (`version`, `provider_name`, `provider_url`,
 * `author_name`, `author_url`, `title`, `type`, `width`, `height`, `html`).
 *
 * @example
 * const data: OembedData = oembedData(source, 600, () => 'Ab3dEf7hIj');
 */
export interface OembedData {
  version: '1.0';
  provider_name: string;
  provider_url: string;
  author_name: string;
  author_url: string;
  title: string;
  type: 'rich';
  width: number;
  height: number;
  html: string;
}

/** The default width of an embed (`oembed_default_width`). */
export const DEFAULT_EMBED_WIDTH = 600;

/**
 * PHP's `absint` of a parameter: the integer at the start of the value, made positive; 0 for
 * what is not a number.
 *
 * @example
 * absint('300px'); // 300
 * absint(-20); // 20
 */
export function absint(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.abs(Math.trunc(value)) : 0;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value !== 'string') return 0;
  const match = /^\s*[+-]?\d+/.exec(value);
  return match === null ? 0 : Math.min(Math.abs(Number.parseInt(match[0], 10)), Number.MAX_SAFE_INTEGER);
}

/** WordPress's `esc_attr`/`esc_html`: `&` (not of an entity), `<`, `>`, `"` and `'` as entities. */
export function escapeAttribute(text: string): string {
  return text
    .replace(/&(?!(?:#\d+|#x[\da-f]+|[a-z][a-z\d]*);)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');
}

/** Ten letters and digits, as `wp_generate_password( 10, false )`. */
export function embedSecret(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = new Uint8Array(10);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

/** The address of a record's embed page, as `get_post_embed_url`. */
export function embedUrl(permalink: string, pretty: boolean): string {
  if (pretty) return `${permalink.replace(/\/?$/, '/')}embed/`;
  return `${permalink}${permalink.includes('?') ? '&' : '?'}embed=true`;
}

/**
 * The oEmbed data of a record at a width (clamped to 200–600).
 *
 * @example
 * oembedData(source, 600).height; // 338
 */
export function oembedData(source: EmbedSource, maxWidth: number, secret: () => string = embedSecret): OembedData {
  const width = Math.min(Math.max(200, maxWidth), 600);
  const height = Math.max(Math.ceil((width / 16) * 9), 200);
  const code = secret();
  const permalink = escapeAttribute(source.permalink);
  const frameTitle = escapeAttribute(`&#8220;${source.title}&#8221; &#8212; ${source.siteName}`);
  const html =
    `<blockquote class="wp-embedded-content" data-secret="${code}"><a href="${permalink}">${escHtml(phpStripTags(source.title))}</a></blockquote>` +
    `<iframe sandbox="allow-scripts" security="restricted" src="${escapeAttribute(embedUrl(source.permalink, source.prettyPermalinks))}#?secret=${code}" ` +
    `width="${width}" height="${height}" title="${frameTitle}" data-secret="${code}" frameborder="0" marginwidth="0" marginheight="0" scrolling="no" class="wp-embedded-content"></iframe>`;
  return {
    version: '1.0',
    provider_name: source.siteName,
    provider_url: source.siteUrl,
    author_name: source.author?.name ?? source.siteName,
    author_url: source.author?.url ?? source.siteUrl,
    title: source.title,
    type: 'rich',
    width,
    height,
    html,
  };
}
