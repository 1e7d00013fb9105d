/**
 * The example site's settings, read from the environment.
 *
 * @module
 */

import { type MediaStoreConfig, readMediaStoreConfig } from './media-store.js';
import { type ReadReplicasConfig, readReadReplicasConfig } from './read-replicas.js';
import { readSharedCacheConfig, type SharedCacheConfig } from './shared-cache.js';

/** The settings of the example site. */
export interface SiteConfig {
  /** `PORT`, default 8080. */
  port: number;
  /** `HOST`, default 127.0.0.1. */
  host: string;
  /** `SITE_URL`, default `http://{HOST}:{PORT}`. */
  siteUrl: string;
  /** `DATABASE_URL`, default `sqlite:./data/site.db`. */
  databaseUrl: string;
  /** `DATABASE_REPLICA_URLS`: PostgreSQL read replicas of `DATABASE_URL` (`read-replicas.ts`). */
  readReplicas: ReadReplicasConfig;
  /** `CMS_PREFIX`: `cms` (default) or `wp` (the WordPress profile). */
  prefix: 'cms' | 'wp';
  /** `CMS_ADMIN_USER`, default `admin`. */
  adminUser: string;
  /** `CMS_ADMIN_APP_PASSWORD`: the first administrator's application password (generated when unset). */
  adminAppPassword: string | undefined;
  /**
   * `CMS_ADMIN_PASSWORD`: the first administrator's login password, for the authoring area's
   * sign-in (generated and printed once when unset).
   */
  adminPassword: string | undefined;
  /**
   * `CMS_SECRET`: the key of nonces, the same in every process of a site. Default (one process
   * on SQLite only): a random one kept beside the SQLite file.
   */
  secret: string | undefined;
  /** `CMS_SAMPLE_LINKS=0` switches the sample outgoing links off. */
  sampleLinks: boolean;
  /**
   * `CMS_SAMPLE_CONTENT=0` switches the sample posts, pages, books and book authors (with their
   * categories, tags and genres) off; they are added on a first start, to an empty database.
   */
  sampleContent: boolean;
  /** `UPLOADS_DIR`: where uploaded files are kept, default `./data/uploads`. */
  uploadsDir: string;
  /** Where the site serves the uploads folder: `/{prefix}-content/uploads` (`/wp-content/uploads` as the original). */
  uploadsUrlPath: string;
  /** `S3_BUCKET` and the other `S3_*` settings: uploads in object storage (`media-store.ts`), else on disk. */
  mediaStore: MediaStoreConfig;
  /** `WORKERS`: how many processes serve the port (node:cluster), default 1. More than one needs `CMS_SECRET`. */
  workers: number;
  /** `CMS_SHARED_CACHE`, `CACHE_PURGE_URLS` and the other `CACHE_*` settings: a shared cache in front (`shared-cache.ts`). */
  sharedCache: SharedCacheConfig;
}

/** Reads the settings; throws a clear error for a bad value. */
export function readConfig(env: Readonly<Record<string, string | undefined>>): SiteConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not "${env.PORT}".`);
  const host = env.HOST ?? '127.0.0.1';
  const prefix = env.CMS_PREFIX ?? 'cms';
  if (prefix !== 'cms' && prefix !== 'wp') throw new Error(`CMS_PREFIX must be "cms" or "wp", not "${prefix}".`);
  const workers = Number(env.WORKERS ?? 1);
  if (!Number.isInteger(workers) || workers < 1 || workers > 64) {
    throw new Error(`WORKERS must be a whole number from 1 to 64, not "${env.WORKERS}".`);
  }
  const siteUrl = (env.SITE_URL ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`).replace(/\/+$/, '');
  return {
    port,
    host,
    siteUrl,
    databaseUrl: env.DATABASE_URL ?? 'sqlite:./data/site.db',
    readReplicas: readReadReplicasConfig(env),
    prefix,
    adminUser: env.CMS_ADMIN_USER ?? 'admin',
    adminAppPassword: env.CMS_ADMIN_APP_PASSWORD || undefined,
    adminPassword: env.CMS_ADMIN_PASSWORD || undefined,
    secret: env.CMS_SECRET || undefined,
    sampleLinks: env.CMS_SAMPLE_LINKS !== '0' && env.CMS_SAMPLE_LINKS !== 'false',
    sampleContent: env.CMS_SAMPLE_CONTENT !== '0' && env.CMS_SAMPLE_CONTENT !== 'false',
    uploadsDir: env.UPLOADS_DIR || './data/uploads',
    uploadsUrlPath: `/${prefix}-content/uploads`,
    mediaStore: readMediaStoreConfig(env, { uploadsUrlPath: `/${prefix}-content/uploads` }),
    workers,
    sharedCache: readSharedCacheConfig(env),
  };
}
