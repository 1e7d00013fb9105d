import { describe, expect, it } from 'vitest';
import { formatOfSlug, needsClock, postColumns, toPost, type WordPressPostRow } from './post-rows.js';
import { clockOf } from './site-clock.js';

const row: WordPressPostRow = {
  ID: 7,
  post_author: 2,
  post_date: '2023-01-05 10:00:00',
  post_date_gmt: '0000-00-00 00:00:00',
  post_content: 'Body',
  post_title: 'Title',
  post_excerpt: '',
  post_status: 'draft',
  comment_status: 'open',
  ping_status: 'closed',
  post_password: '',
  post_name: '',
  post_modified: '2023-01-05 10:00:00',
  post_modified_gmt: '0000-00-00 00:00:00',
  post_parent: 0,
  guid: 'http://example.test/?p=7',
  menu_order: 0,
  post_type: 'post',
  post_mime_type: '',
  comment_count: 0,
  template: 'default',
  format_slug: 'post-format-aside',
};

describe('wp_posts rows as records', () => {
  it('maps the columns, the template (default as empty) and the format (prefix dropped)', () => {
    expect(toPost(row, clockOf({ offsetHours: 1 }))).toEqual({
      id: 7,
      type: 'post',
      status: 'draft',
      author: 2,
      parent: 0,
      menu_order: 0,
      slug: '',
      title: 'Title',
      content: 'Body',
      excerpt: '',
      password: '',
      comment_status: 'open',
      ping_status: 'closed',
      template: '',
      format: 'aside',
      date: '2023-01-05T10:00:00',
      date_gmt: '2023-01-05T09:00:00',
      modified: '2023-01-05T10:00:00',
      modified_gmt: '2023-01-05T09:00:00',
      guid: 'http://example.test/?p=7',
      comment_count: 0,
      mime_type: '',
    });
    expect(needsClock(row)).toBe(true);
    expect(toPost(row).date_gmt).toBe('');
  });

  it('reads formats as the project names them', () => {
    expect(formatOfSlug('post-format-gallery')).toBe('gallery');
    expect(formatOfSlug('post-format-standard')).toBe('standard');
    expect(formatOfSlug(null)).toBe('standard');
  });

  it('writes changed fields as columns, dates as WordPress datetimes', () => {
    expect(postColumns({ title: 'T', slug: 's', date: '2023-01-05T10:00:00', date_gmt: '', mime_type: 'image/png' })).toEqual({
      post_title: 'T',
      post_name: 's',
      post_date: '2023-01-05 10:00:00',
      post_date_gmt: '0000-00-00 00:00:00',
      post_mime_type: 'image/png',
    });
    expect(postColumns({ template: 'x', format: 'aside' })).toEqual({});
  });
});
