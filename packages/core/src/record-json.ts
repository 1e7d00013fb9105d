/**
 * Records written straight to JSON text: the text `JSON.stringify` gives for a list of
 * prepared records (each record's members, then its `_links`), without building the
 * prepared copies and without `JSON.stringify`'s generic walk of every object.
 *
 * A route's list is mostly records of one shape (the same keys in the same order), so the
 * writer keeps the last shape it met, with each key's `"key":` text made once. Each record
 * is checked against it as it is written. Whatever this module cannot write exactly as
 * `JSON.stringify` would (a `toJSON` method, a `BigInt`, a class instance, a value that
 * fails to encode) makes the whole list unwritable: the caller then prepares the records
 * and encodes them as before, so the text sent never depends on which way was taken.
 *
 * @module
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters JSON.stringify escapes
const NEEDS_ESCAPE = /[\u0000-\u001f"\\\ud800-\udfff]/;

/**
 * The JSON text of a string, as `JSON.stringify` writes it; a string with nothing to escape
 * (most ids, slugs, titles and URLs) is only quoted.
 *
 * @example
 * ```ts
 * jsonString('Link 25'); // '"Link 25"'
 * ```
 */
export function jsonString(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/** Whether `JSON.stringify` escapes any character of `text` (a quote, a backslash, a control, a surrogate). */
export function needsJsonEscape(text: string): boolean {
  return NEEDS_ESCAPE.test(text);
}

/** A value this module does not write: the caller encodes the list the generic way. */
const UNWRITABLE = Symbol('unwritable');

const DATE_TO_JSON = Date.prototype.toJSON;

/** The JSON text of a member's value; `undefined` when `JSON.stringify` leaves the member out. */
function valueText(value: unknown): string | undefined | typeof UNWRITABLE {
  switch (typeof value) {
    case 'string':
      return jsonString(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (value === null) return 'null';
      // `toJSON` is called with the member's name; only Date's ignores it, so only a Date's
      // text is the same when the value is encoded alone.
      const toJSON = (value as { toJSON?: unknown }).toJSON;
      if (typeof toJSON === 'function' && toJSON !== DATE_TO_JSON) return UNWRITABLE;
      try {
        // A nested value is encoded alone: its own members see the same names either way.
        return JSON.stringify(value);
      } catch {
        return UNWRITABLE;
      }
    }
    case 'bigint':
      return UNWRITABLE;
    default:
      // undefined, functions and symbols: JSON.stringify leaves the member out.
      return undefined;
  }
}

/** The keys of a record shape, and the text written before each value. */
interface Shape {
  readonly keys: readonly string[];
  /** `{"key":`: the record's opening and its first member's name. */
  readonly first: readonly string[];
  /** `,"key":` for the other members. */
  readonly next: readonly string[];
  /** The same with a string's opening quote (`{"key":"`, `,"key":"`): one piece less per string. */
  readonly firstQuoted: readonly string[];
  readonly nextQuoted: readonly string[];
}

const OBJECT_PROTOTYPE = Object.prototype;

/** Whether `record`'s own enumerable keys are exactly `keys`, in order. */
function hasShape(record: object, keys: readonly string[]): boolean {
  let i = 0;
  // The prototype was checked: `for…in` sees the own enumerable keys, in `Object.keys` order.
  for (const key in record) {
    if (key !== keys[i]) return false;
    i++;
  }
  return i === keys.length;
}

function shapeOf(record: object): Shape | undefined {
  const keys = Object.keys(record);
  // A record's own `_links` is replaced in place, and its own `toJSON` would be called.
  if (keys.includes('_links') || keys.includes('toJSON')) return undefined;
  const names = keys.map((key) => `${JSON.stringify(key)}:`);
  return {
    keys,
    first: names.map((name) => `{${name}`),
    next: names.map((name) => `,${name}`),
    firstQuoted: names.map((name) => `{${name}"`),
    nextQuoted: names.map((name) => `,${name}"`),
  };
}

/**
 * Writes a route's lists and single records: one per route, as it keeps the shape of the
 * route's records.
 *
 * @example
 * ```ts
 * const writer = new RecordListWriter();
 * writer.write([{ id: 3, title: 'Docs' }], { links: () => '' }); // '[{"id":3,"title":"Docs"}]'
 * ```
 */
export class RecordListWriter {
  #shape: Shape | undefined;

  /**
   * The JSON text of `records`, each followed by `"_links":` and the text `links` gives for
   * its source item (none when that is `''`), or `undefined` when the list holds anything
   * this writer does not write exactly as `JSON.stringify`.
   *
   * @param records The records as they are sent (filtered by context, or the items themselves).
   * @param options.links The `_links` text of a source item: `sources[i]`, or `records[i]` without sources.
   * @param options.sources The handler's items, when `records` are their filtered copies.
   */
  write(
    records: readonly unknown[],
    options: { links: (item: Record<string, unknown>) => string; sources?: readonly unknown[] },
  ): string | undefined {
    // A member added to Object.prototype would be seen by for…in but not by JSON.stringify.
    for (const _inherited in EMPTY) return undefined;
    let out = '[';
    for (let i = 0; i < records.length; i++) {
      const record = records[i];
      const text = this.#recordText(record);
      if (text === undefined) return undefined;
      const source = (options.sources === undefined ? record : options.sources[i]) as Record<string, unknown>;
      if (i > 0) out += ',';
      out += withLinks(text, options.links(source));
    }
    return `${out}]`;
  }

  /**
   * The JSON text of one record followed by `"_links":` and `links` (none when `links` is
   * `''`): what `JSON.stringify` gives for the record with its `_links` member added last.
   * `undefined` when the record holds anything this writer does not write exactly as
   * `JSON.stringify`.
   *
   * @example
   * ```ts
   * new RecordListWriter().writeRecord({ id: 3 }, '{"self":[{"href":"…/3"}]}'); // '{"id":3,"_links":{"self":[{"href":"…/3"}]}}'
   * ```
   */
  writeRecord(record: unknown, links: string): string | undefined {
    for (const _inherited in EMPTY) return undefined;
    const text = this.#recordText(record);
    return text === undefined ? undefined : withLinks(text, links);
  }

  /** A record's members, from its opening `{` on, without the closing one; `undefined` when it cannot be written. */
  #recordText(record: unknown): string | undefined {
    if (typeof record !== 'object' || record === null || Array.isArray(record)) return undefined;
    const prototype = Object.getPrototypeOf(record);
    if (prototype !== OBJECT_PROTOTYPE && prototype !== null) return undefined;
    let shape = this.#shape;
    if (shape === undefined || !hasShape(record, shape.keys)) {
      shape = shapeOf(record);
      if (shape === undefined) return undefined;
      this.#shape = shape;
    }
    return recordText(record as Record<string, unknown>, shape);
  }
}

/** A record's text (its opening and members) closed, with `"_links":` and `links` last unless `links` is `''`. */
function withLinks(text: string, links: string): string {
  if (links === '') return `${text}}`;
  return text.length === 1 ? `{"_links":${links}}` : `${text},"_links":${links}}`;
}

const EMPTY = {};

/** A record's members, from its opening `{` on, without the closing one. */
function recordText(record: Record<string, unknown>, shape: Shape): string | undefined {
  let out: string | undefined;
  for (let k = 0; k < shape.keys.length; k++) {
    const value = record[shape.keys[k] as string];
    // Most values are strings with nothing to escape: quoted around, with no piece of their own.
    if (typeof value === 'string' && !NEEDS_ESCAPE.test(value)) {
      out = out === undefined ? `${shape.firstQuoted[k]}${value}"` : `${out}${shape.nextQuoted[k]}${value}"`;
      continue;
    }
    const text = valueText(value);
    if (text === undefined) continue;
    if (text === UNWRITABLE) return undefined;
    out = out === undefined ? (shape.first[k] as string) + text : out + (shape.next[k] as string) + text;
  }
  return out ?? '{';
}
