/**
 * A stored attachment as its media record, as WordPress 6.1's attachments controller answers
 * it: the post record of the type (no password, no content or excerpt fields), its `link` as
 * the original's attachment page, and `description`, `caption`, `alt_text`, `media_type`,
 * `mime_type`, `media_details`, `post`, `source_url`, `missing_image_sizes`.
 *
 * @module
 */
import { postRecord, type RecordScope } from '../posts/record.js';
import type { Post } from '../posts/store.js';
import { attachmentHtml } from './description.js';
import { type ImageSize, resizePlan } from './image-sizes.js';
import { mediaDetails } from './media-details.js';
import type { AttachmentMetadata } from './store-upload.js';

/** What a media record shows of its files, read from the attachment's meta. */
export interface AttachmentFiles {
  /** The file's path in the store (`_wp_attached_file`), `''` when none. */
  readonly path: string;
  /** The kept metadata (`_wp_attachment_metadata`). */
  readonly metadata: AttachmentMetadata | undefined;
  /** `_wp_attachment_image_alt`. */
  readonly alt: string;
}

/** What records of media need besides the post record's scope. */
export interface MediaRecordScope {
  /** The absolute URL of a stored path. */
  readonly urlOf: (path: string) => string;
  /** The sizes the site makes (for `missing_image_sizes`). */
  readonly imageSizes: readonly ImageSize[];
  /** The permalink of the post the attachment is attached to, if any. */
  readonly parentLink?: string | undefined;
}

/** The extensions the original's `wp_attachment_is_image` takes for images. */
const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'jpe', 'gif', 'png', 'webp']);

/** `image` when the file is one the original shows as an image, else `file`. */
function mediaType(path: string, mimeType: string): 'image' | 'file' {
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return mimeType.startsWith('image/') && IMAGE_EXTENSIONS.has(extension) ? 'image' : 'file';
}

/** The folder of a stored path, with its slash (`2026/11/`), `''` at the top. */
function folderOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/') + 1);
}

/**
 * The attachment's page, as the original 6.1's `get_attachment_link`: with pretty permalinks,
 * `<parent's link><slug>/` for media attached to a post with a pretty link (`attachment/<slug>/`
 * for a numeric slug), `/<slug>/` for media attached to nothing; else `/?attachment_id=<id>`.
 */
function attachmentLink(post: Post, scope: RecordScope, parentLink: string | undefined): string {
  if (scope.permalinkStructure !== '' && post.slug !== '') {
    if (post.parent === 0) return `${scope.siteUrl}/${post.slug}/`;
    if (parentLink !== undefined && !parentLink.includes('?')) {
      const name =
        /^\d+$/.test(post.slug) || scope.permalinkStructure.includes('%category%') ? `attachment/${post.slug}` : post.slug;
      return `${parentLink.replace(/\/?$/, '/')}${name}/`;
    }
  }
  return `${scope.siteUrl}/?attachment_id=${post.id}`;
}

/**
 * The attachment's `permalink_template`, as the original 6.1's sample permalink of an
 * attachment (`get_attachment_link` leaving the name): `<parent's link>/%postname%/` for
 * media attached to a post with a pretty link, else its plain `/?attachment_id=<id>` (media
 * attached to nothing too: its pretty link has no place for a name).
 */
function attachmentPermalinkTemplate(post: Post, scope: RecordScope, parentLink: string | undefined): string {
  if (scope.permalinkStructure !== '' && post.parent > 0 && parentLink !== undefined && !parentLink.includes('?')) {
    return `${parentLink.replace(/\/?$/, '/')}%postname%/`;
  }
  return `${scope.siteUrl}/?attachment_id=${post.id}`;
}

/**
 * The sizes the site makes that an image lacks, as the original's `wp_get_missing_image_subsizes`
 * (sizes it would not make, being larger than the image, are not missing).
 */
function missingSizes(files: AttachmentFiles, type: 'image' | 'file', sizes: readonly ImageSize[]): string[] {
  const meta = files.metadata;
  if (type !== 'image' || meta?.width === undefined || meta.height === undefined) return [];
  return sizes
    .filter((size) => meta.sizes?.[size.name] === undefined)
    .filter((size) => resizePlan(meta.width ?? 0, meta.height ?? 0, size) !== undefined)
    .map((size) => size.name);
}

/**
 * The full media record of a stored attachment (every context; the core trims it).
 *
 * @example
 * return attachmentRecord(post, scope, { path: '2026/11/photo.jpg', metadata, alt: '' }, media);
 */
export function attachmentRecord(
  post: Post,
  scope: RecordScope,
  files: AttachmentFiles,
  media: MediaRecordScope,
): Record<string, unknown> {
  const record = postRecord(post, scope);
  delete record.password;
  record.link = attachmentLink(post, scope, media.parentLink);
  if ('permalink_template' in record) record.permalink_template = attachmentPermalinkTemplate(post, scope, media.parentLink);
  const sourceUrl = files.path === '' ? post.guid : media.urlOf(files.path);
  const type = mediaType(files.path, post.mime_type);
  const title = (record.title as { rendered: string } | undefined)?.rendered ?? '';
  const prepended = attachmentHtml({
    sourceUrl,
    mimeType: type === 'image' ? post.mime_type : 'application/octet-stream',
    metadata: files.metadata,
    sizeUrl: (file) => media.urlOf(`${folderOf(files.path)}${file}`),
    altText: files.alt,
    title,
  });
  record.description = { raw: post.content, rendered: `${prepended}${scope.render.content(post.content)}` };
  record.caption = { raw: post.excerpt, rendered: scope.render.excerpt(post.excerpt, post.content) };
  record.alt_text = files.alt;
  record.media_type = type;
  record.mime_type = post.mime_type;
  record.media_details = mediaDetails(files.metadata, files.path, post.mime_type, media.urlOf);
  record.post = post.parent > 0 ? post.parent : null;
  record.source_url = sourceUrl;
  record.missing_image_sizes = missingSizes(files, type, media.imageSizes);
  return record;
}
