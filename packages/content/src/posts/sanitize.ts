/**
 * The write-time HTML filter, as WordPress's kses: callers with `unfiltered_html`
 * (administrators and editors) store what they send; everyone else's HTML keeps only an
 * allow-list of tags and attributes (no scripts, no styles, no event handlers, no
 * `javascript:` URLs), cleaned by `sanitize-html`.
 *
 * @module
 */
import type { RestRequest } from '@cms-json/core';
import sanitizeHtml from 'sanitize-html';
import { userCan } from '../permissions.js';

/** The tags and attributes kept for callers without `unfiltered_html`, close to kses's `$allowedposttags`. */
const POST_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'figure',
    'figcaption',
    'del',
    'ins',
    'sub',
    'sup',
    'u',
    's',
    'strike',
    'big',
    'small',
    'font',
    'center',
    'details',
    'summary',
    'video',
    'audio',
    'source',
    'track',
  ],
  allowedAttributes: {
    '*': ['class', 'id', 'title', 'lang', 'dir', 'align', 'aria-*', 'role', 'data-*'],
    a: ['href', 'name', 'target', 'rel', 'download', 'hreflang'],
    img: ['src', 'alt', 'width', 'height', 'loading', 'srcset', 'sizes'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    ol: ['start', 'reversed', 'type'],
    video: ['src', 'controls', 'poster', 'width', 'height', 'loop', 'muted', 'preload'],
    audio: ['src', 'controls', 'loop', 'muted', 'preload'],
    source: ['src', 'type'],
    track: ['src', 'kind', 'label', 'srclang', 'default'],
  },
  allowedSchemes: ['http', 'https', 'ftp', 'ftps', 'mailto', 'news', 'irc', 'gopher', 'nntp', 'feed', 'telnet', 'tel', 'sms'],
  allowProtocolRelative: true,
  disallowedTagsMode: 'discard',
};

/**
 * The HTML as it may be stored for this caller.
 *
 * @example
 * sanitizePostHtml('<p onclick="x()">Hi</p><script>alert(1)</script>', request); // '<p>Hi</p>' for an author
 */
export function sanitizePostHtml(html: string, request: RestRequest): string {
  if (userCan(request, 'unfiltered_html')) return html;
  return keepComments(html);
}

/** sanitize-html drops comments; block delimiters must survive, so they pass around it. */
function keepComments(html: string): string {
  const comments: string[] = [];
  // A mark no client can guess, so a placeholder in the input cannot pull a comment in.
  const mark = `cmsblock${Math.random().toString(36).slice(2)}x`;
  const marked = html.replace(/<!--\s*(\/?wp:[\s\S]*?)-->/g, (comment) => {
    comments.push(comment);
    return `${mark}${comments.length - 1}${mark}`;
  });
  const clean = sanitizeHtml(marked, POST_HTML);
  return clean.replace(new RegExp(`${mark}(\\d+)${mark}`, 'g'), (_, index: string) => comments[Number(index)] ?? '');
}

/**
 * The tags and attributes kept in comments by callers without `unfiltered_html`: kses's
 * `$allowedtags` (links, emphasis, quotes, code). As kses, a refused tag is dropped and its
 * text kept; links get `rel="nofollow ugc"` (WordPress's `wp_rel_ugc`).
 */
const COMMENT_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['a', 'abbr', 'acronym', 'b', 'blockquote', 'cite', 'code', 'del', 'em', 'i', 'q', 's', 'strike', 'strong'],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    abbr: ['title'],
    acronym: ['title'],
    blockquote: ['cite'],
    del: ['datetime'],
    q: ['cite'],
  },
  allowedSchemes: POST_HTML.allowedSchemes ?? [],
  allowProtocolRelative: true,
  disallowedTagsMode: 'discard',
  nonTextTags: [],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow ugc' }) },
};

/**
 * A comment's HTML as it may be stored for this caller: unchanged for those with
 * `unfiltered_html`, else only kses's comment tags.
 *
 * @example
 * sanitizeCommentHtml('<b>Hi</b><script>x()</script>', request); // '<b>Hi</b>x()' for a subscriber
 */
export function sanitizeCommentHtml(html: string, request: RestRequest): string {
  if (userCan(request, 'unfiltered_html')) return html;
  return sanitizeHtml(html, COMMENT_HTML);
}

/**
 * Text as WordPress's `wp_kses_post` leaves it for anyone: the post tags and attributes only
 * (for values read from files, such as an image's EXIF fields).
 *
 * @example
 * ksesPost('<b>Sea</b><script>x()</script>'); // '<b>Sea</b>'
 */
export function ksesPost(html: string): string {
  return sanitizeHtml(html, POST_HTML);
}
