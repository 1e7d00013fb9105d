/**
 * `sqlContentStorage`: the project's own stores over a content database (SQLite or
 * PostgreSQL, migrated with `migrateContent`), as one {@link ContentStorage}.
 *
 * @module
 */
import { createApplicationPasswords } from './auth/application-passwords.js';
import { createSessions } from './auth/sessions.js';
import { SqlCommentStore } from './comments/store.js';
import { SqlMetaStore } from './meta/store.js';
import { SqlOptionsStore } from './options/options.js';
import { SqlPostStore } from './posts/store.js';
import type { ContentStorage } from './storage.js';
import { contentDatabase, type SiteDatabase } from './tables.js';
import { SqlTermStore } from './terms/store.js';
import type { Roles } from './users/roles.js';
import { SqlUserStore, type UserStore } from './users/store.js';

/**
 * Options of {@link sqlContentStorage}.
 *
 * @example
 * const options: SqlContentStorageOptions = { sessionLifetimeMs: 3_600_000 };
 */
export interface SqlContentStorageOptions {
  /** The site's roles; default the WordPress defaults. */
  roles?: Roles | undefined;
  /** The clock of the stores (sessions, application passwords' last use, users' registration), in milliseconds since the epoch; default `Date.now`. */
  now?: (() => number) | undefined;
  /** Lifetime of a cookie session; default two days. */
  sessionLifetimeMs?: number | undefined;
  /** The users' storage, when not the project's own `users` table ({@link SqlUserStore} with `roles` and `now`). */
  users?: UserStore | undefined;
}

/**
 * Every store of a site over a content database: the project's own schema. The database is
 * the storage's transactions; it may hold the site's other tables too.
 *
 * @example
 * const database = openDatabase<ContentTables>({ url: 'sqlite:./data/site.db' });
 * await migrateContent(database);
 * const storage = sqlContentStorage(database);
 * const auth = createAuth({ storage, database, secret: process.env.SITE_SECRET! });
 */
export function sqlContentStorage(database: SiteDatabase, options: SqlContentStorageOptions = {}): ContentStorage {
  const content = contentDatabase(database);
  const now = options.now ?? Date.now;
  return {
    transactions: content,
    users: options.users ?? new SqlUserStore(content, { roles: options.roles, now }),
    applicationPasswords: createApplicationPasswords(content.db, { now }),
    sessions: createSessions(content.db, { now, lifetimeMs: options.sessionLifetimeMs }),
    posts: new SqlPostStore(content),
    terms: new SqlTermStore(content),
    comments: new SqlCommentStore(content),
    options: new SqlOptionsStore(content),
    meta: {
      post: new SqlMetaStore(content, 'post'),
      term: new SqlMetaStore(content, 'term'),
      comment: new SqlMetaStore(content, 'comment'),
      user: new SqlMetaStore(content, 'user'),
    },
  };
}
