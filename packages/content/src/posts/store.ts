/**
 * The post store: post-like records of every type in the `posts` table, and their meta in
 * `post_meta`. One query per list (with its count), written once for SQLite and PostgreSQL
 * (its conditions and order in `post-lists.ts`). Statuses are read as they are now: a
 * `future` record whose date passed is `publish`.
 *
 * @module
 */
import { CHANGE_VERSIONS_TABLE, type Database } from '@cms-json/database';
import { type Expression, type Insertable, type Kysely, type Selectable, type SqlBool, sql, type Updateable } from 'kysely';
import { MAX_COMPILED_IDS, placeholderIds, readByIds } from '../compiled-reads.js';
import type { StorageTransactions } from '../storage.js';
import { type ContentTables, contentDatabase, type PostsTable, type SiteDatabase } from '../tables.js';
import { listOrder, listWhere, type PostsExpression, statusNow } from './post-lists.js';
import type { PostQuery } from './post-query.js';

/**
 * A stored post-like record.
 *
 * @example
 * const post: Post = await store.find(7);
 */
export type Post = Selectable<PostsTable>;

/**
 * The fields of a record the read and edit checks read (`canEditPost`, `readablePosts`):
 * every record has them, and {@link PostStore.findAccess} reads only these.
 */
export type PostAccessFields = Pick<Post, 'id' | 'type' | 'status' | 'author' | 'parent' | 'date_gmt'>;

export type { PostOrderBy, PostQuery, TaxonomyClause } from './post-query.js';

/**
 * The post-like records of every type (revisions and attachments included): the storage of
 * posts behind the routes, which a second storage implements too.
 *
 * @example
 * const store: PostStore = new SqlPostStore(database);
 * const { posts, total } = await store.list({ types: ['post'], statuses: ['publish'], nowGmt, perPage: 10, offset: 0 });
 */
export interface PostStore {
  /**
   * The transactions of the storage the records are kept in (`transaction`, `afterCommit`):
   * they hold a write's steps together (the record, its terms, meta and counts).
   */
  readonly transactions: StorageTransactions;
  /**
   * The version of everything a post's answer is made of: it changes whenever an answer could
   * (a write anywhere in the tracked tables, or a scheduled record's date passing `nowGmt`).
   */
  changeVersion(nowGmt: string): Promise<string>;
  /** The record with this id, whatever its type, or `undefined`. */
  find(id: number): Promise<Post | undefined>;
  /** The records with these ids (in no order), for embedding many at once. */
  findMany(ids: readonly number[]): Promise<Post[]>;
  /** The fields the read check reads of the records with these ids (in no order; unknown ids left out). */
  findAccess(ids: readonly number[]): Promise<PostAccessFields[]>;
  /** Stores a new record; returns it with its id. */
  create(row: Insertable<PostsTable>): Promise<Post>;
  /** Changes a record; returns it as stored, or `undefined` when it is gone. */
  update(id: number, changes: Updateable<PostsTable>): Promise<Post | undefined>;
  /** Deletes a record for good with its revisions, meta and relationships (`wp_delete_post`); false when it was gone. */
  delete(id: number): Promise<boolean>;
  /** The records of these types that a user wrote (newest first). */
  idsByAuthor(author: number, types: readonly string[]): Promise<number[]>;
  /** Gives every record of one author to another; how many moved. */
  reassignAuthor(from: number, to: number): Promise<number>;
  /** The slugs of a type's records that start with `base` (but record `except`'s own). */
  slugsLike(type: string, base: string, except: number): Promise<Set<string>>;
  /** How many records of a type have this parent. */
  countChildren(parent: number, type: string): Promise<number>;
  /** For each record, how many revisions it has and the newest one's id (the ones with none are left out). */
  revisionCounts(parents: readonly number[]): Promise<Map<number, { count: number; latest: number }>>;
  /** The ids of the users who have published records of these types (now); with `among`, only those of these ids. */
  publishedAuthors(types: readonly string[], nowGmt: string, among?: readonly number[]): Promise<number[]>;
  /** One page of the records a query selects, and how many it selects in all. */
  list(query: PostQuery): Promise<{ posts: Post[]; total: number }>;
}

/**
 * The post store over a content database (the project's own schema, SQLite or PostgreSQL):
 * one table of records with a `type` column. Its steps are methods a subclass may override.
 *
 * @example
 * const store = new SqlPostStore(database);
 * const { posts, total } = await store.list({ types: ['post'], statuses: ['publish'], nowGmt, perPage: 10, offset: 0 });
 */
export class SqlPostStore implements PostStore {
  /** The content database the records are kept in (the project's own schema). */
  readonly database: Database<ContentTables>;

  constructor(database: SiteDatabase) {
    this.database = contentDatabase(database);
  }

  /**
   * The version of everything a post's answer is made of, in one small query: the sum of the
   * change counters of every tracked table (the content tables, and any a plugin tracks), and
   * how many `future` records' dates have passed (`nowGmt`), since such a record is shown as
   * `publish` from then on without any write. It changes whenever an answer could.
   */
  async changeVersion(nowGmt: string): Promise<string> {
    const read = this.database.prepare(
      'posts.changeVersion',
      { nowGmt: '' },
      (p) =>
        sql<{ version: number | string; due: number | string }>`select (select coalesce(sum(version), 0) from ${sql.table(
          CHANGE_VERSIONS_TABLE,
        )}) as version, (select count(*) from posts where status = 'future' and date_gmt <= ${p.nowGmt}) as due`,
    );
    const [row] = await read({ nowGmt });
    return `${row?.version ?? 0}.${row?.due ?? 0}`;
  }

  /** The transactions of {@link SqlPostStore.database}. */
  get transactions(): StorageTransactions {
    return this.database;
  }

  /** The query builder of {@link SqlPostStore.database}. */
  get db(): Kysely<ContentTables> {
    return this.database.db;
  }

  /** The record with this id, whatever its type, or `undefined`. */
  async find(id: number): Promise<Post | undefined> {
    if (!Number.isSafeInteger(id) || id <= 0) return undefined;
    const read = this.database.prepare('posts.find', { id: 0 }, (p) =>
      this.db.selectFrom('posts').selectAll().where('id', '=', p.id),
    );
    return (await read({ id }))[0];
  }

  /** The records with these ids (in no order), for embedding many at once. */
  async findMany(ids: readonly number[]): Promise<Post[]> {
    const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
    if (wanted.length === 0) return [];
    const { db } = this;
    // Compiled once per length of the list (a page, or the links of an `_embed`, hold at most 100).
    return readByIds(this.database, 'posts.find-many', wanted, (values) =>
      db.selectFrom('posts').selectAll().where('id', 'in', values),
    );
  }

  /** The fields the read check reads of the records with these ids (in no order; unknown ids left out). */
  async findAccess(ids: readonly number[]): Promise<PostAccessFields[]> {
    const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
    if (wanted.length === 0) return [];
    const { db } = this;
    return readByIds(this.database, 'posts.find-access', wanted, (values) =>
      db.selectFrom('posts').select(['id', 'type', 'status', 'author', 'parent', 'date_gmt']).where('id', 'in', values),
    );
  }

  /** Stores a new record; returns it with its id. */
  async create(row: Insertable<PostsTable>): Promise<Post> {
    return this.db.insertInto('posts').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /** Changes a record; returns it as stored, or `undefined` when it is gone. */
  async update(id: number, changes: Updateable<PostsTable>): Promise<Post | undefined> {
    return this.db.updateTable('posts').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
  }

  /**
   * Deletes a record for good, as WordPress's `wp_delete_post`: its revisions go with it, its
   * children of the same type move up to its own parent, and its meta and term relationships
   * go by the foreign keys' cascade. False when it was gone.
   */
  async delete(id: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const post = await trx.selectFrom('posts').select(['type', 'parent']).where('id', '=', id).executeTakeFirst();
      if (post === undefined) return false;
      if (post.type !== 'revision') {
        await trx.deleteFrom('posts').where('type', '=', 'revision').where('parent', '=', id).execute();
        await trx
          .updateTable('posts')
          .set({ parent: post.parent })
          .where('parent', '=', id)
          .where('type', '=', post.type)
          .execute();
      }
      const result = await trx.deleteFrom('posts').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    });
  }

  /** The records of these types that a user wrote (newest first), for handing them on when the user goes. */
  async idsByAuthor(author: number, types: readonly string[]): Promise<number[]> {
    if (types.length === 0) return [];
    const rows = await this.db
      .selectFrom('posts')
      .select('id')
      .where('author', '=', author)
      .where('type', 'in', [...types])
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Gives every record of one author to another (a user deleted with `reassign`); how many moved. */
  async reassignAuthor(from: number, to: number): Promise<number> {
    const result = await this.db.updateTable('posts').set({ author: to }).where('author', '=', from).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** The slugs of a type's records that start with `base` (but record `except`'s own). */
  async slugsLike(type: string, base: string, except: number): Promise<Set<string>> {
    const pattern = `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await this.db
      .selectFrom('posts')
      .select('slug')
      .where((eb) =>
        eb.and([eb('type', '=', type), eb('id', '!=', except), sql<SqlBool>`${sql.ref('slug')} like ${pattern} escape '\\'`]),
      )
      .execute();
    return new Set(rows.map((row) => row.slug));
  }

  /** How many records of a type have this parent (revisions of a post, children of a page). */
  async countChildren(parent: number, type: string): Promise<number> {
    const row = await this.db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('parent', '=', parent)
      .where('type', '=', type)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** For each record, how many revisions it has and the newest one's id (the ones with none are left out). */
  async revisionCounts(parents: readonly number[]): Promise<Map<number, { count: number; latest: number }>> {
    const out = new Map<number, { count: number; latest: number }>();
    if (parents.length === 0) return out;
    const { db } = this;
    const query = (ids: readonly number[]) =>
      db
        .selectFrom('posts')
        .select((eb) => ['parent', eb.fn.countAll<number | string>().as('n'), eb.fn.max('id').as('latest')])
        .where('type', '=', 'revision')
        .where('parent', 'in', [...ids]);
    const rows =
      parents.length > MAX_COMPILED_IDS
        ? await query(parents).groupBy('parent').execute()
        : await this.database.prepare(`posts.revisionCounts.${parents.length}`, { ids: placeholderIds(parents.length) }, (p) =>
            query(p.ids).groupBy('parent'),
          )({ ids: [...parents] });
    for (const row of rows) out.set(Number(row.parent), { count: Number(row.n), latest: Number(row.latest) });
    return out;
  }

  /**
   * The ids of the users who have published records of these types (now); with `among`, only
   * those of these ids, each found by its first published record (the `posts_author` index),
   * without reading every record of the types.
   */
  async publishedAuthors(types: readonly string[], nowGmt: string, among?: readonly number[]): Promise<number[]> {
    if (types.length === 0) return [];
    if (among !== undefined) return this.publishedAmong(types, nowGmt, among);
    const { db } = this;
    const query = (kinds: readonly string[], now: string) =>
      db
        .selectFrom('posts')
        .select('author')
        .distinct()
        .where((eb) => eb.and([eb('type', 'in', [...kinds]), eb(statusNow(eb, now), '=', 'publish'), eb('author', '>', 0)]));
    // Compiled once per number of types.
    const read = this.database.prepare(
      `posts.publishedAuthors.${types.length}`,
      { types: new Array<string>(types.length).fill(''), nowGmt: '' },
      (p) => query(p.types, p.nowGmt),
    );
    const rows = await read({ types: [...types], nowGmt });
    return rows.map((row) => Number(row.author));
  }

  /** {@link publishedAuthors} among some users: each found by its first published record (the `posts_author` index). */
  protected async publishedAmong(types: readonly string[], nowGmt: string, among: readonly number[]): Promise<number[]> {
    const ids = [...new Set(among.filter((id) => Number.isSafeInteger(id) && id > 0))];
    if (ids.length === 0) return [];
    const { db } = this;
    const query = (users: readonly number[], kinds: readonly string[], now: string) =>
      db
        .selectFrom('users')
        .select('users.id')
        .where('users.id', 'in', [...users])
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('posts')
              .select('posts.id')
              .whereRef('posts.author', '=', 'users.id')
              .where('posts.type', 'in', [...kinds])
              // The subquery's builder knows `users` too; the status test reads only `posts`.
              .where((inner) => inner(statusNow(inner as unknown as PostsExpression, now), '=', 'publish')),
          ),
        );
    if (ids.length > MAX_COMPILED_IDS) return (await query(ids, types, nowGmt).execute()).map((row) => Number(row.id));
    const read = this.database.prepare(
      `posts.publishedAmong.${ids.length}.${types.length}`,
      { ids: placeholderIds(ids.length), types: new Array<string>(types.length).fill(''), nowGmt: '' },
      (p) => query(p.ids, p.types, p.nowGmt),
    );
    return (await read({ ids, types: [...types], nowGmt })).map((row) => Number(row.id));
  }

  /** One page of the records a query selects, and how many it selects in all. */
  async list(query: PostQuery): Promise<{ posts: Post[]; total: number }> {
    const where = (eb: PostsExpression): Expression<SqlBool> => listWhere(this.database, eb, query);
    const [rows, count] = await Promise.all([
      listOrder(this.database, this.db.selectFrom('posts').selectAll().where(where), query)
        // Both engines take a limit before an offset; "all of them" is the largest safe one.
        .limit(query.perPage ?? Number.MAX_SAFE_INTEGER)
        .offset(query.offset)
        .execute(),
      this.db
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .where(where)
        .executeTakeFirstOrThrow(),
    ]);
    return { posts: rows, total: Number(count.total) };
  }
}
