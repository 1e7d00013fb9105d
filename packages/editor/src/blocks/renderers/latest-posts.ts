/**
 * `core/latest-posts` rendered on the server as WordPress 6.1's `render_block_core_latest_posts`:
 * the newest published posts (or by title), of some categories or one author, with their
 * featured image, author, date, excerpt or full content when asked. Read from the site's
 * posts, users and media through the REST API as the caller.
 *
 * @module
 */
import type { BlockRenderContext, BlockRenderInput } from '../block-type.js';
import { escAttr, escUrl, wrapperAttributes } from './html.js';
import { localDate, phpDate } from './php-date.js';

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const field = (record: Json, name: string, member: 'rendered' | 'raw'): string | undefined => {
  const value = record[name];
  return isRecord(value) && typeof value[member] === 'string' ? value[member] : undefined;
};

/** WordPress's `wp_trim_words`: the text without tags, cut to `count` words, `more` added when cut. */
function trimWords(html: string, count: number, more: string): string {
  const text = html
    .replace(/<(script|style)[^>]*?>[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]*>/g, '')
    .trim();
  const words = text.split(/[\n\r\t ]+/).filter((word) => word !== '');
  return words.length > count ? `${words.slice(0, count).join(' ')}${more}` : words.join(' ');
}

/**
 * A written excerpt, from the rendered one (`<p>…</p>` as `the_excerpt` wraps it), or
 * `undefined` when the excerpt is the one WordPress makes of the content (its first 55 words).
 * The caller may not be able to read the raw excerpt, so a written excerpt is told from a
 * made one by comparing it with what the content makes.
 */
function writtenExcerpt(rendered: string, content: string): string | undefined {
  const unwrapped = /^<p>([\s\S]*)<\/p>\s*$/.exec(rendered)?.[1] ?? rendered.trim();
  if (unwrapped === '' || trimWords(unwrapped, Number.MAX_SAFE_INTEGER, '') === trimWords(content, 55, ' [&hellip;]'))
    return undefined;
  return unwrapped;
}

/** The post's featured image as `get_the_post_thumbnail` writes it (without `srcset`). */
async function featuredImage(post: Json, attributes: Json, context: BlockRenderContext): Promise<string | undefined> {
  const id = Number(post.featured_media ?? 0);
  if (!(id > 0)) return undefined;
  const res = await context.get(`/${context.namespace}/media/${id}`, { _fields: 'source_url,alt_text,media_details' });
  if (res.status !== 200 || !isRecord(res.body)) return undefined;
  const media = res.body;
  const slug = typeof attributes.featuredImageSizeSlug === 'string' ? attributes.featuredImageSizeSlug : 'thumbnail';
  const details = isRecord(media.media_details) ? media.media_details : {};
  const sizes = isRecord(details.sizes) ? details.sizes : {};
  const size = isRecord(sizes[slug]) ? sizes[slug] : undefined;
  const src = String(size?.source_url ?? media.source_url ?? '');
  const width = size?.width ?? details.width;
  const height = size?.height ?? details.height;
  const dimensions = typeof width === 'number' && typeof height === 'number' ? `width="${width}" height="${height}" ` : '';
  let style = '';
  if (attributes.featuredImageSizeWidth !== undefined) style += `max-width:${String(attributes.featuredImageSizeWidth)}px;`;
  if (attributes.featuredImageSizeHeight !== undefined) style += `max-height:${String(attributes.featuredImageSizeHeight)}px;`;
  const alt = typeof media.alt_text === 'string' ? media.alt_text : '';
  return `<img ${dimensions}src="${escUrl(src)}" class="attachment-${escAttr(slug)} size-${escAttr(slug)} wp-post-image" alt="${escAttr(alt)}" decoding="async" loading="lazy" style="${escAttr(style)}" />`;
}

/** An author's display name, read once per rendering. */
function authorNames(context: BlockRenderContext): (id: number) => Promise<string> {
  const found = new Map<number, Promise<string>>();
  return (id) => {
    let name = found.get(id);
    if (name === undefined) {
      name = context
        .get(`/${context.namespace}/users/${id}`, { _fields: 'name' })
        .then((res) => (res.status === 200 && isRecord(res.body) && typeof res.body.name === 'string' ? res.body.name : ''));
      found.set(id, name);
    }
    return name;
  };
}

/**
 * Renders `core/latest-posts` (`postsToShow`, `order`, `orderBy`, `categories`,
 * `selectedAuthor`, `displayFeaturedImage` and its size and alignment, `displayAuthor`,
 * `displayPostDate`, `displayPostContent` with `displayPostContentRadio` `excerpt` (cut to
 * `excerptLength` words) or `full_post`, `postLayout`, `columns`). Published posts only, as
 * the original, whoever asks. The full content is the post's rendered content (the site's
 * page shows it so), where the original shows its stored content through `wp_kses_post`.
 *
 * @example
 * await renderLatestPosts({ attributes: { postsToShow: 5, order: 'desc', orderBy: 'date' }, sent: {}, postId: undefined }, context);
 * // '<ul class="wp-block-latest-posts__list wp-block-latest-posts"><li><a class="wp-block-latest-posts__post-title" href="…">Hello</a></li>\n</ul>'
 */
export async function renderLatestPosts(input: BlockRenderInput, context: BlockRenderContext): Promise<string> {
  const { attributes, sent } = input;
  const query: Record<string, string | number | boolean | readonly (string | number)[]> = {
    per_page: Math.min(100, Math.max(1, Math.floor(Number(attributes.postsToShow ?? 5)))),
    status: 'publish',
    order: attributes.order === 'asc' ? 'asc' : 'desc',
    orderby: attributes.orderBy === 'title' ? 'title' : 'date',
  };
  if (Array.isArray(attributes.categories)) {
    query.categories = attributes.categories.filter(isRecord).map((category) => Number(category.id));
  }
  if (attributes.selectedAuthor !== undefined) query.author = Number(attributes.selectedAuthor);
  const path = `/${context.namespace}/posts`;
  const res = await context.get(path, query);
  const posts = res.status === 200 && Array.isArray(res.body) ? res.body.filter(isRecord) : [];
  const dateFormat = await context.option('date_format');
  const authorName = authorNames(context);
  const excerptLength = Number(attributes.excerptLength ?? 55);
  let items = '';
  for (const post of posts) {
    const link = escUrl(String(post.link ?? ''));
    const protectedPost = isRecord(post.content) && post.content.protected === true;
    let title = field(post, 'title', 'rendered') ?? '';
    if (protectedPost && title !== '') title = `Protected: ${title}`;
    if (title === '') title = '(no title)';
    items += '<li>';
    if (attributes.displayFeaturedImage === true) {
      let image = await featuredImage(post, attributes, context);
      if (image !== undefined) {
        if (attributes.addLinkToFeaturedImage === true) image = `<a href="${link}" aria-label="${escAttr(title)}">${image}</a>`;
        const align = typeof attributes.featuredImageAlign === 'string' ? ` align${attributes.featuredImageAlign}` : '';
        items += `<div class="${escAttr(`wp-block-latest-posts__featured-image${align}`)}">${image}</div>`;
      }
    }
    items += `<a class="wp-block-latest-posts__post-title" href="${link}">${title}</a>`;
    if (attributes.displayAuthor === true) {
      const name = await authorName(Number(post.author ?? 0));
      if (name !== '') items += `<div class="wp-block-latest-posts__post-author">by ${name}</div>`;
    }
    if (attributes.displayPostDate === true && typeof post.date === 'string') {
      const date = localDate(post.date, typeof post.date_gmt === 'string' ? post.date_gmt : null);
      items += `<time datetime="${escAttr(phpDate('c', date))}" class="wp-block-latest-posts__post-date">${phpDate(dateFormat, date)}</time>`;
    }
    if (attributes.displayPostContent === true && attributes.displayPostContentRadio === 'excerpt') {
      const content = field(post, 'content', 'rendered') ?? '';
      const written = writtenExcerpt(field(post, 'excerpt', 'rendered') ?? '', content);
      const excerpt = protectedPost
        ? 'This content is password protected.'
        : (written ?? trimWords(content, excerptLength, ' [&hellip;]'));
      items += `<div class="wp-block-latest-posts__post-excerpt">${excerpt}</div>`;
    }
    if (attributes.displayPostContent === true && attributes.displayPostContentRadio === 'full_post') {
      const content = protectedPost ? 'This content is password protected.' : (field(post, 'content', 'rendered') ?? '');
      items += `<div class="wp-block-latest-posts__post-full-content">${content}</div>`;
    }
    items += '</li>\n';
  }
  let listClass = 'wp-block-latest-posts__list';
  if (attributes.postLayout === 'grid') listClass += ' is-grid';
  if (attributes.columns !== undefined && attributes.postLayout === 'grid') listClass += ` columns-${String(attributes.columns)}`;
  if (attributes.displayPostDate === true) listClass += ' has-dates';
  if (attributes.displayAuthor === true) listClass += ' has-author';
  return `<ul ${wrapperAttributes('core/latest-posts', sent, { class: listClass })}>${items}</ul>`;
}
