/**
 * `core/latest-comments` rendered on the server as WordPress 6.1's
 * `render_block_core_latest_comments`: the newest approved comments on published posts, with
 * their author's avatar, the date and an excerpt when asked. Read from the site's comments,
 * posts and users through the REST API as the caller.
 *
 * @module
 */
import { postTypes } from '@cms-json/content';
import type { RestServer } from '@cms-json/core';
import type { BlockRenderContext, BlockRenderer, BlockRenderInput } from '../block-type.js';
import { escAttr, escUrl, wrapperAttributes } from './html.js';
import { localDate, phpDate } from './php-date.js';

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `get_comment_excerpt`: the text without tags, cut to 20 words with `&hellip;`. */
function commentExcerpt(html: string): string {
  const text = html
    .replace(/[\n\r]/g, ' ')
    .replace(/<[^>]*>/g, '')
    .trim();
  const words = text.split(/[\t ]+/).filter((word) => word !== '');
  return words.length > 20 ? `${words.slice(0, 20).join(' ')}&hellip;` : words.join(' ');
}

/**
 * The titles of published posts of any type, looked up once per rendering through each
 * type's route; `undefined` for a post that is not published (or not there).
 */
function postTitles(server: RestServer, context: BlockRenderContext): (id: number) => Promise<string | undefined> {
  const found = new Map<number, Promise<string | undefined>>();
  const lookUp = async (id: number): Promise<string | undefined> => {
    const types = postTypes(server);
    for (const name of types.names()) {
      const args = types.get(name);
      if (args === undefined || !args.showInRest) continue;
      const res = await context.get(`/${args.restNamespace ?? context.namespace}/${args.restBase}/${id}`, {
        _fields: 'title,status',
      });
      if (res.status !== 200 || !isRecord(res.body)) continue;
      if (res.body.status !== 'publish') return undefined;
      return isRecord(res.body.title) ? String(res.body.title.rendered ?? '') : '';
    }
    return undefined;
  };
  return (id) => {
    let title = found.get(id);
    if (title === undefined) {
      title = lookUp(id);
      found.set(id, title);
    }
    return title;
  };
}

/**
 * The latest comments renderer of a server: `commentsToShow`, `displayAvatar`,
 * `displayDate`, `displayExcerpt`.
 *
 * @example
 * const render = latestCommentsRenderer(server);
 * await render({ attributes: { commentsToShow: 5, displayAvatar: true, displayDate: true, displayExcerpt: true }, sent: {}, postId: undefined }, context);
 */
export function latestCommentsRenderer(server: RestServer): BlockRenderer {
  return async (input: BlockRenderInput, context: BlockRenderContext): Promise<string> => {
    const { attributes, sent } = input;
    const number = Math.min(100, Math.max(1, Math.floor(Number(attributes.commentsToShow ?? 5))));
    // Approved comments (the list's default), newest first; those on posts that are not published are left out.
    const res = await context.get(`/${context.namespace}/comments`, {
      per_page: 100,
      _fields: 'id,post,author,author_name,author_url,link,date,date_gmt,content,author_avatar_urls',
    });
    const title = postTitles(server, context);
    const comments: Json[] = [];
    for (const comment of res.status === 200 && Array.isArray(res.body) ? res.body.filter(isRecord) : []) {
      if (comments.length >= number) break;
      if ((await title(Number(comment.post ?? 0))) !== undefined) comments.push(comment);
    }
    const dateFormat = await context.option('date_format');
    let items = '';
    for (const comment of comments) {
      items += '<li class="wp-block-latest-comments__comment">';
      if (attributes.displayAvatar === true && isRecord(comment.author_avatar_urls)) {
        const small = String(comment.author_avatar_urls['48'] ?? '');
        const large = String(comment.author_avatar_urls['96'] ?? '');
        if (small !== '') {
          items += `<img alt='' src='${escUrl(small)}' srcset='${escUrl(large)} 2x' class='avatar avatar-48 photo wp-block-latest-comments__comment-avatar' height='48' width='48' loading='lazy' decoding='async'/>`;
        }
      }
      items += '<article><footer class="wp-block-latest-comments__comment-meta">';
      let authorUrl = typeof comment.author_url === 'string' ? comment.author_url : '';
      const userId = Number(comment.author ?? 0);
      if (authorUrl === '' && userId > 0) {
        const user = await context.get(`/${context.namespace}/users/${userId}`, { _fields: 'link' });
        if (user.status === 200 && isRecord(user.body) && typeof user.body.link === 'string') authorUrl = user.body.link;
      }
      const name = typeof comment.author_name === 'string' && comment.author_name !== '' ? comment.author_name : 'Anonymous';
      const author =
        authorUrl === ''
          ? `<span class="wp-block-latest-comments__comment-author">${name}</span>`
          : `<a class="wp-block-latest-comments__comment-author" href="${escUrl(authorUrl)}">${name}</a>`;
      const postTitle = (await title(Number(comment.post ?? 0))) || '(no title)';
      items += `${author} on <a class="wp-block-latest-comments__comment-link" href="${escUrl(String(comment.link ?? ''))}">${postTitle}</a>`;
      if (attributes.displayDate === true && typeof comment.date === 'string') {
        const date = localDate(comment.date, typeof comment.date_gmt === 'string' ? comment.date_gmt : null);
        items += `<time datetime="${escAttr(phpDate('c', date))}" class="wp-block-latest-comments__comment-date">${phpDate(dateFormat, date)}</time>`;
      }
      items += '</footer>';
      if (attributes.displayExcerpt === true) {
        const content = isRecord(comment.content) ? String(comment.content.rendered ?? '') : '';
        items += `<div class="wp-block-latest-comments__comment-excerpt"><p>${commentExcerpt(content)}</p>\n</div>`;
      }
      items += '</article></li>';
    }
    const classes: string[] = [];
    if (attributes.displayAvatar === true) classes.push('has-avatars');
    if (attributes.displayDate === true) classes.push('has-dates');
    if (attributes.displayExcerpt === true) classes.push('has-excerpts');
    if (comments.length === 0) classes.push('no-comments');
    const wrapper = wrapperAttributes('core/latest-comments', sent, { class: classes.join(' ') });
    return comments.length > 0 ? `<ol ${wrapper}>${items}</ol>` : `<div ${wrapper}>No comments to show.</div>`;
  };
}
