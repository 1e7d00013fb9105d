import type { RequestArea } from '../src/request.js';

/** The dates and addresses of a comment the requests write: the second it was written, the caller's machine. */
const WRITTEN = ['date', 'date_gmt', 'link'];

/** Comments: the seeded threads, filters, moderation, refusals and a comment's whole life. */
export const comments: RequestArea = {
  area: 'comments',
  requests: [
    { name: 'list', method: 'GET', path: '/wp/v2/comments', about: 'approved comments, anonymous' },
    { name: 'list-post', method: 'GET', path: '/wp/v2/comments?post=11', about: 'the comments of one post' },
    { name: 'list-parent', method: 'GET', path: '/wp/v2/comments?parent=11', about: 'replies to a comment' },
    {
      name: 'list-order',
      method: 'GET',
      path: '/wp/v2/comments?order=asc&orderby=id&per_page=3',
      about: 'order, orderby, paging',
    },
    { name: 'list-hold-anonymous', method: 'GET', path: '/wp/v2/comments?status=hold', about: 'held comments, anonymous' },
    { name: 'list-hold-admin', method: 'GET', path: '/wp/v2/comments?status=hold', as: 'admin', about: 'held comments, admin' },
    { name: 'get', method: 'GET', path: '/wp/v2/comments/12', about: 'a reply, with in-reply-to and up' },
    { name: 'get-edit', method: 'GET', path: '/wp/v2/comments/12?context=edit', as: 'admin', about: 'edit context' },
    { name: 'get-embed', method: 'GET', path: '/wp/v2/comments/12?_embed', about: 'the post and the parent embedded' },
    { name: 'get-unknown', method: 'GET', path: '/wp/v2/comments/9999', about: 'an unknown comment' },
    { name: 'options', method: 'OPTIONS', path: '/wp/v2/comments', about: 'OPTIONS of the collection' },
    {
      name: 'create-anonymous',
      method: 'POST',
      path: '/wp/v2/comments',
      body: { post: 4, content: 'Hello', author_name: 'Anon', author_email: 'anon@example.test' },
      about: 'anonymous comments are off',
    },
    {
      name: 'create-no-post',
      method: 'POST',
      path: '/wp/v2/comments',
      as: 'author',
      body: { post: 9999, content: 'Hello' },
      about: 'a post that does not exist',
    },
    {
      name: 'create',
      method: 'POST',
      path: '/wp/v2/comments',
      as: 'admin',
      body: { post: 4, content: 'A <em>conformance</em> comment.' },
      save: { comment: 'id' },
      volatile: WRITTEN,
      about: 'a comment by the administrator',
    },
    {
      name: 'create-duplicate',
      method: 'POST',
      path: '/wp/v2/comments',
      as: 'admin',
      body: { post: 4, content: 'A <em>conformance</em> comment.' },
      about: 'the same comment again',
    },
    {
      name: 'update',
      method: 'POST',
      path: '/wp/v2/comments/{comment}',
      as: 'admin',
      body: { content: 'Changed.', status: 'hold' },
      volatile: WRITTEN,
      about: 'content and status',
    },
    {
      name: 'delete',
      method: 'DELETE',
      path: '/wp/v2/comments/{comment}',
      as: 'admin',
      volatile: WRITTEN,
      about: 'to the trash',
    },
    {
      name: 'delete-force',
      method: 'DELETE',
      path: '/wp/v2/comments/{comment}?force=true',
      as: 'admin',
      volatile: WRITTEN.map((path) => `previous.${path}`),
      about: 'for good',
    },
  ],
};
