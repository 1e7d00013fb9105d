/**
 * `openWordPressStorage`: every store of a cms-json site (content's `ContentStorage`) over an
 * existing WordPress database: posts, meta, users, roles, application passwords, sessions,
 * terms, comments and options in WordPress's own tables, with WordPress's `Database` as the
 * transactions every write joins. Give it to `createAuth({ storage, … })` and
 * `contentPlugin({ auth })`, or use `wordpressSite` (`site.ts`), which does.
 *
 * @module
 */
import type { ContentStorage, MetaStore, Roles } from '@cms-json/content';
import { WordPressApplicationPasswordStore } from './auth/application-passwords.js';
import { WordPressSessionStore } from './auth/sessions.js';
import { WordPressCommentStore } from './comments/comment-store.js';
import { openWordPressDatabase, type WordPressDatabase } from './connection.js';
import { WordPressMetaStore } from './meta/meta-store.js';
import { WordPressOptionsStore } from './options/options-store.js';
import { WordPressPostStore } from './posts/post-store.js';
import { accountMayWrite } from './read-only.js';
import { readOnlyDatabase } from './read-only-database.js';
import type { TaxonomyObjectTypes } from './terms/term-counts.js';
import { WordPressTermStore } from './terms/term-store.js';
import { readWordPressRoles } from './users/roles.js';
import { WordPressUserStore } from './users/user-store.js';

/**
 * Options of {@link openWordPressStorage}: the database by URL (opened and closed by the
 * storage) or already open (`wordpress`, which the caller closes).
 *
 * @example
 * const options: WordPressStorageOptions = { url: 'mysql://wp:secret@127.0.0.1/wordpress', prefix: 'wp_' };
 */
export interface WordPressStorageOptions {
  /** `mysql://user:password@host[:port]/database`. One of `url` and `wordpress` is needed. */
  url?: string | undefined;
  /** An open WordPress database (`openWordPressDatabase`); the storage does not close it. */
  wordpress?: WordPressDatabase | undefined;
  /** The site's table prefix (`$table_prefix` of `wp-config.php`), with `url`. @default 'wp_' */
  prefix?: string | undefined;
  /** Connections in the pool, with `url`. @default 10 */
  poolSize?: number | undefined;
  /**
   * Serve without writing. Default: read-only when the database account may not write
   * (`SHOW GRANTS`: no `ALL PRIVILEGES` nor `INSERT`, `UPDATE` and `DELETE` on the database).
   * `false` with an account that may not write: writes fail in the database (500). Read-only,
   * every store refuses every write with `rest_forbidden` (403) before sending it, whoever
   * asks (an HTTP request, or an in-process `server.dispatch`).
   */
  readOnly?: boolean | undefined;
  /** The clock (milliseconds since the epoch). @default Date.now */
  now?: (() => number) | undefined;
  /**
   * The post types of each taxonomy registered by plugins (WordPress's own are known), so
   * that term counts count what WordPress counts: `{ genre: ['book'] }`.
   */
  taxonomyObjectTypes?: TaxonomyObjectTypes | undefined;
}

/**
 * A `ContentStorage` over a WordPress database, with the database, the site's roles (from
 * `<prefix>user_roles`), whether it is served read-only, and `close`.
 *
 * @example
 * const storage: WordPressStorage = await openWordPressStorage({ url: process.env.WORDPRESS_DB_URL! });
 * storage.readOnly; // false with a database account that may write
 */
export interface WordPressStorage extends ContentStorage {
  /** The WordPress database the stores read and write. */
  readonly wordpress: WordPressDatabase;
  /** The site's roles as WordPress keeps them (custom roles included). */
  readonly roles: Roles;
  /** Whether the site is served without writing (see {@link WordPressStorageOptions.readOnly}). */
  readonly readOnly: boolean;
  /** Closes the database when the storage opened it (given `url`); else nothing. */
  close(): Promise<void>;
}

/**
 * Opens the storage: connects (with `url`), checks that the database is a WordPress site of
 * that prefix (its options table answers), reads its roles and, unless told, whether the
 * account may write. Nothing in the database is created or changed.
 *
 * @throws Error when the database cannot be reached, or has no `<prefix>options` table (the
 *   message names the prefix: a wrong `--prefix` is the usual cause).
 * @example
 * const storage = await openWordPressStorage({ url: 'mysql://wp:secret@127.0.0.1/wordpress' });
 * const auth = createAuth({ storage, secret: process.env.CMS_SITE_SECRET!, prefix: 'wp' });
 * await server.use(contentPlugin({ auth }));
 * // …
 * await storage.close();
 */
export async function openWordPressStorage(options: WordPressStorageOptions): Promise<WordPressStorage> {
  const opened =
    options.wordpress === undefined
      ? openWordPressDatabase({
          url: requiredUrl(options.url),
          prefix: options.prefix,
          poolSize: options.poolSize,
        })
      : undefined;
  const wordpress = options.wordpress ?? opened;
  if (wordpress === undefined) throw new Error('openWordPressStorage: give `url` or `wordpress`.');
  try {
    await checkWordPressTables(wordpress);
    const readOnly = options.readOnly ?? !(await accountMayWrite(wordpress));
    const roles = await readWordPressRoles(wordpress);
    const now = options.now;
    // Read-only: the stores see a database that refuses every write before sending it
    // (in-process requests never pass the server's read-only guard).
    const stores = readOnly ? readOnlyDatabase(wordpress) : wordpress;
    const meta: Record<'post' | 'term' | 'comment' | 'user', MetaStore> = {
      post: new WordPressMetaStore(stores, 'post'),
      term: new WordPressMetaStore(stores, 'term'),
      comment: new WordPressMetaStore(stores, 'comment'),
      user: new WordPressMetaStore(stores, 'user'),
    };
    return {
      wordpress,
      roles,
      readOnly,
      transactions: wordpress.database,
      users: new WordPressUserStore(stores, { roles, now, readOnly }),
      applicationPasswords: new WordPressApplicationPasswordStore(stores, { now, readOnly }),
      sessions: new WordPressSessionStore(stores, { now }),
      posts: new WordPressPostStore(stores, { now, objectTypes: options.taxonomyObjectTypes }),
      terms: new WordPressTermStore(stores, { objectTypes: options.taxonomyObjectTypes }),
      comments: new WordPressCommentStore(stores),
      options: new WordPressOptionsStore(stores),
      meta,
      close: async () => {
        await opened?.close();
      },
    };
  } catch (error) {
    await opened?.close();
    throw error;
  }
}

/** The URL, or a clear error. */
function requiredUrl(url: string | undefined): string {
  if (url === undefined || url === '')
    throw new Error('openWordPressStorage: give `url` (mysql://user:password@host/database) or `wordpress`.');
  return url;
}

/**
 * Checks that the database answers and holds WordPress's options table of the prefix.
 *
 * @throws Error naming the database and the prefix when it does not.
 */
async function checkWordPressTables(wordpress: WordPressDatabase): Promise<void> {
  try {
    await wordpress.database.db.selectFrom('options').select('option_id').limit(1).execute();
  } catch (error) {
    const code = typeof error === 'object' && error !== null ? Reflect.get(error, 'code') : undefined;
    if (code === 'ER_NO_SUCH_TABLE') {
      throw new Error(
        `The database "${wordpress.name}" has no table ${wordpress.prefix}options: it is not a WordPress site with the table prefix "${wordpress.prefix}" (see $table_prefix in wp-config.php).`,
      );
    }
    throw error;
  }
}
