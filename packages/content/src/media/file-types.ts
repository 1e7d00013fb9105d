/**
 * Which files may be uploaded, decided by their bytes (`file-type`), not by their name: the
 * original's default allow-list (`get_allowed_mime_types`), narrowed to the types whose
 * bytes can be recognised, plus plain text and CSV, which have no signature and are taken
 * when their bytes are UTF-8 text. The name's extension must also be one of the detected
 * type's, as the original's `wp_check_filetype_and_ext` requires.
 *
 * @module
 */
import { fileTypeFromFile } from 'file-type/node';

/** A type the site accepts: its media type and the extensions a file of it may have. */
export interface AllowedFileType {
  readonly mimeType: string;
  readonly extensions: readonly string[];
}

/**
 * The default allow-list, after the original's `wp_get_mime_types` (SVG and other types that
 * can carry scripts are left out, as there).
 */
export const DEFAULT_ALLOWED_TYPES: readonly AllowedFileType[] = [
  { mimeType: 'image/jpeg', extensions: ['jpg', 'jpeg', 'jpe'] },
  { mimeType: 'image/gif', extensions: ['gif'] },
  { mimeType: 'image/png', extensions: ['png'] },
  { mimeType: 'image/bmp', extensions: ['bmp'] },
  { mimeType: 'image/tiff', extensions: ['tiff', 'tif'] },
  { mimeType: 'image/webp', extensions: ['webp'] },
  { mimeType: 'image/avif', extensions: ['avif'] },
  { mimeType: 'image/x-icon', extensions: ['ico'] },
  { mimeType: 'image/heic', extensions: ['heic'] },
  { mimeType: 'video/mp4', extensions: ['mp4', 'm4v'] },
  { mimeType: 'video/webm', extensions: ['webm'] },
  { mimeType: 'video/ogg', extensions: ['ogv'] },
  { mimeType: 'video/quicktime', extensions: ['mov', 'qt'] },
  { mimeType: 'video/x-msvideo', extensions: ['avi'] },
  { mimeType: 'audio/mpeg', extensions: ['mp3', 'm4b'] },
  { mimeType: 'audio/ogg', extensions: ['ogg', 'oga'] },
  { mimeType: 'audio/wav', extensions: ['wav'] },
  { mimeType: 'audio/x-m4a', extensions: ['m4a'] },
  { mimeType: 'audio/flac', extensions: ['flac'] },
  { mimeType: 'application/pdf', extensions: ['pdf'] },
  { mimeType: 'application/zip', extensions: ['zip'] },
  { mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['docx'] },
  { mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['xlsx'] },
  { mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', extensions: ['pptx'] },
  { mimeType: 'application/vnd.oasis.opendocument.text', extensions: ['odt'] },
  { mimeType: 'text/plain', extensions: ['txt', 'asc', 'c', 'cc', 'h', 'srt'] },
  { mimeType: 'text/csv', extensions: ['csv'] },
];

/** Types with no signature: taken when the bytes are text. */
const TEXT_TYPES = new Set(['text/plain', 'text/csv']);

/** `file-type`'s names for types the allow-list spells as the original does. */
const ALIASES: Readonly<Record<string, string>> = {
  'audio/x-wav': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/wave': 'audio/wav',
  'image/vnd.microsoft.icon': 'image/x-icon',
  'audio/x-flac': 'audio/flac',
  'audio/mp4': 'audio/x-m4a',
  'image/heif': 'image/heic',
};

/** The checked type of a file: its media type and the extension its name keeps. */
export interface CheckedFileType {
  readonly mimeType: string;
  /** The extension, lower case, without the dot. */
  readonly extension: string;
}

/**
 * The type of a staged file, from its bytes, when it is allowed and the name's extension
 * belongs to it; otherwise `undefined`.
 *
 * @example
 * ```ts
 * await checkFileType('/tmp/upload-1', 'photo.jpg', DEFAULT_ALLOWED_TYPES); // { mimeType: 'image/jpeg', extension: 'jpg' }
 * ```
 */
export async function checkFileType(
  path: string,
  name: string,
  allowed: readonly AllowedFileType[],
  options: { readText: () => Promise<Uint8Array> },
): Promise<CheckedFileType | undefined> {
  const extension = name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '';
  const claimed = allowed.find((type) => type.extensions.includes(extension));
  if (claimed === undefined) return undefined;
  const detected = await fileTypeFromFile(path);
  if (detected === undefined) {
    if (!TEXT_TYPES.has(claimed.mimeType)) return undefined;
    return isText(await options.readText()) ? { mimeType: claimed.mimeType, extension } : undefined;
  }
  const mimeType = ALIASES[detected.mime] ?? detected.mime;
  return mimeType === claimed.mimeType ? { mimeType, extension } : undefined;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 text without NUL bytes (what a text file's first bytes must be). */
function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    strictUtf8.decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** The original's `media_type` of a media type: `image`, `video`, `audio` or `file`. */
export function mediaTypeOf(mimeType: string): 'image' | 'video' | 'audio' | 'file' {
  const major = mimeType.slice(0, mimeType.indexOf('/'));
  return major === 'image' || major === 'video' || major === 'audio' ? major : 'file';
}
