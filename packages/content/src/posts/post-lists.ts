/**
 * The SQL of a list of posts: what a {@link PostQuery} selects (its filters, the taxonomy
 * clauses, the search) and in which order, for the store's page and count. Statuses are read
 * as they are now: a `future` record whose date passed is `publish`.
 *
 * @module
 */
import type { Database } from '@cms-json/database';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { ContentTables } from '../tables.js';
import type { PostQuery, TaxonomyClause } from './post-query.js';
import { parseSearch } from './search-terms.js';

type Db = Database<ContentTables>;

const SEARCH_COLUMN = { post_title: 'posts.title', post_content: 'posts.content', post_excerpt: 'posts.excerpt' } as const;

/** An expression builder over `posts`. */
export type PostsExpression = ExpressionBuilder<ContentTables, 'posts'>;

/** The SQL of "the record's status, as it is now". */
export function statusNow(eb: PostsExpression, nowGmt: string): Expression<string> {
  return eb
    .case()
    .when(eb.and([eb('posts.status', '=', 'future'), eb('posts.date_gmt', '<=', nowGmt)]))
    .then('publish')
    .else(eb.ref('posts.status'))
    .end();
}

/**
 * What a query selects, as one condition on `posts`: types, statuses as they are now, ids,
 * authors, parents, slugs, dates, sticky records, taxonomy clauses and the search.
 *
 * @example
 * database.db.selectFrom('posts').selectAll().where((eb) => listWhere(database, eb, query));
 */
export function listWhere(db: Db, eb: PostsExpression, query: PostQuery): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [eb('posts.type', 'in', [...query.types])];
  if (query.statuses.length > 0) all.push(eb(statusNow(eb, query.nowGmt), 'in', [...query.statuses]));
  if (query.include !== undefined && query.include.length > 0) all.push(eb('posts.id', 'in', [...query.include]));
  if (query.exclude !== undefined && query.exclude.length > 0) all.push(eb('posts.id', 'not in', [...query.exclude]));
  if (query.authors !== undefined && query.authors.length > 0) all.push(eb('posts.author', 'in', [...query.authors]));
  if (query.authorsExclude !== undefined && query.authorsExclude.length > 0) {
    all.push(eb('posts.author', 'not in', [...query.authorsExclude]));
  }
  if (query.parents !== undefined && query.parents.length > 0) all.push(eb('posts.parent', 'in', [...query.parents]));
  if (query.parentsExclude !== undefined && query.parentsExclude.length > 0) {
    all.push(eb('posts.parent', 'not in', [...query.parentsExclude]));
  }
  if (query.slugs !== undefined && query.slugs.length > 0) all.push(eb('posts.slug', 'in', [...query.slugs]));
  if (query.menuOrder !== undefined) all.push(eb('posts.menu_order', '=', query.menuOrder));
  if (query.mimeTypes !== undefined) {
    const matches = query.mimeTypes.map((type) =>
      type.includes('/')
        ? eb('posts.mime_type', '=', type)
        : sql<SqlBool>`${sql.ref('posts.mime_type')} like ${`${type.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`} escape '\\'`,
    );
    all.push(matches.length > 0 ? eb.or(matches) : sql<SqlBool>`1 = 0`);
  }
  if (query.after !== undefined) all.push(eb('posts.date', '>', query.after));
  if (query.before !== undefined) all.push(eb('posts.date', '<', query.before));
  if (query.modifiedAfter !== undefined) all.push(eb('posts.modified', '>', query.modifiedAfter));
  if (query.modifiedBefore !== undefined) all.push(eb('posts.modified', '<', query.modifiedBefore));
  if (query.stickyIds !== undefined) {
    const ids = [...query.stickyIds.ids];
    if (query.stickyIds.include) all.push(ids.length > 0 ? eb('posts.id', 'in', ids) : sql<SqlBool>`1 = 0`);
    else if (ids.length > 0) all.push(eb('posts.id', 'not in', ids));
  }
  if (query.taxonomies !== undefined && query.taxonomies.clauses.length > 0) {
    const clauses = query.taxonomies.clauses.map((clause) => taxonomyClause(eb, clause));
    all.push(query.taxonomies.relation === 'OR' ? eb.or(clauses) : eb.and(clauses));
  }
  if (query.search !== undefined && query.search !== '') {
    const columns = query.searchColumns ?? ['post_title', 'post_excerpt', 'post_content'];
    for (const term of parseSearch(query.search).terms) {
      const matches = columns.map((name) => like(db, SEARCH_COLUMN[name], term.text));
      all.push(term.exclude ? eb.and(matches.map((match) => sql<SqlBool>`not (${match})`)) : eb.or(matches));
    }
    // As WordPress: a search by someone signed out never finds password-protected records.
    if (query.searchProtected === false) all.push(eb('posts.password', '=', ''));
  }
  return eb.and(all);
}

/** One term filter, as `EXISTS` subqueries on the relationships (the `(term_id, object_id)` index). */
function taxonomyClause(eb: PostsExpression, clause: TaxonomyClause) {
  const ids = [...new Set(clause.termIds)];
  const having = (termIds: readonly number[]) =>
    eb.exists(
      eb
        .selectFrom('term_relationships')
        .select('term_relationships.object_id')
        .whereRef('term_relationships.object_id', '=', 'posts.id')
        .where('term_relationships.term_id', 'in', [...termIds]),
    );
  if (ids.length === 0) return clause.operator === 'NOT IN' ? sql<SqlBool>`1 = 1` : sql<SqlBool>`1 = 0`;
  if (clause.operator === 'NOT IN') return eb.not(having(ids));
  if (clause.operator === 'AND') return eb.and(ids.map((id) => having([id])));
  return having(ids);
}

/** `lower(column) LIKE '%text%'`, case-folded on both engines. */
function like(db: Db, column: string, text: string) {
  const needle = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`${db.lowerText(sql.ref(column))} like ${needle} escape '\\'`;
}

/**
 * WordPress's order by relevance: the whole string in the title first, then every term in
 * the title, then any term in it, then the string in the excerpt, then in the content.
 */
function relevanceOf(db: Db, search: string) {
  const parsed = parseSearch(search);
  const inTitle = parsed.terms.filter((term) => !term.exclude).map((term) => like(db, 'posts.title', term.text));
  if (parsed.count <= 1) return inTitle[0] ?? sql`0`;
  const when: ReturnType<typeof sql>[] = [];
  if (parsed.sentence !== undefined) when.push(sql`when ${like(db, 'posts.title', parsed.sentence)} then 1`);
  if (inTitle.length > 0 && inTitle.length < 7) {
    when.push(sql`when ${sql.join(inTitle, sql` and `)} then 2`);
    if (inTitle.length > 1) when.push(sql`when ${sql.join(inTitle, sql` or `)} then 3`);
  }
  if (parsed.sentence !== undefined) {
    when.push(sql`when ${like(db, 'posts.excerpt', parsed.sentence)} then 4`);
    when.push(sql`when ${like(db, 'posts.content', parsed.sentence)} then 5`);
  }
  return sql`(case ${sql.join(when, sql` `)} else 6 end)`;
}

/**
 * The order of a list (the query's `orderBy` and `order`; relevance, the order of the ids or
 * slugs asked for), ties by id as MySQL leaves them for WordPress.
 *
 * @example
 * listOrder(database, database.db.selectFrom('posts').selectAll(), { ...query, orderBy: 'title', order: 'asc' });
 */
export function listOrder<Q extends { orderBy: (...args: never[]) => Q }>(db: Db, builder: Q, query: PostQuery): Q {
  const direction = query.order ?? 'desc';
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's orderBy overloads do not survive the generic builder type.
  const q = builder as any;
  const orderBy = query.orderBy ?? 'date';
  const ids = orderBy === 'include' ? query.include : undefined;
  const slugs = orderBy === 'include_slugs' ? query.slugs : undefined;
  let ordered = q;
  if (orderBy === 'relevance' && query.search !== undefined && query.search !== '') {
    const relevance = relevanceOf(db, query.search);
    // One term: records with it in the title first (`LIKE … DESC`); more: the CASE's rank, ascending.
    ordered = q.orderBy(relevance, parseSearch(query.search).count <= 1 ? 'desc' : 'asc').orderBy('posts.date', 'desc');
  } else if (ids !== undefined && ids.length > 0) {
    ordered = q.orderBy(positionIn('posts.id', ids), 'asc');
  } else if (slugs !== undefined && slugs.length > 0) {
    ordered = q.orderBy(positionIn('posts.slug', slugs), 'asc');
  } else {
    const column = {
      author: 'posts.author',
      date: 'posts.date',
      id: 'posts.id',
      include: 'posts.date',
      include_slugs: 'posts.date',
      modified: 'posts.modified',
      parent: 'posts.parent',
      relevance: 'posts.date',
      slug: 'posts.slug',
      title: 'posts.title',
      menu_order: 'posts.menu_order',
    }[orderBy];
    ordered = q.orderBy(column, direction);
  }
  // Ties in the order asked for fall in the order rows were made, as MySQL's stable sort leaves them for WordPress.
  return ordered.orderBy('posts.id', 'asc') as Q;
}

/** `CASE column WHEN v0 THEN 0 WHEN v1 THEN 1 … END`: the order of a list of values. */
function positionIn(column: string, values: readonly (number | string)[]) {
  return sql`case ${sql.join(
    values.map((value, index) => sql`when ${sql.ref(column)} = ${value} then ${index}`),
    sql` `,
  )} else ${values.length} end`;
}
