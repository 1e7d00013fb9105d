/**
 * The HTML the original puts before an attachment's description (`prepend_attachment`):
 * for an image, its `medium` size linked to the file, with the `srcset` and `sizes` of
 * `wp_get_attachment_image` (sizes of the same shape up to 2048 pixels wide, then the file);
 * for any other file, a link to it named by its title. Audio and video players (the
 * original's `[audio]`/`[video]` shortcodes) are not made: they get the link.
 *
 * @module
 */
import type { AttachmentMetadata } from './store-upload.js';

/** What {@link attachmentHtml} needs of an attachment. */
export interface AttachmentHtmlInput {
  /** The file's absolute URL. */
  readonly sourceUrl: string;
  readonly mimeType: string;
  readonly metadata: AttachmentMetadata | undefined;
  /** The absolute URL of a size's file (`photo-300x225.jpg`). */
  readonly sizeUrl: (file: string) => string;
  readonly altText: string;
  /** The rendered title, for the link of a file that is not an image. */
  readonly title: string;
}

/** The original's `max_srcset_image_width`. */
const MAX_SRCSET_WIDTH = 2048;

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#039;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The original's `wp_image_matches_ratio`: the same shape, to a pixel of rounding. */
function matchesRatio(w1: number, h1: number, w2: number, h2: number): boolean {
  const [smallW, smallH, largeW, largeH] = w1 > w2 ? [w2, h2, w1, h1] : [w1, h1, w2, h2];
  const constrained = Math.round((smallW / largeW) * largeH);
  return Math.abs(constrained - smallH) <= 1 || Math.abs(Math.round((smallH / largeH) * largeW) - smallW) <= 1;
}

/**
 * The attachment paragraph, ending in a new line, as the original renders it before the
 * description.
 *
 * @example
 * ```ts
 * attachmentHtml({ sourceUrl, mimeType: 'image/png', metadata, sizeUrl, altText: '', title: 'small' });
 * // <p class="attachment"><a href='…/small.png'><img width="40" height="30" src="…/small.png" … /></a></p>\n
 * ```
 */
export function attachmentHtml(input: AttachmentHtmlInput): string {
  const meta = input.metadata;
  if (!input.mimeType.startsWith('image/') || meta?.width === undefined || meta.height === undefined) {
    return `<p class="attachment"><a href='${escapeAttr(input.sourceUrl)}'>${input.title}</a></p>\n`;
  }
  const medium = meta.sizes?.medium;
  // Without a medium copy, the file itself, shown within the medium box (300 × 300).
  const [width, height, src] =
    medium !== undefined
      ? [medium.width, medium.height, input.sizeUrl(medium.file)]
      : [...constrainTo(meta.width, meta.height, 300), input.sourceUrl];
  const sources: [string, number][] = [[src, width]];
  for (const size of Object.values(meta.sizes ?? {})) {
    if (size.width > MAX_SRCSET_WIDTH || sources.some(([, w]) => w === size.width)) continue;
    if (!matchesRatio(width, height, size.width, size.height)) continue;
    sources.push([input.sizeUrl(size.file), size.width]);
  }
  if (
    meta.width <= MAX_SRCSET_WIDTH &&
    !sources.some(([, w]) => w === meta.width) &&
    matchesRatio(width, height, meta.width, meta.height)
  ) {
    sources.push([input.sourceUrl, meta.width]);
  }
  const srcset =
    sources.length > 1
      ? ` srcset="${sources.map(([url, w]) => `${escapeAttr(url)} ${w}w`).join(', ')}" sizes="(max-width: ${width}px) 100vw, ${width}px"`
      : '';
  const img = `<img width="${width}" height="${height}" src="${escapeAttr(src)}" class="attachment-medium size-medium" alt="${escapeAttr(input.altText)}" decoding="async" loading="lazy"${srcset} />`;
  return `<p class="attachment"><a href='${escapeAttr(input.sourceUrl)}'>${img}</a></p>\n`;
}

/** The original's `wp_constrain_dimensions` into a square box, for the file shown at medium size. */
function constrainTo(width: number, height: number, box: number): [number, number] {
  if (width <= box && height <= box) return [width, height];
  const ratio = Math.min(box / width, box / height);
  return [Math.max(1, Math.round(width * ratio)), Math.max(1, Math.round(height * ratio))];
}
