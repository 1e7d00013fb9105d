/**
 * PHP-serialized values, as WordPress stores options and meta that are not plain strings
 * (`wp_user_roles`, `wp_capabilities`, `sticky_posts`, `_wp_attachment_metadata`, …): read and
 * written with `php-serialize`, a parser (never `eval`), in the way of WordPress's
 * `maybe_unserialize` and `maybe_serialize`.
 *
 * @module
 */
import { serialize, unserialize } from 'php-serialize';

/**
 * A value read from PHP: a string, number, boolean or null, a list (PHP array with keys 0…n-1),
 * or a map (any other array, and objects, which are read as their properties).
 */
export type PhpValue = string | number | boolean | null | PhpValue[] | { [key: string]: PhpValue };

/** The property php-serialize gives an object of a class it was not given. */
const INCOMPLETE_CLASS = '__PHP_Incomplete_Class_Name';

/**
 * Whether a stored text is PHP-serialized (WordPress's `is_serialized`).
 *
 * @example
 * isPhpSerialized('a:1:{i:0;i:5;}'); // true
 * isPhpSerialized('hello'); // false
 */
export function isPhpSerialized(text: string): boolean {
  // WordPress's `is_serialized` (strict): the shape of the first and last characters only.
  const data = text.trim();
  if (data === 'N;') return true;
  if (data.length < 4 || data[1] !== ':') return false;
  const last = data[data.length - 1];
  if (last !== ';' && last !== '}') return false;
  switch (data[0]) {
    case 's':
      return data[data.length - 2] === '"' && /^s:[0-9]+:"/.test(data);
    case 'a':
    case 'O':
    case 'E':
      return new RegExp(`^${data[0]}:[0-9]+:`).test(data);
    case 'b':
    case 'i':
    case 'd':
      return new RegExp(`^${data[0]}:[0-9.E+-]+;$`).test(data);
    default:
      return false;
  }
}

/**
 * A stored text as WordPress's `maybe_unserialize` reads it: the value when it is serialized,
 * the text itself otherwise. A serialized text that does not parse is `false`, as PHP's
 * `unserialize` answers (WordPress then shows `false`); objects are read as their properties,
 * whatever their class.
 *
 * @example
 * maybeUnserialize('a:1:{s:13:"administrator";b:1;}'); // { administrator: true }
 * maybeUnserialize('Hello'); // 'Hello'
 */
export function maybeUnserialize(text: string): PhpValue {
  if (!isPhpSerialized(text)) return text;
  try {
    return plain(unserialize(text.trim(), {}, { strict: false }));
  } catch {
    return false;
  }
}

/**
 * A value as WordPress's `maybe_serialize` stores it: lists and maps serialized; a string that
 * already looks serialized serialized again (so it reads back as the same string); numbers and
 * booleans as PHP casts them to strings (`true` → `'1'`, `false` → `''`).
 *
 * @example
 * maybeSerialize({ administrator: true }); // 'a:1:{s:13:"administrator";b:1;}'
 * maybeSerialize('Hello'); // 'Hello'
 */
export function maybeSerialize(value: PhpValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return isPhpSerialized(value) ? serialize(value) : value;
  if (typeof value === 'boolean') return value ? '1' : '';
  if (typeof value === 'number') return String(value);
  return serialize(value);
}

/**
 * A PHP array as a JavaScript list when its keys are 0…n-1 in order, else a map; nested values
 * the same way.
 *
 * @example
 * phpList(maybeUnserialize('a:2:{i:0;i:5;i:1;i:7;}')); // [5, 7]
 */
export function phpList(value: PhpValue): PhpValue[] {
  if (Array.isArray(value)) return value;
  if (value !== null && typeof value === 'object') return Object.values(value);
  return [];
}

/** The parser's output as a {@link PhpValue}: lists, maps and scalars only. */
function plain(value: unknown): PhpValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === 'object') {
    const out: { [key: string]: PhpValue } = {};
    for (const [key, item] of Object.entries(value)) {
      if (key === INCOMPLETE_CLASS) continue;
      out[key] = plain(item);
    }
    return out;
  }
  return null;
}
