/**
 * The plugin's queries, written once with Kysely: they run on SQLite and PostgreSQL alike.
 *
 * @module
 */
import {
  changeVersion,
  type EagerQuery,
  lowerText,
  type PreparedQuery,
  prepareEagerQuery,
  prepareQuery,
} from '@cms-json/database';
import { type Kysely, sql } from 'kysely';
import type { OutgoingLinksTables } from './migrations.js';
import type { OutgoingLinkRecord } from './schema.js';

/** The fields a list query takes. */
export interface ListQuery {
  limit: number;
  offset: number;
  order: 'asc' | 'desc';
  orderby: 'id' | 'title' | 'count';
  search?: string | undefined;
}

/** What a create or update writes. */
export interface LinkWrite {
  title: string;
  slug: string;
  link: string;
}

function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const COLUMNS = ['id', 'title', 'slug', 'link', 'count'] as const;

type Row = { id: number; title: string; slug: string; link: string; count: number | string | bigint };

/** The outgoing-links table. */
export class OutgoingLinksStore {
  readonly db: Kysely<OutgoingLinksTables>;
  // The hot queries, compiled once (parameters in order): a record by id, and the count.
  readonly #byId: EagerQuery<Row>;
  readonly #countAll: PreparedQuery<{ total: number | string }>;
  // Parameters: title, slug, link (a new link's count is 0).
  readonly #insert: PreparedQuery<Row>;
  // An unfiltered page per sort order; parameters: limit, offset.
  readonly #pages = new Map<string, PreparedQuery<Row>>();
  /**
   * The table's change version (its triggers bump it on every write, from any process): the
   * routes' validator, read before the records.
   */
  readonly version: () => string | Promise<string>;

  /** Pass a site database with more tables as `db as unknown as Kysely<OutgoingLinksTables>` (Kysely's table map is invariant). */
  constructor(db: Kysely<OutgoingLinksTables>) {
    this.db = db;
    this.#byId = prepareEagerQuery(db, db.selectFrom('outgoing_links').select(COLUMNS).where('id', '=', 0).compile());
    this.#countAll = prepareQuery(
      db,
      db
        .selectFrom('outgoing_links')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .compile(),
    );
    this.version = changeVersion(db, { tables: ['outgoing_links'] });
    this.#insert = prepareQuery(
      db,
      db.insertInto('outgoing_links').values({ title: '', slug: '', link: '', count: 0 }).returning(COLUMNS).compile(),
    );
  }

  #page(query: ListQuery): PreparedQuery<Row> {
    const key = `${query.orderby} ${query.order}`;
    let page = this.#pages.get(key);
    if (page === undefined) {
      const builder = this.db.selectFrom('outgoing_links').select(COLUMNS).orderBy(query.orderby, query.order);
      page = prepareQuery(this.db, builder.orderBy('id', query.order).limit(0).offset(0).compile());
      this.#pages.set(key, page);
    }
    return page;
  }

  #filtered(search: string | undefined) {
    let query = this.db.selectFrom('outgoing_links');
    if (search !== undefined && search !== '') {
      const pattern = likePattern(search);
      // `lowerText` folds every letter on both engines (SQLite's `lower()` folds ASCII only).
      const title = lowerText(this.db, sql.ref('title'));
      const link = lowerText(this.db, sql.ref('link'));
      query = query.where(sql<boolean>`(${title} like ${pattern} escape '\\' or ${link} like ${pattern} escape '\\')`);
    }
    return query;
  }

  /** One page of links and the total count. */
  async list(query: ListQuery): Promise<{ items: OutgoingLinkRecord[]; total: number }> {
    if (query.search === undefined || query.search === '') {
      const [items, [row]] = await Promise.all([this.#page(query)([query.limit, query.offset]), this.#countAll([])]);
      return { items: toRecords(items), total: Number(row?.total ?? 0) };
    }
    const items = await this.#filtered(query.search)
      .select(COLUMNS)
      .orderBy(query.orderby, query.order)
      .orderBy('id', query.order)
      .limit(query.limit)
      .offset(query.offset)
      .execute();
    const row = await this.#filtered(query.search)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return { items: toRecords(items), total: Number(row.total) };
  }

  /**
   * A link by id, or `undefined`: at once when the database answers at once (embedded SQLite
   * outside a transaction; a failure is then thrown), else a promise.
   */
  get(id: number): OutgoingLinkRecord | undefined | Promise<OutgoingLinkRecord | undefined> {
    const rows = this.#byId([id]);
    return rows instanceof Promise ? rows.then(firstRecord) : firstRecord(rows);
  }

  /** Inserts a link and returns it. */
  async insert(write: LinkWrite): Promise<OutgoingLinkRecord> {
    const [row] = await this.#insert([write.title, write.slug, write.link, 0]);
    if (row === undefined) throw new Error('The insert returned no row.');
    return toRecord(row);
  }

  /**
   * Writes the columns given (title and slug, link) and nothing else, so that concurrent
   * updates of different fields both stay; `id` and `count` are never written. With nothing
   * to write, reads the link.
   */
  async update(id: number, write: Partial<LinkWrite>): Promise<OutgoingLinkRecord | undefined> {
    const changes = Object.fromEntries(Object.entries(write).filter(([, value]) => value !== undefined)) as Partial<LinkWrite>;
    if (Object.keys(changes).length === 0) return this.get(id);
    const row = await this.db
      .updateTable('outgoing_links')
      .set(changes)
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirst();
    return row === undefined ? undefined : toRecord(row);
  }

  /** Deletes a link; returns how many rows went. */
  async delete(id: number): Promise<number> {
    const result = await this.db.deleteFrom('outgoing_links').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The target of the link with this slug (the oldest, when titles collide), without counting. */
  async target(slug: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('outgoing_links')
      .select('link')
      .where('slug', '=', slug)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return row?.link;
  }

  /**
   * Counts one click on the link with this slug (the oldest, when titles collide) and
   * returns its target. One statement, so concurrent clicks never lose a count.
   */
  async click(slug: string): Promise<string | undefined> {
    const row = await this.db
      .updateTable('outgoing_links')
      .set((eb) => ({ count: eb('count', '+', 1) }))
      .where('id', '=', this.db.selectFrom('outgoing_links').select('id').where('slug', '=', slug).orderBy('id').limit(1))
      .returning('link')
      .executeTakeFirst();
    return row?.link;
  }
}

function firstRecord(rows: readonly Row[]): OutgoingLinkRecord | undefined {
  const row = rows[0];
  return row === undefined ? undefined : toRecord(row);
}

function toRecords(rows: Row[]): OutgoingLinkRecord[] {
  return rows.every(isRecord) ? (rows as OutgoingLinkRecord[]) : rows.map(toRecord);
}

function isRecord(row: Row): row is OutgoingLinkRecord {
  return typeof row.id === 'number' && typeof row.count === 'number';
}

function toRecord(row: Row): OutgoingLinkRecord {
  // SQLite already answers numbers (and a fresh row per call); PostgreSQL answers bigint columns as strings.
  if (isRecord(row)) return row;
  return { id: Number(row.id), title: row.title, slug: row.slug, link: row.link, count: Number(row.count) };
}
