/**
 * The write-time HTML filter of posts and comments, as WordPress's kses: callers with
 * `unfiltered_html` (administrators and editors) store a post's HTML as they send it;
 * everyone else's keeps only the allow-list of its field (`../kses/allowed-html.ts`), block
 * delimiters as data (`../kses/filter.ts`).
 *
 * @module
 */
import type { RestRequest } from '@cms-json/core';
import { FIELD_POLICIES } from '../kses/allowed-html.js';
import { filterHtml, ksesField } from '../kses/filter.js';
import { relUgc } from '../kses/rel-ugc.js';
import { siteUrlOf } from '../users/record.js';

/** The filtered fields of a post. */
export type PostHtmlField = 'title' | 'content' | 'excerpt';

/**
 * A post field's HTML as it may be stored for this caller: kses's `$allowedtags` for the
 * title, `$allowedposttags` for the content and the excerpt.
 *
 * @example
 * sanitizePostHtml('<p onclick="x()">Hi</p><script>alert(1)</script>', request, 'content'); // '<p>Hi</p>' for an author
 */
export function sanitizePostHtml(html: string, request: RestRequest, field: PostHtmlField = 'content'): string {
  return ksesField(html, field, request);
}

/**
 * A comment's HTML as it is stored (`pre_comment_content`): kses's `$allowedtags` for a caller
 * without `unfiltered_html`, or when `filter` says so (an update of a comment whose author
 * lacks it, as `wp_update_comment`); then, for every caller, each link
 * `rel="nofollow ugc"` (`wp_rel_ugc`, links to the site's own host aside).
 *
 * @example
 * sanitizeCommentHtml('<b>Hi</b><script>x()</script>', request); // '<b>Hi</b>' for a subscriber
 * sanitizeCommentHtml('<a href="https://x.test/">x</a>', request); // '<a href="https://x.test/" rel="nofollow ugc">x</a>'
 */
export function sanitizeCommentHtml(html: string, request: RestRequest, filter = false): string {
  const kept = filter ? filterHtml(html, FIELD_POLICIES.comment.filtered) : ksesField(html, 'comment', request);
  return relUgc(kept, siteUrlOf(request));
}

/**
 * Text as WordPress's `wp_kses_post` leaves it for anyone: the post tags and attributes only
 * (for values read from files, such as an image's EXIF fields).
 *
 * @example
 * ksesPost('<b>Sea</b><script>x()</script>'); // '<b>Sea</b>'
 */
export function ksesPost(html: string): string {
  return filterHtml(html, FIELD_POLICIES.content.filtered);
}
