/**
 * The width and height an image file states in its header, read without an image library: what
 * PHP's `getimagesize` gives WordPress when no image editor is installed. Used when the optional
 * peer `sharp` is missing, so an upload still gets `width` and `height` in its metadata.
 *
 * Reads PNG, GIF, JPEG and WebP (lossy, lossless and extended). The size is the one stored,
 * not turned by an EXIF orientation, as `getimagesize` answers.
 *
 * @module
 */

/** A width and height in pixels. */
export interface HeaderSize {
  width: number;
  height: number;
}

/** How many bytes of a file {@link imageSizeFromHeader} may need (a JPEG's EXIF and ICC blocks come first). */
export const HEADER_BYTES = 256 * 1024;

/**
 * The size an image's header states, or `undefined` for a format it does not read or bytes
 * that are not a whole header.
 *
 * @example
 * ```ts
 * imageSizeFromHeader(await firstBytes(path, HEADER_BYTES)); // { width: 400, height: 300 }
 * ```
 */
export function imageSizeFromHeader(bytes: Uint8Array): HeaderSize | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size =
    bytes[0] === 0x89 && ascii(bytes, 12, 4) === 'IHDR'
      ? pngSize(view)
      : ascii(bytes, 0, 3) === 'GIF'
        ? gifSize(view)
        : bytes[0] === 0xff && bytes[1] === 0xd8
          ? jpegSize(view)
          : ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP'
            ? webpSize(view, bytes)
            : undefined;
  return size !== undefined && size.width > 0 && size.height > 0 ? size : undefined;
}

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

function pngSize(view: DataView): HeaderSize | undefined {
  if (view.byteLength < 24) return undefined;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function gifSize(view: DataView): HeaderSize | undefined {
  if (view.byteLength < 10) return undefined;
  return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
}

/** The start-of-frame markers that carry the frame's size (not DHT C4, JPG C8, DAC CC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function jpegSize(view: DataView): HeaderSize | undefined {
  let at = 2;
  while (at + 4 <= view.byteLength) {
    if (view.getUint8(at) !== 0xff) return undefined;
    const marker = view.getUint8(at + 1);
    if (marker === 0xff) {
      at++; // a fill byte
      continue;
    }
    // Markers without a length: TEM, RSTn, SOI, EOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      at += 2;
      continue;
    }
    if (isStartOfFrame(marker)) {
      if (at + 9 > view.byteLength) return undefined;
      return { width: view.getUint16(at + 7), height: view.getUint16(at + 5) };
    }
    at += 2 + view.getUint16(at + 2);
  }
  return undefined;
}

function webpSize(view: DataView, bytes: Uint8Array): HeaderSize | undefined {
  if (view.byteLength < 30) return undefined;
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8 ') {
    // The key frame's start code, then 14-bit width and height.
    if (view.getUint8(23) !== 0x9d || view.getUint8(24) !== 0x01 || view.getUint8(25) !== 0x2a) return undefined;
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (view.getUint8(20) !== 0x2f) return undefined;
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    const uint24 = (at: number) => view.getUint8(at) | (view.getUint8(at + 1) << 8) | (view.getUint8(at + 2) << 16);
    return { width: uint24(24) + 1, height: uint24(27) + 1 };
  }
  return undefined;
}
