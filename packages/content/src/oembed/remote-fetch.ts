/**
 * How `/oembed/1.0/proxy` reaches other sites: an injectable fetcher (tests give a fake; no
 * request ever leaves the machine unless the site allows it), the default one over `fetch`
 * with a time limit, a size limit and, unless allowed, no private or loopback hosts, and
 * oEmbed discovery (the page's `<link rel="alternate" type="application/json+oembed">`).
 *
 * @module
 */

/** What a fetch answered: the status, the content type and the text (cut at the size limit). */
export interface FetchedPage {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

/**
 * Fetches a URL for the proxy; rejects (with a reason in its message) when the site cannot
 * reach it.
 *
 * @example
 * const fetcher: OembedFetcher = async (url) => ({ status: 200, contentType: 'text/html', body: '<html>…' });
 */
export type OembedFetcher = (url: string) => Promise<FetchedPage>;

/** Options of {@link defaultOembedFetcher}. */
export interface DefaultFetcherOptions {
  /** How long one request may take. @default 5000 */
  readonly timeoutMs?: number;
  /** The most bytes read of an answer (the original reads 150 KB). @default 153600 */
  readonly maxBytes?: number;
  /** Whether loopback and private addresses may be fetched (tests, intranets). @default false */
  readonly allowPrivateHosts?: boolean;
}

/** Whether a host name is a loopback, private or link-local address written out (or `localhost`). */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1' || host === '::' || host === '0.0.0.0') return true;
  if (/^(fc|fd|fe80)/.test(host) && host.includes(':')) return true;
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
  if (v4 === null) return false;
  const [a, b] = [Number(v4[1]), Number(v4[2])];
  return (
    a === 10 || a === 127 || a === 0 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)
  );
}

/**
 * The default fetcher: `fetch` with a time limit and a size limit; only `http:` and `https:`;
 * private and loopback hosts refused unless allowed (a host name that resolves to one is not
 * caught: put the site behind an egress proxy where that matters).
 *
 * @example
 * contentPlugin({ auth, oembed: { fetch: defaultOembedFetcher({ timeoutMs: 3000 }) } });
 */
export function defaultOembedFetcher(options: DefaultFetcherOptions = {}): OembedFetcher {
  const timeoutMs = options.timeoutMs ?? 5000;
  const maxBytes = options.maxBytes ?? 153_600;
  return async function fetchForOembed(url) {
    const target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error('only http and https addresses are fetched');
    if (options.allowPrivateHosts !== true && isPrivateHost(target.hostname)) {
      throw new Error('the address is private or loopback');
    }
    const response = await fetch(target, {
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'follow',
      headers: { accept: 'application/json, text/html;q=0.9, */*;q=0.5' },
    });
    const reader = response.body?.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    if (reader !== undefined) {
      for (let step = 0; step < 100_000 && size < maxBytes; step++) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        size += value.byteLength;
      }
      await reader.cancel().catch(() => undefined);
    }
    const bytes = new Uint8Array(Math.min(size, maxBytes));
    let at = 0;
    for (const chunk of chunks) {
      const part = chunk.subarray(0, Math.max(0, bytes.length - at));
      bytes.set(part, at);
      at += part.byteLength;
    }
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      body: new TextDecoder().decode(bytes),
    };
  };
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
