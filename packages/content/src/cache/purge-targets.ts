/**
 * Where purges go: Varnish servers (an HTTP request carrying the keys in a header, which the
 * shipped VCL, `docs/varnish.vcl`, hands to the `xkey` vmod), and a webhook, the site owner's
 * function, for a CDN (Fastly's and Cloudflare's purge-by-tag APIs).
 *
 * @module
 */
import type { CacheKey } from './keys.js';
import type { PurgeTarget } from './purger.js';

/** Options of {@link varnishPurgeTarget}. */
export interface VarnishPurgeOptions {
  /** The address of each Varnish (`http://127.0.0.1:6081`): every one gets every purge. */
  urls: readonly string[];
  /** The request's method; default `PURGE` (the shipped VCL's). */
  method?: string | undefined;
  /** The header naming the keys, separated by spaces; default `xkey-purge` (the shipped VCL's). */
  header?: string | undefined;
  /** The longest header value sent; more keys go in several requests; default 4,000 bytes (Varnish takes 8 KiB by default). */
  maxHeaderBytes?: number | undefined;
  /** How long one request may take; default 5,000 ms. */
  timeoutMs?: number | undefined;
  /** The `fetch` to use; default the global one. */
  fetch?: typeof fetch | undefined;
}

/**
 * Purges keys from Varnish servers over HTTP: `PURGE /` with `xkey-purge: post-12 posts-post`
 * to each, split into several requests when the keys are many. An answer other than 2xx, an
 * unreachable server or a timeout rejects (the purger retries).
 *
 * @throws Error for a URL that is not `http:`/`https:`, a bad method, header or size.
 * @example
 * const purger = createPurger({ targets: [varnishPurgeTarget({ urls: ['http://127.0.0.1:6081'] })] });
 */
export function varnishPurgeTarget(options: VarnishPurgeOptions): PurgeTarget {
  const urls = options.urls.map((text) => {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new Error(`varnishPurgeTarget: "${text}" is not a URL (e.g. http://127.0.0.1:6081).`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new Error(`varnishPurgeTarget: "${text}" must be an http: or https: URL.`);
    return url.href;
  });
  if (urls.length === 0) throw new Error('varnishPurgeTarget: give at least one URL.');
  const method = options.method ?? 'PURGE';
  const header = options.header ?? 'xkey-purge';
  if (!/^[A-Za-z]+$/.test(method)) throw new Error(`varnishPurgeTarget: "${method}" is not an HTTP method.`);
  if (!/^[A-Za-z0-9-]+$/.test(header)) throw new Error(`varnishPurgeTarget: "${header}" is not a header name.`);
  const maxHeaderBytes = options.maxHeaderBytes ?? 4000;
  if (!Number.isSafeInteger(maxHeaderBytes) || maxHeaderBytes < 100)
    throw new Error(`varnishPurgeTarget: maxHeaderBytes must be a whole number of at least 100, not ${maxHeaderBytes}.`);
  const timeoutMs = options.timeoutMs ?? 5000;
  const fetcher = options.fetch ?? fetch;
  return {
    name: `varnish ${urls.join(', ')}`,
    async send(keys) {
      const chunks = keyChunks(keys, maxHeaderBytes);
      await Promise.all(
        urls.flatMap((url) =>
          chunks.map(async (chunk) => {
            const response = await fetcher(url, { method, headers: { [header]: chunk }, signal: AbortSignal.timeout(timeoutMs) });
            // The body is a short synthetic page: read it so that the connection is free again.
            await response.arrayBuffer();
            if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}`);
          }),
        ),
      );
    },
  };
}

/**
 * The keys as header values of at most `maxBytes` bytes each, separated by spaces; a key that
 * is not a token (empty, with a space or a control character) is left out.
 *
 * @example
 * keyChunks(['post-1', 'post-2'], 100); // ['post-1 post-2']
 */
export function keyChunks(keys: readonly CacheKey[], maxBytes: number): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const key of keys) {
    if (!/^[\x21-\x7e]+$/.test(key) || key.length > maxBytes) continue;
    if (current === '') current = key;
    else if (current.length + 1 + key.length <= maxBytes) current += ` ${key}`;
    else {
      chunks.push(current);
      current = key;
    }
  }
  if (current !== '') chunks.push(current);
  return chunks;
}

/**
 * Purges keys through a function of the site owner's: a CDN's purge-by-tag API (Fastly's
 * `Surrogate-Key` purge, Cloudflare's cache tags). It rejects to be retried.
 *
 * @example
 * webhookPurgeTarget(async (keys) => {
 *   const response = await fetch(`https://api.fastly.com/service/${id}/purge`, {
 *     method: 'POST', headers: { 'Fastly-Key': token, 'Surrogate-Key': keys.join(' ') },
 *   });
 *   if (!response.ok) throw new Error(`Fastly answered ${response.status}`);
 * });
 */
export function webhookPurgeTarget(
  send: (keys: readonly CacheKey[]) => Promise<void>,
  options: { name?: string } = {},
): PurgeTarget {
  return { name: options.name ?? 'webhook', send: (keys) => send(keys) };
}
