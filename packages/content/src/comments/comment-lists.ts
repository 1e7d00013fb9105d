/**
 * The SQL of comment lists (`WP_Comment_Query` as the REST list uses it): every filter, the
 * original's orders, a page and its total; and the pages of many posts at once (the replies
 * of each post of a page, in one statement). The store's list methods answer with these.
 *
 * @module
 */
import type { Database } from '@cms-json/database';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { MAX_COMPILED_IDS, placeholderIds } from '../compiled-reads.js';
import type { ContentTables } from '../tables.js';
import type { Comment, CommentQuery } from './comment-query.js';

type Db = Database<ContentTables>;
type CommentsExpression = ExpressionBuilder<ContentTables, 'comments'>;

const SEARCHED = [
  'comments.author_name',
  'comments.author_email',
  'comments.author_url',
  'comments.author_ip',
  'comments.content',
];

/**
 * One page of the comments a query selects, and how many it selects in all.
 *
 * @example
 * const { comments, total } = await listCommentRows(database, { approved: ['1'], perPage: 10, offset: 0 });
 */
export async function listCommentRows(db: Db, query: CommentQuery): Promise<{ comments: Comment[]; total: number }> {
  const [rows, count] = await Promise.all([pageQuery(db, query).execute(), countQuery(db, query).executeTakeFirstOrThrow()]);
  return { comments: rows, total: Number(count.total) };
}

/** The statement of a query's page. */
function pageQuery(db: Db, query: CommentQuery) {
  const filters = (eb: CommentsExpression): Expression<SqlBool> => where(db, eb, query);
  return ordered(db.db.selectFrom('comments').selectAll().where(filters), query).limit(query.perPage).offset(query.offset);
}

/** The statement of a query's total. */
function countQuery(db: Db, query: CommentQuery) {
  return db.db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where((eb) => where(db, eb, query));
}

/**
 * {@link listCommentRows} for one post's comments in a shape compiled once (see `pagesShape`): a page
 * and a count, as the hand-written SQL would, rather than the window over many posts.
 */
async function listOfOne(
  db: Db,
  query: CommentQuery,
  postId: number,
  shape: string,
): Promise<{ comments: Comment[]; total: number }> {
  const sample = { approved: query.approved.map(() => ''), type: '', post: 0 };
  const values = { approved: [...query.approved], type: query.type ?? '', post: postId };
  const shaped = (p: typeof sample): CommentQuery => ({
    ...query,
    approved: p.approved,
    type: query.type === undefined ? undefined : p.type,
    posts: [p.post],
  });
  const [rows, count] = await Promise.all([
    db.prepare(`${shape}.page`, { ...sample, perPage: 0, offset: 0 }, (p) =>
      pageQuery(db, { ...shaped(p), perPage: p.perPage, offset: p.offset }),
    )({ ...values, perPage: query.perPage, offset: query.offset }),
    db.prepare(`${shape}.count`, sample, (p) => countQuery(db, shaped(p)))(values),
  ]);
  return { comments: rows, total: Number(count[0]?.total ?? 0) };
}

/**
 * What {@link listCommentRows} answers for each of these posts (the query's `posts` set
 * to that one post), in one query: each post's page and the count of all its matches (a
 * window numbers and counts each post's comments, so a post with thousands of comments
 * costs no more than its page).
 */
export async function listCommentRowsForPosts(
  db: Db,
  query: Omit<CommentQuery, 'posts'>,
  postIds: readonly number[],
): Promise<Map<number, { comments: Comment[]; total: number }>> {
  const out = new Map<number, { comments: Comment[]; total: number }>(postIds.map((id) => [id, { comments: [], total: 0 }]));
  if (postIds.length === 0) return out;
  const shape = pagesShape(query, postIds.length);
  const [only] = postIds;
  if (postIds.length === 1 && only !== undefined && shape !== undefined) {
    out.set(only, await listOfOne(db, { ...query, posts: [only] }, only, shape));
    return out;
  }
  const sorted = { ...query, posts: undefined };
  // Each post's rows numbered in the list's order, and counted: the page of each post, and
  // its first row (which carries the count) when the page is past its end, are all that is read.
  const ranked = (approved: readonly string[], type: string | undefined, posts: readonly number[]) =>
    db.db
      .selectFrom('comments')
      .selectAll()
      .select((eb) => [
        eb.fn
          .agg<number>('row_number')
          .over((over) => ordered(over.partitionBy('comments.post_id'), sorted))
          .as('position'),
        eb.fn
          .countAll<number>()
          .over((over) => over.partitionBy('comments.post_id'))
          .as('matches'),
      ])
      .where((eb) => where(db, eb, { ...query, approved: [...approved], type, posts: [...posts] }));
  const first = query.offset + 1;
  const last = query.offset + query.perPage;
  const page = (from: number, to: number, of = ranked(query.approved, query.type, postIds)) =>
    db.db
      .selectFrom(of.as('ranked'))
      .selectAll()
      .where((eb) => eb.or([eb.between('position', from, to), eb('position', '=', 1)]))
      .orderBy('position');
  const rows =
    shape === undefined
      ? await page(first, last).execute()
      : await db.prepare(
          shape,
          { approved: query.approved.map(() => ''), type: '', posts: placeholderIds(postIds.length), first: 0, last: 0 },
          (p) => page(p.first, p.last, ranked(p.approved, query.type === undefined ? undefined : p.type, p.posts)),
        )({ approved: [...query.approved], type: query.type ?? '', posts: [...postIds], first, last });
  for (const { position, matches, ...comment } of rows) {
    const found = out.get(comment.post_id);
    if (found === undefined) continue;
    found.total = Number(matches);
    if (position >= first && position <= last) found.comments.push(comment);
  }
  return out;
}

/** The SQL of a query's filters (`WP_Comment_Query`'s). */
function where(db: Db, eb: CommentsExpression, query: CommentQuery): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [];
  const list = (values: readonly number[] | undefined) => (values !== undefined && values.length > 0 ? [...values] : undefined);
  if (query.approved.length > 0) all.push(eb('comments.approved', 'in', [...query.approved]));
  if (query.type !== undefined) all.push(eb('comments.type', '=', query.type));
  const posts = list(query.posts);
  if (posts) all.push(eb('comments.post_id', 'in', posts));
  const include = list(query.include);
  if (include) all.push(eb('comments.id', 'in', include));
  const exclude = list(query.exclude);
  if (exclude) all.push(eb('comments.id', 'not in', exclude));
  const parents = list(query.parents);
  if (parents) all.push(eb('comments.parent', 'in', parents));
  const parentsExclude = list(query.parentsExclude);
  if (parentsExclude) all.push(eb('comments.parent', 'not in', parentsExclude));
  const users = list(query.users);
  if (users) all.push(eb('comments.user_id', 'in', users));
  const usersExclude = list(query.usersExclude);
  if (usersExclude) all.push(eb('comments.user_id', 'not in', usersExclude));
  if (query.authorEmail !== undefined && query.authorEmail !== '') all.push(eb('comments.author_email', '=', query.authorEmail));
  if (query.after !== undefined) all.push(eb('comments.date', '>', query.after));
  if (query.before !== undefined) all.push(eb('comments.date', '<', query.before));
  if (query.search !== undefined && query.search !== '') {
    const needle = `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    all.push(eb.or(SEARCHED.map((column) => sql<SqlBool>`${db.lowerText(sql.ref(column))} like ${needle} escape '\\'`)));
  }
  return all.length === 0 ? sql<SqlBool>`1 = 1` : eb.and(all);
}

/** A list's order: the asked one, ties by id in the same direction. */
function ordered<Q extends { orderBy: (...args: never[]) => Q }>(builder: Q, query: CommentQuery): Q {
  const direction = query.order ?? 'desc';
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's orderBy overloads do not survive the generic builder type.
  const q = builder as any;
  const orderBy = query.orderBy ?? 'date_gmt';
  const ids = query.include ?? [];
  if (orderBy === 'include' && ids.length > 0) {
    const position = sql`case ${sql.join(
      ids.map((id, index) => sql`when ${sql.ref('comments.id')} = ${id} then ${index}`),
      sql` `,
    )} else ${ids.length} end`;
    return q.orderBy(position, 'asc').orderBy('comments.id', 'asc') as Q;
  }
  const column = {
    date: 'comments.date',
    date_gmt: 'comments.date_gmt',
    id: 'comments.id',
    include: 'comments.date_gmt',
    post: 'comments.post_id',
    parent: 'comments.parent',
    type: 'comments.type',
  }[orderBy];
  // As WP_Comment_Query: ties fall by id in the same direction.
  return q.orderBy(column, direction).orderBy('comments.id', direction) as Q;
}

/**
 * The name the pages of `count` posts' comments are compiled under, when the query holds
 * nothing but statuses, a type and an order (what a post's `replies` link asks); `undefined`
 * for any other filter, built per call. The name tells every part of the SQL's shape apart:
 * the number of statuses and posts, whether a type is given, the order.
 */
function pagesShape(query: Omit<CommentQuery, 'posts'>, count: number): string | undefined {
  const given = (list: readonly unknown[] | undefined) => list !== undefined && list.length > 0;
  if (count > MAX_COMPILED_IDS || given(query.include) || given(query.exclude) || given(query.parents)) return undefined;
  if (given(query.parentsExclude) || given(query.users) || given(query.usersExclude)) return undefined;
  if ((query.authorEmail ?? '') !== '' || query.after !== undefined || query.before !== undefined) return undefined;
  if ((query.search ?? '') !== '' || query.orderBy === 'include') return undefined;
  const type = query.type === undefined ? 'any' : 'one';
  return `comments.forPosts.${query.approved.length}.${type}.${query.orderBy ?? 'date_gmt'}.${query.order ?? 'desc'}.${count}`;
}
