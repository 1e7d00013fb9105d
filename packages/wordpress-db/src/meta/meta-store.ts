/**
 * `WordPressMetaStore`: content's `MetaStore` over WordPress's meta tables (`postmeta`,
 * `termmeta`, `commentmeta`, `usermeta`), values translated at the edge (`meta-values.ts`):
 * arrays and objects PHP-serialized as WordPress writes them, read back as the JSON the
 * project's meta layer expects. Hidden keys (`_edit_lock`, `_edit_last`, …) are rows like any
 * other: nothing is renamed.
 *
 * @module
 */
import type { MetaRow, MetaStore } from '@cms-json/content';
import type { Database } from '@cms-json/database';
import { sql } from 'kysely';
import type { WordPressDatabase } from '../connection.js';
import type { WordPressTables } from '../tables.js';
import { fromWordPressMeta, toWordPressMeta } from './meta-values.js';

/** The object types that have meta, as content names them. */
export type WordPressMetaType = 'post' | 'term' | 'comment' | 'user';

/** Each object type's meta table, its id column and its owner column. */
const META_TABLES = {
  post: { table: 'postmeta', id: 'meta_id', owner: 'post_id' },
  term: { table: 'termmeta', id: 'meta_id', owner: 'term_id' },
  comment: { table: 'commentmeta', id: 'meta_id', owner: 'comment_id' },
  user: { table: 'usermeta', id: 'umeta_id', owner: 'user_id' },
} as const satisfies Record<WordPressMetaType, { table: keyof WordPressTables; id: string; owner: string }>;

/** An id as WordPress takes it: a positive safe integer. */
function isId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0;
}

/**
 * The meta of one object type in a WordPress database.
 *
 * @example
 * const meta = new WordPressMetaStore(wordpress, 'post');
 * await meta.set(7, 'rating', '5');
 * await meta.rows([7], ['rating']); // [{ id: 31, objectId: 7, key: 'rating', value: '5' }]
 */
export class WordPressMetaStore implements MetaStore {
  readonly #database: Database<WordPressTables>;
  readonly #table: (typeof META_TABLES)[WordPressMetaType]['table'];
  readonly #id: string;
  readonly #owner: string;

  constructor(wordpress: WordPressDatabase, objectType: WordPressMetaType) {
    const names = META_TABLES[objectType];
    if (names === undefined) throw new Error(`WordPressMetaStore: no meta table for "${String(objectType)}".`);
    this.#database = wordpress.database;
    this.#table = names.table;
    this.#id = names.id;
    this.#owner = names.owner;
  }

  get #metaTable() {
    return sql.table(this.#table);
  }

  /** The rows of these keys of these objects, in the order they were added (values as the project reads them). */
  async rows(objectIds: readonly number[], keys: readonly string[]): Promise<MetaRow[]> {
    const ids = [...new Set(objectIds.filter(isId))];
    if (ids.length === 0 || keys.length === 0) return [];
    const result = await sql<{ id: number; owner: number; meta_key: string | null; meta_value: string | null }>`select ${sql.ref(
      this.#id,
    )} as id, ${sql.ref(this.#owner)} as owner, meta_key, meta_value from ${this.#metaTable} where ${sql.ref(this.#owner)} in (${sql.join(
      ids,
    )}) and meta_key in (${sql.join([...keys])}) order by ${sql.ref(this.#id)}`.execute(this.#database.db);
    return result.rows.map((row) => ({
      id: Number(row.id),
      objectId: Number(row.owner),
      key: row.meta_key ?? '',
      value: fromWordPressMeta(row.meta_value, row.meta_key ?? undefined),
    }));
  }

  /** Adds a value of a key (`add_metadata`). */
  async add(objectId: number, key: string, value: string): Promise<void> {
    if (!isId(objectId)) return;
    await sql`insert into ${this.#metaTable} (${sql.ref(this.#owner)}, meta_key, meta_value) values (${objectId}, ${key}, ${toWordPressMeta(
      value,
      key,
    )})`.execute(this.#database.db);
  }

  /** Sets every value of a key to this one (`update_metadata`), adding it when there is none. */
  async set(objectId: number, key: string, value: string): Promise<void> {
    if (!isId(objectId)) return;
    await this.#database.transaction(async () => {
      const existing = await sql<{ n: number }>`select count(*) as n from ${this.#metaTable} where ${sql.ref(
        this.#owner,
      )} = ${objectId} and meta_key = ${key}`.execute(this.#database.db);
      if (Number(existing.rows[0]?.n ?? 0) === 0) {
        await this.add(objectId, key, value);
        return;
      }
      await sql`update ${this.#metaTable} set meta_value = ${toWordPressMeta(value, key)} where ${sql.ref(
        this.#owner,
      )} = ${objectId} and meta_key = ${key}`.execute(this.#database.db);
    });
  }

  /** Deletes the values of a key: all of them, or those equal to `value`. */
  async delete(objectId: number, key: string, value?: string): Promise<void> {
    if (!isId(objectId)) return;
    const only = value === undefined ? sql`` : sql` and meta_value = ${toWordPressMeta(value, key)}`;
    await sql`delete from ${this.#metaTable} where ${sql.ref(this.#owner)} = ${objectId} and meta_key = ${key}${only}`.execute(
      this.#database.db,
    );
  }

  /** Deletes every row of a key whose value is `value`, whatever object it belongs to (`delete_metadata(…, true)`). */
  async deleteByValue(key: string, value: string): Promise<void> {
    await sql`delete from ${this.#metaTable} where meta_key = ${key} and meta_value = ${toWordPressMeta(value, key)}`.execute(
      this.#database.db,
    );
  }
}
