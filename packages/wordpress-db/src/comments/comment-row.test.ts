import { describe, expect, it } from 'vitest';
import { toComment, toWordPressChanges, toWordPressInsert } from './comment-row.js';

describe("a comment row and content's comment", () => {
  const row = {
    comment_ID: 2,
    comment_post_ID: 4,
    comment_author: 'Tom Tester',
    comment_author_email: 'tom@example.test',
    comment_author_url: '',
    comment_author_IP: '127.0.0.1',
    comment_date: '2023-01-02 12:01:00',
    comment_date_gmt: '2023-01-02 11:01:00',
    comment_content: 'Hi',
    comment_karma: 0,
    comment_approved: '1',
    comment_agent: 'agent',
    comment_type: '',
    comment_parent: 0,
    user_id: 0,
  };

  it("reads the row's columns under content's names, dates as the project writes them, an empty type as comment", () => {
    expect(toComment(row)).toEqual({
      id: 2,
      post_id: 4,
      author_name: 'Tom Tester',
      author_email: 'tom@example.test',
      author_url: '',
      author_ip: '127.0.0.1',
      date: '2023-01-02T12:01:00',
      date_gmt: '2023-01-02T11:01:00',
      content: 'Hi',
      karma: 0,
      approved: '1',
      agent: 'agent',
      type: 'comment',
      parent: 0,
      user_id: 0,
    });
  });

  it('writes changes to their columns only, and a new comment with every column', () => {
    expect(toWordPressChanges({ approved: 'spam', date_gmt: '2030-01-01T00:00:00' })).toEqual({
      comment_approved: 'spam',
      comment_date_gmt: '2030-01-01 00:00:00',
    });
    expect(toWordPressInsert({ post_id: 4, date: '2030-01-01T01:00:00', date_gmt: '2030-01-01T00:00:00' })).toEqual({
      comment_post_ID: 4,
      comment_author: '',
      comment_author_email: '',
      comment_author_url: '',
      comment_author_IP: '',
      comment_date: '2030-01-01 01:00:00',
      comment_date_gmt: '2030-01-01 00:00:00',
      comment_content: '',
      comment_karma: 0,
      comment_approved: '1',
      comment_agent: '',
      comment_type: 'comment',
      comment_parent: 0,
      user_id: 0,
    });
  });
});
