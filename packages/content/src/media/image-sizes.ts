/**
 * Resized copies of uploaded images, with `sharp` (an optional peer, loaded on first use by
 * `./sharp.ts`; without it images get no copies): the original's default sizes and its
 * arithmetic (`image_resize_dimensions`), so that a 1600×1200 photo gets the same
 * `thumbnail` 150×150 (cropped), `medium` 300×225, `medium_large` 768×576, `large`
 * 1024×768 and `1536x1536` 1536×1152 as in WordPress 6.1. A size is made only when it is
 * smaller than the image; sizes are listed in the original's order.
 *
 * @module
 */
import { type HEADER_BYTES, imageSizeFromHeader } from './image-header.js';
import { loadSharp } from './sharp.js';

/** An image size: the largest width and height (0: any), and whether to crop to both. */
export interface ImageSize {
  readonly name: string;
  readonly width: number;
  readonly height: number;
  readonly crop: boolean;
}

/** The original's default sizes, in the order it makes them (`_wp_make_subsizes`). */
export const DEFAULT_IMAGE_SIZES: readonly ImageSize[] = [
  { name: 'medium', width: 300, height: 300, crop: false },
  { name: 'large', width: 1024, height: 1024, crop: false },
  { name: 'thumbnail', width: 150, height: 150, crop: true },
  { name: 'medium_large', width: 768, height: 0, crop: false },
  { name: '1536x1536', width: 1536, height: 1536, crop: false },
  { name: '2048x2048', width: 2048, height: 2048, crop: false },
];

/** The media types sharp resizes here. */
const RESIZABLE = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif', 'image/tiff']);

/** Whether images of this media type get dimensions and sizes. */
export function isResizable(mimeType: string): boolean {
  return RESIZABLE.has(mimeType);
}

/** A crop or resize plan: the part of the image taken, and the size it is scaled to. */
export interface ResizePlan {
  readonly width: number;
  readonly height: number;
  /** The source rectangle (all of the image when not cropping). */
  readonly source: { readonly left: number; readonly top: number; readonly width: number; readonly height: number };
}

/**
 * The original's `image_resize_dimensions`: the size an image of `width`×`height` gets for
 * `size`, or `undefined` when it would not be smaller (no upscaling, no copy of the same size).
 *
 * @example
 * ```ts
 * resizePlan(1600, 1200, { name: 'medium', width: 300, height: 300, crop: false }); // 300×225
 * ```
 */
export function resizePlan(width: number, height: number, size: ImageSize): ResizePlan | undefined {
  if (width <= 0 || height <= 0 || (size.width <= 0 && size.height <= 0)) return undefined;
  // No size larger than the image: in the one dimension given, or in both.
  if (
    size.height <= 0 ? width < size.width : size.width <= 0 ? height < size.height : width < size.width && height < size.height
  ) {
    return undefined;
  }
  let newW: number;
  let newH: number;
  let source = { left: 0, top: 0, width, height };
  if (size.crop) {
    const aspect = width / height;
    newW = Math.min(size.width, width);
    newH = Math.min(size.height, height);
    if (newW === 0) newW = Math.round(newH * aspect);
    if (newH === 0) newH = Math.round(newW / aspect);
    const ratio = Math.max(newW / width, newH / height);
    const cropW = Math.round(newW / ratio);
    const cropH = Math.round(newH / ratio);
    source = { left: Math.floor((width - cropW) / 2), top: Math.floor((height - cropH) / 2), width: cropW, height: cropH };
  } else {
    [newW, newH] = constrain(width, height, size.width, size.height);
  }
  // Within a pixel of the image in both dimensions: the original makes no copy.
  if (Math.abs(newW - width) <= 1 && Math.abs(newH - height) <= 1) return undefined;
  return { width: newW, height: newH, source };
}

/** The original's `wp_constrain_dimensions`: fit within the box, keeping the aspect ratio. */
function constrain(width: number, height: number, maxW: number, maxH: number): [number, number] {
  const didWidth = maxW > 0 && width > maxW;
  const didHeight = maxH > 0 && height > maxH;
  const wRatio = didWidth ? maxW / width : 1;
  const hRatio = didHeight ? maxH / height : 1;
  const smaller = Math.min(wRatio, hRatio);
  const larger = Math.max(wRatio, hRatio);
  const ratio = Math.round(width * larger) > maxW || Math.round(height * larger) > maxH ? smaller : larger;
  let w = Math.max(1, Math.round(width * ratio));
  let h = Math.max(1, Math.round(height * ratio));
  // The original's correction: a side that rounding left one pixel under its limit.
  if (didWidth && w === maxW - 1) w = maxW;
  if (didHeight && h === maxH - 1) h = maxH;
  return [w, h];
}

/** The size of an uploaded image, and whether copies of it can be made. */
export interface ImageDimensions {
  width: number;
  height: number;
  /** It has to be turned upright by its EXIF orientation (the size is already the turned one). */
  rotated: boolean;
  /** sharp is there to make resized copies; without it the size comes from the file's header. */
  editable: boolean;
}

/**
 * The dimensions of an image file as shown, or `undefined` when they cannot be read. Without
 * sharp, the size its header states (`readHeader` gives the file's first bytes, see
 * {@link HEADER_BYTES}), not turned, as PHP's `getimagesize` gives WordPress without an image
 * editor; such an image is not `editable`.
 */
export async function imageDimensions(
  path: string,
  options: { readHeader: () => Promise<Uint8Array> },
): Promise<ImageDimensions | undefined> {
  const sharp = await loadSharp();
  if (sharp === undefined) {
    const size = imageSizeFromHeader(await options.readHeader());
    return size === undefined ? undefined : { ...size, rotated: false, editable: false };
  }
  try {
    const meta = await sharp(path).metadata();
    if (meta.width === undefined || meta.height === undefined) return undefined;
    // Turned by its EXIF orientation, as browsers show it (`rotated`: it has to be turned).
    const orientation = meta.orientation ?? 1;
    const swap = orientation >= 5;
    const rotated = orientation > 1;
    return swap
      ? { width: meta.height, height: meta.width, rotated, editable: true }
      : { width: meta.width, height: meta.height, rotated, editable: true };
  } catch {
    return undefined;
  }
}

/**
 * Writes the resized copy of `input` for a plan to `output`, in the input's format. Called
 * only for an image {@link imageDimensions} found `editable`, so sharp is there.
 */
export async function writeResized(input: string, output: string, plan: ResizePlan): Promise<void> {
  const sharp = await loadSharp();
  if (sharp === undefined) throw new Error('writeResized: sharp is not installed (no image is editable then).');
  await sharp(input).rotate().extract(plan.source).resize(plan.width, plan.height, { fit: 'fill' }).toFile(output);
}
