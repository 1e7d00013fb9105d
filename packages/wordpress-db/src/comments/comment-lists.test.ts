import type { CommentQuery } from '@cms-json/content';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { WordPressDatabase } from '../connection.js';
import { openFixtureDatabase } from '../testing.js';
import { listCommentRows, listCommentRowsForPosts } from './comment-lists.js';

const serverUrl = inject('mysqlUrl');

describe.skipIf(serverUrl === '')("comment lists over WordPress's tables", () => {
  let wordpress: WordPressDatabase;
  beforeAll(async () => {
    wordpress = await openFixtureDatabase({ serverUrl });
  });
  afterAll(() => wordpress.close());

  const base: CommentQuery = { approved: [], perPage: 100, offset: 0 };
  const ids = async (query: Partial<CommentQuery>) =>
    (await listCommentRows(wordpress.database, { ...base, ...query })).comments.map((comment) => comment.id);

  it('filters by status, post, include, exclude, parents, users, email, dates and search', async () => {
    expect(await ids({ approved: ['0'] })).toEqual([4]);
    expect(await ids({ posts: [7], approved: ['1'] })).toEqual([9, 8]);
    expect(await ids({ include: [2, 3, 13], exclude: [3] })).toEqual([13, 2]);
    expect(await ids({ parents: [2, 8], orderBy: 'id', order: 'asc' })).toEqual([3, 9]);
    expect(await ids({ posts: [7], parentsExclude: [0] })).toEqual([9]);
    expect(await ids({ users: [2], orderBy: 'id', order: 'asc' })).toEqual(expect.arrayContaining([5, 9, 13]));
    expect(await ids({ usersExclude: [0, 2] })).toEqual([]);
    expect(await ids({ authorEmail: 'tom@example.test', orderBy: 'id', order: 'asc' })).toEqual([2, 8, 11]);
    expect(await ids({ after: '2023-01-09T00:00:00', before: '2023-01-10T00:00:00' })).toEqual([12, 11]);
    expect(await ids({ search: 'COMMENT 12 ON' })).toEqual([13]);
    expect(await ids({ search: '100%' })).toEqual([]);
    expect(await ids({ type: 'pingback' })).toEqual([]);
  });

  it("orders by each of the original's keys, ties by id in the same direction", async () => {
    expect(await ids({ include: [2, 3, 5], orderBy: 'date_gmt', order: 'asc' })).toEqual([2, 3, 5]);
    expect(await ids({ include: [2, 3, 5], orderBy: 'date', order: 'desc' })).toEqual([5, 3, 2]);
    expect(await ids({ include: [13, 2, 5], orderBy: 'include' })).toEqual([13, 2, 5]);
    expect(await ids({ include: [2, 3, 6, 5], orderBy: 'parent', order: 'asc' })).toEqual([2, 5, 3, 6]);
    expect(await ids({ include: [2, 5, 7], orderBy: 'post', order: 'desc' })).toEqual([7, 5, 2]);
    expect(await ids({ include: [2, 5, 7], orderBy: 'id', order: 'desc' })).toEqual([7, 5, 2]);
  });

  it('pages with the total of all the query selects', async () => {
    const page = await listCommentRows(wordpress.database, {
      approved: ['1'],
      orderBy: 'id',
      order: 'asc',
      perPage: 2,
      offset: 2,
    });
    expect(page.comments.map((comment) => comment.id)).toEqual([3, 5]);
    const all = await listCommentRows(wordpress.database, { approved: ['1'], perPage: 100, offset: 0 });
    expect(page.total).toBe(all.comments.length);
  });

  it("answers each post's page and total in one statement, as the list of that post would", async () => {
    const query = {
      approved: ['1'],
      type: 'comment',
      orderBy: 'date_gmt' as const,
      order: 'asc' as const,
      perPage: 1,
      offset: 1,
    };
    const pages = await listCommentRowsForPosts(wordpress.database, query, [4, 7, 6, 987654]);
    for (const post of [4, 7, 6]) {
      const one = await listCommentRows(wordpress.database, { ...query, posts: [post] });
      expect(pages.get(post)).toEqual(one);
    }
    expect(pages.get(7)?.comments.map((comment) => comment.id)).toEqual([9]);
    expect(pages.get(6)).toEqual({ comments: [], total: 1 });
    expect(pages.get(987654)).toEqual({ comments: [], total: 0 });
  });
});
