/**
 * What the server-side renderers share: WordPress's escaping (`esc_html`, `esc_attr`, which
 * leave entities as they are), the block wrapper's attributes (`get_block_wrapper_attributes`
 * with the block supports the rendered core blocks have: align, custom class name, the
 * generated class, spacing and typography), PHP's float-to-string, and reading every page
 * of a collection.
 *
 * @module
 */
import type { BlockRenderContext } from '../block-type.js';

const ENTITY = /&(?!(?:#\d+|#x[0-9a-fA-F]+|[a-zA-Z][a-zA-Z0-9]*);)/g;

/**
 * WordPress's `esc_html` / `esc_attr`: `&` (not already an entity), `<`, `>`, `"` and `'`
 * escaped.
 *
 * @example
 * escHtml('Tom & Jerry &amp; <b>'); // 'Tom &amp; Jerry &amp; &lt;b&gt;'
 */
export function escHtml(text: string): string {
  return text
    .replace(ENTITY, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');
}

/** `esc_attr`: the same escaping as {@link escHtml}. */
export const escAttr = escHtml;

/**
 * `esc_url` as it writes a URL into a page: escaped as an attribute, `&` written `&#038;`.
 *
 * @example
 * escUrl('http://site.test/?post_type=book&p=3'); // 'http://site.test/?post_type=book&#038;p=3'
 */
export function escUrl(url: string): string {
  return escAttr(url).replace(/&amp;/g, '&#038;');
}

/**
 * A number as PHP 8 writes a float in a string (`precision` 14): `11.294117647059`, `20`.
 *
 * @example
 * phpFloat(8 + 3.294117647058823); // '11.294117647059'
 */
export function phpFloat(value: number): string {
  return String(Number(value.toPrecision(14)));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A preset value (`var:preset|font-size|large`) as its CSS custom property, else the value. */
function cssValue(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value);
  const preset = /^var:preset\|([a-z0-9-]+)\|([a-z0-9-]+)$/.exec(text);
  return preset === null ? text : `var(--wp--preset--${preset[1]}--${preset[2]})`;
}

const SIDES = ['top', 'right', 'bottom', 'left'] as const;

/** `padding-top:1em;…` of a spacing value (one value, or one per side). */
function boxDeclarations(property: string, value: unknown): string[] {
  if (!isRecord(value)) {
    const css = cssValue(value);
    return css === undefined ? [] : [`${property}:${css}`];
  }
  return SIDES.flatMap((side) => {
    const css = cssValue(value[side]);
    return css === undefined ? [] : [`${property}-${side}:${css}`];
  });
}

/** The typography style keys WordPress writes inline, with their CSS properties, in its order. */
const TYPOGRAPHY: ReadonlyArray<readonly [string, string]> = [
  ['fontSize', 'font-size'],
  ['fontFamily', 'font-family'],
  ['fontStyle', 'font-style'],
  ['fontWeight', 'font-weight'],
  ['lineHeight', 'line-height'],
  ['textDecoration', 'text-decoration'],
  ['textTransform', 'text-transform'],
  ['letterSpacing', 'letter-spacing'],
];

/**
 * The block wrapper's attributes (`get_block_wrapper_attributes`) of a core block with the
 * supports `align`, `spacing` and `typography`: the extra class first, then the supports'
 * classes (alignment, the custom class name, the generated `wp-block-<name>` class, the font
 * size preset) and inline styles (spacing, typography), from the attributes as sent.
 *
 * @example
 * wrapperAttributes('core/archives', { align: 'wide' }, { class: ' wp-block-archives-list' });
 * // 'class=" wp-block-archives-list alignwide wp-block-archives"'
 */
export function wrapperAttributes(
  blockName: string,
  attributes: Readonly<Record<string, unknown>>,
  extra: { class?: string } = {},
): string {
  const classes: string[] = [];
  const styles: string[] = [];
  if (typeof attributes.align === 'string' && attributes.align !== '') classes.push(`align${attributes.align}`);
  if (typeof attributes.className === 'string' && attributes.className !== '') classes.push(attributes.className);
  classes.push(`wp-block-${blockName.replace(/^core\//, '').replace('/', '-')}`);
  const style = isRecord(attributes.style) ? attributes.style : {};
  const spacing = isRecord(style.spacing) ? style.spacing : {};
  // Each support writes its declarations together (`a:1;b:2;`); the supports' styles are joined by a space.
  styles.push(
    [...boxDeclarations('padding', spacing.padding), ...boxDeclarations('margin', spacing.margin)].map((d) => `${d};`).join(''),
  );
  if (typeof attributes.fontSize === 'string' && attributes.fontSize !== '') classes.push(`has-${attributes.fontSize}-font-size`);
  const typography = isRecord(style.typography) ? style.typography : {};
  const typographyDeclarations: string[] = [];
  for (const [key, property] of TYPOGRAPHY) {
    if (key === 'fontSize' && typeof attributes.fontSize === 'string') continue;
    const css = cssValue(typography[key]);
    if (css !== undefined) typographyDeclarations.push(`${property}:${css};`);
  }
  styles.push(typographyDeclarations.join(''));
  const out: string[] = [];
  const supportStyle = styles.filter((part) => part !== '').join(' ');
  if (supportStyle !== '') out.push(`style="${escAttr(supportStyle)}"`);
  const supportClass = classes.join(' ');
  out.push(
    `class="${escAttr(extra.class === undefined || extra.class === '' ? supportClass : `${extra.class} ${supportClass}`)}"`,
  );
  return out.join(' ');
}

/** The most pages {@link readAll} reads: 100 pages of 100 records. */
const MAX_PAGES = 100;

/**
 * Every record of a collection, read page by page (100 a page, at most 100 pages) as the
 * caller; an answer other than 200 ends the reading.
 *
 * @example
 * const posts = await readAll(context, '/wp/v2/posts', { _fields: 'date' });
 */
export async function readAll(
  context: BlockRenderContext,
  path: string,
  query: Record<string, string | number | boolean | readonly (string | number)[]>,
): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const res = await context.get(path, { ...query, per_page: 100, page });
    if (res.status !== 200 || !Array.isArray(res.body)) break;
    out.push(...res.body.filter(isRecord));
    const pages = Number(res.headers[`x-${context.prefix}-totalpages`] ?? '1');
    if (page >= pages) break;
  }
  return out;
}
