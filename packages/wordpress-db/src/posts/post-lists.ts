/**
 * The SQL of a list of posts over WordPress's `posts` table: what a content `PostQuery` selects
 * and in which order, the same conditions and orders as the SQL store's (`post-lists.ts` of
 * content), on MySQL/MariaDB. Statuses are read as they are now (a `future` record whose date
 * passed is `publish`); term filters go through `term_relationships` and `term_taxonomy` by
 * term id; the search is WordPress's (`LIKE` in title, excerpt and content, the column's
 * collation deciding case), and so is its order by relevance.
 *
 * @module
 */
import { type PostQuery, parseSearch } from '@cms-json/content';
import { type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool, sql } from 'kysely';
import { toWordPressDate } from '../dates.js';
import type { WordPressTables } from '../tables.js';

/** One term filter of a query. */
type TaxonomyClause = NonNullable<PostQuery['taxonomies']>['clauses'][number];

/** An expression builder over `posts`. */
export type WpPostsExpression = ExpressionBuilder<WordPressTables, 'posts'>;

const SEARCH_COLUMN = {
  post_title: 'posts.post_title',
  post_content: 'posts.post_content',
  post_excerpt: 'posts.post_excerpt',
} as const;

/**
 * The SQL of "the record's status, as it is now": `publish` for a `future` record whose GMT
 * date passed.
 *
 * @example
 * db.selectFrom('posts').select((eb) => statusNow(eb, '2030-01-01T00:00:00').as('status'));
 */
export function statusNow(eb: WpPostsExpression, nowGmt: string): Expression<string> {
  return eb
    .case()
    .when(eb.and([eb('posts.post_status', '=', 'future'), eb('posts.post_date_gmt', '<=', toWordPressDate(nowGmt))]))
    .then('publish')
    .else(eb.ref('posts.post_status'))
    .end();
}

/** `column LIKE '%text%'` as WordPress writes its search (`esc_like`: `\`, `%` and `_` escaped by `\`, MySQL's default). */
function like(column: string, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} like ${`%${escapeLike(text)}%`}`;
}

/** Text with `LIKE`'s wildcards escaped by MySQL's default escape character. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * What a query selects, as one condition on `posts`: types, statuses as they are now (none:
 * any), ids, authors, parents, slugs, media types, dates, sticky records, taxonomy clauses and
 * the search.
 *
 * @example
 * db.selectFrom('posts').selectAll().where((eb) => listWhere(eb, query));
 */
export function listWhere(eb: WpPostsExpression, query: PostQuery): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [
    query.types.length > 0 ? eb('posts.post_type', 'in', [...query.types]) : sql<SqlBool>`1 = 0`,
  ];
  if (query.statuses.length > 0) all.push(eb(statusNow(eb, query.nowGmt), 'in', [...query.statuses]));
  if (query.include !== undefined && query.include.length > 0) all.push(eb('posts.ID', 'in', [...query.include]));
  if (query.exclude !== undefined && query.exclude.length > 0) all.push(eb('posts.ID', 'not in', [...query.exclude]));
  if (query.authors !== undefined && query.authors.length > 0) all.push(eb('posts.post_author', 'in', [...query.authors]));
  if (query.authorsExclude !== undefined && query.authorsExclude.length > 0) {
    all.push(eb('posts.post_author', 'not in', [...query.authorsExclude]));
  }
  if (query.parents !== undefined && query.parents.length > 0) all.push(eb('posts.post_parent', 'in', [...query.parents]));
  if (query.parentsExclude !== undefined && query.parentsExclude.length > 0) {
    all.push(eb('posts.post_parent', 'not in', [...query.parentsExclude]));
  }
  if (query.slugs !== undefined && query.slugs.length > 0) all.push(eb('posts.post_name', 'in', [...query.slugs]));
  if (query.menuOrder !== undefined) all.push(eb('posts.menu_order', '=', query.menuOrder));
  if (query.mimeTypes !== undefined) {
    const matches = query.mimeTypes.map((type) =>
      type.includes('/')
        ? eb('posts.post_mime_type', '=', type)
        : sql<SqlBool>`${sql.ref('posts.post_mime_type')} like ${`${escapeLike(type)}/%`}`,
    );
    all.push(matches.length > 0 ? eb.or(matches) : sql<SqlBool>`1 = 0`);
  }
  if (query.after !== undefined) all.push(eb('posts.post_date', '>', toWordPressDate(query.after)));
  if (query.before !== undefined) all.push(eb('posts.post_date', '<', toWordPressDate(query.before)));
  if (query.modifiedAfter !== undefined) all.push(eb('posts.post_modified', '>', toWordPressDate(query.modifiedAfter)));
  if (query.modifiedBefore !== undefined) all.push(eb('posts.post_modified', '<', toWordPressDate(query.modifiedBefore)));
  if (query.stickyIds !== undefined) {
    const ids = [...query.stickyIds.ids];
    if (query.stickyIds.include) all.push(ids.length > 0 ? eb('posts.ID', 'in', ids) : sql<SqlBool>`1 = 0`);
    else if (ids.length > 0) all.push(eb('posts.ID', 'not in', ids));
  }
  if (query.taxonomies !== undefined && query.taxonomies.clauses.length > 0) {
    const clauses = query.taxonomies.clauses.map((clause) => taxonomyClause(eb, clause));
    all.push(query.taxonomies.relation === 'OR' ? eb.or(clauses) : eb.and(clauses));
  }
  if (query.search !== undefined && query.search !== '') {
    const columns = query.searchColumns ?? ['post_title', 'post_excerpt', 'post_content'];
    for (const term of parseSearch(query.search).terms) {
      const matches = columns.map((name) => like(SEARCH_COLUMN[name], term.text));
      all.push(term.exclude ? eb.and(matches.map((match) => sql<SqlBool>`not (${match})`)) : eb.or(matches));
    }
    // As WordPress: a search by someone signed out never finds password-protected records.
    if (query.searchProtected === false) all.push(eb('posts.post_password', '=', ''));
  }
  return eb.and(all);
}

/** One term filter by term id, as `EXISTS` over `term_relationships` joined to `term_taxonomy`. */
function taxonomyClause(eb: WpPostsExpression, clause: TaxonomyClause): Expression<SqlBool> {
  const ids = [...new Set(clause.termIds)];
  const having = (termIds: readonly number[]) =>
    eb.exists(
      eb
        .selectFrom('term_relationships')
        .innerJoin('term_taxonomy', 'term_taxonomy.term_taxonomy_id', 'term_relationships.term_taxonomy_id')
        .select('term_relationships.object_id')
        .whereRef('term_relationships.object_id', '=', 'posts.ID')
        .where('term_taxonomy.term_id', 'in', [...termIds]),
    );
  if (ids.length === 0) return clause.operator === 'NOT IN' ? sql<SqlBool>`1 = 1` : sql<SqlBool>`1 = 0`;
  if (clause.operator === 'NOT IN') return eb.not(having(ids));
  if (clause.operator === 'AND') return eb.and(ids.map((id) => having([id])));
  return having(ids);
}

/**
 * WordPress's order by relevance (`WP_Query::parse_search_order`): one term, the records with
 * it in the title first; more, the whole string in the title, then every term in the title,
 * then any term in it, then the string in the excerpt, then in the content.
 */
function relevanceOf(search: string): RawBuilder<unknown> {
  const parsed = parseSearch(search);
  const inTitle = parsed.terms.filter((term) => !term.exclude).map((term) => like('posts.post_title', term.text));
  if (parsed.count <= 1) return inTitle[0] ?? sql`0`;
  const when: RawBuilder<unknown>[] = [];
  if (parsed.sentence !== undefined) when.push(sql`when ${like('posts.post_title', parsed.sentence)} then 1`);
  if (inTitle.length > 0 && inTitle.length < 7) {
    when.push(sql`when ${sql.join(inTitle, sql` and `)} then 2`);
    if (inTitle.length > 1) when.push(sql`when ${sql.join(inTitle, sql` or `)} then 3`);
  }
  if (parsed.sentence !== undefined) {
    when.push(sql`when ${like('posts.post_excerpt', parsed.sentence)} then 4`);
    when.push(sql`when ${like('posts.post_content', parsed.sentence)} then 5`);
  }
  return when.length === 0 ? sql`6` : sql`(case ${sql.join(when, sql` `)} else 6 end)`;
}

/** The column each `orderBy` sorts on. */
const ORDER_COLUMN = {
  author: 'posts.post_author',
  date: 'posts.post_date',
  id: 'posts.ID',
  include: 'posts.post_date',
  include_slugs: 'posts.post_date',
  modified: 'posts.post_modified',
  parent: 'posts.post_parent',
  relevance: 'posts.post_date',
  slug: 'posts.post_name',
  title: 'posts.post_title',
  menu_order: 'posts.menu_order',
} as const;

/**
 * The `ORDER BY` terms of a list (the query's `orderBy` and `order`; relevance; the order of
 * the ids or slugs asked for), ties by id ascending as the SQL store breaks them.
 *
 * @example
 * sql`select … order by ${sql.join(listOrder(query))}`;
 */
export function listOrder(query: PostQuery): RawBuilder<unknown>[] {
  const direction = query.order === 'asc' ? sql`asc` : sql`desc`;
  const orderBy = query.orderBy ?? 'date';
  const out: RawBuilder<unknown>[] = [];
  if (orderBy === 'relevance' && query.search !== undefined && query.search !== '') {
    const ascending = parseSearch(query.search).count > 1;
    out.push(sql`${relevanceOf(query.search)} ${ascending ? sql`asc` : sql`desc`}`);
    out.push(sql`${sql.ref('posts.post_date')} desc`);
  } else if (orderBy === 'include' && query.include !== undefined && query.include.length > 0) {
    out.push(sql`${positionIn('posts.ID', query.include)} asc`);
  } else if (orderBy === 'include_slugs' && query.slugs !== undefined && query.slugs.length > 0) {
    out.push(sql`${positionIn('posts.post_name', query.slugs)} asc`);
  } else {
    out.push(sql`${sql.ref(ORDER_COLUMN[orderBy] ?? 'posts.post_date')} ${direction}`);
  }
  out.push(sql`${sql.ref('posts.ID')} asc`);
  return out;
}

/** `CASE column WHEN v0 THEN 0 … END`: the position of a value in a list. */
function positionIn(column: string, values: readonly (number | string)[]): RawBuilder<unknown> {
  return sql`case ${sql.join(
    values.map((value, index) => sql`when ${sql.ref(column)} = ${value} then ${index}`),
    sql` `,
  )} else ${values.length} end`;
}
