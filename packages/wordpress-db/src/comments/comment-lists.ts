/**
 * The SQL of comment lists over WordPress's `comments` (`WP_Comment_Query` as the REST list
 * uses it): every filter of content's `CommentQuery`, the original's orders, a page and its
 * total; and the pages of many posts at once, in one statement (a window numbers and counts
 * each post's comments).
 *
 * @module
 */
import type { Comment, CommentQuery } from '@cms-json/content';
import type { Database } from '@cms-json/database';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { toWordPressDate } from '../dates.js';
import type { WordPressTables } from '../tables.js';
import { toComment } from './comment-row.js';

type Tables = WordPressTables;
type CommentsExpression = ExpressionBuilder<Tables, 'comments'>;

const SEARCHED = [
  'comments.comment_author',
  'comments.comment_author_email',
  'comments.comment_author_url',
  'comments.comment_author_IP',
  'comments.comment_content',
] as const;

/** The ids of a list given, `undefined` when none is. */
function list(values: readonly number[] | undefined): number[] | undefined {
  return values !== undefined && values.length > 0 ? [...values] : undefined;
}

/**
 * The SQL of a query's filters (`WP_Comment_Query`'s): statuses, the `comment` type (which
 * rows from before WordPress 5.5 have as `''`), posts, ids, parents, users, email, dates
 * (local, as the query gives them) and the search.
 */
function where(eb: CommentsExpression, query: Omit<CommentQuery, 'posts'> & { posts?: readonly number[] | undefined }) {
  const all: Expression<SqlBool>[] = [];
  if (query.approved.length > 0) all.push(eb('comments.comment_approved', 'in', [...query.approved]));
  if (query.type !== undefined) {
    all.push(
      query.type === 'comment'
        ? eb('comments.comment_type', 'in', ['', 'comment'])
        : eb('comments.comment_type', '=', query.type),
    );
  }
  const posts = list(query.posts);
  if (posts) all.push(eb('comments.comment_post_ID', 'in', posts));
  const include = list(query.include);
  if (include) all.push(eb('comments.comment_ID', 'in', include));
  const exclude = list(query.exclude);
  if (exclude) all.push(eb('comments.comment_ID', 'not in', exclude));
  const parents = list(query.parents);
  if (parents) all.push(eb('comments.comment_parent', 'in', parents));
  const parentsExclude = list(query.parentsExclude);
  if (parentsExclude) all.push(eb('comments.comment_parent', 'not in', parentsExclude));
  const users = list(query.users);
  if (users) all.push(eb('comments.user_id', 'in', users));
  const usersExclude = list(query.usersExclude);
  if (usersExclude) all.push(eb('comments.user_id', 'not in', usersExclude));
  if (query.authorEmail !== undefined && query.authorEmail !== '') {
    all.push(eb('comments.comment_author_email', '=', query.authorEmail));
  }
  if (query.after !== undefined) all.push(eb('comments.comment_date', '>', toWordPressDate(query.after)));
  if (query.before !== undefined) all.push(eb('comments.comment_date', '<', toWordPressDate(query.before)));
  if (query.search !== undefined && query.search !== '') {
    // MySQL's collation ignores case, as WordPress's search relies on.
    const needle = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    all.push(eb.or(SEARCHED.map((column) => eb(column, 'like', needle))));
  }
  return all.length === 0 ? sql<SqlBool>`1 = 1` : eb.and(all);
}

/** The columns of a list's order: the asked one, ties by id in the same direction (`include`: the given order). */
function orderOf(query: Omit<CommentQuery, 'posts'>) {
  const direction = query.order ?? 'desc';
  const ids = query.include ?? [];
  if (query.orderBy === 'include' && ids.length > 0) {
    const position = sql<number>`case ${sql.join(
      ids.map((id, index) => sql`when ${sql.ref('comments.comment_ID')} = ${id} then ${index}`),
      sql` `,
    )} else ${ids.length} end`;
    return sql`${position} asc, ${sql.ref('comments.comment_ID')} asc`;
  }
  const column = {
    date: 'comments.comment_date',
    date_gmt: 'comments.comment_date_gmt',
    id: 'comments.comment_ID',
    include: 'comments.comment_date_gmt',
    post: 'comments.comment_post_ID',
    parent: 'comments.comment_parent',
    type: 'comments.comment_type',
  }[query.orderBy ?? 'date_gmt'];
  const dir = direction === 'asc' ? sql`asc` : sql`desc`;
  return sql`${sql.ref(column)} ${dir}, ${sql.ref('comments.comment_ID')} ${dir}`;
}

/**
 * One page of the comments a query selects, and how many it selects in all.
 *
 * @example
 * const { comments, total } = await listCommentRows(database, { approved: ['1'], perPage: 10, offset: 0 });
 */
export async function listCommentRows(
  database: Database<Tables>,
  query: CommentQuery,
): Promise<{ comments: Comment[]; total: number }> {
  const { db } = database;
  const [rows, count] = await Promise.all([
    db
      .selectFrom('comments')
      .selectAll()
      .where((eb) => where(eb, query))
      .orderBy(orderOf(query))
      .limit(query.perPage)
      .offset(query.offset)
      .execute(),
    db
      .selectFrom('comments')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where((eb) => where(eb, query))
      .executeTakeFirst(),
  ]);
  return { comments: rows.map(toComment), total: Number(count?.total ?? 0) };
}

/**
 * What {@link listCommentRows} answers for each of these posts (the query's `posts` set to
 * that one post), in one statement: each post's rows numbered in the list's order and
 * counted; the rows of each page, and each post's first row (carrying its count), are read.
 *
 * @example
 * const pages = await listCommentRowsForPosts(database, { approved: ['1'], perPage: 10, offset: 0 }, [4, 5]);
 */
export async function listCommentRowsForPosts(
  database: Database<Tables>,
  query: Omit<CommentQuery, 'posts'>,
  postIds: readonly number[],
): Promise<Map<number, { comments: Comment[]; total: number }>> {
  const out = new Map<number, { comments: Comment[]; total: number }>(postIds.map((id) => [id, { comments: [], total: 0 }]));
  const wanted = [...out.keys()].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (wanted.length === 0) return out;
  const first = query.offset + 1;
  const last = query.offset + query.perPage;
  const ranked = database.db
    .selectFrom('comments')
    .selectAll()
    .select([
      sql<number>`row_number() over (partition by ${sql.ref('comments.comment_post_ID')} order by ${orderOf(query)})`.as(
        'position',
      ),
      sql<number>`count(*) over (partition by ${sql.ref('comments.comment_post_ID')})`.as('matches'),
    ])
    .where((eb) => where(eb, { ...query, posts: wanted }));
  const rows = await database.db
    .selectFrom(ranked.as('ranked'))
    .selectAll()
    .where((eb) => eb.or([eb.between('position', first, last), eb('position', '=', 1)]))
    .orderBy('position')
    .execute();
  for (const { position, matches, ...row } of rows) {
    const found = out.get(Number(row.comment_post_ID));
    if (found === undefined) continue;
    found.total = Number(matches);
    if (Number(position) >= first && Number(position) <= last) found.comments.push(toComment(row));
  }
  return out;
}
