/**
 * `ContentStorage`: every store the content routes read and write through, as one object. The
 * project's own schema (SQLite or PostgreSQL, `sqlContentStorage`) is one implementation;
 * WordPress's own tables (`@cms-json/wordpress-db`) are another. Routes, plugins, `_embed`,
 * ETags and batches see only these interfaces.
 *
 * @module
 */
import type { Database } from '@cms-json/database';
import type { ApplicationPasswordStore } from './auth/application-passwords.js';
import type { SessionStore } from './auth/sessions.js';
import type { CommentStore } from './comments/store.js';
import type { MetaStore } from './meta/store.js';
import type { OptionsStore } from './options/options.js';
import type { PostStore } from './posts/store.js';
import type { TermStore } from './terms/store.js';
import type { UserStore } from './users/store.js';

/**
 * The transactions of a storage: a write's steps (the record, its terms, meta and counts) held
 * together, atomic batches, and work after the commit. A `Database` of any tables is one.
 *
 * @example
 * const transactions: StorageTransactions = database; // a Database<ContentTables>, or WordPress's
 * await transactions.transaction(async () => { … });
 */
export type StorageTransactions = Pick<
  Database<unknown>,
  'dialect' | 'transaction' | 'transactionRunner' | 'beforeCommit' | 'afterCommit'
> &
  // `false` on D1 (no interactive transactions): atomic batches are then refused; absent means atomic.
  Partial<Pick<Database<unknown>, 'atomicTransactions'>>;

/**
 * Every store of a site's content.
 *
 * @example
 * const storage: ContentStorage = sqlContentStorage(database);
 * const auth = createAuth({ storage, secret: process.env.SITE_SECRET! });
 * await server.use(contentPlugin({ auth }));
 */
export interface ContentStorage {
  /** The transactions every store's writes join. */
  readonly transactions: StorageTransactions;
  readonly users: UserStore;
  readonly applicationPasswords: ApplicationPasswordStore;
  readonly sessions: SessionStore;
  readonly posts: PostStore;
  readonly terms: TermStore;
  readonly comments: CommentStore;
  readonly options: OptionsStore;
  /** The meta of each object type. */
  readonly meta: Readonly<Record<'post' | 'term' | 'comment' | 'user', MetaStore>>;
}
