/**
 * The rows of meta: `post_meta`, `term_meta`, `comment_meta` and `user_meta`, one row a value (a key may have several),
 * read and written through Kysely on SQLite and PostgreSQL. Values are text as WordPress
 * stores them: strings as they are, numbers as their decimal text, `true` as `'1'` and
 * `false` as `''`, arrays and objects as JSON.
 *
 * @module
 */
import { type Generated, type Insertable, type Kysely, sql } from 'kysely';
import { MAX_COMPILED_IDS, placeholderIds } from '../compiled-reads.js';
import type { ContentTables, SiteDatabase } from '../tables.js';
import type { MetaObjectType } from './registry.js';

/** One stored value of a key. */
export interface MetaRow {
  readonly id: number;
  readonly objectId: number;
  readonly key: string;
  readonly value: string;
}

/**
 * The text a value is stored as.
 *
 * @example
 * encodeMetaValue(true); // '1'
 */
export function encodeMetaValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? '1' : '';
  if (typeof value === 'number') return String(value);
  if (value === null || value === undefined) return '';
  return JSON.stringify(value);
}

/**
 * A stored text as the value of a key of this type: JSON for arrays and objects (text that
 * is not JSON stays text, and reads as invalid), the text itself for scalars.
 *
 * @example
 * decodeMetaValue('[1,2]', 'array'); // [1, 2]
 */
export function decodeMetaValue(text: string, type: string): unknown {
  if (type !== 'array' && type !== 'object') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The most keys a compiled read of {@link SqlMetaStore.rows} is kept for (one read per count of objects and of keys). */
const MAX_COMPILED_KEYS = 8;

/** The table and owner column of each object type's meta. */
const META_TABLES = {
  post: { table: 'post_meta', owner: 'post_id' },
  term: { table: 'term_meta', owner: 'term_id' },
  comment: { table: 'comment_meta', owner: 'comment_id' },
  user: { table: 'user_meta', owner: 'user_id' },
} as const satisfies Record<MetaObjectType, { table: keyof ContentTables; owner: string }>;

/**
 * The meta tables seen as one shape: every one has `id`, `meta_key`, `meta_value` and its
 * owner's id, so one query fits all three once the table and owner column are named.
 */
interface OwnedMetaTable {
  id: Generated<number>;
  owner_id: number;
  meta_key: string;
  meta_value: Generated<string>;
}

/**
 * The meta rows of one object type (posts, terms or comments): the storage of meta behind
 * the meta fields, which a second storage implements too.
 *
 * @example
 * const store: MetaStore = new SqlMetaStore(database, 'post');
 * await store.add(7, 'rating', '5');
 */
export interface MetaStore {
  /** The rows of these keys of these objects, in the order they were added. */
  rows(objectIds: readonly number[], keys: readonly string[]): Promise<MetaRow[]>;
  /** Adds a value of a key. */
  add(objectId: number, key: string, value: string): Promise<void>;
  /** Sets every value of a key to this one (WordPress's `update_metadata`), adding it when there is none. */
  set(objectId: number, key: string, value: string): Promise<void>;
  /** Deletes the values of a key: all of them, or those equal to `value`. */
  delete(objectId: number, key: string, value?: string): Promise<void>;
  /**
   * Deletes every row of a key whose value is `value`, whatever object it belongs to
   * (WordPress's `delete_metadata` with `$delete_all`): an attachment deleted, no post keeps
   * it as its `_thumbnail_id`.
   */
  deleteByValue(key: string, value: string): Promise<void>;
}

/**
 * The meta store of one object type over a content database (the project's own schema: one
 * meta table per object type, rows of key and value).
 *
 * @example
 * const store = new SqlMetaStore(database, 'post');
 * await store.add(7, 'rating', '5');
 */
export class SqlMetaStore implements MetaStore {
  readonly #db: Kysely<{ meta: OwnedMetaTable }>;
  /** The object type's meta table: its real name, typed as the shared shape's. */
  readonly #table: 'meta';
  readonly #owner: string;
  readonly #database: SiteDatabase;

  constructor(database: SiteDatabase, objectType: MetaObjectType) {
    this.#database = database;
    const names = META_TABLES[objectType];
    if (names === undefined) throw new Error(`No meta table for "${String(objectType)}".`);
    // The three meta tables share one shape but for their owner column's name: reached as that shape (the `any` of SiteDatabase).
    this.#db = database.db;
    // The table's real name, typed as the shared shape's one name: the queries are the same for the three.
    this.#table = names.table as unknown as 'meta';
    this.#owner = names.owner;
  }

  /** The owner column (`post_id`, `term_id`, `comment_id`). */
  get #ownerColumn() {
    return sql.ref<number>(this.#owner);
  }

  /** The rows of these keys of these objects, in the order they were added. */
  async rows(objectIds: readonly number[], keys: readonly string[]): Promise<MetaRow[]> {
    if (objectIds.length === 0 || keys.length === 0) return [];
    const query = (ids: readonly number[], metaKeys: readonly string[]) =>
      this.#db
        .selectFrom(this.#table)
        .select(['id', this.#ownerColumn.as('owner_id'), 'meta_key', 'meta_value'])
        .where(this.#ownerColumn, 'in', [...ids])
        .where('meta_key', 'in', [...metaKeys])
        .orderBy('id');
    // Compiled once per count of objects and of keys (a page's records, a few keys), as the other reads of a page.
    const rows =
      objectIds.length > MAX_COMPILED_IDS || keys.length > MAX_COMPILED_KEYS
        ? await query(objectIds, keys).execute()
        : await this.#database.prepare(
            `meta.${this.#owner}.rows.${objectIds.length}.${keys.length}`,
            { ids: placeholderIds(objectIds.length), keys: keys.map((): string => '') },
            (p) => query(p.ids, p.keys),
          )({ ids: [...objectIds], keys: [...keys] });
    return rows.map((row) => ({ id: Number(row.id), objectId: Number(row.owner_id), key: row.meta_key, value: row.meta_value }));
  }

  /** Adds a value of a key. */
  async add(objectId: number, key: string, value: string): Promise<void> {
    // The owner column has its table's own name, which the shared shape calls `owner_id`.
    const row = { [this.#owner]: objectId, meta_key: key, meta_value: value } as unknown as Insertable<OwnedMetaTable>;
    await this.#db.insertInto(this.#table).values(row).execute();
  }

  /** Sets every value of a key to this one (WordPress's `update_metadata`), adding it when there is none. */
  async set(objectId: number, key: string, value: string): Promise<void> {
    const result = await this.#db
      .updateTable(this.#table)
      .set({ meta_value: value })
      .where(this.#ownerColumn, '=', objectId)
      .where('meta_key', '=', key)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) await this.add(objectId, key, value);
  }

  /** Deletes the values of a key: all of them, or those equal to `value`. */
  async delete(objectId: number, key: string, value?: string): Promise<void> {
    let query = this.#db.deleteFrom(this.#table).where(this.#ownerColumn, '=', objectId).where('meta_key', '=', key);
    if (value !== undefined) query = query.where('meta_value', '=', value);
    await query.execute();
  }

  /** Deletes every row of a key whose value is `value`, whatever object it belongs to. */
  async deleteByValue(key: string, value: string): Promise<void> {
    await this.#db.deleteFrom(this.#table).where('meta_key', '=', key).where('meta_value', '=', value).execute();
  }
}
