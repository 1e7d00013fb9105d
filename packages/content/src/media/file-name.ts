/**
 * Safe file names for uploads, after the original's `sanitize_file_name`: no path from the
 * client reaches the file system. Directory parts, control characters (NUL included) and
 * the characters the original strips are removed, white space becomes `-`, and leading or
 * trailing dots, dashes and underscores go, so `../../etc/passwd.png` is `etcpasswd.png`.
 *
 * @module
 */

/** The characters the original removes from a file name (`sanitize_file_name_chars`). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are removed from names
const SPECIAL = /[?[\]/\\=<>:;,'"&$#*()|~`!{}%+\u2019\u00ab\u00bb\u201d\u201c\u0000-\u001f\u007f]/g;

/**
 * A file name the store can use as it is: one path segment, at most 200 characters, never
 * empty (`unnamed-file` then), keeping its last extension.
 *
 * @example
 * ```ts
 * safeFileName('../../etc/passwd.png'); // 'etcpasswd.png'
 * safeFileName('My photo (1).JPG');     // 'My-photo-1.JPG'
 * ```
 */
export function safeFileName(name: string): string {
  let clean = name
    .normalize('NFC')
    .replace(SPECIAL, '')
    .replace(/[\s\u00a0]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^[.\-_]+|[.\-_]+$/g, '');
  if (clean.length > 200) {
    const { base, extension } = splitExtension(clean);
    clean = base.slice(0, 200 - extension.length) + extension;
  }
  const { base } = splitExtension(clean);
  return base === '' ? `unnamed-file${splitExtension(clean).extension}` : clean;
}

/** A name's base and its last extension, the dot included (`''` when it has none). */
export function splitExtension(name: string): { base: string; extension: string } {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return { base: name, extension: '' };
  return { base: name.slice(0, dot), extension: name.slice(dot) };
}

/** The title the original gives an upload without one: the name's base (`small-image`). */
export function titleFromFileName(name: string): string {
  return splitExtension(name).base;
}
