/**
 * The row types of the content package's tables, for Kysely.
 *
 * @module
 */
import type { Database } from '@cms-json/database';
import type { Generated, Kysely } from 'kysely';

/**
 * A row of `users`. Dates are ISO 8601 strings in UTC; `roles` is a JSON array of role slugs.
 * `Generated` columns have a database default and may be left out of an insert.
 *
 * @example
 * const row: Insertable<UsersTable> = { login: 'admin', pass_hash, email: 'admin@example.com', slug: 'admin', registered: new Date().toISOString() };
 */
export interface UsersTable {
  id: Generated<number>;
  login: string;
  /** scrypt hash in the `$scrypt$…` format; never leaves the store. */
  pass_hash: string;
  email: string;
  display_name: Generated<string>;
  first_name: Generated<string>;
  last_name: Generated<string>;
  nickname: Generated<string>;
  slug: string;
  url: Generated<string>;
  description: Generated<string>;
  locale: Generated<string>;
  registered: string;
  roles: Generated<string>;
}

/**
 * A row of `application_passwords`. `hash` is the SHA-256 of the password; the password
 * itself is shown once, when it is created.
 *
 * @example
 * const rows: Selectable<ApplicationPasswordsTable>[] = await db.selectFrom('application_passwords').selectAll().execute();
 */
export interface ApplicationPasswordsTable {
  uuid: string;
  user_id: number;
  app_id: Generated<string>;
  name: string;
  hash: string;
  created: string;
  last_used: string | null;
  last_ip: string | null;
}

/**
 * A row of `sessions`: a cookie login. Only the SHA-256 of the token is stored.
 *
 * @example
 * const row: Insertable<SessionsTable> = { token_hash, user_id: 1, created: '2030-01-01T00:00:00.000Z', expires: '2030-01-03T00:00:00.000Z' };
 */
export interface SessionsTable {
  token_hash: string;
  user_id: number;
  created: string;
  expires: string;
}

/**
 * A row of `posts`: a record of any post type (posts, pages, revisions, attachments, custom
 * types). Dates are `YYYY-MM-DDTHH:MM:SS`: `date`/`modified` in the site's local time,
 * `date_gmt`/`modified_gmt` in GMT.
 *
 * @example
 * const rows: Selectable<PostsTable>[] = await db.selectFrom('posts').selectAll().where('type', '=', 'page').execute();
 */
export interface PostsTable {
  id: Generated<number>;
  type: string;
  status: string;
  author: Generated<number>;
  parent: Generated<number>;
  menu_order: Generated<number>;
  slug: Generated<string>;
  title: Generated<string>;
  content: Generated<string>;
  excerpt: Generated<string>;
  password: Generated<string>;
  comment_status: Generated<string>;
  ping_status: Generated<string>;
  template: Generated<string>;
  format: Generated<string>;
  date: string;
  date_gmt: string;
  modified: string;
  modified_gmt: string;
  guid: Generated<string>;
  comment_count: Generated<number>;
  mime_type: Generated<string>;
}

/**
 * A row of `post_meta`: one value of one key of a post (a key may have several rows).
 *
 * @example
 * await db.insertInto('post_meta').values({ post_id: 7, meta_key: 'book_author', meta_value: '3' }).execute();
 */
export interface PostMetaTable {
  id: Generated<number>;
  post_id: number;
  meta_key: string;
  meta_value: Generated<string>;
}

/**
 * A row of `options`: a site option and its JSON-encoded value.
 *
 * @example
 * await db.insertInto('options').values({ name: 'blogname', value: '"My site"' }).execute();
 */
export interface OptionsTable {
  name: string;
  value: string;
}

/**
 * A row of `terms`: a term of one taxonomy. `parent` is 0 at the top; `count` is the number
 * of counted (published) objects that carry the term.
 *
 * @example
 * const row: Insertable<TermsTable> = { taxonomy: 'post_tag', name: 'Alpha', slug: 'alpha' };
 */
export interface TermsTable {
  id: Generated<number>;
  taxonomy: string;
  name: string;
  slug: string;
  description: Generated<string>;
  parent: Generated<number>;
  count: Generated<number>;
  term_group: Generated<number>;
}

/**
 * A row of `term_meta`: one value of a term's meta key (a key may have several rows).
 *
 * @example
 * const row: Insertable<TermMetaTable> = { term_id: 3, meta_key: 'color', meta_value: 'red' };
 */
export interface TermMetaTable {
  id: Generated<number>;
  term_id: number;
  meta_key: string;
  meta_value: Generated<string>;
}

/**
 * A row of `term_relationships`: an object (a post of any type) carries a term. `counted`
 * is 1 when the object counts towards the term's `count` (it is published), else 0.
 *
 * @example
 * const row: Insertable<TermRelationshipsTable> = { object_id: 12, term_id: 3, counted: 1 };
 */
export interface TermRelationshipsTable {
  object_id: number;
  term_id: number;
  counted: Generated<number>;
}

/**
 * A row of `comments`: a comment on a post-like record. `approved` is `'1'` (approved), `'0'`
 * (held for moderation), `'spam'` or `'trash'`, as WordPress stores it; `post_id`, `parent`
 * and `user_id` are 0 when there is none. Dates as the posts' (`date` local, `date_gmt` GMT).
 *
 * @example
 * const row: Insertable<CommentsTable> = { post_id: 7, content: 'Nice!', date: '2030-01-01T00:00:00', date_gmt: '2030-01-01T00:00:00' };
 */
export interface CommentsTable {
  id: Generated<number>;
  post_id: Generated<number>;
  author_name: Generated<string>;
  author_email: Generated<string>;
  author_url: Generated<string>;
  author_ip: Generated<string>;
  date: string;
  date_gmt: string;
  content: Generated<string>;
  karma: Generated<number>;
  approved: Generated<string>;
  agent: Generated<string>;
  type: Generated<string>;
  parent: Generated<number>;
  user_id: Generated<number>;
}

/**
 * A row of `comment_meta`: one value of a comment's meta key (a key may have several rows).
 *
 * @example
 * const row: Insertable<CommentMetaTable> = { comment_id: 3, meta_key: 'rating', meta_value: '5' };
 */
export interface CommentMetaTable {
  id: Generated<number>;
  comment_id: number;
  meta_key: string;
  meta_value: Generated<string>;
}

/**
 * A row of `user_meta`: one value of a key of a user (the block editor's `persisted_preferences`).
 *
 * @example
 * const row: Insertable<UserMetaTable> = { user_id: 2, meta_key: 'persisted_preferences', meta_value: '{"_modified":"2030-01-01T00:00:00.000Z"}' };
 */
export interface UserMetaTable {
  id: Generated<number>;
  user_id: number;
  meta_key: string;
  meta_value: Generated<string>;
}

/**
 * The tables of `@cms-json/content`, for `Kysely<ContentTables>`; merge them into a site's own
 * table types with an intersection.
 *
 * @example
 * const { db } = openDatabase<ContentTables & MyTables>({ url: 'sqlite:./data/site.db' });
 */
export interface ContentTables {
  users: UsersTable;
  application_passwords: ApplicationPasswordsTable;
  sessions: SessionsTable;
  posts: PostsTable;
  post_meta: PostMetaTable;
  options: OptionsTable;
  terms: TermsTable;
  term_meta: TermMetaTable;
  term_relationships: TermRelationshipsTable;
  comments: CommentsTable;
  comment_meta: CommentMetaTable;
  user_meta: UserMetaTable;
}

/**
 * A database holding the content tables, and maybe the site's own beside them: what
 * `createAuth`, `contentPlugin` and the stores take.
 *
 * @example
 * const database: SiteDatabase = openDatabase<ContentTables & SiteTables>({ url });
 */
// biome-ignore lint/suspicious/noExplicitAny: any table types will do (Database<DB> is invariant in DB); contentDatabase gives the content view.
export type SiteDatabase = Database<any>;

/**
 * The content view of a database that may hold more tables. `Database<DB>` is invariant in
 * `DB`, so a `Database<ContentTables & SiteTables>` is not a `Database<ContentTables>` to the
 * compiler although every content query runs on it unchanged.
 *
 * @example
 * const content = contentDatabase(openDatabase<ContentTables & SiteTables>({ url }));
 */
export function contentDatabase(database: SiteDatabase): Database<ContentTables> {
  return database;
}

/**
 * {@link contentDatabase} for a bare Kysely instance (the site's sessions and application
 * passwords, migrations).
 *
 * @example
 * const db = contentDb(kysely);
 */
// biome-ignore lint/suspicious/noExplicitAny: any table types will do, as SiteDatabase.
export function contentDb(db: Kysely<any>): Kysely<ContentTables> {
  return db;
}
