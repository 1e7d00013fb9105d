/**
 * How `/oembed/1.0/proxy` reaches other sites: an injectable fetcher (tests give a fake; no
 * request ever leaves the machine unless the site allows it), the default one over the site's
 * {@link guardedFetch} (public addresses only, each redirect checked, bounded in time and
 * size), and oEmbed discovery (the page's `<link rel="alternate" type="application/json+oembed">`).
 *
 * @module
 */
import { type FetchedPage, type GuardedFetchOptions, guardedFetch } from '../net/guarded-fetch.js';

export type { FetchedPage } from '../net/guarded-fetch.js';

/**
 * Fetches a URL for the proxy; rejects (with a reason in its message) when the site cannot
 * reach it.
 *
 * @example
 * const fetcher: OembedFetcher = async (url) => ({ status: 200, contentType: 'text/html', body: '<html>…' });
 */
export type OembedFetcher = (url: string) => Promise<FetchedPage>;

/**
 * Options of {@link defaultOembedFetcher}: those of {@link guardedFetch} (`timeoutMs`, `maxBytes`,
 * `maxRedirects`, `lookup`, and `allowHosts` for tests only).
 */
export interface DefaultFetcherOptions extends Omit<GuardedFetchOptions, 'headers'> {}

/**
 * The default fetcher: {@link guardedFetch}, so only `http:` and `https:` URLs whose host
 * resolves to public addresses only, redirects checked hop by hop (at most 5), 5 seconds and
 * 150 KB at most.
 *
 * @example
 * contentPlugin({ auth, oembedFetch: defaultOembedFetcher({ timeoutMs: 3000 }) });
 */
export function defaultOembedFetcher(options: DefaultFetcherOptions = {}): OembedFetcher {
  return (url) => guardedFetch(url, options);
}

/** The value of an attribute in a tag's text. */
function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match === null ? undefined : (match[2] ?? match[3] ?? match[4]);
}

function decodeAttribute(value: string): string {
  return value
    .replace(/&amp;/g, '&')
    .replace(/&#0?38;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'");
}

/**
 * The JSON oEmbed endpoint a page names in its head, or `undefined`.
 *
 * @example
 * discoverOembedEndpoint('<link rel="alternate" type="application/json+oembed" href="https://example.com/oembed?url=x">', 'https://example.com/'); // 'https://example.com/oembed?url=x'
 */
export function discoverOembedEndpoint(html: string, pageUrl: string): string | undefined {
  for (const tag of html.match(/<link\s[^>]*>/gi) ?? []) {
    const rel = attribute(tag, 'rel')?.toLowerCase().split(/\s+/) ?? [];
    const type = attribute(tag, 'type')?.toLowerCase();
    const href = attribute(tag, 'href');
    if (rel.includes('alternate') && type === 'application/json+oembed' && href !== undefined) {
      try {
        return new URL(decodeAttribute(href), pageUrl).toString();
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
