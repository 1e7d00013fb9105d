/**
 * `sharp`, the image library that reads image dimensions, makes the resized copies of an
 * upload and edits images, is an optional peer of `@cms-json/content`: a site that never
 * takes images need not install it (with libvips, about 19 MB). It is imported the first time
 * an image is processed, never when the package loads.
 *
 * Without it, as WordPress without an image editor, an image upload is stored as it came,
 * with the size its header states (`./image-header.ts`) and no resized copies, and a warning
 * is logged once; editing an image
 * (`POST /media/<id>/edit`) answers 500 `rest_unknown_image_file_type` naming
 * `npm install sharp`. See docs/media.md.
 *
 * @module
 */
import type sharpFunction from 'sharp';

/** The `sharp` function (the default export of the `sharp` package). */
export type Sharp = typeof sharpFunction;

/** The warning logged once when an image is processed without sharp. */
export const SHARP_MISSING_WARNING =
  '@cms-json/content: sharp is not installed (or did not load), so images are stored as uploaded, without resized copies, and cannot be edited. Run `npm install sharp` to make them.';

let loading: Promise<Sharp | undefined> | undefined;
let warned = false;

/**
 * The `sharp` function, imported on first use, or `undefined` when it is not installed or
 * cannot load (its native part missing for this platform); the first such answer logs
 * {@link SHARP_MISSING_WARNING} with the reason.
 *
 * @example
 * ```ts
 * const sharp = await loadSharp();
 * if (sharp !== undefined) await sharp(path).metadata();
 * ```
 */
export function loadSharp(): Promise<Sharp | undefined> {
  loading ??= importSharp();
  return loading;
}

async function importSharp(): Promise<Sharp | undefined> {
  try {
    const { default: sharp } = await import('sharp');
    return sharp;
  } catch (error) {
    warnOnce(error instanceof Error ? error.message : String(error));
  }
  return undefined;
}

function warnOnce(reason: string): void {
  if (warned) return;
  warned = true;
  console.warn(`${SHARP_MISSING_WARNING} (${reason.split('\n')[0]})`);
}
