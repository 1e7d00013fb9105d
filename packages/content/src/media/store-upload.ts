/**
 * An upload from request to stored files: received into a staged file, its type checked by
 * its bytes, kept by the file store under `year/month/safe-name`, and for an image, its
 * resized copies made and kept beside it. Returns the attachment metadata the original
 * keeps (`_wp_attachment_metadata`). On any failure every file made so far is removed.
 *
 * @module
 */
import { open, rm, stat } from 'node:fs/promises';
import type { RestRequest } from '@cms-json/core';
import { contentError } from '../errors.js';
import { safeFileName, sentWithExtension, splitExtension } from './file-name.js';
import type { FileStore } from './file-store.js';
import { type AllowedFileType, checkFileType } from './file-types.js';
import { HEADER_BYTES } from './image-header.js';
import { emptyImageMeta, readImageMeta } from './image-meta.js';
import { type ImageSize, imageDimensions, isResizable, type ResizePlan, resizePlan, writeResized } from './image-sizes.js';
import { type ReceivedUpload, receiveUpload } from './receive-upload.js';

/** One resized copy, as the original's metadata lists it. */
export interface StoredSize {
  file: string;
  width: number;
  height: number;
  filesize: number;
  mime_type: string;
}

/** The original's attachment metadata (`media_details` before the response adds URLs). */
export interface AttachmentMetadata {
  width?: number;
  height?: number;
  /** The path in the store (`2026/11/photo.jpg`). */
  file?: string;
  filesize: number;
  sizes?: Record<string, StoredSize>;
  image_meta?: Record<string, unknown>;
  /** The name of the file as uploaded, when the image was scaled down (`photo.jpg`). */
  original_image?: string;
}

/** A stored upload. */
export interface StoredUpload {
  /** The main file's path in the store. */
  readonly path: string;
  /** Every path stored, the main file first (what a `force` delete removes). */
  readonly paths: readonly string[];
  readonly mimeType: string;
  /** The stored file's name (`photo-1.jpg`). */
  readonly fileName: string;
  readonly metadata: AttachmentMetadata;
}

/** What {@link storeUpload} needs. */
export interface StoreUploadOptions {
  readonly store: FileStore;
  readonly allowedTypes: readonly AllowedFileType[];
  readonly imageSizes: readonly ImageSize[];
  /** When the upload is made: its `year/month` folder (UTC). */
  readonly now: Date;
  /**
   * Images wider or taller than this (PNGs excepted) are kept scaled down to it as
   * `name-scaled.ext`, the upload beside it, as the original does; `false` keeps them whole.
   * @default BIG_IMAGE_THRESHOLD (2560)
   */
  readonly bigImageThreshold?: number | false;
}

/**
 * Receives, checks and stores the upload of `request`. Refuses a file whose bytes are not
 * of an allowed type, or whose name's extension is not its type's, with the original's 500
 * (`rest_upload_unknown_error` for multipart, `rest_upload_sideload_error` for a raw body).
 */
export async function storeUpload(request: RestRequest, options: StoreUploadOptions): Promise<StoredUpload> {
  return storeStagedFile(await receiveUpload(request, await options.store.stagingPath()), options);
}

/**
 * Checks and stores a file staged in the store's staging folder (an upload received, or an
 * edited image), with its sizes and metadata as {@link storeUpload}; the staged file is gone
 * afterwards, and on a failure nothing is left stored.
 *
 * @example
 * const stored = await storeStagedFile({ localPath, fileName: 'photo-edited.jpg', size, form: 'raw' }, options);
 */
export async function storeStagedFile(upload: ReceivedUpload, options: StoreUploadOptions): Promise<StoredUpload> {
  const { store } = options;
  const staged = [upload.localPath];
  const stored: string[] = [];
  try {
    const name = withoutSizeSuffix(safeFileName(upload.fileName));
    const type = await checkFileType(upload.localPath, name, options.allowedTypes, {
      readText: () => firstBytes(upload.localPath, 4096),
    });
    // As the original, the type is checked on the name as sent too (`png` and `.htaccess` are refused).
    if (type === undefined || !sentWithExtension(upload.fileName, type.extension)) {
      throw contentError(upload.form === 'multipart' ? 'rest_upload_unknown_error' : 'rest_upload_sideload_error');
    }
    const folder = `${options.now.getUTCFullYear()}/${String(options.now.getUTCMonth() + 1).padStart(2, '0')}`;
    const dimensions = isResizable(type.mimeType)
      ? await imageDimensions(upload.localPath, { readHeader: () => firstBytes(upload.localPath, HEADER_BYTES) })
      : undefined;
    // Read before the file moves into the store.
    const imageMeta = dimensions === undefined ? undefined : await readImageMeta(upload.localPath, type.mimeType);
    const { extension } = splitExtension(name);
    // Copies are made before the file moves into the store (they are read from the staged file).
    const stage = async (plan: ResizePlan) => {
      const localPath = `${await store.stagingPath()}${extension}`;
      staged.push(localPath);
      await writeResized(upload.localPath, localPath, plan);
      return { localPath, width: plan.width, height: plan.height, filesize: (await stat(localPath)).size };
    };
    const copies: (Staged & { size: ImageSize })[] = [];
    let scaled: (Staged & { suffix: 'scaled' | 'rotated' }) | undefined;
    // Without sharp (not `editable`), as WordPress without an image editor: the size, no copies.
    if (dimensions?.editable === true) {
      for (const size of options.imageSizes) {
        const plan = resizePlan(dimensions.width, dimensions.height, size);
        if (plan !== undefined) copies.push({ size, ...(await stage(plan)) });
      }
      const threshold = options.bigImageThreshold ?? BIG_IMAGE_THRESHOLD;
      if (
        threshold !== false &&
        type.mimeType !== 'image/png' &&
        (dimensions.width > threshold || dimensions.height > threshold)
      ) {
        const plan = resizePlan(dimensions.width, dimensions.height, {
          name: 'scaled',
          width: threshold,
          height: threshold,
          crop: false,
        });
        if (plan !== undefined) scaled = { ...(await stage(plan)), suffix: 'scaled' };
      } else if (dimensions.rotated) {
        // Turned upright by its EXIF orientation, as the original keeps it: `-rotated`.
        const whole = { left: 0, top: 0, width: dimensions.width, height: dimensions.height };
        scaled = { ...(await stage({ width: dimensions.width, height: dimensions.height, source: whole })), suffix: 'rotated' };
      }
    }
    const put = async (localPath: string, wanted: string) => {
      const path = await store.put({ localPath, folder, name: wanted, mimeType: type.mimeType });
      stored.push(path);
      return path;
    };
    const original = await put(upload.localPath, name);
    const originalName = original.slice(folder.length + 1);
    if (dimensions === undefined) {
      return {
        path: original,
        paths: stored,
        mimeType: type.mimeType,
        fileName: originalName,
        metadata: { filesize: upload.size },
      };
    }
    const { base } = splitExtension(originalName);
    // The original's rule for images over the threshold (`-scaled`) or turned (`-rotated`): the file is the copy.
    const path = scaled === undefined ? original : await put(scaled.localPath, `${base}-${scaled.suffix}${extension}`);
    const sizes: Record<string, StoredSize> = {};
    for (const copy of copies) {
      const sizePath = await put(copy.localPath, `${base}-${copy.width}x${copy.height}${extension}`);
      // The original's key order, as its REST answer gives it.
      sizes[copy.size.name] = {
        file: sizePath.slice(folder.length + 1),
        width: copy.width,
        height: copy.height,
        filesize: copy.filesize,
        mime_type: type.mimeType,
      };
    }
    // The original's key order.
    const metadata: AttachmentMetadata = {
      width: scaled?.width ?? dimensions.width,
      height: scaled?.height ?? dimensions.height,
      file: path,
      filesize: scaled?.filesize ?? upload.size,
      sizes,
      // As the original: read from the upload's IPTC and EXIF; the orientation, once turned, is 1.
      image_meta: { ...(imageMeta ?? emptyImageMeta()), ...(dimensions.rotated ? { orientation: 1 } : {}) },
    };
    if (scaled !== undefined) metadata.original_image = originalName;
    return { path, paths: stored, mimeType: type.mimeType, fileName: path.slice(folder.length + 1), metadata };
  } catch (error) {
    await store.remove(stored).catch(() => undefined);
    throw error;
  } finally {
    await Promise.all(staged.map((file) => rm(file, { force: true })));
  }
}

/** A resized copy made in the staging folder. */
interface Staged {
  localPath: string;
  width: number;
  height: number;
  filesize: number;
}

/** The original's `big_image_size_threshold`: larger images are kept as a `-scaled` copy. */
export const BIG_IMAGE_THRESHOLD = 2560;

async function firstBytes(path: string, count: number): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = new Uint8Array(count);
    const { bytesRead } = await handle.read(buffer, 0, count, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The original's rule: a name that could be taken for a resized copy's (`photo-300x225.jpg`,
 * `photo-scaled.jpg`) gets `-1` (`photo-300x225-1.jpg`).
 */
function withoutSizeSuffix(name: string): string {
  const { base, extension } = splitExtension(name);
  return /-(?:\d+x\d+|scaled|rotated)$/.test(base) ? `${base}-1${extension}` : name;
}

/**
 * Stores the upload of `request`, then hands it to `use` (which makes the media record);
 * when `use` fails, the stored files are removed, so a refused record leaves no orphan file.
 *
 * @example
 * ```ts
 * const record = await withStoredUpload(request, options, (stored) => attachments.insert(stored));
 * ```
 */
export async function withStoredUpload<T>(
  request: RestRequest,
  options: StoreUploadOptions,
  use: (stored: StoredUpload) => Promise<T>,
): Promise<T> {
  const stored = await storeUpload(request, options);
  try {
    return await use(stored);
  } catch (error) {
    await options.store.remove(stored.paths).catch(() => undefined);
    throw error;
  }
}
