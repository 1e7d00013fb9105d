/**
 * The SQL of a taxonomy's lists (`get_terms`): every filter, the original's orders, the
 * page and its total; and the same list for many objects at once (the terms of each post
 * of a page, in one statement).
 *
 * @module
 */
import type { Database } from '@cms-json/database';
import { type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import { MAX_COMPILED_IDS, placeholderIds } from '../compiled-reads.js';
import type { ContentTables, TermsTable } from '../tables.js';
import type { TermListForObjectsQuery, TermQuery } from './term-query.js';

type Rows = Selectable<TermsTable>[];
type ListQuery = Omit<TermQuery, 'object'>;

/**
 * The columns of a term, named: with a `*` the statement's rows are built by the SQLite
 * driver one property at a time (the columns could change under it); named, they are read
 * as arrays and made objects in a loop, twice as fast for the terms of a page of posts.
 */
const TERM_COLUMNS = [
  'terms.id',
  'terms.taxonomy',
  'terms.name',
  'terms.slug',
  'terms.description',
  'terms.parent',
  'terms.count',
  'terms.term_group',
] as const;

/** `CASE column WHEN v0 THEN 0 WHEN v1 THEN 1 … END`: the position of a value in a list. */
function positionIn(column: ReturnType<typeof sql.ref>, values: readonly (number | string)[]) {
  const cases = values.map((value, index) => sql`when ${value} then ${index}`);
  return sql<number>`case ${column} ${sql.join(cases, sql` `)} else ${values.length} end`;
}

/** A taxonomy's terms with every filter of a list but the object. */
function filtered(database: Database<ContentTables>, query: ListQuery) {
  return withFilters(database, database.db.selectFrom('terms'), query);
}

/** `page` (a query over `terms`) narrowed by every filter of a list but the object. */
function withFilters<Q extends SelectQueryBuilder<ContentTables, 'terms', object>>(
  database: Database<ContentTables>,
  page: Q,
  query: ListQuery,
): Q {
  const { taxonomy } = query;
  let base =
    // One name (or a compiled read's parameter in its place), or several.
    isNameList(taxonomy)
      ? page.where('terms.taxonomy', 'in', taxonomy.length > 0 ? [...taxonomy] : [''])
      : page.where('terms.taxonomy', '=', taxonomy);
  if (query.search !== undefined && query.search !== '') {
    const pattern = `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb(database.lowerText(sql.ref('terms.name')), 'like', sql<string>`${pattern} escape '\\'`),
        eb(database.lowerText(sql.ref('terms.slug')), 'like', sql<string>`${pattern} escape '\\'`),
      ]),
    );
  }
  if (query.include !== undefined && query.include.length > 0) base = base.where('terms.id', 'in', [...query.include]);
  if (query.exclude !== undefined && query.exclude.length > 0) base = base.where('terms.id', 'not in', [...query.exclude]);
  if (query.slugs !== undefined && query.slugs.length > 0) base = base.where('terms.slug', 'in', [...query.slugs]);
  if (query.parent !== undefined) base = base.where('terms.parent', '=', query.parent);
  if (query.hideEmpty === true) base = base.where('terms.count', '>', 0);
  return base as Q;
}

/** Whether a query's taxonomy is several names. */
function isNameList(taxonomy: string | readonly string[]): taxonomy is readonly string[] {
  return Array.isArray(taxonomy);
}

/** A list's order: the asked one, then ties in the table's order, as MySQL's sort leaves them. */
function ordered<Q extends SelectQueryBuilder<ContentTables, 'terms', object>>(
  database: Database<ContentTables>,
  page: Q,
  query: ListQuery,
): Q {
  const direction = query.order ?? 'asc';
  const orderBy = query.orderBy ?? 'name';
  let sorted: Q;
  if (orderBy === 'include' && query.include !== undefined && query.include.length > 0) {
    sorted = page.orderBy(positionIn(sql.ref('terms.id'), query.include), direction) as Q;
  } else if (orderBy === 'include_slugs' && query.slugs !== undefined && query.slugs.length > 0) {
    sorted = page.orderBy(positionIn(sql.ref('terms.slug'), query.slugs), direction) as Q;
  } else if (orderBy === 'name' || orderBy === 'description') {
    // MySQL compares names without case; lower(…) gives that order on both engines.
    sorted = page.orderBy(database.lowerText(sql.ref(`terms.${orderBy}`)), direction) as Q;
  } else {
    const column = orderBy === 'include' || orderBy === 'include_slugs' ? 'id' : orderBy;
    sorted = page.orderBy(`terms.${column}`, direction) as Q;
  }
  return sorted.orderBy('terms.id', 'asc') as Q;
}

/**
 * One page of a list and the count of all it matches.
 *
 * @example
 * const { rows, total } = await listTermRows(db, { taxonomy: 'category', limit: 10 });
 */
export async function listTermRows(database: Database<ContentTables>, query: TermQuery): Promise<{ rows: Rows; total: number }> {
  let base = filtered(database, query);
  if (query.object !== undefined) {
    const object = query.object;
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('term_relationships')
          .select('term_relationships.term_id')
          .whereRef('term_relationships.term_id', '=', 'terms.id')
          .where('term_relationships.object_id', '=', object),
      ),
    );
  }
  const totalRow = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  const rows = await ordered(database, base.select(TERM_COLUMNS), query)
    .limit(query.limit ?? 10)
    .offset(query.offset ?? 0)
    .execute();
  return { rows, total: Number(totalRow?.n ?? 0) };
}

/**
 * What {@link listTermRows} answers for each of these objects (the query's `object` set to
 * each): the objects' pairs with the taxonomy's terms (or the terms they carry, `carried`,
 * read before), then those terms, each once, filtered and in the list's order, in one
 * statement; each object's page is cut from them.
 *
 * @example
 * const pages = await listTermRowsForObjects(db, { taxonomy: 'post_tag', limit: 100 }, [4, 5]);
 */
export async function listTermRowsForObjects(
  database: Database<ContentTables>,
  query: TermListForObjectsQuery,
  objectIds: readonly number[],
  carried?: ReadonlyMap<number, readonly number[]>,
): Promise<Map<number, { rows: Rows; total: number }>> {
  const out = new Map<number, { rows: Rows; total: number }>();
  for (const id of objectIds) out.set(id, { rows: [], total: 0 });
  if (objectIds.length === 0) return out;
  // Each term once with the objects carrying it: a page of posts shares its few terms (ten
  // posts, twenty tags: six terms), read and made objects once rather than once a post.
  const carriers = new Map<number, number[]>();
  const pair = (objectId: number, termId: number) => {
    const objects = carriers.get(termId);
    if (objects === undefined) carriers.set(termId, [objectId]);
    else objects.push(objectId);
  };
  if (carried !== undefined) {
    for (const id of out.keys()) for (const termId of carried.get(id) ?? []) pair(id, termId);
  } else {
    for (const row of await termPairs(database, query.taxonomy, objectIds)) pair(Number(row.object_id), Number(row.term_id));
  }
  if (carriers.size === 0) return out;
  const termIds = [...carriers.keys()];
  // From the terms by id (a taxonomy may hold thousands: 5,000 tags), filtered (to the
  // taxonomy first: `carried` holds the terms of every taxonomy) and ordered as the list is.
  // More terms than a compiled read holds (many posts with many terms) are found from the
  // objects' relationships instead: a statement's parameters stay as few as its objects.
  const build = (termIdsIn: readonly number[] | ReturnType<typeof termIdsOf>, taxonomy = query.taxonomy) =>
    ordered(
      database,
      withFilters(database, database.db.selectFrom('terms').where('terms.id', 'in', termIdsIn), { ...query, taxonomy }).select(
        TERM_COLUMNS,
      ),
      query,
    );
  const shape = compiledShape(query, termIds.length);
  const rows =
    termIds.length > MAX_COMPILED_IDS
      ? await build(termIdsOf(database, [...out.keys()])).execute()
      : shape === undefined
        ? await build(termIds).execute()
        : // The shape names everything of the SQL but the ids and the taxonomy, its parameters.
          await database.prepare(shape, { ids: placeholderIds(termIds.length), taxonomy: '' }, (p) => build(p.ids, p.taxonomy))({
            ids: termIds,
            taxonomy: query.taxonomy,
          });
  // In the list's order; each object's page is then cut as the list cuts it.
  const start = query.offset ?? 0;
  const end = start + (query.limit ?? 10);
  for (const row of rows) {
    for (const objectId of carriers.get(Number(row.id)) ?? []) {
      const found = out.get(objectId);
      if (found === undefined) continue;
      if (found.total >= start && found.total < end) found.rows.push(row);
      found.total++;
    }
  }
  return out;
}

/** The ids of the terms these objects carry, as a subquery. */
function termIdsOf(database: Database<ContentTables>, objectIds: readonly number[]) {
  return database.db
    .selectFrom('term_relationships')
    .select('term_relationships.term_id')
    .where('term_relationships.object_id', 'in', [...objectIds]);
}

/** The (object, term) pairs of these objects with the terms of a taxonomy, in no order. */
async function termPairs(
  database: Database<ContentTables>,
  taxonomy: string,
  objectIds: readonly number[],
): Promise<{ object_id: number | string; term_id: number | string }[]> {
  // From the objects' relationships to their terms, in that order (`cross join` keeps it on
  // SQLite): a page of posts carries a few terms, a taxonomy may hold thousands.
  const buildFor = (ids: readonly number[], taxonomyOf: string) =>
    database.db
      .selectFrom('term_relationships')
      .crossJoin('terms')
      .whereRef('terms.id', '=', 'term_relationships.term_id')
      .where('term_relationships.object_id', 'in', [...ids])
      .where('terms.taxonomy', '=', taxonomyOf)
      .select(['term_relationships.object_id', 'term_relationships.term_id']);
  if (objectIds.length > MAX_COMPILED_IDS) return buildFor(objectIds, taxonomy).execute();
  return database.prepare(
    `terms.pairsForObjects.${objectIds.length}`,
    { ids: placeholderIds(objectIds.length), taxonomy: '' },
    (p) => buildFor(p.ids, p.taxonomy),
  )({ ids: [...objectIds], taxonomy });
}

/**
 * The name the read of `count` terms of a list by id is compiled under, when its SQL depends
 * only on the order and on hiding empty terms (what an `_embed` of a page's terms asks:
 * `?post=<id>` and nothing else); `undefined` for a list with other filters, built per call.
 */
function compiledShape(query: ListQuery, count: number): string | undefined {
  const given = (list: readonly unknown[] | undefined) => list !== undefined && list.length > 0;
  if (count > MAX_COMPILED_IDS || query.parent !== undefined || (query.search !== undefined && query.search !== ''))
    return undefined;
  if (given(query.include) || given(query.exclude) || given(query.slugs)) return undefined;
  const orderBy = query.orderBy ?? 'name';
  if (orderBy === 'include' || orderBy === 'include_slugs') return undefined;
  return `terms.byIdsInOrder.${orderBy}.${query.order ?? 'asc'}.${query.hideEmpty === true}.${count}`;
}

/** The pages of {@link listTermRowsForObjects} with their rows made records. */
export function mapPages<T>(
  pages: Map<number, { rows: Rows; total: number }>,
  make: (row: Selectable<TermsTable>) => T,
): Map<number, { terms: T[]; total: number }> {
  // Each page its own terms, though a row may be on many pages: a controller may change its own.
  const out = new Map<number, { terms: T[]; total: number }>();
  for (const [id, { rows, total }] of pages) out.set(id, { terms: rows.map(make), total });
  return out;
}
