/**
 * What a media record shows of its stored files, as the original 6.1 answers it: the
 * `source_url` of the file, and `media_details` — the kept metadata with a `source_url` on
 * each size and a `full` size for the file itself (an image's), `sizes: {}` when there are
 * none. Also the list of stored paths a `force=true` delete removes.
 *
 * @module
 */
import type { FileStore } from './file-store.js';
import type { AttachmentMetadata } from './store-upload.js';

/** The absolute URL of a stored path: the store's URL, on the site's address when it is a path. */
export function storedFileUrl(store: FileStore, path: string, siteUrl: string): string {
  const url = store.url(path);
  return /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `${siteUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** The folder of a stored path (`2026/11` of `2026/11/photo.jpg`), `''` at the top. */
function folderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

function inFolder(folder: string, file: string): string {
  return folder === '' ? file : `${folder}/${file}`;
}

/**
 * The record's `media_details`: `{}` without metadata; for an image, each size with its
 * `source_url` and a `full` entry; otherwise the metadata with `sizes: {}`.
 *
 * @example
 * ```ts
 * mediaDetails(metadata, '2026/11/photo.jpg', 'image/jpeg', (path) => storedFileUrl(store, path, siteUrl));
 * ```
 */
export function mediaDetails(
  metadata: AttachmentMetadata | undefined,
  path: string,
  mimeType: string,
  urlOf: (path: string) => string,
): Record<string, unknown> {
  if (metadata === undefined || Object.keys(metadata).length === 0) return {};
  const sizes = metadata.sizes ?? {};
  if (Object.keys(sizes).length === 0) return { ...metadata, sizes: {} };
  const folder = folderOf(path);
  const shown: Record<string, unknown> = {};
  for (const [name, size] of Object.entries(sizes)) shown[name] = { ...size, source_url: urlOf(inFolder(folder, size.file)) };
  shown.full = {
    file: path.slice(folder.length === 0 ? 0 : folder.length + 1),
    width: metadata.width,
    height: metadata.height,
    mime_type: mimeType,
    source_url: urlOf(path),
  };
  return { ...metadata, sizes: shown };
}

/** Every stored path of an attachment (the upload, the file, its sizes): what a `force` delete removes. */
export function storedPaths(path: string, metadata: AttachmentMetadata | undefined): string[] {
  const folder = folderOf(path);
  const sizes = Object.values(metadata?.sizes ?? {}).map((size) => inFolder(folder, size.file));
  const original = metadata?.original_image === undefined ? [] : [inFolder(folder, metadata.original_image)];
  return [...new Set([...original, path, ...sizes])];
}
