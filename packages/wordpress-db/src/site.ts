/**
 * `wordpressSite`: a cms-json REST server in the WordPress profile (`/wp-json/`, `wp/v2`, …)
 * serving an existing WordPress database through {@link openWordPressStorage}: the content
 * routes over WordPress's tables, the site's links from its `home` option, its name and
 * tagline from `blogname` and `blogdescription`, media files in WordPress's uploads folder
 * at WordPress's URLs, and, read-only, every write refused before any store.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import { contentError, contentPlugin, createAuth, diskFileStore, type FileStore, type MediaOptions } from '@cms-json/content';
import { createRestServer, type Plugin, type RestServer } from '@cms-json/core';
import type { WordPressDatabase } from './connection.js';
import { readOnlyGuard } from './read-only-guard.js';
import { openWordPressStorage, type WordPressStorage } from './storage.js';
import type { TaxonomyObjectTypes } from './terms/term-counts.js';
import { getOptions } from './wordpress-options.js';

/**
 * Options of {@link wordpressSite}.
 *
 * @example
 * const options: WordPressSiteOptions = {
 *   url: 'mysql://wp:secret@127.0.0.1/wordpress',
 *   uploads: '/var/www/html/wp-content/uploads',
 * };
 */
export interface WordPressSiteOptions {
  /** `mysql://user:password@host[:port]/database`. One of `url` and `wordpress` is needed. */
  url?: string | undefined;
  /** An open WordPress database (`openWordPressDatabase`); the site's `close` does not close it. */
  wordpress?: WordPressDatabase | undefined;
  /** The site's table prefix (`$table_prefix` of `wp-config.php`). @default 'wp_' */
  prefix?: string | undefined;
  /**
   * WordPress's uploads folder (`wp-content/uploads` of the WordPress install): uploads
   * through `/wp/v2/media` are kept there, in WordPress's year/month folders. Without it
   * media records are served (their files stay where WordPress put them) but uploads are
   * refused.
   */
  uploads?: string | undefined;
  /** Serve without writing (see `openWordPressStorage`). @default read-only when the database account may not write */
  readOnly?: boolean | undefined;
  /**
   * The key of nonces and cookie sessions: at least 16 characters, the same for every process
   * of the site. @default `CMS_SITE_SECRET`, else one made for this process (sessions and
   * nonces then end when it stops)
   */
  secret?: string | undefined;
  /** The site's address in links. @default the site's `home` option */
  siteUrl?: string | undefined;
  /** The clock (milliseconds since the epoch). @default Date.now */
  now?: (() => number) | undefined;
  /** Plugins used after the content plugin (more post types, taxonomies, routes). */
  plugins?: readonly Plugin[] | undefined;
  /** The post types of taxonomies that plugins register, for term counts: `{ genre: ['book'] }`. */
  taxonomyObjectTypes?: TaxonomyObjectTypes | undefined;
  /** The environment read for `CMS_SITE_SECRET`. @default process.env */
  env?: Readonly<Record<string, string | undefined>> | undefined;
}

/**
 * A served WordPress site: the REST server, the storage, and `close`.
 *
 * @example
 * const site: WordPressSite = await wordpressSite({ url });
 * await serve({ server: site.server, port: 8080 });
 */
export interface WordPressSite {
  readonly server: RestServer;
  readonly storage: WordPressStorage;
  /** The site's address in links (its `home` option, unless `siteUrl` was given). */
  readonly siteUrl: string;
  /** Whether the secret was made for this process (no `secret`, no `CMS_SITE_SECRET`). */
  readonly secretGenerated: boolean;
  /** Closes the storage (and the database when the site opened it). */
  close(): Promise<void>;
}

/** WordPress's URL of its uploads folder when `upload_url_path` is not set (`WP_CONTENT_URL/uploads`). */
function uploadsUrl(siteurl: string, uploadUrlPath: string): string {
  return uploadUrlPath !== '' ? uploadUrlPath.replace(/\/+$/, '') : `${siteurl.replace(/\/+$/, '')}/wp-content/uploads`;
}

/**
 * The file store of a site served without its uploads folder: the files' URLs are
 * WordPress's; keeping a file is refused (`rest_upload_unknown_error`, 500, as WordPress
 * answers when its uploads folder cannot be written); removing one keeps it.
 */
function uploadsElsewhere(urlBase: string): FileStore {
  const refuse = (): never => {
    throw contentError('rest_upload_unknown_error.no_uploads');
  };
  return {
    stagingPath: async () => refuse(),
    put: async () => refuse(),
    // Deleting a media record keeps its files: WordPress's own site still serves them.
    remove: async () => {},
    url: (path) => `${urlBase}/${path.split('/').map(encodeURIComponent).join('/')}`,
  };
}

/** The site secret, and whether it was made here. */
function siteSecret(options: WordPressSiteOptions): { secret: string; generated: boolean } {
  const given = options.secret ?? (options.env ?? process.env).CMS_SITE_SECRET;
  if (given !== undefined && given !== '') {
    if (given.length < 16) throw new Error('wordpressSite: the site secret (CMS_SITE_SECRET) must have at least 16 characters.');
    return { secret: given, generated: false };
  }
  return { secret: randomBytes(32).toString('hex'), generated: true };
}

/**
 * Builds the REST server of a WordPress database, in the WordPress profile: `/wp-json/` with
 * `wp/v2`, the application passwords, `_embed`, batches and settings, over WordPress's
 * tables. Serve it with `@cms-json/node`'s `serve` (or `npx cms-json serve --wordpress …`).
 *
 * @throws Error when the database cannot be reached or is not a WordPress site of the prefix.
 * @example
 * const site = await wordpressSite({ url: 'mysql://wp:secret@127.0.0.1/wordpress', uploads: '/var/www/html/wp-content/uploads' });
 * const served = await serve({ server: site.server, port: 8080 });
 * // GET http://127.0.0.1:8080/wp-json/wp/v2/posts
 * await served.close();
 * await site.close();
 */
export async function wordpressSite(options: WordPressSiteOptions): Promise<WordPressSite> {
  const { secret, generated } = siteSecret(options);
  const storage = await openWordPressStorage({
    url: options.url,
    wordpress: options.wordpress,
    prefix: options.prefix,
    readOnly: options.readOnly,
    now: options.now,
    taxonomyObjectTypes: options.taxonomyObjectTypes,
  });
  try {
    const stored = await getOptions(storage.wordpress.database, [
      'home',
      'siteurl',
      'blogname',
      'blogdescription',
      'upload_url_path',
    ]);
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    const siteurl = text(stored.siteurl);
    const siteUrl = (options.siteUrl ?? (text(stored.home) || siteurl)).replace(/\/+$/, '');
    const server = createRestServer({
      prefix: 'wp',
      siteUrl,
      site: { name: text(stored.blogname), description: text(stored.blogdescription) },
    });
    // First of the authenticators: a write is refused before anyone is even authenticated.
    if (storage.readOnly) server.authenticate(readOnlyGuard());
    const auth = createAuth({ storage, secret, prefix: 'wp', now: options.now });
    const urlBase = uploadsUrl(siteurl || siteUrl, text(stored.upload_url_path));
    const media: MediaOptions = {
      store:
        options.uploads === undefined || storage.readOnly
          ? uploadsElsewhere(urlBase)
          : diskFileStore({ directory: options.uploads, urlPath: urlBase }),
    };
    await server.use(contentPlugin({ auth, media, now: options.now }));
    // WordPress itself still runs on the same data: its own page authorizes applications, as
    // its index says (`admin_url`, at `siteurl`). An authoring area among the plugins (the
    // editor's) names its own page instead.
    server.describeAuthentication({
      'application-passwords': {
        endpoints: { authorization: `${(siteurl || siteUrl).replace(/\/+$/, '')}/wp-admin/authorize-application.php` },
      },
    });
    for (const plugin of options.plugins ?? []) await server.use(plugin);
    return { server, storage, siteUrl, secretGenerated: generated, close: () => storage.close() };
  } catch (error) {
    await storage.close();
    throw error;
  }
}
