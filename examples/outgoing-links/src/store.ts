/**
 * The plugin's queries, written once with Kysely: they run on SQLite and PostgreSQL alike.
 *
 * @module
 */
import { changeVersion, type Database, type NamedQuery } from '@cms-json/database';
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
  readonly database: Database<OutgoingLinksTables>;
  readonly db: Kysely<OutgoingLinksTables>;
  // The hot queries, compiled once (values bound by name): a record by id, the count, an insert.
  readonly #byId: NamedQuery<{ id: number }, Row>;
  readonly #countAll: NamedQuery<Record<string, never>, { total: number | string }>;
  readonly #insert: NamedQuery<LinkWrite, Row>;
  /**
   * The table's change version (its triggers bump it on every write, from any process): the
   * routes' validator, read before the records.
   */
  readonly version: () => Promise<string>;

  /** A site database with more tables fits too (its table map is the plugin's and more). */
  // biome-ignore lint/suspicious/noExplicitAny: any table types will do (Database<DB> is invariant in DB); the plugin's table is among them.
  constructor(database: Database<any>) {
    this.database = database;
    const db = this.database.db;
    this.db = db;
    this.#byId = database.prepare('tel.byId', { id: 0 }, (p) =>
      db.selectFrom('outgoing_links').select(COLUMNS).where('id', '=', p.id),
    );
    this.#countAll = database.prepare('tel.count', {}, () =>
      db.selectFrom('outgoing_links').select((eb) => eb.fn.countAll<number>().as('total')),
    );
    this.version = changeVersion(database, { tables: ['outgoing_links'] });
    // A new link's count is 0, a constant of the query.
    this.#insert = database.prepare('tel.insert', { title: '', slug: '', link: '' }, (p) =>
      db.insertInto('outgoing_links').values({ title: p.title, slug: p.slug, link: p.link, count: 0 }).returning(COLUMNS),
    );
  }

  /** An unfiltered page per sort order, compiled once each. */
  #page(query: ListQuery): NamedQuery<{ limit: number; offset: number }, Row> {
    return this.database.prepare(`tel.page.${query.orderby}.${query.order}`, { limit: 0, offset: 0 }, (p) =>
      this.db
        .selectFrom('outgoing_links')
        .select(COLUMNS)
        .orderBy(query.orderby, query.order)
        .orderBy('id', query.order)
        .limit(p.limit)
        .offset(p.offset),
    );
  }

  #filtered(search: string | undefined) {
    let query = this.db.selectFrom('outgoing_links');
    if (search !== undefined && search !== '') {
      const pattern = likePattern(search);
      // `lowerText` folds every letter on both engines (SQLite's `lower()` folds ASCII only).
      const title = this.database.lowerText(sql.ref('title'));
      const link = this.database.lowerText(sql.ref('link'));
      query = query.where(sql<boolean>`(${title} like ${pattern} escape '\\' or ${link} like ${pattern} escape '\\')`);
    }
    return query;
  }

  /** One page of links and the total count. */
  async list(query: ListQuery): Promise<{ items: OutgoingLinkRecord[]; total: number }> {
    if (query.search === undefined || query.search === '') {
      const [items, [row]] = await Promise.all([
        this.#page(query)({ limit: query.limit, offset: query.offset }),
        this.#countAll({}),
      ]);
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

  /** A link by id, or `undefined`. */
  async get(id: number): Promise<OutgoingLinkRecord | undefined> {
    return firstRecord(await this.#byId({ id }));
  }

  /** Inserts a link and returns it. */
  async insert(write: LinkWrite): Promise<OutgoingLinkRecord> {
    const [row] = await this.#insert({ title: write.title, slug: write.slug, link: write.link });
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
   * returns its id and target. One statement, so concurrent clicks never lose a count.
   */
  async click(slug: string): Promise<{ id: number; link: string } | undefined> {
    const row = await this.db
      .updateTable('outgoing_links')
      .set((eb) => ({ count: eb('count', '+', 1) }))
      .where('id', '=', this.db.selectFrom('outgoing_links').select('id').where('slug', '=', slug).orderBy('id').limit(1))
      .returning(['id', 'link'])
      .executeTakeFirst();
    return row === undefined ? undefined : { id: Number(row.id), link: row.link };
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
