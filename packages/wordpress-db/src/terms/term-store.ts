/**
 * `WordPressTermStore`: content's `TermStore` over WordPress's `terms`, `term_taxonomy` and
 * `term_relationships`. The REST id of a term is its `term_id`; relationships point at its
 * `term_taxonomy_id`. Writes do what `wp_insert_term`, `wp_update_term`, `wp_delete_term` and
 * `wp_set_object_terms` store, so WordPress's own PHP reads them as its own; each term's
 * `count` is recounted by SQL as `_update_post_term_count` counts (`term-counts.ts`), from
 * the posts' statuses: the `counted` flag content passes is what those statuses say already.
 *
 * @module
 */
import {
  type CarriedTerms,
  contentError,
  type ListForObjectsOptions,
  type NewTerm,
  sanitizeTitle,
  type Term,
  type TermChanges,
  type TermQuery,
  type TermStore,
} from '@cms-json/content';
import type { Database } from '@cms-json/database';
import { sql } from 'kysely';
import type { WordPressDatabase } from '../connection.js';
import { fromWordPressDate } from '../dates.js';
import type { WordPressTables } from '../tables.js';
import { DEFAULT_OBJECT_TYPES, recountAtCommit, type TaxonomyObjectTypes } from './term-counts.js';
import { joinedTerms, listTermRows, listTermRowsForObjects, TERM_COLUMNS, type TermRow, toTerm } from './term-lists.js';
import { termName } from './term-name.js';

/**
 * Options of {@link WordPressTermStore}.
 *
 * @example
 * const options: WordPressTermStoreOptions = { objectTypes: { category: ['post'], genre: ['book'] } };
 */
export interface WordPressTermStoreOptions {
  /**
   * The post types each taxonomy is for (counts count only those); WordPress's own
   * taxonomies are known. A taxonomy not named counts published objects of any type.
   */
  objectTypes?: TaxonomyObjectTypes | undefined;
}

/**
 * The term store over a WordPress database.
 *
 * @example
 * const terms = new WordPressTermStore(openWordPressDatabase({ url }));
 * const { terms: page, total } = await terms.list({ taxonomy: 'category', hideEmpty: true });
 */
export class WordPressTermStore implements TermStore {
  /** WordPress's tables. */
  readonly database: Database<WordPressTables>;
  readonly #objectTypes: TaxonomyObjectTypes;

  constructor(wordpress: Pick<WordPressDatabase, 'database'>, options: WordPressTermStoreOptions = {}) {
    this.database = wordpress.database;
    this.#objectTypes = { ...DEFAULT_OBJECT_TYPES, ...options.objectTypes };
  }

  get #db() {
    return this.database.db;
  }

  /** The term of this id (its first taxonomy, for a term shared before WordPress 4.2). */
  async #row(id: number): Promise<TermRow | undefined> {
    if (!Number.isSafeInteger(id) || id <= 0) return undefined;
    return joinedTerms(this.database)
      .select(TERM_COLUMNS)
      .where('terms.term_id', '=', id)
      .orderBy('term_taxonomy.term_taxonomy_id')
      .executeTakeFirst();
  }

  async find(id: number): Promise<Term | undefined> {
    const row = await this.#row(id);
    return row === undefined ? undefined : toTerm(row);
  }

  async findBySlug(taxonomy: string, slug: string): Promise<Term | undefined> {
    const row = await joinedTerms(this.database)
      .select(TERM_COLUMNS)
      .where('term_taxonomy.taxonomy', '=', taxonomy)
      .where('terms.slug', '=', slug)
      .orderBy('terms.term_id')
      .executeTakeFirst();
    return row === undefined ? undefined : toTerm(row);
  }

  async findByOption(taxonomy: string, option: string, fallbackId: number): Promise<Term | undefined> {
    // The option's text as a number (`get_option` then `(int)`), compared as numbers: no collation to mix.
    const stored = this.#db
      .selectFrom('options')
      .select(sql<number>`cast(${sql.ref('option_value')} as signed)`.as('id'))
      .where('option_name', '=', option)
      .limit(1);
    const row = await joinedTerms(this.database)
      .select(TERM_COLUMNS)
      .where('term_taxonomy.taxonomy', '=', taxonomy)
      .where('terms.term_id', '=', sql<number>`coalesce((${stored}), ${fallbackId})`)
      .executeTakeFirst();
    return row === undefined ? undefined : toTerm(row);
  }

  async findMany(taxonomy: string, ids: readonly number[]): Promise<Term[]> {
    const wanted = ids.filter((id) => Number.isSafeInteger(id) && id > 0);
    if (wanted.length === 0) return [];
    const rows = await joinedTerms(this.database)
      .select(TERM_COLUMNS)
      .where('term_taxonomy.taxonomy', '=', taxonomy)
      .where('terms.term_id', 'in', wanted)
      .execute();
    return rows.map(toTerm);
  }

  async list(query: TermQuery): Promise<{ terms: Term[]; total: number }> {
    const { rows, total } = await listTermRows(this.database, query);
    return { terms: rows.map(toTerm), total };
  }

  async listForObjects(
    query: Omit<TermQuery, 'object'>,
    objectIds: readonly number[],
    _options?: ListForObjectsOptions,
  ): Promise<Map<number, { terms: Term[]; total: number }>> {
    // One statement reads the objects' terms; the carried ids content may hold save nothing here.
    const pages = await listTermRowsForObjects(this.database, query, objectIds);
    const out = new Map<number, { terms: Term[]; total: number }>();
    for (const [id, { rows, total }] of pages) out.set(id, { terms: rows.map(toTerm), total });
    return out;
  }

  /** Whether a slug is taken in a taxonomy (by another term than `except`). */
  async #slugTaken(taxonomy: string, slug: string, except?: number): Promise<boolean> {
    let query = joinedTerms(this.database)
      .select('terms.term_id')
      .where('term_taxonomy.taxonomy', '=', taxonomy)
      .where('terms.slug', '=', slug);
    if (except !== undefined) query = query.where('terms.term_id', '<>', except);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /** Whether any term of any taxonomy has the slug (`term_exists( $slug )`), but `except`. */
  async #slugAnywhere(slug: string, except?: number): Promise<boolean> {
    let query = this.#db.selectFrom('terms').select('term_id').where('slug', '=', slug);
    if (except !== undefined) query = query.where('term_id', '<>', except);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /**
   * `wp_unique_term_slug`: a slug free in the taxonomy stays; else the parents' slugs are
   * appended (hierarchical taxonomies) while the result is taken, then `-2`, `-3` … until no
   * term of any taxonomy has it.
   */
  async #uniqueSlug(taxonomy: string, slug: string, parent: number, hierarchical: boolean, except?: number): Promise<string> {
    if (!(await this.#slugTaken(taxonomy, slug, except))) return slug;
    let suffixed = slug;
    if (hierarchical && parent > 0) {
      const seen = new Set<number>();
      for (let current = await this.find(parent); current !== undefined && !seen.has(current.id); ) {
        seen.add(current.id);
        suffixed = `${suffixed}-${current.slug}`;
        if (!(await this.#slugAnywhere(suffixed))) break;
        if (current.parent <= 0) break;
        current = await this.find(current.parent);
      }
    }
    if (!(await this.#slugAnywhere(suffixed, except))) return suffixed;
    for (let n = 2; n < 100_000; n++) {
      const numbered = `${suffixed}-${n}`;
      if (!(await this.#slugAnywhere(numbered))) return numbered;
    }
    throw contentError('duplicate_term_slug', { params: { slug } });
  }

  /** A term of the taxonomy whose name matches (the collation ignores case), at this level when given. */
  async #sameName(taxonomy: string, name: string, parent: number | undefined): Promise<Term | undefined> {
    let query = joinedTerms(this.database)
      .select(TERM_COLUMNS)
      .where('term_taxonomy.taxonomy', '=', taxonomy)
      .where('terms.name', '=', name);
    if (parent !== undefined) query = query.where('term_taxonomy.parent', '=', parent);
    const rows = await query.orderBy('terms.term_id').execute();
    const row = rows.find((candidate) => candidate.name.toLowerCase() === name.toLowerCase()) ?? rows[0];
    return row === undefined ? undefined : toTerm(row);
  }

  /** `wp_check_term_hierarchy_for_loops`: 0 for a parent that is the term itself or one of its descendants. */
  async #parentWithoutLoop(id: number, parent: number): Promise<number> {
    if (parent === id) return 0;
    const seen = new Set<number>([parent]);
    for (let current = await this.find(parent); current !== undefined && current.parent > 0; ) {
      if (current.parent === id) return 0;
      if (seen.has(current.parent)) break;
      seen.add(current.parent);
      current = await this.find(current.parent);
    }
    return parent;
  }

  async create(input: NewTerm, { hierarchical }: { hierarchical: boolean }): Promise<Term> {
    const name = termName(input.name);
    if (name === '') throw contentError('empty_term_name');
    const parent = hierarchical ? (input.parent ?? 0) : 0;
    const slugProvided = input.slug !== undefined && sanitizeTitle(input.slug) !== '';
    const slug = sanitizeTitle(slugProvided && input.slug !== undefined ? input.slug : name) || 'term';
    return this.database.transaction(async () => {
      // wp_insert_term: a name in use at this level is refused unless a different, free slug was given.
      const match = await this.#sameName(input.taxonomy, name, hierarchical ? parent : undefined);
      if (match !== undefined) {
        const slugMatch = await this.#slugTaken(input.taxonomy, slug);
        if (!slugProvided || match.slug === slug || slugMatch) {
          throw contentError(hierarchical ? 'term_exists.parent' : 'term_exists', {
            data: { term_id: match.id },
            additionalData: [match.id, match.id],
          });
        }
      }
      const unique = await this.#uniqueSlug(input.taxonomy, slug, parent, hierarchical);
      const inserted = await this.#db.insertInto('terms').values({ name, slug: unique, term_group: 0 }).executeTakeFirstOrThrow();
      const termId = Number(inserted.insertId);
      await this.#db
        .insertInto('term_taxonomy')
        .values({ term_id: termId, taxonomy: input.taxonomy, description: input.description ?? '', parent, count: 0 })
        .executeTakeFirstOrThrow();
      const created = await this.#row(termId);
      if (created === undefined) throw contentError('rest_term_invalid');
      return toTerm(created);
    });
  }

  async update(id: number, changes: TermChanges): Promise<Term> {
    return this.database.transaction(async () => {
      const row = await this.#row(id);
      if (row === undefined) throw contentError('rest_term_invalid');
      const term = toTerm(row);
      const name = changes.name === undefined ? term.name : termName(changes.name);
      if (name === '') throw contentError('empty_term_name');
      const parent = changes.parent === undefined ? term.parent : await this.#parentWithoutLoop(id, changes.parent);
      const emptySlug = changes.slug !== undefined && sanitizeTitle(changes.slug) === '';
      let slug = changes.slug === undefined ? term.slug : sanitizeTitle(changes.slug) || sanitizeTitle(name);
      // wp_update_term: a slug another term of the taxonomy has is refused, unless the slug
      // was emptied or the parent changes (then it is made unique).
      if (await this.#slugTaken(term.taxonomy, slug, id)) {
        if (!emptySlug && parent === term.parent) throw contentError('duplicate_term_slug', { params: { slug } });
        slug = await this.#uniqueSlug(term.taxonomy, slug, parent, true, id);
      }
      await this.#db.updateTable('terms').set({ name, slug }).where('term_id', '=', id).execute();
      await this.#db
        .updateTable('term_taxonomy')
        .set({ parent, description: changes.description ?? term.description })
        .where('term_taxonomy_id', '=', Number(row.term_taxonomy_id))
        .execute();
      const updated = await this.#row(id);
      if (updated === undefined) throw contentError('rest_term_invalid');
      return toTerm(updated);
    });
  }

  /** The id of a taxonomy's default term (`default_category`, `default_term_<taxonomy>`), 0 when none. */
  async #defaultTermId(taxonomy: string): Promise<number> {
    const option = taxonomy === 'category' ? 'default_category' : `default_term_${taxonomy}`;
    const row = await this.#db.selectFrom('options').select('option_value').where('option_name', '=', option).executeTakeFirst();
    const id = Number(row?.option_value ?? 0);
    return Number.isSafeInteger(id) && id > 0 ? id : 0;
  }

  /**
   * `wp_delete_term`: the default term of its taxonomy is never deleted (false); the term's
   * children move to its parent; an object whose only term of the taxonomy it was gets the
   * default term; its relationships, meta and rows go; the terms touched are recounted.
   */
  async delete(id: number): Promise<boolean> {
    return this.database.transaction(async () => {
      const row = await this.#row(id);
      if (row === undefined) return false;
      const ttId = Number(row.term_taxonomy_id);
      const defaultId = await this.#defaultTermId(row.taxonomy);
      if (defaultId === id) return false;
      const fallback =
        defaultId > 0
          ? await joinedTerms(this.database)
              .select('term_taxonomy.term_taxonomy_id')
              .where('terms.term_id', '=', defaultId)
              .where('term_taxonomy.taxonomy', '=', row.taxonomy)
              .executeTakeFirst()
          : undefined;
      await this.#db
        .updateTable('term_taxonomy')
        .set({ parent: Number(row.parent) })
        .where('parent', '=', id)
        .where('taxonomy', '=', row.taxonomy)
        .execute();
      const touched: number[] = [];
      if (fallback !== undefined) {
        // The objects carrying no other term of the taxonomy than this one.
        const orphans = await this.#db
          .selectFrom('term_relationships as mine')
          .select('mine.object_id')
          .where('mine.term_taxonomy_id', '=', ttId)
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('term_relationships as other')
                  .innerJoin('term_taxonomy', 'term_taxonomy.term_taxonomy_id', 'other.term_taxonomy_id')
                  .select('other.object_id')
                  .whereRef('other.object_id', '=', 'mine.object_id')
                  .where('other.term_taxonomy_id', '<>', ttId)
                  .where('term_taxonomy.taxonomy', '=', row.taxonomy),
              ),
            ),
          )
          .execute();
        const fallbackId = Number(fallback.term_taxonomy_id);
        if (orphans.length > 0) {
          await this.#db
            .insertInto('term_relationships')
            .values(
              orphans.map((orphan) => ({ object_id: Number(orphan.object_id), term_taxonomy_id: fallbackId, term_order: 0 })),
            )
            .ignore()
            .execute();
          touched.push(fallbackId);
        }
      }
      await this.#db.deleteFrom('term_relationships').where('term_taxonomy_id', '=', ttId).execute();
      await this.#db.deleteFrom('termmeta').where('term_id', '=', id).execute();
      await this.#db.deleteFrom('term_taxonomy').where('term_taxonomy_id', '=', ttId).execute();
      const shared = await this.#db
        .selectFrom('term_taxonomy')
        .select('term_taxonomy_id')
        .where('term_id', '=', id)
        .executeTakeFirst();
      if (shared === undefined) await this.#db.deleteFrom('terms').where('term_id', '=', id).execute();
      await recountAtCommit(this.database, touched, this.#objectTypes);
      return true;
    });
  }

  async hasObject(objectId: number): Promise<boolean> {
    if (!Number.isSafeInteger(objectId) || objectId <= 0) return false;
    return (await this.#db.selectFrom('posts').select('ID').where('ID', '=', objectId).executeTakeFirst()) !== undefined;
  }

  async carriedTerms(objectIds: readonly number[]): Promise<Map<number, CarriedTerms>> {
    const ids = [...new Set(objectIds.filter((id) => Number.isSafeInteger(id) && id > 0))];
    const out = new Map<number, CarriedTerms>();
    if (ids.length === 0) return out;
    const rows = await this.#db
      .selectFrom('posts')
      .leftJoin('term_relationships', 'term_relationships.object_id', 'posts.ID')
      .leftJoin('term_taxonomy', 'term_taxonomy.term_taxonomy_id', 'term_relationships.term_taxonomy_id')
      .select([
        'posts.ID',
        'posts.post_type',
        'posts.post_status',
        'posts.post_author',
        'posts.post_parent',
        'posts.post_date_gmt',
        'term_taxonomy.term_id',
      ])
      .where('posts.ID', 'in', ids)
      .execute();
    for (const row of rows) {
      const id = Number(row.ID);
      let carried = out.get(id);
      if (carried === undefined) {
        const post = {
          id,
          type: row.post_type,
          status: row.post_status,
          author: Number(row.post_author),
          parent: Number(row.post_parent),
          date_gmt: fromWordPressDate(row.post_date_gmt),
        };
        carried = { terms: [], post };
        out.set(id, carried);
      }
      if (row.term_id !== null) carried.terms.push(Number(row.term_id));
    }
    return out;
  }

  async termsOf(taxonomy: string, objectIds: readonly number[]): Promise<Map<number, number[]>> {
    const out = new Map<number, number[]>(objectIds.map((id) => [id, []]));
    const wanted = [...out.keys()].filter((id) => Number.isSafeInteger(id) && id > 0);
    if (wanted.length === 0) return out;
    const rows = await joinedTerms(this.database)
      .innerJoin('term_relationships', 'term_relationships.term_taxonomy_id', 'term_taxonomy.term_taxonomy_id')
      .select(['term_relationships.object_id', 'terms.term_id'])
      .where('term_taxonomy.taxonomy', '=', taxonomy)
      .where('term_relationships.object_id', 'in', wanted)
      .orderBy('terms.name')
      .orderBy('terms.term_id')
      .execute();
    for (const row of rows) out.get(Number(row.object_id))?.push(Number(row.term_id));
    return out;
  }

  /**
   * `wp_set_object_terms` (replacing): the object's relationships to the taxonomy's terms
   * become these (new ones with `term_order` 0); every term added or removed is recounted.
   * Ids of no term of the taxonomy are left out. `counted` is not stored: WordPress counts
   * from the object's status.
   */
  async setObjectTerms(
    objectId: number,
    taxonomy: string,
    termIds: readonly number[],
    _options: { counted: boolean },
  ): Promise<void> {
    if (!Number.isSafeInteger(objectId) || objectId <= 0) return;
    await this.database.transaction(async () => {
      const wantedIds = [...new Set(termIds)].filter((id) => Number.isSafeInteger(id) && id > 0);
      const wanted =
        wantedIds.length === 0
          ? []
          : (
              await this.#db
                .selectFrom('term_taxonomy')
                .select('term_taxonomy_id')
                .where('taxonomy', '=', taxonomy)
                .where('term_id', 'in', wantedIds)
                .execute()
            ).map((row) => Number(row.term_taxonomy_id));
      const current = (
        await this.#db
          .selectFrom('term_relationships')
          .innerJoin('term_taxonomy', 'term_taxonomy.term_taxonomy_id', 'term_relationships.term_taxonomy_id')
          .select('term_relationships.term_taxonomy_id')
          .where('term_relationships.object_id', '=', objectId)
          .where('term_taxonomy.taxonomy', '=', taxonomy)
          .execute()
      ).map((row) => Number(row.term_taxonomy_id));
      const removed = current.filter((id) => !wanted.includes(id));
      const added = wanted.filter((id) => !current.includes(id));
      if (removed.length > 0) {
        await this.#db
          .deleteFrom('term_relationships')
          .where('object_id', '=', objectId)
          .where('term_taxonomy_id', 'in', removed)
          .execute();
      }
      if (added.length > 0) {
        await this.#db
          .insertInto('term_relationships')
          .values(added.map((id) => ({ object_id: objectId, term_taxonomy_id: id, term_order: 0 })))
          .ignore()
          .execute();
      }
      await recountAtCommit(this.database, [...removed, ...added], this.#objectTypes);
    });
  }

  /** The object's status changed: its terms are recounted (WordPress counts from the status). */
  async setObjectCounted(objectId: number, _counted: boolean): Promise<void> {
    if (!Number.isSafeInteger(objectId) || objectId <= 0) return;
    await this.database.transaction(async () => {
      const rows = await this.#db
        .selectFrom('term_relationships')
        .select('term_taxonomy_id')
        .where('object_id', '=', objectId)
        .execute();
      await recountAtCommit(
        this.database,
        rows.map((row) => Number(row.term_taxonomy_id)),
        this.#objectTypes,
      );
    });
  }

  /** `wp_delete_object_term_relationships`: every relationship of the object goes; its terms are recounted. */
  async removeObject(objectId: number): Promise<void> {
    if (!Number.isSafeInteger(objectId) || objectId <= 0) return;
    await this.database.transaction(async () => {
      const rows = await this.#db
        .selectFrom('term_relationships')
        .select('term_taxonomy_id')
        .where('object_id', '=', objectId)
        .execute();
      if (rows.length === 0) return;
      await this.#db.deleteFrom('term_relationships').where('object_id', '=', objectId).execute();
      await recountAtCommit(
        this.database,
        rows.map((row) => Number(row.term_taxonomy_id)),
        this.#objectTypes,
      );
    });
  }
}
