/**
 * `_wp_attachment_metadata` between WordPress's form and the project's: WordPress names each
 * size's media type `mime-type` (as `wp_generate_attachment_metadata` stores it, and its REST
 * controller renames it `mime_type` in `media_details`); the project's media layer stores and
 * reads `mime_type`. Everything else is the same.
 *
 * @module
 */
import type { PhpValue } from '../php-serialized.js';

/** The meta key of an attachment's metadata. */
export const ATTACHMENT_METADATA_KEY = '_wp_attachment_metadata';

type PhpMap = { [key: string]: PhpValue };

function isMap(value: PhpValue | undefined): value is PhpMap {
  return value !== null && value !== undefined && typeof value === 'object' && !Array.isArray(value);
}

/** The metadata with each size's entries passed through `rename`. */
function mapSizes(metadata: PhpValue, rename: (size: PhpMap) => PhpMap): PhpValue {
  if (!isMap(metadata) || !isMap(metadata.sizes)) return metadata;
  const sizes: PhpMap = {};
  for (const [name, size] of Object.entries(metadata.sizes)) sizes[name] = isMap(size) ? rename(size) : size;
  return { ...metadata, sizes };
}

/**
 * WordPress's stored metadata as the project's: `mime-type` of each size as `mime_type`, last
 * (where WordPress's REST controller puts it).
 *
 * @example
 * attachmentMetadataFromWordPress({ sizes: { thumbnail: { file: 'a.png', 'mime-type': 'image/png', filesize: 9 } } });
 * // { sizes: { thumbnail: { file: 'a.png', filesize: 9, mime_type: 'image/png' } } }
 */
export function attachmentMetadataFromWordPress(metadata: PhpValue): PhpValue {
  return mapSizes(metadata, (size) => {
    if (!('mime-type' in size)) return size;
    const { 'mime-type': mimeType, ...rest } = size;
    return { ...rest, mime_type: mimeType ?? null };
  });
}

/**
 * The project's metadata as WordPress stores it: `mime_type` of each size as `mime-type`,
 * after `height` (where `wp_generate_attachment_metadata` puts it).
 *
 * @example
 * attachmentMetadataToWordPress({ sizes: { thumbnail: { file: 'a.png', width: 1, height: 1, filesize: 9, mime_type: 'image/png' } } });
 * // { sizes: { thumbnail: { file: 'a.png', width: 1, height: 1, 'mime-type': 'image/png', filesize: 9 } } }
 */
export function attachmentMetadataToWordPress(metadata: PhpValue): PhpValue {
  return mapSizes(metadata, (size) => {
    if (!('mime_type' in size)) return size;
    const out: PhpMap = {};
    const mimeType = size.mime_type ?? null;
    let placed = false;
    for (const [key, value] of Object.entries(size)) {
      if (key === 'mime_type') continue;
      out[key] = value;
      if (key === 'height') {
        out['mime-type'] = mimeType;
        placed = true;
      }
    }
    if (!placed) out['mime-type'] = mimeType;
    return out;
  });
}
