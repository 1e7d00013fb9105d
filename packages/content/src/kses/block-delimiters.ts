/**
 * Block delimiters as data: the comments `<!-- wp:name {json} -->`, `<!-- /wp:name -->` and
 * `<!-- wp:name {json} /-->` are found with the grammar of
 * `@wordpress/block-serialization-default-parser` (WordPress 6.1's tokenizer), their
 * attributes must parse as a JSON object, and they are written back in one canonical form:
 * the name as written, the attributes as WordPress's `serialize_block_attributes` encodes
 * them (`--`, `<`, `>`, `&` and `\"` as `\u` escapes), single spaces. Nothing in a written
 * delimiter can end the comment early (`--!>`, `-->`), open another (`<!--`) or be markup.
 *
 * @module
 */

/** One block delimiter, parsed. */
export interface BlockDelimiter {
  /** `/wp:name`: the end of a block. */
  readonly closer: boolean;
  /** The name as written: `paragraph` or `my-plugin/notice`. */
  readonly name: string;
  /** The attributes (an opener's JSON object), if any. */
  readonly attributes: Readonly<Record<string, unknown>> | undefined;
  /** `/-->`: a block without inner content. */
  readonly void: boolean;
}

/**
 * The tokenizer of `@wordpress/block-serialization-default-parser` (6.1), as written there:
 * the attributes are everything from `{` to the `}` that is followed by whitespace and the
 * comment's end (the look-ahead and back-reference make the repetition atomic).
 */
const TOKENIZER =
  /<!--\s+(\/)?wp:([a-z][a-z0-9_-]*\/)?([a-z][a-z0-9_-]*)\s+({(?:(?=([^}]+|}+(?=})|(?!}\s+\/?-->)[\s\S])*)\5|[\s\S]*?)}\s+)?(\/)?-->/g;

/** A delimiter's JSON, parsed: only an object (not an array, a string, `null`) is a block's attributes. */
function parseAttributes(json: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * WordPress's `serialize_block_attributes`: JSON (slashes and Unicode as they are), then `--`,
 * `<`, `>`, `&` and an escaped quote as `\u` escapes, so the JSON can sit in an HTML comment.
 *
 * @example
 * serializeBlockAttributes({ a: '--><img>' }); // '{"a":"\\u002d\\u002d\\u003e\\u003cimg\\u003e"}'
 */
export function serializeBlockAttributes(attributes: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(attributes)
    .replace(/--/g, '\\u002d\\u002d')
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\\"/g, '\\u0022');
}

/**
 * A delimiter in its canonical form.
 *
 * @example
 * serializeBlockDelimiter({ closer: false, name: 'paragraph', attributes: { align: 'center' }, void: false });
 * // '<!-- wp:paragraph {"align":"center"} -->'
 */
export function serializeBlockDelimiter(delimiter: BlockDelimiter): string {
  if (delimiter.closer) return `<!-- /wp:${delimiter.name} -->`;
  const attributes =
    delimiter.attributes === undefined || Object.keys(delimiter.attributes).length === 0
      ? ''
      : `${serializeBlockAttributes(delimiter.attributes)} `;
  return `<!-- wp:${delimiter.name} ${attributes}${delimiter.void ? '/' : ''}-->`;
}

/**
 * Calls `replace` for every text that the block parser reads as a delimiter, with the
 * delimiter, or `undefined` when its attributes are not a JSON object; the rest of the text
 * is kept.
 *
 * @example
 * replaceBlockDelimiters('<!-- wp:p --><p>Hi</p><!-- /wp:p -->', (d) => (d ? serializeBlockDelimiter(d) : ''));
 */
export function replaceBlockDelimiters(html: string, replace: (delimiter: BlockDelimiter | undefined) => string): string {
  return html.replace(
    TOKENIZER,
    (_match, closer?: string, namespace?: string, name?: string, json?: string, _atomic?: string, end?: string) => {
      const attributes = json === undefined ? undefined : parseAttributes(json);
      if (json !== undefined && attributes === undefined) return replace(undefined);
      return replace({
        closer: closer !== undefined,
        name: `${namespace ?? ''}${name ?? ''}`,
        attributes,
        void: end !== undefined,
      });
    },
  );
}
