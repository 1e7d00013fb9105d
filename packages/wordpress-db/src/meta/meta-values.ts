/**
 * Meta values between the project's text and WordPress's. The project's meta layer stores
 * every value as text (`encodeMetaValue`): scalars as their text, arrays and objects as JSON
 * (registered meta of type `array`/`object`, and `_wp_attachment_metadata`). WordPress stores
 * scalars as their text too, but arrays and objects PHP-serialized (`maybe_serialize`), and a
 * string that itself looks serialized serialized once more. These two functions translate at
 * the meta store's edge, so WordPress's PHP reads what it would have written and the project
 * reads what it expects.
 *
 * One ambiguity is left: the store is given text, not the registered type, so a string value
 * that is a JSON array or object (`'[1,2]'` sent to a `string` key) is stored as a PHP array.
 * It reads back through cms-json as the same text; WordPress's PHP reads an array.
 *
 * @module
 */
import { isPhpSerialized, maybeSerialize, maybeUnserialize, type PhpValue } from '../php-serialized.js';
import {
  ATTACHMENT_METADATA_KEY,
  attachmentMetadataFromWordPress,
  attachmentMetadataToWordPress,
} from './attachment-metadata.js';

/**
 * A stored WordPress meta value as the project's meta layer reads it: serialized arrays and
 * maps as JSON (a PHP list as a JSON array, any other array as an object, as PHP's
 * `json_encode`), serialized scalars as their text (`b:1;` → `'1'`, `b:0;` → `''`, `N;` → `''`),
 * anything else as it is. With the key `_wp_attachment_metadata`, sizes' `mime-type` as the
 * project's `mime_type` (`attachment-metadata.ts`).
 *
 * @example
 * fromWordPressMeta('a:2:{i:0;i:5;i:1;i:7;}'); // '[5,7]'
 * fromWordPressMeta('s:5:"a:1:{";'); // 'a:1:{'
 * fromWordPressMeta('hello'); // 'hello'
 */
export function fromWordPressMeta(text: string | null, key?: string): string {
  if (text === null) return '';
  if (!isPhpSerialized(text)) return text;
  const value = maybeUnserialize(text);
  return projectText(key === ATTACHMENT_METADATA_KEY ? attachmentMetadataFromWordPress(value) : value);
}

/**
 * A project meta value as WordPress stores it (`maybe_serialize`): JSON arrays and objects
 * PHP-serialized, text that looks serialized serialized once more (it reads back as itself),
 * anything else as it is. With the key `_wp_attachment_metadata`, sizes' `mime_type` as
 * WordPress's `mime-type`.
 *
 * @example
 * toWordPressMeta('[5,7]'); // 'a:2:{i:0;i:5;i:1;i:7;}'
 * toWordPressMeta('{"width":640}'); // 'a:1:{s:5:"width";i:640;}'
 * toWordPressMeta('hello'); // 'hello'
 */
export function toWordPressMeta(text: string, key?: string): string {
  const structured = jsonStructure(text);
  if (structured !== undefined) {
    return maybeSerialize(key === ATTACHMENT_METADATA_KEY ? attachmentMetadataToWordPress(structured) : structured);
  }
  return maybeSerialize(text);
}

/** A PHP value as the project's text of it. */
function projectText(value: PhpValue): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '';
  if (value === null) return '';
  return JSON.stringify(value);
}

/** The array or object a text is the JSON of, or `undefined` when it is anything else. */
function jsonStructure(text: string): PhpValue[] | { [key: string]: PhpValue } | undefined {
  const first = text.trimStart()[0];
  if (first !== '[' && first !== '{') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== 'object') return undefined;
  return phpValueOf(parsed) as PhpValue[] | { [key: string]: PhpValue };
}

/** Parsed JSON as a {@link PhpValue} (JSON has nothing PHP lacks). */
function phpValueOf(value: unknown): PhpValue {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map(phpValueOf);
  const out: { [key: string]: PhpValue } = {};
  for (const [key, item] of Object.entries(value as object)) out[key] = phpValueOf(item);
  return out;
}
