/**
 * The term store: terms of every taxonomy, and which objects carry them. Names are unique
 * at one level of a taxonomy, slugs in a taxonomy (by a unique index). The writes of the
 * relationships, and how they keep each term's `count` exact, are in `relationships.ts`.
 *
 * @module
 */
import type { Database } from '@cms-json/database';
import { type Kysely, type Selectable, sql } from 'kysely';
import { MAX_COMPILED_IDS, placeholderIds, readByIds } from '../compiled-reads.js';
import { contentError } from '../errors.js';
import { TERMS_SLUG_INDEX } from '../migrations.js';
import { sanitizeTitle } from '../posts/slug.js';
import type { PostAccessFields } from '../posts/store.js';
import { type ContentTables, contentDatabase, type SiteDatabase, type TermsTable } from '../tables.js';
import { type RelationshipWrites, relationshipWrites } from './relationships.js';
import { listTermRows, listTermRowsForObjects, mapPages } from './term-lists.js';
import type { TermListForObjectsQuery, TermQuery } from './term-query.js';

/**
 * A stored term.
 *
 * @example
 * const term: Term = { id: 1, taxonomy: 'category', name: 'Uncategorized', slug: 'uncategorized', description: '', parent: 0, count: 0, termGroup: 0 };
 */
export interface Term {
  id: number;
  taxonomy: string;
  name: string;
  slug: string;
  description: string;
  parent: number;
  count: number;
  termGroup: number;
}

/**
 * A new term. The slug comes from the name when absent; it is made unique in the taxonomy
 * (with the parents' slugs, then `-2`, `-3` …).
 *
 * @example
 * const input: NewTerm = { taxonomy: 'category', name: 'Gadgets', parent: 3 };
 */
export interface NewTerm {
  taxonomy: string;
  name: string;
  slug?: string | undefined;
  description?: string | undefined;
  parent?: number | undefined;
}

/**
 * Changes to a term; absent fields stay.
 *
 * @example
 * const changes: TermChanges = { name: 'Devices', parent: 0 };
 */
export type TermChanges = Partial<Omit<NewTerm, 'taxonomy'>>;

export type { TermListForObjectsQuery, TermOrderBy, TermQuery } from './term-query.js';

/**
 * Options of {@link TermStore.listForObjects}.
 *
 * @example
 * const pages = await store.listForObjects({ taxonomy: 'post_tag' }, [4, 5], { carried: new Map([[4, [3, 7]], [5, []]]) });
 */
/** A post as {@link TermStore.carriedTerms} reads it: the terms it carries, and what its read check reads. */
export interface CarriedTerms {
  readonly terms: number[];
  readonly post: PostAccessFields;
}

export interface ListForObjectsOptions {
  /**
   * The ids of the terms each object carries, of any taxonomy (the `terms` of what
   * {@link TermStore.carriedTerms} answers), read before: then only the terms are read.
   */
  readonly carried?: ReadonlyMap<number, readonly number[]> | undefined;
}

/**
 * Reads and writes terms and their relationships to objects: the storage of terms behind the
 * routes, which a second storage implements too.
 *
 * @example
 * const terms: TermStore = new SqlTermStore(database);
 * const tag = await terms.create({ taxonomy: 'post_tag', name: 'Alpha' });
 * await terms.setObjectTerms(12, 'post_tag', [tag.id], { counted: true });
 */
export interface TermStore {
  /** The term with this id, of any taxonomy. */
  find(id: number): Promise<Term | undefined>;
  /** The term of this slug in a taxonomy. */
  findBySlug(taxonomy: string, slug: string): Promise<Term | undefined>;
  /**
   * The term of a taxonomy whose id a site option holds (the category's `default_category`),
   * read in one query; `fallbackId` when the option was never set.
   */
  findByOption(taxonomy: string, option: string, fallbackId: number): Promise<Term | undefined>;
  /** The terms of these ids that belong to the taxonomy (in no order). */
  findMany(taxonomy: string, ids: readonly number[]): Promise<Term[]>;
  /** A page of a taxonomy's terms and the count of all that match. */
  list(query: TermQuery): Promise<{ terms: Term[]; total: number }>;
  /**
   * What {@link TermStore.list} answers for each of these objects (the query's `object` set
   * to each), in one query: the page and the count of every object's terms.
   */
  listForObjects(
    query: TermListForObjectsQuery,
    objectIds: readonly number[],
    options?: ListForObjectsOptions,
  ): Promise<Map<number, { terms: Term[]; total: number }>>;
  /**
   * Creates a term. Throws `term_exists` (with `data.term_id`) for a name in use at that
   * level (flat taxonomies: in the taxonomy), `empty_term_name` for a blank name.
   */
  create(input: NewTerm, options: { hierarchical: boolean }): Promise<Term>;
  /**
   * Changes a term. A parent that would make a loop becomes 0, as in the original; a slug
   * another term has throws `duplicate_term_slug` (unless the parent changes too: then it
   * is made unique).
   */
  update(id: number, changes: TermChanges): Promise<Term>;
  /** Deletes a term: its children move to its parent, its relationships and meta go. */
  delete(id: number): Promise<boolean>;
  /** Whether a post of this id exists (the objects terms are given to). */
  hasObject(objectId: number): Promise<boolean>;
  /**
   * The posts of these ids that exist, each with the ids of the terms it carries (of every
   * taxonomy, in no order) and the fields its read check reads, in one query; an id of no
   * post is left out.
   */
  carriedTerms(objectIds: readonly number[]): Promise<Map<number, CarriedTerms>>;
  /** The ids of a taxonomy's terms each object carries, by object id. */
  termsOf(taxonomy: string, objectIds: readonly number[]): Promise<Map<number, number[]>>;
  /** Replaces the terms of a taxonomy an object carries, and recounts every term touched. */
  setObjectTerms(objectId: number, taxonomy: string, termIds: readonly number[], options: { counted: boolean }): Promise<void>;
  /** Says whether an object counts towards its terms (it is published); recounts its terms. */
  setObjectCounted(objectId: number, counted: boolean): Promise<void>;
  /** Removes every relationship of an object (it was deleted); recounts its terms. */
  removeObject(objectId: number): Promise<void>;
}

type TermRow = Selectable<TermsTable>;
type Db = Kysely<ContentTables>;

function toTerm(row: TermRow): Term {
  return {
    id: Number(row.id),
    taxonomy: row.taxonomy,
    name: row.name,
    slug: row.slug,
    description: row.description,
    parent: Number(row.parent),
    count: Number(row.count),
    termGroup: Number(row.term_group),
  };
}

/** Whether an error is a violation of the unique (taxonomy, slug) index. */
function isSlugViolation(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${String((error as { detail?: unknown }).detail ?? '')}` : '';
  return /unique|duplicate/i.test(text) && (text.includes(TERMS_SLUG_INDEX) || /terms\.(taxonomy|slug)/.test(text));
}

/** The name as WordPress stores it: trimmed, without tags. */
function cleanName(name: string): string {
  return name.replace(/<[^>]*>/g, '').trim();
}

/**
 * The term store over a content database (the project's own schema, SQLite or PostgreSQL).
 * Its steps are methods a subclass may override.
 *
 * @example
 * const terms = new SqlTermStore(database);
 * const { terms: page, total } = await terms.list({ taxonomy: 'category', hideEmpty: true });
 */
export class SqlTermStore implements TermStore {
  /** The database the terms are kept in. */
  readonly database: Database<ContentTables>;
  /** The relationship writes, each recounting the terms it touches (`relationships.ts`). */
  protected readonly relationships: RelationshipWrites;

  constructor(database: SiteDatabase) {
    this.database = contentDatabase(database);
    this.relationships = relationshipWrites(this.database);
  }

  /** The query builder over the content tables. */
  protected get db(): Db {
    return this.database.db;
  }

  async find(id: number): Promise<Term | undefined> {
    if (!Number.isSafeInteger(id) || id <= 0) return undefined;
    const row = await this.db.selectFrom('terms').selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : toTerm(row);
  }

  /** Whether a slug is taken in a taxonomy (by another term than `except`). */
  protected async slugTaken(taxonomy: string, slug: string, except?: number): Promise<boolean> {
    let query = this.db.selectFrom('terms').select('id').where('taxonomy', '=', taxonomy).where('slug', '=', slug);
    if (except !== undefined) query = query.where('id', '<>', except);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /** `wp_unique_term_slug`: the parents' slugs appended, then `-2`, `-3` … */
  protected async uniqueSlug(taxonomy: string, slug: string, parent: number, except?: number): Promise<string> {
    if (!(await this.slugTaken(taxonomy, slug, except))) return slug;
    let candidate = slug;
    for (let ancestor = await this.find(parent), depth = 0; ancestor !== undefined && depth < 50; depth++) {
      candidate = `${candidate}-${ancestor.slug}`;
      if (!(await this.slugTaken(taxonomy, candidate, except))) return candidate;
      ancestor = ancestor.parent > 0 ? await this.find(ancestor.parent) : undefined;
    }
    for (let n = 2; ; n++) {
      const numbered = `${candidate}-${n}`;
      if (!(await this.slugTaken(taxonomy, numbered, except))) return numbered;
    }
  }

  /** The sibling whose name matches, whatever its case. */
  protected async sameName(taxonomy: string, name: string, parent: number | undefined): Promise<Term | undefined> {
    let query = this.db
      .selectFrom('terms')
      .selectAll()
      .where('taxonomy', '=', taxonomy)
      .where(this.database.lowerText(sql.ref('name')), '=', name.toLowerCase());
    if (parent !== undefined) query = query.where('parent', '=', parent);
    const row = await query.orderBy('id').executeTakeFirst();
    return row === undefined ? undefined : toTerm(row);
  }

  /** `wp_check_term_hierarchy_for_loops`: 0 for a parent that is the term itself or one of its descendants. */
  protected async parentWithoutLoop(id: number, parent: number): Promise<number> {
    if (parent === id) return 0;
    const seen = new Set<number>([parent]);
    for (
      let current = await this.find(parent);
      current !== undefined && current.parent > 0;
      current = await this.find(current.parent)
    ) {
      if (current.parent === id) return 0;
      if (seen.has(current.parent)) break;
      seen.add(current.parent);
    }
    return parent;
  }

  setObjectTerms(objectId: number, taxonomy: string, termIds: readonly number[], options: { counted: boolean }): Promise<void> {
    return this.relationships.setObjectTerms(objectId, taxonomy, termIds, options);
  }

  setObjectCounted(objectId: number, counted: boolean): Promise<void> {
    return this.relationships.setObjectCounted(objectId, counted);
  }

  removeObject(objectId: number): Promise<void> {
    return this.relationships.removeObject(objectId);
  }

  async findBySlug(taxonomy: string, slug: string): Promise<Term | undefined> {
    const row = await this.db
      .selectFrom('terms')
      .selectAll()
      .where('taxonomy', '=', taxonomy)
      .where('slug', '=', slug)
      .executeTakeFirst();
    return row === undefined ? undefined : toTerm(row);
  }

  async findByOption(taxonomy: string, option: string, fallbackId: number): Promise<Term | undefined> {
    // Options hold JSON: an id is its digits, compared as text so no cast can fail on PostgreSQL.
    const stored = this.db.selectFrom('options').select('value').where('name', '=', option);
    const row = await this.db
      .selectFrom('terms')
      .selectAll()
      .where('taxonomy', '=', taxonomy)
      .where(sql<string>`cast(${sql.ref('id')} as text)`, '=', sql<string>`coalesce((${stored}), ${String(fallbackId)})`)
      .executeTakeFirst();
    return row === undefined ? undefined : toTerm(row);
  }

  async findMany(taxonomy: string, ids: readonly number[]): Promise<Term[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('terms')
      .selectAll()
      .where('taxonomy', '=', taxonomy)
      .where('id', 'in', [...ids])
      .execute();
    return rows.map(toTerm);
  }

  async list(query: TermQuery): Promise<{ terms: Term[]; total: number }> {
    const { rows, total } = await listTermRows(this.database, query);
    return { terms: rows.map(toTerm), total };
  }

  async listForObjects(
    query: TermListForObjectsQuery,
    objectIds: readonly number[],
    options?: ListForObjectsOptions,
  ): Promise<Map<number, { terms: Term[]; total: number }>> {
    return mapPages(await listTermRowsForObjects(this.database, query, objectIds, options?.carried), toTerm);
  }

  async create(input: NewTerm, { hierarchical }: { hierarchical: boolean }): Promise<Term> {
    const name = cleanName(input.name);
    if (name === '') throw contentError('empty_term_name');
    const parent = hierarchical ? (input.parent ?? 0) : 0;
    const slugProvided = input.slug !== undefined && sanitizeTitle(input.slug) !== '';
    const slug = sanitizeTitle(slugProvided ? (input.slug as string) : name) || 'term';
    // wp_insert_term: a name in use at this level is refused unless a different, free slug was given.
    const match = await this.sameName(input.taxonomy, name, hierarchical ? parent : undefined);
    if (match !== undefined) {
      const slugMatch = await this.slugTaken(input.taxonomy, slug);
      if (!slugProvided || match.slug === slug || slugMatch) {
        throw contentError(
          hierarchical ? 'term_exists.parent' : 'term_exists',
          // The original adds the id to its WP_Error twice before the status: both come as `additional_data`.
          { data: { term_id: match.id }, additionalData: [match.id, match.id] },
        );
      }
    }
    for (let attempt = 0; ; attempt++) {
      const unique = await this.uniqueSlug(input.taxonomy, slug, parent);
      try {
        const row = await this.db
          .insertInto('terms')
          .values({ taxonomy: input.taxonomy, name, slug: unique, description: input.description ?? '', parent })
          .returningAll()
          .executeTakeFirstOrThrow();
        return toTerm(row);
      } catch (error) {
        // A concurrent create took the slug between the check and the insert: pick again.
        if (!isSlugViolation(error) || attempt >= 5) throw error;
      }
    }
  }

  async update(id: number, changes: TermChanges): Promise<Term> {
    const term = await this.find(id);
    if (term === undefined) throw contentError('rest_term_invalid');
    const name = changes.name === undefined ? term.name : cleanName(changes.name);
    if (name === '') throw contentError('empty_term_name');
    const parent = changes.parent === undefined ? term.parent : await this.parentWithoutLoop(id, changes.parent);
    const emptySlug = changes.slug !== undefined && sanitizeTitle(changes.slug) === '';
    let slug = changes.slug === undefined ? term.slug : sanitizeTitle(changes.slug) || sanitizeTitle(name);
    if (await this.slugTaken(term.taxonomy, slug, id)) {
      if (!emptySlug && parent === term.parent) {
        throw contentError('duplicate_term_slug', { params: { slug } });
      }
      slug = await this.uniqueSlug(term.taxonomy, slug, parent, id);
    }
    try {
      const row = await this.db
        .updateTable('terms')
        .set({ name, slug, parent, description: changes.description ?? term.description })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toTerm(row);
    } catch (error) {
      if (isSlugViolation(error)) {
        throw contentError('duplicate_term_slug', { params: { slug } });
      }
      throw error;
    }
  }

  async delete(id: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      // FOR UPDATE, the lock the delete takes: it waits for the writers whose new
      // relationships point at the term before it holds anything they would wait for.
      if (this.database.dialect === 'postgres')
        await trx.selectFrom('terms').select('id').where('id', '=', id).forUpdate().execute();
      const row = await trx.selectFrom('terms').select(['parent', 'taxonomy']).where('id', '=', id).executeTakeFirst();
      if (row === undefined) return false;
      await trx
        .updateTable('terms')
        .set({ parent: Number(row.parent) })
        .where('taxonomy', '=', row.taxonomy)
        .where('parent', '=', id)
        .execute();
      await trx.deleteFrom('term_relationships').where('term_id', '=', id).execute();
      await trx.deleteFrom('term_meta').where('term_id', '=', id).execute();
      const result = await trx.deleteFrom('terms').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    });
  }

  async hasObject(objectId: number): Promise<boolean> {
    if (!Number.isSafeInteger(objectId) || objectId <= 0) return false;
    return (await this.db.selectFrom('posts').select('id').where('id', '=', objectId).executeTakeFirst()) !== undefined;
  }

  async carriedTerms(objectIds: readonly number[]): Promise<Map<number, CarriedTerms>> {
    const ids = [...new Set(objectIds.filter((id) => Number.isSafeInteger(id) && id > 0))];
    const out = new Map<number, CarriedTerms>();
    if (ids.length === 0) return out;
    // From the posts, so that one without terms is there too (its term null).
    const rows = await readByIds(this.database, 'terms.carried', ids, (values) =>
      this.db
        .selectFrom('posts')
        .leftJoin('term_relationships', 'term_relationships.object_id', 'posts.id')
        .select([
          'posts.id',
          'posts.type',
          'posts.status',
          'posts.author',
          'posts.parent',
          'posts.date_gmt',
          'term_relationships.term_id',
        ])
        .where('posts.id', 'in', values),
    );
    for (const row of rows) {
      const id = Number(row.id);
      let carried = out.get(id);
      if (carried === undefined) {
        const { term_id: _, ...post } = row;
        out.set(id, (carried = { terms: [], post: { ...post, id } }));
      }
      if (row.term_id !== null) carried.terms.push(Number(row.term_id));
    }
    return out;
  }

  async termsOf(taxonomy: string, objectIds: readonly number[]): Promise<Map<number, number[]>> {
    const out = new Map<number, number[]>(objectIds.map((id) => [id, []]));
    if (objectIds.length === 0) return out;
    const query = (ids: readonly number[], taxonomyOf: string) =>
      this.db
        // From the objects' relationships, in that order (see listTermRowsForObjects).
        .selectFrom('term_relationships')
        .crossJoin('terms')
        .whereRef('terms.id', '=', 'term_relationships.term_id')
        .select(['term_relationships.object_id', 'term_relationships.term_id'])
        .where('terms.taxonomy', '=', taxonomyOf)
        .where('term_relationships.object_id', 'in', [...ids])
        .orderBy('terms.name')
        .orderBy('terms.id');
    const rows =
      objectIds.length > MAX_COMPILED_IDS
        ? await query(objectIds, taxonomy).execute()
        : await this.database.prepare(
            `terms.termsOf.${objectIds.length}`,
            { ids: placeholderIds(objectIds.length), taxonomy: '' },
            (p) => query(p.ids, p.taxonomy),
          )({ ids: [...objectIds], taxonomy });
    for (const row of rows) out.get(Number(row.object_id))?.push(Number(row.term_id));
    return out;
  }
}
