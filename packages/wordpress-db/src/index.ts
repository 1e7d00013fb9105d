/**
 * `@cms-json/wordpress-db`: cms-json's stores over an existing WordPress database (MySQL or
 * MariaDB, WordPress's own tables with the site's prefix), so every route serves that site's
 * content as WordPress does (docs/wordpress-database.md).
 *
 * @example
 * import { serve } from '@cms-json/node';
 * import { wordpressSite } from '@cms-json/wordpress-db';
 *
 * const site = await wordpressSite({ url: 'mysql://wp:secret@127.0.0.1/wordpress' });
 * await serve({ server: site.server, port: 8080 }); // http://127.0.0.1:8080/wp-json/
 *
 * @module
 */
export {
  APPLICATION_PASSWORDS_META_KEY,
  WordPressApplicationPasswordStore,
  type WordPressApplicationPasswordStoreOptions,
} from './auth/application-passwords.js';
export { hashWordPressPassword, phpassHash } from './auth/phpass.js';
export { SESSION_TOKENS_META_KEY, WordPressSessionStore, type WordPressSessionStoreOptions } from './auth/sessions.js';
export { runServeCommand, SERVE_USAGE, type ServeOutput } from './cli.js';
export { WordPressCommentStore } from './comments/comment-store.js';
export { openWordPressDatabase, type WordPressDatabase, type WordPressDatabaseOptions } from './connection.js';
export { fromWordPressDate, toWordPressDate } from './dates.js';
export { WordPressMetaStore } from './meta/meta-store.js';
export { OPTION_TABLE } from './options/option-table.js';
export { WordPressOptionsStore } from './options/options-store.js';
export { siteTimezone, wordpressTimezone } from './options/timezone.js';
export { isPhpSerialized, maybeSerialize, maybeUnserialize, type PhpValue, phpList } from './php-serialized.js';
export { WordPressPostStore, type WordPressPostStoreOptions } from './posts/post-store.js';
export { accountMayWrite, mayWrite } from './read-only.js';
export { READ_ONLY_MESSAGE, readOnlyError, readOnlyGuard } from './read-only-guard.js';
export { type WordPressSite, type WordPressSiteOptions, wordpressSite } from './site.js';
export { openWordPressStorage, type WordPressStorage, type WordPressStorageOptions } from './storage.js';
export type { WordPressTables } from './tables.js';
export { DEFAULT_OBJECT_TYPES, type TaxonomyObjectTypes } from './terms/term-counts.js';
export { WordPressTermStore, type WordPressTermStoreOptions } from './terms/term-store.js';
export { readWordPressRoles } from './users/roles.js';
export { WordPressUserStore, type WordPressUserStoreOptions } from './users/user-store.js';
export { deleteOption, getOption, getOptions, setOption } from './wordpress-options.js';
