/**
 * The rows of meta: `post_meta` and `term_meta`, one row a value (a key may have several),
 * read and written through Kysely on SQLite and PostgreSQL. Values are text as WordPress
 * stores them: strings as they are, numbers as their decimal text, `true` as `'1'` and
 * `false` as `''`, arrays and objects as JSON.
 *
 * @module
 */
import type { Kysely } from 'kysely';
import type { ContentTables } from '../tables.js';
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

/**
 * The meta rows of one object type.
 *
 * @example
 * const store = new MetaStore(db, 'post');
 * await store.add(7, 'rating', '5');
 */
export class MetaStore {
  readonly #db: Kysely<ContentTables>;
  readonly #objectType: MetaObjectType;

  constructor(db: Kysely<ContentTables>, objectType: MetaObjectType) {
    this.#db = db;
    this.#objectType = objectType;
  }

  /** The rows of these keys of these objects, in the order they were added. */
  async rows(objectIds: readonly number[], keys: readonly string[]): Promise<MetaRow[]> {
    if (objectIds.length === 0 || keys.length === 0) return [];
    if (this.#objectType === 'post') {
      const rows = await this.#db
        .selectFrom('post_meta')
        .select(['id', 'post_id', 'meta_key', 'meta_value'])
        .where('post_id', 'in', [...objectIds])
        .where('meta_key', 'in', [...keys])
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ id: Number(row.id), objectId: Number(row.post_id), key: row.meta_key, value: row.meta_value }));
    }
    const rows = await this.#db
      .selectFrom('term_meta')
      .select(['id', 'term_id', 'meta_key', 'meta_value'])
      .where('term_id', 'in', [...objectIds])
      .where('meta_key', 'in', [...keys])
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ id: Number(row.id), objectId: Number(row.term_id), key: row.meta_key, value: row.meta_value }));
  }

  /** Adds a value of a key. */
  async add(objectId: number, key: string, value: string): Promise<void> {
    if (this.#objectType === 'post') {
      await this.#db.insertInto('post_meta').values({ post_id: objectId, meta_key: key, meta_value: value }).execute();
    } else {
      await this.#db.insertInto('term_meta').values({ term_id: objectId, meta_key: key, meta_value: value }).execute();
    }
  }

  /** Sets every value of a key to this one (WordPress's `update_metadata`), adding it when there is none. */
  async set(objectId: number, key: string, value: string): Promise<void> {
    const result =
      this.#objectType === 'post'
        ? await this.#db
            .updateTable('post_meta')
            .set({ meta_value: value })
            .where('post_id', '=', objectId)
            .where('meta_key', '=', key)
            .executeTakeFirst()
        : await this.#db
            .updateTable('term_meta')
            .set({ meta_value: value })
            .where('term_id', '=', objectId)
            .where('meta_key', '=', key)
            .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) await this.add(objectId, key, value);
  }

  /** Deletes the values of a key: all of them, or those equal to `value`. */
  async delete(objectId: number, key: string, value?: string): Promise<void> {
    if (this.#objectType === 'post') {
      let query = this.#db.deleteFrom('post_meta').where('post_id', '=', objectId).where('meta_key', '=', key);
      if (value !== undefined) query = query.where('meta_value', '=', value);
      await query.execute();
    } else {
      let query = this.#db.deleteFrom('term_meta').where('term_id', '=', objectId).where('meta_key', '=', key);
      if (value !== undefined) query = query.where('meta_value', '=', value);
      await query.execute();
    }
  }
}
