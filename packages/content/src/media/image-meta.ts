/**
 * An image's `image_meta`, as WordPress 6.1's `wp_read_image_metadata` reads it from the
 * file's IPTC and EXIF data (JPEG and TIFF only): aperture, credit, camera, caption,
 * created_timestamp, copyright, focal_length, iso, shutter_speed, title, orientation and
 * keywords. Read with `exifr`; every value is text, as the original's `wp_kses_post_deep`
 * leaves it (`"2.8"`, `"0.004"`, `"1700000000"`), and text fields are cleaned as kses does.
 *
 * @module
 */
import exifr from 'exifr';
import { ksesPost } from '../posts/sanitize.js';

/** The original's `image_meta`: text values and a list of keywords. */
export interface ImageMeta {
  aperture: string;
  credit: string;
  camera: string;
  caption: string;
  created_timestamp: string;
  copyright: string;
  focal_length: string;
  iso: string;
  shutter_speed: string;
  title: string;
  /** The EXIF orientation as read (`"6"`); the number 1 once the image was turned upright. */
  orientation: string | number;
  keywords: string[];
}

/**
 * The `image_meta` of an image without IPTC or EXIF data.
 *
 * @example
 * emptyImageMeta().aperture; // '0'
 */
export function emptyImageMeta(): ImageMeta {
  return {
    aperture: '0',
    credit: '',
    camera: '',
    caption: '',
    created_timestamp: '0',
    copyright: '',
    focal_length: '0',
    iso: '0',
    shutter_speed: '0',
    title: '',
    orientation: '0',
    keywords: [],
  };
}

/** The types the original reads EXIF of (`wp_read_image_metadata_types`); IPTC comes with JPEG. */
const EXIF_TYPES = new Set(['image/jpeg', 'image/tiff']);

/** EXIF tags (numbers, as exifr gives them with `translateKeys: false`). */
const TAG = {
  imageDescription: 0x010e,
  model: 0x0110,
  orientation: 0x0112,
  artist: 0x013b,
  copyright: 0x8298,
  exposureTime: 0x829a,
  fNumber: 0x829d,
  iso: 0x8827,
  dateTimeDigitized: 0x9004,
  focalLength: 0x920a,
  userComment: 0x9286,
  xpComment: 0x9c9c,
  xpAuthor: 0x9c9d,
} as const;

/** IPTC datasets of record 2. */
const IPTC = {
  objectName: 5,
  keywords: 25,
  dateCreated: 55,
  timeCreated: 60,
  byline: 80,
  headline: 105,
  credit: 110,
  copyright: 116,
  caption: 120,
} as const;

type Tags = Record<number, unknown>;

/** PHP's string of a float (`precision` 14): `0.004`, `0.33333333333333`. */
function phpNumber(value: number): string {
  return Number.isFinite(value) ? String(Number(value.toPrecision(14))) : '0';
}

/**
 * A string exifr read byte by byte (Latin-1) as the original's `seems_utf8` / `utf8_encode`
 * leave it: the UTF-8 it is when its bytes are UTF-8, else Latin-1.
 */
function fromBytes(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: any character past Latin-1 means it was decoded already.
  if (!/^[\u0000-\u00ff]*$/.test(value) || !/[\u0080-\u00ff]/.test(value)) return value;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(value, (c) => c.charCodeAt(0)));
  } catch {
    return value;
  }
}

/** A tag's text: strings as they are, UCS-2 (`XPAuthor`) and EXIF `UserComment` bytes decoded. */
function text(value: unknown, encoding: 'ucs2' | 'comment' = 'comment'): string {
  if (typeof value === 'string') return fromBytes(value.replace(/\0+$/, ''));
  if (typeof value === 'number') return phpNumber(value);
  if (Array.isArray(value)) return text(value[0], encoding);
  if (value instanceof Uint8Array) {
    if (encoding === 'ucs2') return new TextDecoder('utf-16le').decode(value).replace(/\0+$/, '');
    // `UserComment`: an 8-byte character code, then the text.
    const code = new TextDecoder('latin1').decode(value.subarray(0, 8));
    const body = value.subarray(8);
    const decoded = code.startsWith('UNICODE')
      ? new TextDecoder('utf-16le').decode(body)
      : new TextDecoder('utf-8', { fatal: false }).decode(body);
    return decoded.replace(/\0+$/, '');
  }
  return '';
}

/** The first IPTC value of a dataset (exifr gives a list for repeated ones), trimmed. */
function first(iptc: Tags, dataset: number): string {
  return text(iptc[dataset]).trim();
}

/** A number tag (rationals are numbers already), as PHP prints it. */
function decimal(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (Array.isArray(value) && typeof value[0] === 'number') return value[0];
  if (typeof value === 'string' && value.trim() !== '') {
    const [numerator, denominator, ...rest] = value.split('/');
    if (rest.length > 0) return undefined;
    const n = Number(numerator);
    const d = denominator === undefined ? 1 : Number(denominator);
    return Number.isFinite(n) && Number.isFinite(d) && d !== 0 ? n / d : undefined;
  }
  return undefined;
}

/** The original's `wp_exif_date2ts`: `2026:01:02 03:04:05` in UTC, as seconds. */
function exifDate(value: string): number | undefined {
  const match = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value.trim());
  if (match === null) return undefined;
  const [, y, m, d, h, i, s] = match.map(Number) as [number, number, number, number, number, number, number];
  const ms = Date.UTC(y, m - 1, d, h, i, s);
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}

/** IPTC date (`YYYYMMDD`) and time (`HHMMSS±HHMM`) as seconds, as `strtotime` reads them. */
function iptcDate(date: string, time: string): number | undefined {
  const day = /^(\d{4})(\d{2})(\d{2})$/.exec(date);
  const clock = /^(\d{2})(\d{2})(\d{2})(?:([+-])(\d{2})(\d{2}))?$/.exec(time);
  if (day === null || clock === null) return undefined;
  const [, y, m, d] = day.map(Number) as [number, number, number, number];
  const [h, i, s] = [Number(clock[1]), Number(clock[2]), Number(clock[3])];
  const offset = clock[4] === undefined ? 0 : (clock[4] === '-' ? -1 : 1) * (Number(clock[5]) * 60 + Number(clock[6])) * 60;
  const ms = Date.UTC(y, m - 1, d, h, i, s);
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000) - offset;
}

/** The byte length of a string in UTF-8, as PHP's `strlen`. */
function byteLength(value: string): number {
  return new TextEncoder().encode(value).length;
}

/**
 * The `image_meta` of an image file, as the original's `wp_read_image_metadata`; the empty
 * one for other types and for files whose metadata cannot be read.
 *
 * @example
 * const meta = await readImageMeta('/tmp/upload-1', 'image/jpeg'); // { aperture: '2.8', camera: 'X100', … }
 */
export async function readImageMeta(path: string, mimeType: string): Promise<ImageMeta> {
  const meta = emptyImageMeta();
  if (!EXIF_TYPES.has(mimeType)) return meta;
  let parsed: { ifd0?: Tags; exif?: Tags; iptc?: Tags } | undefined;
  try {
    parsed = await exifr.parse(path, {
      tiff: true,
      ifd0: {},
      exif: true,
      iptc: mimeType === 'image/jpeg',
      gps: false,
      interop: false,
      ifd1: false,
      xmp: false,
      icc: false,
      jfif: false,
      ihdr: false,
      userComment: true,
      makerNote: false,
      translateKeys: false,
      translateValues: false,
      reviveValues: false,
      sanitize: true,
      mergeOutput: false,
    });
  } catch {
    // Unreadable metadata is no metadata, as the original's silenced `exif_read_data`.
    return meta;
  }
  const iptc = parsed?.iptc ?? {};
  const exif: Tags = { ...parsed?.ifd0, ...parsed?.exif };

  // IPTC first, as the original.
  const headline = first(iptc, IPTC.headline);
  if (headline !== '') meta.title = headline;
  else if (first(iptc, IPTC.objectName) !== '') meta.title = first(iptc, IPTC.objectName);
  const iptcCaption = first(iptc, IPTC.caption);
  if (iptcCaption !== '') {
    if (meta.title === '' && byteLength(iptcCaption) < 80) meta.title = iptcCaption;
    meta.caption = iptcCaption;
  }
  meta.credit = first(iptc, IPTC.credit) || first(iptc, IPTC.byline);
  const created = iptcDate(first(iptc, IPTC.dateCreated), first(iptc, IPTC.timeCreated));
  if (created !== undefined) meta.created_timestamp = String(created);
  meta.copyright = first(iptc, IPTC.copyright);
  const keywords = iptc[IPTC.keywords];
  if (keywords !== undefined) meta.keywords = (Array.isArray(keywords) ? keywords : [keywords]).map((word) => text(word));

  // Then EXIF.
  const description = text(exif[TAG.imageDescription]);
  if (description !== '') {
    if (meta.title === '' && byteLength(description) < 80) meta.title = description.trim();
    const comment = text(exif[TAG.userComment]).trim();
    if (meta.caption === '' && comment !== '') meta.caption = comment;
    if (meta.caption === '') meta.caption = description.trim();
  } else if (meta.caption === '' && text(exif[TAG.xpComment], 'ucs2') !== '') {
    meta.caption = text(exif[TAG.xpComment], 'ucs2').trim();
  }
  if (meta.credit === '') meta.credit = (text(exif[TAG.artist]) || text(exif[TAG.xpAuthor], 'ucs2')).trim();
  if (meta.copyright === '') meta.copyright = text(exif[TAG.copyright]).trim();
  const fNumber = decimal(exif[TAG.fNumber]);
  if (fNumber !== undefined && fNumber !== 0) meta.aperture = phpNumber(Math.round(fNumber * 100) / 100);
  const model = text(exif[TAG.model]).trim();
  if (model !== '') meta.camera = model;
  const digitized = text(exif[TAG.dateTimeDigitized]);
  if (meta.created_timestamp === '0' && digitized !== '') {
    const seconds = exifDate(digitized);
    if (seconds !== undefined) meta.created_timestamp = String(seconds);
  }
  const focal = decimal(exif[TAG.focalLength]);
  if (focal !== undefined && focal !== 0) meta.focal_length = phpNumber(focal);
  const iso = text(exif[TAG.iso]).trim();
  if (iso !== '' && iso !== '0') meta.iso = iso;
  const exposure = decimal(exif[TAG.exposureTime]);
  if (exposure !== undefined && exposure !== 0) meta.shutter_speed = phpNumber(exposure);
  const orientation = decimal(exif[TAG.orientation]);
  if (orientation !== undefined && orientation !== 0) meta.orientation = String(orientation);

  // As `wp_kses_post_deep`.
  for (const key of ['title', 'caption', 'credit', 'copyright', 'camera', 'iso'] as const) meta[key] = ksesPost(meta[key]);
  meta.keywords = meta.keywords.map((word) => ksesPost(word));
  return meta;
}
