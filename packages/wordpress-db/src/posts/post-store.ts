/**
 * `WordPressPostStore`: content's `PostStore` over WordPress's `posts` table (every post type,
 * revisions and attachments included), read and written as WordPress 6.1 reads and writes it
 * (`wp_insert_post`, `wp_update_post`, `wp_delete_post`): the row mapping in `post-rows.ts`,
 * the lists in `post-lists.ts`, formats and term counts in `post-terms.ts`.
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import type { Post, PostAccessFields, PostQuery, PostStore, PostsTable, StorageTransactions } from '@cms-json/content';
import type { Database } from '@cms-json/database';
import { type Insertable, type SqlBool, sql, type Updateable } from 'kysely';
import type { WordPressDatabase } from '../connection.js';
import { fromWordPressDate, toWordPressDate } from '../dates.js';
import type { WordPressTables, WpPostsTable } from '../tables.js';
import { ZERO_DATETIME } from '../tables.js';
import { DEFAULT_OBJECT_TYPES, recountAtCommit, type TaxonomyObjectTypes } from '../terms/term-counts.js';
import { getOption, getOptions } from '../wordpress-options.js';
import { escapeLike, listOrder, listWhere, statusNow, type WpPostsExpression } from './post-lists.js';
import {
  needsClock,
  POST_COLUMNS,
  postColumns,
  TEMPLATE_META_KEY,
  templateAndFormat,
  toPost,
  type WordPressPostRow,
} from './post-rows.js';
import { setPostFormat, termTaxonomyIdsOf } from './post-terms.js';
import { type SiteClock, siteClock } from './site-clock.js';

/**
 * Options of {@link WordPressPostStore}.
 *
 * @example
 * const options: WordPressPostStoreOptions = { now: () => Date.UTC(2030, 0, 1) };
 */
export interface WordPressPostStoreOptions {
  /** The clock (milliseconds since the epoch), for `post_modified` and floating drafts. @default Date.now */
  now?: (() => number) | undefined;
  /**
   * The post types of the taxonomies plugins register (WordPress's own are known), so the
   * counts of a record's terms count what WordPress counts: `{ genre: ['book'] }`.
   */
  objectTypes?: TaxonomyObjectTypes | undefined;
}

/** The statuses whose date floats while none was given (`date_floating`): draft, pending, auto-draft. */
const FLOATING_STATUSES = new Set(['draft', 'pending', 'auto-draft']);

/** How near "now" a new draft's date must be to be taken as no date given (the controller's clock and ours). */
const FLOATING_TOLERANCE_MS = 2000;

/** The meta `wp_trash_post` adds and `wp_untrash_post` removes. */
const TRASH_META_KEYS = ['_wp_trash_meta_status', '_wp_trash_meta_time', '_wp_desired_post_slug'] as const;

/** The most rows one `IN (…)` list of ids holds. */
const MAX_IDS = 1000;

/** An id as WordPress takes it: a positive safe integer. */
function isId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0;
}

/** The distinct valid ids of a list. */
function validIds(ids: readonly number[]): number[] {
  return [...new Set(ids.filter(isId))];
}

/**
 * The records of a WordPress site.
 *
 * `changeVersion` never repeats: WordPress's tables have no change counter, cms-json adds no
 * trigger to them, and WordPress's own PHP writes them (terms, users, options, meta: all parts
 * of a post's answer) behind cms-json's back, so no cheap query can tell that nothing changed.
 * A validator that never matches means no `304` short-cut on this storage; every answer is
 * built, and its ETag (from the answer's bytes) still lets clients revalidate.
 *
 * @example
 * const posts = new WordPressPostStore(wordpress);
 * const { posts: page, total } = await posts.list({ types: ['post'], statuses: ['publish'], nowGmt, perPage: 10, offset: 0 });
 */
export class WordPressPostStore implements PostStore {
  /** The transactions of the WordPress database, which every write joins. */
  readonly transactions: StorageTransactions;
  readonly #database: Database<WordPressTables>;
  readonly #now: () => number;
  readonly #objectTypes: TaxonomyObjectTypes;

  constructor(wordpress: WordPressDatabase, options: WordPressPostStoreOptions = {}) {
    this.#database = wordpress.database;
    this.transactions = wordpress.database;
    this.#now = options.now ?? Date.now;
    this.#objectTypes = { ...DEFAULT_OBJECT_TYPES, ...options.objectTypes };
  }

  /** Recounts these terms when the write's transaction commits (`wp_update_term_count`). */
  async #recount(termTaxonomyIds: readonly number[]): Promise<void> {
    await recountAtCommit(this.#database, termTaxonomyIds, this.#objectTypes);
  }

  /**
   * A version that never repeats (see the class): WordPress's tables cannot say cheaply and
   * exactly that no answer changed.
   */
  async changeVersion(_nowGmt: string): Promise<string> {
    return `wp.${randomUUID()}`;
  }

  /** The select of records, with their template and format. */
  #select() {
    return this.#database.db.selectFrom('posts').select(POST_COLUMNS).select(templateAndFormat);
  }

  /** Rows as records: the site's clock read only when a row floats. */
  async #toPosts(rows: readonly WordPressPostRow[]): Promise<Post[]> {
    const clock = rows.some(needsClock) ? await siteClock(this.#database) : undefined;
    return rows.map((row) => toPost(row, clock));
  }

  /** The record with this id, whatever its type, or `undefined`. */
  async find(id: number): Promise<Post | undefined> {
    if (!isId(id)) return undefined;
    const row = await this.#select().where('posts.ID', '=', id).executeTakeFirst();
    return row === undefined ? undefined : (await this.#toPosts([row]))[0];
  }

  /** The records with these ids (in no order), for embedding many at once. */
  async findMany(ids: readonly number[]): Promise<Post[]> {
    const wanted = validIds(ids);
    const out: Post[] = [];
    for (let start = 0; start < wanted.length; start += MAX_IDS) {
      const rows = await this.#select()
        .where('posts.ID', 'in', wanted.slice(start, start + MAX_IDS))
        .execute();
      out.push(...(await this.#toPosts(rows)));
    }
    return out;
  }

  /** The fields the read check reads of the records with these ids (in no order; unknown ids left out). */
  async findAccess(ids: readonly number[]): Promise<PostAccessFields[]> {
    const wanted = validIds(ids);
    const out: PostAccessFields[] = [];
    for (let start = 0; start < wanted.length; start += MAX_IDS) {
      const rows = await this.#database.db
        .selectFrom('posts')
        .select(['ID', 'post_type', 'post_status', 'post_author', 'post_parent', 'post_date', 'post_date_gmt'])
        .where('ID', 'in', wanted.slice(start, start + MAX_IDS))
        .execute();
      const clock = rows.some((row) => row.post_date_gmt.startsWith('0000')) ? await siteClock(this.#database) : undefined;
      for (const row of rows) {
        const gmt = fromWordPressDate(row.post_date_gmt);
        const date = fromWordPressDate(row.post_date);
        out.push({
          id: Number(row.ID),
          type: row.post_type,
          status: row.post_status,
          author: Number(row.post_author),
          parent: Number(row.post_parent),
          date_gmt: gmt === '' && date !== '' && clock !== undefined ? clock.toGmt(date) : gmt,
        });
      }
    }
    return out;
  }

  /** The site's local time now, and GMT now, in the project's form. */
  #nowDates(clock: SiteClock): { local: string; gmt: string } {
    const moment = new Date(this.#now());
    return { local: clock.local(moment), gmt: moment.toISOString().slice(0, 19) };
  }

  /**
   * Stores a new record as `wp_insert_post`: every column WordPress writes (`to_ping`,
   * `pinged`, `post_content_filtered` empty), a draft given no date floating (zero
   * `post_date_gmt`), the guid `<home>/?p=<id>` (`?page_id=` for pages, `?post_type=<type>&p=`
   * for other types) unless one is given, a template given (`''` too) as `_wp_page_template` meta, the format
   * as the `post_format` term; a published post gets `_encloseme` as `_publish_post_hook` adds it.
   */
  async create(row: Insertable<PostsTable>): Promise<Post> {
    return this.#database.transaction(async () => {
      const db = this.#database.db;
      const type = row.type;
      const status = row.status;
      const clock = await siteClock(this.#database);
      const now = this.#nowDates(clock);
      const date = row.date === undefined || row.date === '' ? now.local : row.date;
      const floating =
        FLOATING_STATUSES.has(status) &&
        (row.date_gmt === undefined ||
          row.date_gmt === '' ||
          Math.abs(Date.parse(`${row.date_gmt}Z`) - this.#now()) <= FLOATING_TOLERANCE_MS);
      const dateGmt = floating ? '' : row.date_gmt === undefined || row.date_gmt === '' ? clock.toGmt(date) : row.date_gmt;
      const columns = postColumns(row);
      const values: Insertable<WpPostsTable> = {
        post_author: 0,
        post_content: '',
        post_title: '',
        post_excerpt: '',
        post_status: status,
        comment_status: 'closed',
        ping_status: 'closed',
        post_password: '',
        post_name: '',
        to_ping: '',
        pinged: '',
        post_parent: 0,
        menu_order: 0,
        post_mime_type: '',
        comment_count: 0,
        guid: '',
        ...columns,
        post_type: type,
        post_content_filtered: '',
        post_date: toWordPressDate(date),
        post_date_gmt: floating ? ZERO_DATETIME : toWordPressDate(dateGmt),
        post_modified: toWordPressDate(row.modified === undefined || row.modified === '' ? date : row.modified),
        // As wp_insert_post: a new record is modified when it is dated (a floating draft's GMT dates both zero).
        post_modified_gmt: floating
          ? ZERO_DATETIME
          : toWordPressDate(row.modified_gmt === undefined || row.modified_gmt === '' ? dateGmt : row.modified_gmt),
      };
      const inserted = await db.insertInto('posts').values(values).executeTakeFirstOrThrow();
      const id = Number(inserted.insertId);
      if (values.guid === '') {
        await db
          .updateTable('posts')
          .set({ guid: await this.#defaultGuid(type, id) })
          .where('ID', '=', id)
          .execute();
      }
      // As the REST controller's handle_template: a template sent, even '', is stored.
      if (row.template !== undefined) await this.#setMeta(id, TEMPLATE_META_KEY, row.template);
      if (row.format !== undefined && row.format !== '') await this.#recount(await setPostFormat(this.#database, id, row.format));
      if (status === 'publish') await this.#published(id, type);
      const post = await this.find(id);
      if (post === undefined) throw new Error(`WordPressPostStore: record ${id} was not stored.`);
      return post;
    });
  }

  /** The guid WordPress gives a record at insert when it has no permalink yet. */
  async #defaultGuid(type: string, id: number): Promise<string> {
    const home = await getOption(this.#database, 'home');
    const base = `${typeof home === 'string' ? home.replace(/\/+$/, '') : ''}/`;
    if (type === 'page') return `${base}?page_id=${id}`;
    if (type === 'post' || type === 'revision' || type === 'attachment') return `${base}?p=${id}`;
    return `${base}?post_type=${encodeURIComponent(type)}&p=${id}`;
  }

  /** `update_post_meta`: every row of the key set to the value, one added when there is none. */
  async #setMeta(postId: number, key: string, value: string): Promise<void> {
    const db = this.#database.db;
    const existing = await db
      .selectFrom('postmeta')
      .select('meta_id')
      .where('post_id', '=', postId)
      .where('meta_key', '=', key)
      .executeTakeFirst();
    if (existing === undefined)
      await db.insertInto('postmeta').values({ post_id: postId, meta_key: key, meta_value: value }).execute();
    else
      await db
        .updateTable('postmeta')
        .set({ meta_value: value })
        .where('post_id', '=', postId)
        .where('meta_key', '=', key)
        .execute();
  }

  /** `add_post_meta(…, true)`: the value added only when the key has none. */
  async #addUniqueMeta(postId: number, key: string, value: string): Promise<void> {
    const db = this.#database.db;
    const existing = await db
      .selectFrom('postmeta')
      .select('meta_id')
      .where('post_id', '=', postId)
      .where('meta_key', '=', key)
      .executeTakeFirst();
    if (existing === undefined)
      await db.insertInto('postmeta').values({ post_id: postId, meta_key: key, meta_value: value }).execute();
  }

  /** What `_publish_post_hook` stores when a post is published: `_encloseme`, and `_pingme` when pingbacks are on. */
  async #published(id: number, type: string): Promise<void> {
    if (type !== 'post') return;
    const { default_pingback_flag: pingbacks } = await getOptions(this.#database, ['default_pingback_flag']);
    if (pingbacks !== undefined && pingbacks !== '' && pingbacks !== '0' && pingbacks !== 0 && pingbacks !== false) {
      await this.#addUniqueMeta(id, '_pingme', '1');
    }
    await this.#addUniqueMeta(id, '_encloseme', '1');
  }

  /**
   * Changes a record as `wp_update_post`: `post_modified` now unless given (but not for a guid
   * alone, which WordPress sets by a bare update); a floating draft saved without a date keeps
   * floating and is dated now (published without one: dated now); the template and format
   * stored where WordPress keeps them; a status change recounts its terms, moves it into the
   * trash with `_wp_trash_meta_status`/`_time` (and out of it without them). `undefined` when
   * the record is gone.
   */
  async update(id: number, changes: Updateable<PostsTable>): Promise<Post | undefined> {
    if (!isId(id)) return undefined;
    return this.#database.transaction(async () => {
      const db = this.#database.db;
      const before = await db
        .selectFrom('posts')
        .select(['ID', 'post_type', 'post_status', 'post_name', 'post_date_gmt'])
        .where('ID', '=', id)
        .executeTakeFirst();
      if (before === undefined) return undefined;
      const columns = postColumns(changes);
      const onlyBookkeeping = Object.keys(changes).every((key) => key === 'guid' || key === 'comment_count');
      const status = changes.status ?? before.post_status;
      const floats = before.post_date_gmt.startsWith('0000') && FLOATING_STATUSES.has(before.post_status);
      if (!onlyBookkeeping) {
        const clock = await siteClock(this.#database);
        const now = this.#nowDates(clock);
        if (changes.modified === undefined) columns.post_modified = toWordPressDate(now.local);
        if (changes.modified_gmt === undefined) columns.post_modified_gmt = toWordPressDate(now.gmt);
        if (floats && changes.date_gmt === undefined) {
          // Drafts are not dated unless the writer dates them: "now", floating while still a draft.
          columns.post_date = toWordPressDate(now.local);
          columns.post_date_gmt = FLOATING_STATUSES.has(status) ? ZERO_DATETIME : toWordPressDate(now.gmt);
        }
      }
      if (Object.keys(columns).length > 0) await db.updateTable('posts').set(columns).where('ID', '=', id).execute();
      if (changes.template !== undefined) await this.#setMeta(id, TEMPLATE_META_KEY, changes.template);
      if (changes.format !== undefined) await this.#recount(await setPostFormat(this.#database, id, changes.format));
      if (status !== before.post_status) await this.#statusChanged(before, status);
      return this.find(id);
    });
  }

  /**
   * After a status change: the terms recounted; into the trash, the meta `wp_trash_post` adds
   * (the status it had, when, and the slug it wanted), out of it, that meta removed; a post
   * published, its publishing meta.
   */
  async #statusChanged(
    before: { ID: number; post_type: string; post_status: string; post_name: string },
    to: string,
  ): Promise<void> {
    const id = Number(before.ID);
    await this.#recount(await termTaxonomyIdsOf(this.#database, [id]));
    if (to === 'trash') {
      await this.#setMeta(id, '_wp_trash_meta_status', before.post_status);
      await this.#setMeta(id, '_wp_trash_meta_time', String(Math.floor(this.#now() / 1000)));
      if (before.post_name !== '') await this.#setMeta(id, '_wp_desired_post_slug', before.post_name);
    } else if (before.post_status === 'trash') {
      await this.#database.db
        .deleteFrom('postmeta')
        .where('post_id', '=', id)
        .where('meta_key', 'in', [...TRASH_META_KEYS])
        .execute();
    }
    if (to === 'publish') await this.#published(id, before.post_type);
  }

  /**
   * Deletes a record for good as `wp_delete_post`: its term relationships (terms recounted),
   * its children of the same type and its attachments moved up to its parent, its revisions,
   * its comments with their meta, its meta. False when it was gone.
   */
  async delete(id: number): Promise<boolean> {
    if (!isId(id)) return false;
    return this.#database.transaction(async () => {
      const db = this.#database.db;
      const post = await db.selectFrom('posts').select(['post_type', 'post_parent']).where('ID', '=', id).executeTakeFirst();
      if (post === undefined) return false;
      const revisions =
        post.post_type === 'revision'
          ? []
          : (
              await db
                .selectFrom('posts')
                .select('ID')
                .where('post_parent', '=', id)
                .where('post_type', '=', 'revision')
                .execute()
            ).map((row) => Number(row.ID));
      const gone = [id, ...revisions];
      const held = await termTaxonomyIdsOf(this.#database, gone);
      await db.deleteFrom('term_relationships').where('object_id', 'in', gone).execute();
      if (post.post_type !== 'revision') {
        await db
          .updateTable('posts')
          .set({ post_parent: post.post_parent })
          .where('post_parent', '=', id)
          .where('post_type', 'in', [post.post_type, 'attachment'])
          .execute();
      }
      const comments = (await db.selectFrom('comments').select('comment_ID').where('comment_post_ID', 'in', gone).execute()).map(
        (row) => Number(row.comment_ID),
      );
      for (let start = 0; start < comments.length; start += MAX_IDS) {
        const some = comments.slice(start, start + MAX_IDS);
        await db.deleteFrom('commentmeta').where('comment_id', 'in', some).execute();
        await db.deleteFrom('comments').where('comment_ID', 'in', some).execute();
      }
      await db.deleteFrom('postmeta').where('post_id', 'in', gone).execute();
      const result = await db.deleteFrom('posts').where('ID', 'in', gone).executeTakeFirst();
      await this.#recount(held);
      return Number(result.numDeletedRows) > 0;
    });
  }

  /** The records of these types that a user wrote (newest first), for handing them on when the user goes. */
  async idsByAuthor(author: number, types: readonly string[]): Promise<number[]> {
    if (types.length === 0 || !isId(author)) return [];
    const rows = await this.#database.db
      .selectFrom('posts')
      .select('ID')
      .where('post_author', '=', author)
      .where('post_type', 'in', [...types])
      .orderBy('ID', 'desc')
      .execute();
    return rows.map((row) => Number(row.ID));
  }

  /** Gives every record of one author to another (a user deleted with `reassign`); how many moved. */
  async reassignAuthor(from: number, to: number): Promise<number> {
    if (!isId(from) || !Number.isSafeInteger(to) || to < 0) return 0;
    const result = await this.#database.db
      .updateTable('posts')
      .set({ post_author: to })
      .where('post_author', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** The slugs of a type's records that start with `base` (but record `except`'s own). */
  async slugsLike(type: string, base: string, except: number): Promise<Set<string>> {
    const rows = await this.#database.db
      .selectFrom('posts')
      .select('post_name')
      .where('post_type', '=', type)
      .where('ID', '!=', except)
      .where(sql<SqlBool>`${sql.ref('post_name')} like ${`${escapeLike(base)}%`}`)
      .execute();
    return new Set(rows.map((row) => row.post_name));
  }

  /** How many records of a type have this parent (revisions of a post, children of a page). */
  async countChildren(parent: number, type: string): Promise<number> {
    if (!Number.isSafeInteger(parent) || parent < 0) return 0;
    const row = await this.#database.db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('post_parent', '=', parent)
      .where('post_type', '=', type)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** For each record, how many revisions it has and the newest one's id (the ones with none are left out). */
  async revisionCounts(parents: readonly number[]): Promise<Map<number, { count: number; latest: number }>> {
    const out = new Map<number, { count: number; latest: number }>();
    const wanted = validIds(parents);
    for (let start = 0; start < wanted.length; start += MAX_IDS) {
      const rows = await this.#database.db
        .selectFrom('posts')
        .select((eb) => ['post_parent', eb.fn.countAll<number | string>().as('n'), eb.fn.max('ID').as('latest')])
        .where('post_type', '=', 'revision')
        .where('post_parent', 'in', wanted.slice(start, start + MAX_IDS))
        .groupBy('post_parent')
        .execute();
      for (const row of rows) out.set(Number(row.post_parent), { count: Number(row.n), latest: Number(row.latest) });
    }
    return out;
  }

  /** The ids of the users who have published records of these types (now); with `among`, only those of these ids. */
  async publishedAuthors(types: readonly string[], nowGmt: string, among?: readonly number[]): Promise<number[]> {
    if (types.length === 0) return [];
    const users = among === undefined ? undefined : validIds(among);
    if (users !== undefined && users.length === 0) return [];
    let query = this.#database.db
      .selectFrom('posts')
      .select('post_author')
      .distinct()
      .where((eb) =>
        eb.and([eb('post_type', 'in', [...types]), eb(statusNow(eb, nowGmt), '=', 'publish'), eb('post_author', '>', 0)]),
      );
    if (users !== undefined) query = query.where('post_author', 'in', users);
    return (await query.execute()).map((row) => Number(row.post_author));
  }

  /** One page of the records a query selects, and how many it selects in all. */
  async list(query: PostQuery): Promise<{ posts: Post[]; total: number }> {
    const offset = Number.isSafeInteger(query.offset) && query.offset > 0 ? query.offset : 0;
    // No page size, or an infinite one: all of them; one that is not a number: none.
    const perPage =
      query.perPage === undefined || query.perPage === Number.POSITIVE_INFINITY
        ? undefined
        : Number.isNaN(query.perPage)
          ? 0
          : Math.max(0, Math.floor(query.perPage));
    const where = (eb: WpPostsExpression) => listWhere(eb, query);
    const page =
      perPage === 0
        ? Promise.resolve([])
        : this.#select()
            .where(where)
            .orderBy(sql.join(listOrder(query)))
            // MySQL takes no offset without a limit: "all of them" is the largest one it takes.
            .limit(perPage ?? Number.MAX_SAFE_INTEGER)
            .offset(offset)
            .execute();
    const [rows, count] = await Promise.all([
      page,
      this.#database.db
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .where(where)
        .executeTakeFirstOrThrow(),
    ]);
    return { posts: await this.#toPosts(rows), total: Number(count.total) };
  }
}
