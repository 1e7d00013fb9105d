/**
 * A stored comment as the record of `/comments` (WordPress 6.1's `prepare_item_for_response`):
 * every field of every context; the core trims it to the request's `context` and `_fields`.
 *
 * @module
 */
import { autop } from '@wordpress/autop';
import { OutputCache, RENDER_CACHE_CHARS } from '../posts/render-cache.js';
import { texturize } from '../posts/texturize.js';
import { type AvatarUrls, avatarUrls } from '../users/avatar.js';
import { makeClickable } from './clickable.js';
import type { Comment } from './store.js';

/**
 * What a record needs besides the stored row.
 *
 * @example
 * const scope: CommentRecordScope = { siteUrl: 'https://example.com', postLink: () => 'https://example.com/hello/' };
 */
export interface CommentRecordScope {
  /** The site's address, without a trailing slash. */
  readonly siteUrl: string;
  /** The permalink of the comment's post, `''` when it has none. */
  readonly postLink: (comment: Comment) => string;
  /** The email of the avatar: the user's own for a user's comment, as WordPress; else the comment's. */
  readonly avatarEmail?: ((comment: Comment) => string) | undefined;
  /** The comment's registered meta; `[]` (PHP's empty array) when none is registered. */
  readonly meta?: Record<string, unknown> | never[] | undefined;
}

/**
 * The REST status of a stored `approved` value: `'1'` is `approved`, `'0'` is `hold`, the
 * others (`spam`, `trash`) are themselves.
 *
 * @example
 * restStatus('0'); // 'hold'
 */
export function restStatus(approved: string): string {
  if (approved === '1' || approved === 'approve') return 'approved';
  if (approved === '0' || approved === 'hold') return 'hold';
  return approved;
}

/**
 * The comment's text as HTML, as WordPress's `comment_text` filters make it: bare addresses
 * as links (`make_clickable`), its typography, then paragraphs (`wpautop`).
 *
 * @example
 * renderComment('Hello "you"'); // '<p>Hello &#8220;you&#8221;</p>\n'
 */
export function renderComment(text: string): string {
  return autop(texturize(makeClickable(text)));
}

/** Comments' rendered text, kept per text as the posts' default render step keeps its (a pure function of the text). */
const renderedComments = new OutputCache(RENDER_CACHE_CHARS);

/**
 * Gravatar URLs of a comment's author by email, as `rest_get_avatar_urls`: without an email
 * the hash is left empty, as WordPress leaves it.
 */
function commentAvatars(email: string, secure: boolean): AvatarUrls {
  const urls = avatarUrls(email, { secure });
  if (email.trim() !== '') return urls;
  const strip = (url: string) => url.replace(/avatar\/[0-9a-f]{32}/, 'avatar/').replace(/^http:\/\/\d\./, 'http://0.');
  return { '24': strip(urls['24']), '48': strip(urls['48']), '96': strip(urls['96']) };
}

/**
 * The full record of a stored comment (every context; the core trims it).
 *
 * @example
 * commentRecord(comment, scope).status; // 'approved'
 */
export function commentRecord(comment: Comment, scope: CommentRecordScope): Record<string, unknown> {
  return {
    id: comment.id,
    post: comment.post_id,
    parent: comment.parent,
    author: comment.user_id,
    author_name: comment.author_name,
    author_email: comment.author_email,
    author_url: comment.author_url,
    author_ip: comment.author_ip,
    author_user_agent: comment.agent,
    date: comment.date,
    date_gmt: comment.date_gmt,
    content: { rendered: renderedComments.get(comment.content, renderComment), raw: comment.content },
    link: `${scope.postLink(comment)}#comment-${comment.id}`,
    status: restStatus(comment.approved),
    type: comment.type,
    author_avatar_urls: commentAvatars(scope.avatarEmail?.(comment) ?? comment.author_email, !scope.siteUrl.startsWith('http:')),
    meta: scope.meta ?? [],
  };
}
