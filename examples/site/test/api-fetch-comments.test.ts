/**
 * `@wordpress/api-fetch`, the block editor's client, and comments in the `wp` profile: a
 * post's comments listed, a comment created and replied to, the replies embedded in the
 * post, and the original's errors as api-fetch rejects with them.
 */
import apiFetch from '@wordpress/api-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiFetchSite } from './api-fetch-site.js';
import type { RunningSite } from './start-site.js';

let running: RunningSite;
beforeAll(async () => {
  running = await startApiFetchSite();
});
afterAll(async () => {
  await running?.stop();
});

interface Comment {
  id: number;
  post: number;
  parent: number;
  status: string;
  content: { raw?: string; rendered: string };
  _links: Record<string, { href: string; embeddable?: boolean; post_type?: string }[]>;
}

interface EmbeddedPost {
  id: number;
  _embedded: { replies: Comment[][] };
}

describe('@wordpress/api-fetch and comments in the WordPress profile', () => {
  it('creates a comment on a post, replies to it, lists the comments of the post and embeds them as its replies', async () => {
    const post = await apiFetch<{ id: number }>({
      path: '/wp/v2/posts',
      method: 'POST',
      data: { title: 'Talk to me', status: 'publish' },
    });
    const first = await apiFetch<Comment>({
      path: '/wp/v2/comments',
      method: 'POST',
      data: { post: post.id, content: 'First comment' },
    });
    expect(first).toMatchObject({
      post: post.id,
      parent: 0,
      status: 'approved',
      content: { raw: 'First comment', rendered: '<p>First comment</p>\n' },
    });
    const reply = await apiFetch<Comment>({
      path: '/wp/v2/comments',
      method: 'POST',
      data: { post: post.id, parent: first.id, content: 'A reply' },
    });
    expect(reply.parent).toBe(first.id);
    expect(reply._links['in-reply-to']?.[0]?.href).toBe(`${running.url}/wp-json/wp/v2/comments/${first.id}`);

    // The response itself, to read the totals the editor reads.
    const raw = await apiFetch<Comment[], false>({ path: `/wp/v2/comments?post=${post.id}&order=asc`, parse: false });
    expect(raw.headers.get('x-wp-total')).toBe('2');
    const listed = (await raw.json()) as Comment[];
    expect(listed.map((comment) => comment.id)).toEqual([first.id, reply.id]);
    expect(listed[0]?._links.up?.[0]).toMatchObject({ embeddable: true, post_type: 'post' });
    expect(listed[0]?._links.children?.[0]?.href).toBe(`${running.url}/wp-json/wp/v2/comments?parent=${first.id}`);

    const replies = await apiFetch<Comment[]>({ path: `/wp/v2/comments?parent=${first.id}` });
    expect(replies.map((comment) => comment.id)).toEqual([reply.id]);

    const embedded = await apiFetch<EmbeddedPost>({ path: `/wp/v2/posts/${post.id}?_embed=replies` });
    expect(embedded._embedded.replies[0]?.map((comment) => comment.id).sort()).toEqual([first.id, reply.id].sort());
  });

  it('rejects with the original errors: a duplicate, a closed post, a parent on another post', async () => {
    const post = await apiFetch<{ id: number }>({
      path: '/wp/v2/posts',
      method: 'POST',
      data: { title: 'Once', status: 'publish' },
    });
    await apiFetch({ path: '/wp/v2/comments', method: 'POST', data: { post: post.id, content: 'Only once' } });
    await expect(
      apiFetch({ path: '/wp/v2/comments', method: 'POST', data: { post: post.id, content: 'Only once' } }),
    ).rejects.toMatchObject({ code: 'comment_duplicate', data: { status: 409 } });

    const closed = await apiFetch<{ id: number }>({
      path: '/wp/v2/posts',
      method: 'POST',
      data: { title: 'Closed', status: 'publish', comment_status: 'closed' },
    });
    await expect(
      apiFetch({ path: '/wp/v2/comments', method: 'POST', data: { post: closed.id, content: 'Hello?' } }),
    ).rejects.toMatchObject({ code: 'rest_comment_closed', data: { status: 403 } });

    const other = await apiFetch<{ id: number }>({
      path: '/wp/v2/posts',
      method: 'POST',
      data: { title: 'Other', status: 'publish' },
    });
    const [onOnce] = await apiFetch<Comment[]>({ path: `/wp/v2/comments?post=${post.id}` });
    await expect(
      apiFetch({ path: '/wp/v2/comments', method: 'POST', data: { post: other.id, parent: onOnce?.id, content: 'Lost reply' } }),
    ).rejects.toMatchObject({ code: 'rest_comment_invalid_parent', data: { status: 400 } });
    for (const id of [closed.id, other.id]) {
      const none = await apiFetch<Comment[], false>({ path: `/wp/v2/comments?post=${id}`, parse: false });
      expect(none.headers.get('x-wp-total')).toBe('0');
    }
  });
});
