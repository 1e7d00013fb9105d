/**
 * Safe file names for uploads, after the original's `sanitize_file_name`, used for every
 * upload whichever form it came in (multipart or raw body) and for edited images: no path
 * from the client reaches the file system, and no name is too long for it.
 *
 * The original's steps, in its order: accents removed from Latin letters (`remove_accents`),
 * a no-break space made a space, its special characters and NUL removed, runs of spaces,
 * tabs, line breaks and dashes made one `-`, dots, dashes and underscores trimmed from both
 * ends, a name that is only a known extension named `unnamed-file.<ext>`, and each
 * intermediate extension that is not an allowed one marked with `_` (`z.php.png` is
 * `z.php_.png`). Stricter than the original: every other control character (U+0001–U+001F,
 * U+007F) and U+FFFD (bytes that were not UTF-8) is removed too, where the original keeps
 * them, and the name is cut to {@link MAX_NAME_BYTES} bytes (the original does not cut, and
 * fails to store a name longer than the disk allows).
 *
 * @module
 */

/** The longest name a disk keeps (ext4, APFS, NTFS: 255 bytes of UTF-8). */
export const MAX_FILE_NAME_BYTES = 255;

/**
 * Room kept for what the site adds to a name after it is cleaned: a `-1` for a name taken
 * for a size's (2), the store's unique number (`-9999`, 5), a size's or the big image's
 * suffix (`-99999x99999`, 12, or `-scaled`, `-rotated`) and that copy's own unique number
 * (5): 24 at most, rounded up.
 */
const SUFFIX_ROOM = 32;

/** The longest cleaned name, in bytes: with every suffix the site adds, it stays within {@link MAX_FILE_NAME_BYTES}. */
export const MAX_NAME_BYTES = MAX_FILE_NAME_BYTES - SUFFIX_ROOM;

/** The characters the original removes (`sanitize_file_name_chars`), with every control character but tab, CR and LF. */
const SPECIAL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are removed from names
  /[?[\]/\\=<>:;,'"&$#*()|~`!{}%+\u2019\u00ab\u00bb\u201d\u201c\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]/g;

/** The extensions of the original's `wp_get_mime_types`. */
const KNOWN_EXTENSIONS = new Set(
  (
    'jpg|jpeg|jpe|gif|png|bmp|tiff|tif|webp|ico|heic|asf|asx|wmv|wmx|wm|avi|divx|flv|mov|qt|mpeg|mpg|mpe|mp4|m4v|ogv|' +
    'webm|mkv|3gp|3gpp|3g2|3gp2|txt|asc|c|cc|h|srt|csv|tsv|ics|rtx|css|htm|html|vtt|dfxp|mp3|m4a|m4b|aac|ra|ram|wav|ogg|' +
    'oga|flac|mid|midi|wma|wax|mka|rtf|js|pdf|swf|class|tar|zip|gz|gzip|rar|7z|exe|psd|xcf|doc|pot|pps|ppt|wri|xla|xls|' +
    'xlt|xlw|mdb|mpp|docx|docm|dotx|dotm|xlsx|xlsm|xlsb|xltx|xltm|xlam|pptx|pptm|ppsx|ppsm|potx|potm|ppam|sldx|sldm|' +
    'onetoc|onetoc2|onetmp|onepkg|oxps|xps|odt|odp|ods|odg|odc|odb|odf|wp|wpd|key|numbers|pages'
  ).split('|'),
);

/**
 * The extensions an intermediate part may be without a `_`: the original's
 * `get_allowed_mime_types` for a user without `unfiltered_html` (no `swf`, `exe`, `htm`,
 * `html`, `js`), whoever uploads (the original's list for administrators keeps the last
 * three; this one is stricter).
 */
const ALLOWED_INTERMEDIATE = new Set([...KNOWN_EXTENSIONS].filter((ext) => !['swf', 'exe', 'htm', 'html', 'js'].includes(ext)));

/** `remove_accents`'s letters that do not decompose into a letter and marks. */
const UNACCENTED: Readonly<Record<string, string>> = {
  ß: 's',
  æ: 'ae',
  Æ: 'AE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'TH',
  œ: 'oe',
  Œ: 'OE',
  ħ: 'h',
  Ħ: 'H',
  ı: 'i',
  ĳ: 'ij',
  Ĳ: 'IJ',
  ĸ: 'k',
  ŀ: 'l',
  Ŀ: 'L',
  ŉ: 'n',
  ŋ: 'n',
  Ŋ: 'N',
  ſ: 's',
  ŧ: 't',
  Ŧ: 'T',
  ª: 'a',
  º: 'o',
  '€': 'E',
};

/** Latin letters with accents (Latin-1 Supplement, Extended-A and -B, Extended Additional). */
const ACCENTED_LATIN = /[\u00aa\u00ba\u00c0-\u024f\u1e00-\u1eff\u20ac]/g;

/**
 * The original's `remove_accents` for Latin letters: `é` is `e`, `ß` is `s`; other scripts
 * are kept as they are (`日本語`, `😀`).
 *
 * @example
 * removeAccents('Église ßæøłđ'); // 'Eglise saeold'
 */
export function removeAccents(text: string): string {
  return text.replace(ACCENTED_LATIN, (letter) => UNACCENTED[letter] ?? letter.normalize('NFD').replace(/[\u0300-\u036f]/g, ''));
}

/**
 * A file name the store can use as it is: one path segment, cleaned as the original's
 * `sanitize_file_name` (see the module), at most {@link MAX_NAME_BYTES} bytes of UTF-8 with
 * its extension kept, never empty (`unnamed-file`).
 *
 * @example
 * ```ts
 * safeFileName('../../etc/passwd.png'); // 'etcpasswd.png'
 * safeFileName('My photo (1).JPG');     // 'My-photo-1.JPG'
 * safeFileName('z\u0000.php.png');       // 'z.php_.png'
 * ```
 */
export function safeFileName(name: string): string {
  let clean = removeAccents(name.normalize('NFC'))
    .replace(/\u00a0/g, ' ')
    .replace(SPECIAL, '')
    .replace(/[\r\n\t -]+/g, '-')
    .replace(/^[.\-_]+|[.\-_]+$/g, '');
  if (clean === '') return 'unnamed-file';
  if (!clean.includes('.') && KNOWN_EXTENSIONS.has(clean.toLowerCase())) clean = `unnamed-file.${clean}`;
  const parts = clean.split('.');
  if (parts.length > 2) {
    const last = parts.length - 1;
    clean = parts
      .map((part, i) =>
        i > 0 && i < last && /^[a-zA-Z]{2,5}\d?$/.test(part) && !ALLOWED_INTERMEDIATE.has(part.toLowerCase()) ? `${part}_` : part,
      )
      .join('.');
  }
  return cutToBytes(clean, MAX_NAME_BYTES);
}

/**
 * `name` in at most `maxBytes` bytes of UTF-8: the base is cut at a character's edge (never
 * inside one), the extension kept whole. A name whose extension alone is too long is cut
 * from the end.
 *
 * @example
 * cutToBytes('ééé.png', 8); // 'éé.png' (each é is 2 bytes)
 */
export function cutToBytes(name: string, maxBytes: number): string {
  const encoder = new TextEncoder();
  if (encoder.encode(name).length <= maxBytes) return name;
  const { base, extension } = splitExtension(name);
  const keep = extension.length > 0 && encoder.encode(extension).length < maxBytes ? extension : '';
  let budget = maxBytes - encoder.encode(keep).length;
  let cut = '';
  for (const char of keep === '' ? name : base) {
    const size = encoder.encode(char).length;
    if (size > budget) break;
    cut += char;
    budget -= size;
  }
  return cut + keep;
}

/** A name's base and its last extension, the dot included (`''` when it has none). */
export function splitExtension(name: string): { base: string; extension: string } {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return { base: name, extension: '' };
  return { base: name.slice(0, dot), extension: name.slice(dot) };
}

/**
 * Whether the name as the client sent it ends with `.extension` (any case): the original
 * checks a file's type on that name, before cleaning it, so `png` or `.htaccess` is refused
 * where its cleaned name (`unnamed-file.png`) would pass.
 *
 * @example
 * sentWithExtension('..png', 'png'); // true
 * sentWithExtension('png', 'png');   // false
 */
export function sentWithExtension(sent: string, extension: string): boolean {
  return sent.toLowerCase().endsWith(`.${extension.toLowerCase()}`);
}

/** The title the original gives an upload without one: the name's base (`small-image`). */
export function titleFromFileName(name: string): string {
  return splitExtension(name).base;
}
