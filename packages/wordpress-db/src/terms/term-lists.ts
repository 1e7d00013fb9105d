/**
 * The SQL of a taxonomy's lists over WordPress's tables (`get_terms` / `WP_Term_Query`):
 * `terms` joined to `term_taxonomy`, every filter of content's `TermQuery`, the original's
 * orders, the page and its total; and the same list for many objects at once (the terms of
 * each post of a page, in one statement).
 *
 * @module
 */
import type { Term, TermQuery } from '@cms-json/content';
import type { Database } from '@cms-json/database';
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { WordPressTables } from '../tables.js';

type Tables = WordPressTables;
type Joined = SelectQueryBuilder<Tables, 'terms' | 'term_taxonomy', object>;
type ListQuery = Omit<TermQuery, 'object'>;

/** The columns a term is made of. */
export const TERM_COLUMNS = [
  'terms.term_id',
  'terms.name',
  'terms.slug',
  'terms.term_group',
  'term_taxonomy.term_taxonomy_id',
  'term_taxonomy.taxonomy',
  'term_taxonomy.description',
  'term_taxonomy.parent',
  'term_taxonomy.count',
] as const;

/**
 * A term as the two tables hold it.
 *
 * @example
 * const row: TermRow = { term_id: 1, name: 'Uncategorized', slug: 'uncategorized', term_group: 0, term_taxonomy_id: 1, taxonomy: 'category', description: '', parent: 0, count: 1 };
 */
export interface TermRow {
  term_id: number;
  name: string;
  slug: string;
  term_group: number;
  term_taxonomy_id: number;
  taxonomy: string;
  description: string;
  parent: number;
  count: number;
}

/**
 * A row as content's {@link Term} (the REST id is `term_id`).
 *
 * @example
 * const term = toTerm(row); // { id: 1, taxonomy: 'category', … }
 */
export function toTerm(row: TermRow): Term {
  return {
    id: Number(row.term_id),
    taxonomy: row.taxonomy,
    name: row.name,
    slug: row.slug,
    description: row.description,
    parent: Number(row.parent),
    count: Number(row.count),
    termGroup: Number(row.term_group),
  };
}

/**
 * `terms` joined to `term_taxonomy` (no columns chosen yet).
 *
 * @example
 * const row = await joinedTerms(database).select(TERM_COLUMNS).where('terms.term_id', '=', 3).executeTakeFirst();
 */
export function joinedTerms(database: Database<Tables>): Joined {
  return database.db.selectFrom('terms').innerJoin('term_taxonomy', 'term_taxonomy.term_id', 'terms.term_id');
}

/** The positive integers of a list, once each (an id of 0 or below matches nothing). */
function ids(values: readonly number[] | undefined): number[] | undefined {
  if (values === undefined || values.length === 0) return undefined;
  return [...new Set(values.filter((value) => Number.isSafeInteger(value)))];
}

/** A query over the joined tables narrowed by every filter of a list but the object. */
function withFilters<Q extends Joined>(base: Q, query: ListQuery): Q {
  // One taxonomy, or several (the search of terms of any taxonomy).
  const taxonomy: string | readonly string[] = query.taxonomy;
  let q: Joined =
    typeof taxonomy === 'string'
      ? base.where('term_taxonomy.taxonomy', '=', taxonomy)
      : base.where('term_taxonomy.taxonomy', 'in', taxonomy.length === 0 ? [''] : [...taxonomy]);
  if (query.search !== undefined && query.search !== '') {
    // WP_Term_Query: `(t.name LIKE '%s%') OR (t.slug LIKE '%s%')`, MySQL's collation ignoring case.
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb('terms.name', 'like', pattern), eb('terms.slug', 'like', pattern)]));
  }
  const include = ids(query.include);
  if (include !== undefined) q = q.where('terms.term_id', 'in', include);
  const exclude = ids(query.exclude);
  if (exclude !== undefined) q = q.where('terms.term_id', 'not in', exclude);
  if (query.slugs !== undefined && query.slugs.length > 0) q = q.where('terms.slug', 'in', [...query.slugs]);
  if (query.parent !== undefined) q = q.where('term_taxonomy.parent', '=', query.parent);
  if (query.hideEmpty === true) q = q.where('term_taxonomy.count', '>', 0);
  return q as Q;
}

/** `FIELD(column, v0, v1 …)` as `CASE`: the position of a value in a list. */
function positionIn(column: string, values: readonly (number | string)[]) {
  const cases = values.map((value, index) => sql`when ${value} then ${index}`);
  return sql<number>`case ${sql.ref(column)} ${sql.join(cases, sql` `)} else ${values.length} end`;
}

/** A list's order: the asked one, then ties by id. */
function ordered<Q extends Joined>(q: Q, query: ListQuery): Q {
  const direction = query.order ?? 'asc';
  const orderBy = query.orderBy ?? 'name';
  let sorted: Joined;
  const include = ids(query.include);
  if (orderBy === 'include' && include !== undefined) {
    sorted = q.orderBy(positionIn('terms.term_id', include), direction);
  } else if (orderBy === 'include_slugs' && query.slugs !== undefined && query.slugs.length > 0) {
    sorted = q.orderBy(positionIn('terms.slug', query.slugs), direction);
  } else {
    const column = {
      id: 'terms.term_id',
      include: 'terms.term_id',
      include_slugs: 'terms.term_id',
      name: 'terms.name',
      slug: 'terms.slug',
      term_group: 'terms.term_group',
      description: 'term_taxonomy.description',
      count: 'term_taxonomy.count',
    } as const;
    sorted = q.orderBy(column[orderBy], direction);
  }
  return sorted.orderBy('terms.term_id', 'asc') as Q;
}

/** The condition "the object carries the term". */
function carriedBy(eb: ExpressionBuilder<Tables, 'terms' | 'term_taxonomy'>, objectId: number) {
  return eb.exists(
    eb
      .selectFrom('term_relationships')
      .select('term_relationships.object_id')
      .whereRef('term_relationships.term_taxonomy_id', '=', 'term_taxonomy.term_taxonomy_id')
      .where('term_relationships.object_id', '=', objectId),
  );
}

/**
 * One page of a taxonomy's terms and the count of all the query matches.
 *
 * @example
 * const { rows, total } = await listTermRows(database, { taxonomy: 'category', hideEmpty: true, limit: 10 });
 */
export async function listTermRows(database: Database<Tables>, query: TermQuery): Promise<{ rows: TermRow[]; total: number }> {
  let base = withFilters(joinedTerms(database), query);
  if (query.object !== undefined) {
    const object = query.object;
    base = base.where((eb) => carriedBy(eb, object));
  }
  const [rows, count] = await Promise.all([
    ordered(base.select(TERM_COLUMNS), query)
      .limit(query.limit ?? 10)
      .offset(query.offset ?? 0)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/**
 * What {@link listTermRows} answers for each of these objects (the query's `object` set to
 * each), in one statement: the objects' relationships with the matching terms, in the list's
 * order; each object's page is cut from them.
 *
 * @example
 * const pages = await listTermRowsForObjects(database, { taxonomy: 'post_tag', limit: 100 }, [4, 5]);
 */
export async function listTermRowsForObjects(
  database: Database<Tables>,
  query: ListQuery,
  objectIds: readonly number[],
): Promise<Map<number, { rows: TermRow[]; total: number }>> {
  const out = new Map<number, { rows: TermRow[]; total: number }>();
  for (const id of objectIds) out.set(id, { rows: [], total: 0 });
  const wanted = [...out.keys()].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (wanted.length === 0) return out;
  const joined = joinedTerms(database)
    .innerJoin('term_relationships', 'term_relationships.term_taxonomy_id', 'term_taxonomy.term_taxonomy_id')
    .where('term_relationships.object_id', 'in', wanted);
  const rows = await ordered(
    withFilters(joined, query).select([...TERM_COLUMNS, 'term_relationships.object_id']),
    query,
  ).execute();
  const start = query.offset ?? 0;
  const end = start + (query.limit ?? 10);
  for (const row of rows) {
    const found = out.get(Number(row.object_id));
    if (found === undefined) continue;
    const { object_id: _, ...term } = row;
    if (found.total >= start && found.total < end) found.rows.push(term);
    found.total++;
  }
  return out;
}
