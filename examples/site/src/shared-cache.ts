/**
 * The example site behind a shared cache (Varnish with `docs/varnish.vcl`, or a CDN): its
 * settings from the environment, the server's `sharedCache` option (answers marked for
 * shared caches, with their surrogate keys) and the purger every write's keys go to.
 *
 * - `CMS_SHARED_CACHE=1`: cacheable answers carry `Cache-Control: public, max-age=0,
 *   s-maxage=…` and `xkey`/`Surrogate-Key` headers.
 * - `CACHE_PURGE_URLS=http://127.0.0.1:6081,…`: the Varnish servers every write purges
 *   (it turns the shared cache on too).
 * - `CACHE_S_MAXAGE` (seconds, default 300) and `CACHE_STALE_WHILE_REVALIDATE` (default 30).
 * - `CACHE_PURGE_REPEAT_MS` (default 1000; 0: off): the second purge of each batch.
 *
 * @module
 */
import {
  type ContentStorage,
  createPurger,
  type Purger,
  type PurgeTarget,
  purgingStorage,
  varnishPurgeTarget,
} from '@cms-json/content';
import type { SharedCacheOptions } from '@cms-json/core';

/** The shared-cache settings of the site. */
export interface SharedCacheConfig {
  /** Whether answers are marked for shared caches (`CMS_SHARED_CACHE=1`, or purge URLs given). */
  enabled: boolean;
  /** `CACHE_PURGE_URLS`: the Varnish servers writes purge. */
  purgeUrls: string[];
  /** `CACHE_S_MAXAGE`: seconds a shared cache keeps an answer; the bound on staleness when purges are lost. */
  sMaxAge: number;
  /** `CACHE_STALE_WHILE_REVALIDATE`: seconds an expired answer may still be served while refetched. */
  staleWhileRevalidate: number;
  /** `CACHE_PURGE_REPEAT_MS`: the delay of the second purge (0: none). */
  purgeRepeatMs: number;
}

/**
 * Reads the shared-cache settings; throws a clear error for a bad value.
 *
 * @example
 * readSharedCacheConfig({ CACHE_PURGE_URLS: 'http://127.0.0.1:6081' }).enabled; // true
 */
export function readSharedCacheConfig(env: Readonly<Record<string, string | undefined>>): SharedCacheConfig {
  const flag = env.CMS_SHARED_CACHE ?? '';
  if (!['', '0', '1', 'true', 'false'].includes(flag)) throw new Error(`CMS_SHARED_CACHE must be 1 or 0, not "${flag}".`);
  const purgeUrls = (env.CACHE_PURGE_URLS ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '');
  for (const url of purgeUrls) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      parsed = undefined;
    }
    if (parsed === undefined || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
      throw new Error(`CACHE_PURGE_URLS must be http: URLs separated by commas (http://127.0.0.1:6081), not "${url}".`);
  }
  return {
    enabled: flag === '1' || flag === 'true' || purgeUrls.length > 0,
    purgeUrls,
    sMaxAge: whole(env, 'CACHE_S_MAXAGE', 300),
    staleWhileRevalidate: whole(env, 'CACHE_STALE_WHILE_REVALIDATE', 30),
    purgeRepeatMs: whole(env, 'CACHE_PURGE_REPEAT_MS', 1000),
  };
}

function whole(env: Readonly<Record<string, string | undefined>>, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value)) throw new Error(`${name} must be a whole number ≥ 0, not "${text}".`);
  return value;
}

/** The site's shared cache, made from its settings. */
export interface SiteSharedCache {
  /** The server's `sharedCache` option (`undefined`: off). */
  readonly serverOption: SharedCacheOptions | undefined;
  /** The purger writes hand their keys to (`undefined`: nothing to purge). */
  readonly purger: Purger | undefined;
  /** The storage with purges after its writes (as it is when there is no purger). */
  storage(storage: ContentStorage, options: { postTypes: () => Iterable<string> }): ContentStorage;
  /** Sends the purges still queued; for a graceful stop. */
  close(): Promise<void>;
}

/** Options of {@link createSharedCache}. */
export interface SharedCacheSetupOptions {
  /** More purge targets (a CDN's webhook); they alone turn purging on too. */
  targets?: readonly PurgeTarget[] | undefined;
  /** Waits before each purge batch (read replicas: until they replayed the writes). */
  beforePurge?: (() => Promise<void>) | undefined;
  /** Where purge warnings go; default `console.warn`. */
  warn?: ((message: string) => void) | undefined;
}

/**
 * The shared cache of the site from its settings.
 *
 * @example
 * const cache = createSharedCache(readSharedCacheConfig(process.env));
 * const server = createRestServer({ sharedCache: cache.serverOption });
 */
export function createSharedCache(config: SharedCacheConfig, options: SharedCacheSetupOptions = {}): SiteSharedCache {
  const targets = [
    ...(config.purgeUrls.length > 0 ? [varnishPurgeTarget({ urls: config.purgeUrls })] : []),
    ...(options.targets ?? []),
  ];
  const purger =
    targets.length === 0
      ? undefined
      : createPurger({ targets, repeatAfterMs: config.purgeRepeatMs, beforePurge: options.beforePurge, warn: options.warn });
  return {
    serverOption:
      config.enabled || purger !== undefined
        ? { sMaxAge: config.sMaxAge, staleWhileRevalidate: config.staleWhileRevalidate }
        : undefined,
    purger,
    storage: (storage, storageOptions) =>
      purger === undefined ? storage : purgingStorage(storage, { purger, postTypes: storageOptions.postTypes }),
    close: async () => {
      await purger?.close();
    },
  };
}
