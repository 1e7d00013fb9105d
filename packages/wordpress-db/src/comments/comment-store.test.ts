import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { WordPressDatabase } from '../connection.js';
import { openFixtureDatabase } from '../testing.js';
import { WordPressCommentStore } from './comment-store.js';

const serverUrl = inject('mysqlUrl');

describe.skipIf(serverUrl === '')("the comment store over WordPress's tables", () => {
  let wordpress: WordPressDatabase;
  let store: WordPressCommentStore;
  beforeEach(async () => {
    wordpress = await openFixtureDatabase({ serverUrl });
    store = new WordPressCommentStore(wordpress);
  });
  afterEach(() => wordpress.close());

  /** A post's `comment_count`, checked against its approved comments counted here. */
  async function commentCount(postId: number): Promise<number> {
    const { rows } = await sql<{ stored: number; counted: number }>`
      select comment_count as stored,
        (select count(*) from wp_comments where comment_post_ID = ${postId} and comment_approved = '1') as counted
      from wp_posts where ID = ${postId}`.execute(wordpress.database.db);
    const [row] = rows;
    expect(Number(row?.stored)).toBe(Number(row?.counted));
    return Number(row?.stored);
  }

  const newComment = (postId: number, content: string, approved = '1') => ({
    post_id: postId,
    author_name: 'Nora New',
    author_email: 'nora@example.test',
    author_ip: '127.0.0.2',
    content,
    approved,
    agent: 'vitest',
    date: '2030-01-01T10:00:00',
    date_gmt: '2030-01-01T09:00:00',
  });

  it('reads the seeded comments as WordPress shows them', async () => {
    expect(await store.find(3)).toEqual({
      id: 3,
      post_id: 4,
      parent: 2,
      user_id: 0,
      author_name: 'Rita Reader',
      author_email: 'rita@example.test',
      author_url: 'https://example.org/rita',
      author_ip: '127.0.0.1',
      agent: 'oracle-seed',
      date: '2023-01-02T12:02:00',
      date_gmt: '2023-01-02T12:02:00',
      content: 'Comment 2 on post 1: nice <em>read</em>, thanks!',
      karma: 0,
      approved: '1',
      type: 'comment',
    });
    expect(await store.find(4)).toMatchObject({ approved: '0', author_name: 'Grace Guest' });
    expect(await store.find(0)).toBeUndefined();
    expect(await store.find(987654)).toBeUndefined();
  });

  it("reads a type left empty (rows from before WordPress 5.5) as 'comment'", async () => {
    await sql`update wp_comments set comment_type = '' where comment_ID = 2`.execute(wordpress.database.db);
    expect(await store.find(2)).toMatchObject({ type: 'comment' });
    const { comments } = await store.list({ approved: [], type: 'comment', include: [2, 3], perPage: 10, offset: 0 });
    expect(comments.map((comment) => comment.id)).toEqual([3, 2]);
  });

  it("creates as wp_insert_comment: the row WordPress writes, the post's count of approved comments exact", async () => {
    const created = await store.create(newComment(6, 'A new one'));
    expect(created).toMatchObject({ post_id: 6, content: 'A new one', type: 'comment', parent: 0, date: '2030-01-01T10:00:00' });
    const row = await wordpress.database.db
      .selectFrom('comments')
      .selectAll()
      .where('comment_ID', '=', created.id)
      .executeTakeFirst();
    expect(row).toMatchObject({
      comment_post_ID: 6,
      comment_author: 'Nora New',
      comment_author_url: '',
      comment_date: '2030-01-01 10:00:00',
      comment_date_gmt: '2030-01-01 09:00:00',
      comment_approved: '1',
      comment_type: 'comment',
      comment_karma: 0,
    });
    expect(await commentCount(6)).toBe(2);
    await store.create(newComment(6, 'Held', '0'));
    expect(await commentCount(6)).toBe(2);
  });

  it('updates and recounts the posts it was and is on; an unknown id is undefined', async () => {
    expect(await store.update(7, { approved: '0' })).toMatchObject({ id: 7, approved: '0' });
    expect(await commentCount(6)).toBe(0);
    expect(await store.update(7, { post_id: 9, approved: '1', content: 'Moved' })).toMatchObject({
      post_id: 9,
      content: 'Moved',
    });
    expect(await commentCount(6)).toBe(0);
    expect(await commentCount(9)).toBe(2);
    expect(await store.update(987654, { content: 'x' })).toBeUndefined();
    expect(await store.update(0, { content: 'x' })).toBeUndefined();
  });

  it('deletes as wp_delete_comment: replies move up to its parent, its meta goes, the count is exact', async () => {
    // 5 (parent 0) has the reply 6 on post 5.
    await store.meta.set(5, 'rating', '4');
    expect(await store.delete(5)).toBe(true);
    expect(await store.find(5)).toBeUndefined();
    expect(await store.find(6)).toMatchObject({ parent: 0 });
    expect(await store.meta.get(5, 'rating')).toBeUndefined();
    expect(await commentCount(5)).toBe(1);
    expect(await store.delete(5)).toBe(false);
    expect(await store.delete(-1)).toBe(false);
  });

  it('deletes every comment of a post with their meta', async () => {
    await store.meta.set(8, 'rating', '1');
    expect(await store.deleteOfPost(7)).toBe(2);
    expect(await store.find(8)).toBeUndefined();
    const meta = await wordpress.database.db.selectFrom('commentmeta').selectAll().where('comment_id', '=', 8).execute();
    expect(meta).toEqual([]);
    expect(await commentCount(7)).toBe(0);
    expect(await store.deleteOfPost(987654)).toBe(0);
  });

  it("trashes and untrashes a post's comments as wp_trash_post_comments, statuses kept in PHP's form", async () => {
    const before = await store.list({ approved: [], posts: [4], orderBy: 'id', order: 'asc', perPage: 100, offset: 0 });
    expect(before.comments.map((comment) => comment.approved)).toContain('0');
    await store.trashOfPost(4);
    const trashed = await store.list({ approved: [], posts: [4], orderBy: 'id', order: 'asc', perPage: 100, offset: 0 });
    expect(trashed.comments.map((comment) => comment.approved)).toEqual(before.comments.map(() => 'post-trashed'));
    const kept = await wordpress.database.db
      .selectFrom('postmeta')
      .select('meta_value')
      .where('post_id', '=', 4)
      .where('meta_key', '=', '_wp_trash_meta_comments_status')
      .execute();
    expect(kept).toEqual([{ meta_value: expect.stringMatching(new RegExp(`^a:${before.total}:\\{i:2;s:1:"1";`)) }]);
    expect(await commentCount(4)).toBe(0);
    await store.untrashOfPost(4);
    const after = await store.list({ approved: [], posts: [4], orderBy: 'id', order: 'asc', perPage: 100, offset: 0 });
    expect(after.comments.map((comment) => comment.approved)).toEqual(before.comments.map((comment) => comment.approved));
    expect(await commentCount(4)).toBe(before.comments.filter((comment) => comment.approved === '1').length);
    const gone = await wordpress.database.db
      .selectFrom('postmeta')
      .select('meta_id')
      .where('meta_key', '=', '_wp_trash_meta_comments_status')
      .execute();
    expect(gone).toEqual([]);
  });

  it('untrashes what WordPress itself wrote (integer keys)', async () => {
    await sql`update wp_comments set comment_approved = 'post-trashed' where comment_post_ID = 5`.execute(wordpress.database.db);
    await sql`insert into wp_postmeta (post_id, meta_key, meta_value) values (5, '_wp_trash_meta_comments_status', 'a:2:{i:5;s:1:"1";i:6;s:4:"spam";}')`.execute(
      wordpress.database.db,
    );
    await store.untrashOfPost(5);
    expect([(await store.find(5))?.approved, (await store.find(6))?.approved]).toEqual(['1', 'spam']);
    expect(await commentCount(5)).toBe(1);
  });

  it('keeps one-value meta: set replaces, get reads, remove removes', async () => {
    await store.meta.set(3, '_wp_trash_meta_status', '1');
    await store.meta.set(3, '_wp_trash_meta_status', '0');
    expect(await store.meta.get(3, '_wp_trash_meta_status')).toBe('0');
    await store.meta.remove(3, ['_wp_trash_meta_status', 'other']);
    expect(await store.meta.get(3, '_wp_trash_meta_status')).toBeUndefined();
    await store.meta.remove(3, []);
  });

  it('answers replies, duplicates, flood dates and earlier approvals as WordPress checks them', async () => {
    const parents = await wordpress.database.db
      .selectFrom('comments')
      .select('comment_parent')
      .where('comment_parent', 'in', [2, 3, 4, 5, 11])
      .execute();
    const expected = [...new Set(parents.map((row) => row.comment_parent))].sort((a, b) => a - b);
    expect(expected).toEqual(expect.arrayContaining([2, 5, 11]));
    expect([...(await store.withChildren([2, 3, 4, 5, 11, 987654]))].sort((a, b) => a - b)).toEqual(expected);
    expect(await store.withChildren([])).toEqual(new Set());
    const duplicate = {
      post_id: 4,
      parent: 0,
      author_name: 'Tom Tester',
      author_email: 'tom@example.test',
      content: 'Comment 1 on post 1: nice <em>read</em>, thanks!',
    };
    expect(await store.findDuplicate(duplicate)).toBe(2);
    expect(await store.findDuplicate({ ...duplicate, author_email: '' })).toBe(2);
    expect(await store.findDuplicate({ ...duplicate, parent: 3 })).toBeUndefined();
    await store.update(2, { approved: 'trash' });
    expect(await store.findDuplicate(duplicate)).toBeUndefined();
    expect(
      await store.lastCommentDate({ userId: 0, ip: '127.0.0.1', email: 'x@example.test', sinceGmt: '2023-01-05T00:00:00' }),
    ).toBe('2023-01-12T12:01:00');
    expect(await store.lastCommentDate({ userId: 2, ip: '', email: '', sinceGmt: '2023-01-01T00:00:00' })).toBe(
      '2023-01-12T12:01:00',
    );
    expect(
      await store.lastCommentDate({ userId: 0, ip: '10.0.0.1', email: 'none@example.test', sinceGmt: '2020-01-01T00:00:00' }),
    ).toBe(undefined);
    expect(await store.hasApproved({ userId: 2, name: '', email: '' })).toBe(true);
    expect(await store.hasApproved({ userId: 0, name: 'Rita Reader', email: 'rita@example.test' })).toBe(true);
    expect(await store.hasApproved({ userId: 0, name: 'Grace Guest', email: 'other@example.test' })).toBe(false);
  });

  it('stores nothing of a write whose transaction fails', async () => {
    const failed = wordpress.database.transaction(async () => {
      await store.create(newComment(6, 'Lost'));
      await store.delete(7);
      throw new Error('the write fails');
    });
    await expect(failed).rejects.toThrow('the write fails');
    expect(await store.find(7)).toBeDefined();
    const { total } = await store.list({ approved: [], posts: [6], perPage: 10, offset: 0 });
    expect(total).toBe(1);
    expect(await commentCount(6)).toBe(1);
  });

  it('keeps the count exact under concurrent comments on one post', async () => {
    await Promise.all(Array.from({ length: 8 }, (_, index) => store.create(newComment(6, `Concurrent ${index}`))));
    expect(await commentCount(6)).toBe(9);
  });
});
