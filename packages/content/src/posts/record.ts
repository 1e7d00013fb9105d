/**
 * A stored post as the record of its type (spec §2.1, WordPress 6.1's `prepare_item_for_response`):
 * every field the type supports, `rendered` HTML from the render step, the password rule
 * (`protected`, and empty content and excerpt for those who did not send the password), and
 * `link`/`guid` from the site's permalink structure. The core trims the record to the
 * request's `context` and `_fields`.
 *
 * @module
 */
import type { RenderedDynamic } from './dynamic-blocks.js';
import { type PostTypeArgs, restFeatures } from './post-types.js';
import type { Renderer } from './render.js';
import { hasBlocks } from './render.js';
import { sanitizeTitle } from './slug.js';
import { effectiveStatus } from './statuses.js';
import type { Post } from './store.js';

/**
 * What a record needs besides the stored row.
 *
 * @example
 * const scope: RecordScope = { name: 'post', args, siteUrl, nowGmt, render: defaultRenderer, sticky: new Set(), permalinkStructure: '/%postname%/', showProtected: () => false, meta: () => [], featuredMedia: () => 0 };
 */
export interface RecordScope {
  /** The post type's name and arguments. */
  readonly name: string;
  readonly args: PostTypeArgs;
  /** The site's address, without a trailing slash. */
  readonly siteUrl: string;
  /** The current GMT time (`future` records whose date passed read as `publish`). */
  readonly nowGmt: string;
  readonly render: Renderer;
  /**
   * The rendered content and excerpt of a record whose content holds dynamic blocks, rendered
   * for this response (dynamic-blocks.ts); `undefined` for the others, which `render` renders.
   */
  readonly dynamic?: ((post: Post) => RenderedDynamic | undefined) | undefined;
  /** The ids of the sticky posts. */
  readonly sticky: ReadonlySet<number>;
  readonly permalinkStructure: string;
  /** Whether the caller may read a protected record's content (right password, or may edit it). */
  readonly showProtected: (post: Post) => boolean;
  /** The record's `meta`: registered meta by key (`[]` when the type has none, as the original). */
  readonly meta: (post: Post) => Record<string, unknown> | unknown[];
  /** The id of the record's featured media, 0 when none. */
  readonly featuredMedia: (post: Post) => number;
  /**
   * The slugs of a hierarchical record's ancestors, the root first (its permalink is their
   * path: `/about/team/`); none when left out.
   */
  readonly ancestorSlugs?: (post: Post) => readonly string[];
  /**
   * Whether the records are answered in the edit context. When `false`, the fields only that
   * context shows and that cost work to make (`permalink_template`, `generated_slug`) are left
   * out: the core would trim them. @default true (every field is made)
   */
  readonly edit?: boolean;
}

/**
 * The public address of a record, as WordPress's `get_permalink` (pretty permalinks for
 * published records of public types, `?p=` otherwise).
 *
 * @example
 * permalink(post, scope); // 'https://example.com/hello-world/'
 */
export function permalink(post: Post, scope: RecordScope): string {
  const site = scope.siteUrl;
  const status = effectiveStatus(post, scope.nowGmt);
  // Private records are only ever shown to those who may read them: their link is pretty too.
  const published = status === 'publish' || status === 'private';
  const pretty = scope.permalinkStructure !== '' && published && post.slug !== '';
  // Reusable blocks are built in and not a page: WordPress links them as posts.
  if (scope.name === 'post' || scope.name === 'wp_block') {
    return pretty
      ? `${site}${scope.permalinkStructure.replace('%postname%', post.slug).replace('%post_id%', String(post.id))}`
      : `${site}/?p=${post.id}`;
  }
  const path = [...(scope.ancestorSlugs?.(post) ?? []), post.slug].join('/');
  if (scope.name === 'page') return pretty ? `${site}/${path}/` : `${site}/?page_id=${post.id}`;
  return pretty ? `${site}/${scope.name}/${path}/` : `${site}/?post_type=${scope.name}&p=${post.id}`;
}

/**
 * `permalink_template` (edit context), as WordPress's sample permalink: the pretty template,
 * with a hierarchical record's ancestors in its path. A `post` gets it when it is or may become
 * public (drafts, pending and scheduled posts too), else its plain address (trash); pages and
 * other types get it whatever their status, as `get_page_link` and `get_post_permalink`
 * always give a sample its pretty form.
 */
function permalinkTemplate(post: Post, status: string, scope: RecordScope): string {
  const site = scope.siteUrl;
  const sampled = scope.name !== 'post' || ['publish', 'future', 'draft', 'pending', 'private'].includes(status);
  if (scope.permalinkStructure === '' || !sampled) {
    if (scope.name === 'page') return `${site}/?page_id=${sampled ? '%pagename%' : post.id}`;
    return sampled ? `${site}/?p=%postname%` : `${site}/?p=${post.id}`;
  }
  const ancestors = (scope.ancestorSlugs?.(post) ?? []).map((slug) => `${slug}/`).join('');
  if (scope.name === 'post') return `${site}${scope.permalinkStructure}`;
  if (scope.name === 'page') return `${site}/${ancestors}%pagename%/`;
  return `${site}/${scope.name}/${ancestors}%pagename%/`;
}

/**
 * The title's prefix as the original's REST answers show it: "Private: " for private records.
 * Protected ones have none (the REST controller turns WordPress's "Protected: " off).
 */
function titlePrefix(status: string): string {
  return status === 'private' ? 'Private: ' : '';
}

/**
 * The full record of a stored post (every context; the core trims it).
 *
 * @example
 * return postRecord(post, scope);
 */
export function postRecord(post: Post, scope: RecordScope): Record<string, unknown> {
  const supports = restFeatures(scope.name, scope.args);
  const status = effectiveStatus(post, scope.nowGmt);
  const isProtected = post.password !== '';
  const hidden = isProtected && !scope.showProtected(post);
  const dynamic = hidden ? undefined : scope.dynamic?.(post);
  const record: Record<string, unknown> = {
    id: post.id,
    date: post.date,
    date_gmt: post.date_gmt,
    guid: { rendered: post.guid, raw: post.guid },
    modified: post.modified,
    modified_gmt: post.modified_gmt,
    password: post.password,
    slug: post.slug,
    status,
    type: post.type,
    link: permalink(post, scope),
  };
  if (supports.has('title')) {
    record.title = { raw: post.title, rendered: `${titlePrefix(status)}${scope.render.title(post.title)}` };
  }
  if (supports.has('editor')) {
    record.content = {
      raw: post.content,
      rendered: hidden ? '' : (dynamic?.content ?? scope.render.content(post.content)),
      protected: isProtected,
      block_version: hasBlocks(post.content) ? 1 : 0,
    };
  }
  if (supports.has('excerpt')) {
    record.excerpt = {
      raw: post.excerpt,
      rendered: hidden ? '' : (dynamic?.excerpt ?? scope.render.excerpt(post.excerpt, post.content)),
      protected: isProtected,
    };
  }
  if (supports.has('author')) record.author = post.author;
  if (supports.has('thumbnail')) record.featured_media = scope.featuredMedia(post);
  if (scope.args.hierarchical) record.parent = post.parent;
  if (supports.has('page-attributes')) record.menu_order = post.menu_order;
  if (supports.has('comments')) {
    record.comment_status = post.comment_status;
    record.ping_status = post.ping_status;
  }
  if (scope.name === 'post') record.sticky = scope.sticky.has(post.id);
  record.template = post.template;
  if (supports.has('post-formats')) record.format = post.format;
  if (supports.has('custom-fields')) record.meta = scope.meta(post);
  // As the original: only the records of a public type have a sample permalink.
  if (scope.edit !== false && scope.args.public) {
    record.permalink_template = permalinkTemplate(post, status, scope);
    // As WordPress's sample permalink: the slug the title gives, whatever the record's own is.
    record.generated_slug = sanitizeTitle(post.title);
  }
  return record;
}
