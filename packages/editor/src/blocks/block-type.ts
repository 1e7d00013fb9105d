/**
 * A block type as the server holds it: a `block.json` metadata object turned into the
 * registered type WordPress 6.1's `register_block_type_from_metadata()` makes of it (the
 * snake-cased fields, the global `lock` attribute, the attributes the block supports add,
 * asset handles, default style handles of core blocks), plus the renderer of a dynamic block.
 *
 * @module
 */
import type { SiteOptions } from '@cms-json/content';
import type { JsonObject, JsonValue } from '../boot-config.js';

/**
 * The `block.json` metadata of a block type (https://schemas.wp.org/trunk/block.json): the
 * fields the server reads. Unknown fields are kept and ignored.
 */
export interface BlockMetadata {
  /** `namespace/name`, lowercase letters, digits and `-`. */
  name: string;
  apiVersion?: number;
  title?: string;
  category?: string;
  parent?: string[];
  ancestor?: string[];
  icon?: string;
  description?: string;
  keywords?: string[];
  textdomain?: string;
  attributes?: Record<string, JsonObject>;
  providesContext?: Record<string, string>;
  usesContext?: string[];
  supports?: JsonObject;
  styles?: JsonObject[];
  variations?: JsonObject[];
  example?: JsonObject;
  editorScript?: string | string[];
  script?: string | string[];
  viewScript?: string | string[];
  editorStyle?: string | string[];
  style?: string | string[];
  [field: string]: unknown;
}

/** What a block renderer is given: the block's attributes (checked against its attribute schemas) and where it renders. */
export interface BlockRenderInput {
  /**
   * The attributes, checked and cast by the attribute schemas, each missing one given its
   * default (as a PHP render callback gets them from `WP_Block`).
   */
  readonly attributes: Readonly<Record<string, unknown>>;
  /** The attributes as sent (the block supports' classes and styles are made from these, as WordPress does). */
  readonly sent: Readonly<Record<string, unknown>>;
  /** The post the block is rendered for (`post_id`), when given. */
  readonly postId: number | undefined;
}

/**
 * Renders a dynamic block to HTML on the server, as a PHP `render_callback` does. It reads
 * the site through `context.dispatch` (an in-process request as the caller), so it sees only
 * what the caller may see.
 */
export type BlockRenderer = (input: BlockRenderInput, context: BlockRenderContext) => string | Promise<string>;

/** The site options a renderer may read. */
export type RenderOption = 'permalink_structure' | 'date_format' | 'timezone' | 'start_of_week';

/** What a renderer may use besides its input. */
export interface BlockRenderContext {
  /**
   * An in-process GET of the site's REST API as the caller (a path under the REST root, such
   * as `/wp/v2/posts`): its status, body and headers.
   */
  readonly get: (
    path: string,
    query?: Record<string, string | number | boolean | readonly (string | number)[]>,
  ) => Promise<{
    status: number;
    body: unknown;
    headers: Readonly<Record<string, string>>;
  }>;
  /** The REST namespace of the content routes (`wp/v2`, `cms/v2`). */
  readonly namespace: string;
  /** The product prefix (`wp`, `cms`): the paging headers are `X-<PREFIX>-Total` and `X-<PREFIX>-TotalPages`. */
  readonly prefix: string;
  /** A site option the rendering depends on (the permalink structure, the date format, the time zone, the first day of the week). */
  readonly option: <K extends RenderOption>(name: K) => Promise<SiteOptions[K]>;
  /** The time now, in milliseconds since the epoch (the content plugin's clock). */
  readonly now: () => number;
  /** The site's front URL, without a trailing slash (`http://example.com`). */
  readonly siteUrl: string;
  /** A number unique to this rendering, for element ids (`wp-block-archives-1`), as WordPress's `wp_unique_id`. */
  readonly uniqueId: (prefix: string) => string;
}

/** Options of a block type's registration. */
export interface BlockTypeOptions {
  /** Renders the block on the server: makes it dynamic (`is_dynamic`, `block-renderer`). */
  render?: BlockRenderer | undefined;
  /**
   * Marks the type dynamic without a renderer here: the original renders it on the server,
   * this site does not (block-renderer answers 501). Core blocks use it, so the editor sees
   * the original's `is_dynamic`.
   */
  dynamic?: boolean;
  /** Variations computed when the type is read (from the site's post types or taxonomies), after the metadata's own. */
  variations?: (() => JsonObject[]) | undefined;
  /** Fields laid over the metadata, as the PHP registration's arguments (`style` handles of a legacy block). */
  overrides?: Partial<BlockMetadata>;
}

/** A registered block type: WordPress's `WP_Block_Type`, fields as the REST controller reads them. */
export interface BlockType {
  readonly name: string;
  readonly apiVersion: number;
  readonly title: string;
  readonly category: string | null;
  readonly parent: string[] | null;
  readonly ancestor: string[] | null;
  readonly icon: string | null;
  readonly description: string;
  readonly keywords: string[];
  readonly textdomain: null;
  readonly attributes: Record<string, JsonObject>;
  readonly providesContext: Record<string, string> | null;
  readonly usesContext: string[];
  readonly supports: JsonObject | null;
  readonly styles: JsonObject[];
  readonly example: JsonObject | null;
  readonly editorScriptHandles: string[];
  readonly scriptHandles: string[];
  readonly viewScriptHandles: string[];
  readonly editorStyleHandles: string[];
  readonly styleHandles: string[];
  /** Whether the original renders it on the server. */
  readonly isDynamic: boolean;
  /** This server's renderer, when it has one. */
  readonly render: BlockRenderer | undefined;
  /** The variations: the metadata's, then the computed ones. */
  variations(): JsonObject[];
}

/** A block name: `namespace/name` in lowercase letters, digits and `-` (and `_` in the namespace, as the route accepts). */
export const BLOCK_NAME = /^[a-z0-9-]+\/[a-z0-9-]+$/;

/** The typography keys WordPress 5.8 moved under `supports.typography` (`wp_migrate_old_typography_shape`). */
const OLD_TYPOGRAPHY_KEYS = [
  '__experimentalFontFamily',
  '__experimentalFontStyle',
  '__experimentalFontWeight',
  '__experimentalLetterSpacing',
  '__experimentalTextDecoration',
  '__experimentalTextTransform',
  'fontSize',
  'lineHeight',
];

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `_wp_array_get`: the value at a path of nested objects, or the default. */
function pathGet(source: unknown, path: readonly string[], fallback: JsonValue | undefined): JsonValue | undefined {
  let current: unknown = source;
  for (const key of path) {
    if (!isObject(current) || !Object.hasOwn(current, key)) return fallback;
    current = current[key];
  }
  return current === null ? fallback : (current as JsonValue);
}

/** `block_has_support`: `true` or an object (or array) at the path. */
function hasSupport(supports: JsonObject | null, path: readonly string[], fallback = false): boolean {
  const value = pathGet(supports, path, fallback);
  return value === true || (typeof value === 'object' && value !== null);
}

const truthy = (value: JsonValue | undefined): boolean =>
  value !== undefined &&
  value !== null &&
  value !== false &&
  value !== 0 &&
  value !== '' &&
  value !== '0' &&
  !(Array.isArray(value) && value.length === 0);

/**
 * The attributes WordPress's block supports register for a type (`WP_Block_Supports::register_attributes`:
 * align, border, colors, custom class name, dimensions, duotone, layout, spacing, typography, in
 * that order), added after the type's own and the global `lock`.
 */
function supportAttributes(attributes: Record<string, JsonObject>, supports: JsonObject | null): void {
  const add = (name: string, schema: JsonObject) => {
    if (!Object.hasOwn(attributes, name)) attributes[name] = schema;
  };
  // align
  if (hasSupport(supports, ['align'])) add('align', { type: 'string', enum: ['left', 'center', 'right', 'wide', 'full', ''] });
  // border
  if (hasSupport(supports, ['__experimentalBorder'])) add('style', { type: 'object' });
  const border = pathGet(supports, ['__experimentalBorder'], false);
  if (border === true || (isObject(border) && truthy(pathGet(border, ['color'], false)))) add('borderColor', { type: 'string' });
  // colors
  const color = pathGet(supports, ['color'], false);
  const text = color === true || (isObject(color) && truthy(pathGet(color, ['text'], true)));
  const background = color === true || (isObject(color) && truthy(pathGet(color, ['background'], true)));
  const gradients = truthy(pathGet(color, ['gradients'], false));
  const link = truthy(pathGet(color, ['link'], false));
  if (text || background || gradients || link) add('style', { type: 'object' });
  if (background) add('backgroundColor', { type: 'string' });
  if (text) add('textColor', { type: 'string' });
  if (gradients) add('gradient', { type: 'string' });
  // custom class name
  if (hasSupport(supports, ['customClassName'], true)) add('className', { type: 'string' });
  // dimensions
  if (hasSupport(supports, ['__experimentalDimensions'])) add('style', { type: 'object' });
  // duotone
  if (truthy(pathGet(supports, ['color', '__experimentalDuotone'], false))) add('style', { type: 'object' });
  // layout
  if (hasSupport(supports, ['__experimentalLayout'])) add('layout', { type: 'object' });
  // spacing
  if (hasSupport(supports, ['spacing'])) add('style', { type: 'object' });
  // typography
  const typography = pathGet(supports, ['typography'], false);
  if (truthy(typography)) {
    const has = (key: string) => truthy(pathGet(typography, [key], false));
    const fontFamily = has('__experimentalFontFamily');
    const fontSize = has('fontSize');
    const any =
      fontFamily ||
      fontSize ||
      [
        '__experimentalFontStyle',
        '__experimentalFontWeight',
        '__experimentalLetterSpacing',
        'lineHeight',
        '__experimentalTextDecoration',
        '__experimentalTextTransform',
      ].some(has);
    if (any) add('style', { type: 'object' });
    if (fontSize) add('fontSize', { type: 'string' });
    if (fontFamily) add('fontFamily', { type: 'string' });
  }
}

/** `generate_block_asset_handle`. */
function assetHandle(blockName: string, field: string, index: number): string {
  if (blockName.startsWith('core/')) {
    let handle = blockName.replace('core/', 'wp-block-');
    if (field.startsWith('editor')) handle += '-editor';
    if (field.startsWith('view')) handle += '-view';
    if (index > 0) handle += `-${index + 1}`;
    return handle;
  }
  const suffix: Record<string, string> = {
    editorScript: 'editor-script',
    script: 'script',
    viewScript: 'view-script',
    editorStyle: 'editor-style',
    style: 'style',
  };
  return `${blockName.replace('/', '-')}-${suffix[field] ?? field}${index > 0 ? `-${index + 1}` : ''}`;
}

/** The handles of an asset field: a handle as it is, a `file:` path as the handle WordPress generates for it. */
function handles(metadata: BlockMetadata, field: 'editorScript' | 'script' | 'viewScript' | 'editorStyle' | 'style'): string[] {
  const value = metadata[field];
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return [];
  const list = Array.isArray(value) ? value : [value];
  return list
    .map((entry, index) => {
      if (entry === '') return undefined;
      // A core block's first style is always registered under the generated handle.
      const coreStyle = metadata.name.startsWith('core/') && index === 0 && (field === 'style' || field === 'editorStyle');
      return entry.startsWith('file:') || coreStyle ? assetHandle(metadata.name, field, index) : entry;
    })
    .filter((entry): entry is string => entry !== undefined);
}

/**
 * The registered type of a block's metadata, as `register_block_type_from_metadata()` makes
 * it (old typography supports moved, core style handles defaulted, asset fields turned into
 * handles, the global `lock` attribute and the block supports' attributes added).
 *
 * @example
 * const paragraph = blockTypeFromMetadata({ name: 'core/paragraph', apiVersion: 2, category: 'text', supports: { anchor: true } });
 * Object.keys(paragraph.attributes); // ['lock', 'className']
 */
export function blockTypeFromMetadata(source: BlockMetadata, options: BlockTypeOptions = {}): BlockType {
  const metadata: BlockMetadata = structuredClone({ ...source, ...options.overrides });
  const supports = isObject(metadata.supports) ? metadata.supports : null;
  if (supports !== null) {
    for (const key of OLD_TYPOGRAPHY_KEYS) {
      if (!Object.hasOwn(supports, key) || supports[key] === null) continue;
      const typography = isObject(supports.typography) ? supports.typography : {};
      typography[key] = supports[key] as JsonValue;
      supports.typography = typography;
      delete supports[key];
    }
  }
  if (metadata.name.startsWith('core/')) {
    const short = metadata.name.slice('core/'.length);
    metadata.style ??= `wp-block-${short}`;
    metadata.editorStyle ??= `wp-block-${short}-editor`;
  }
  const attributes: Record<string, JsonObject> = { ...(metadata.attributes ?? {}) };
  if (!Object.hasOwn(attributes, 'lock')) attributes.lock = { type: 'object' };
  supportAttributes(attributes, supports);
  const own = metadata.variations ?? [];
  const computed = options.variations;
  return {
    name: metadata.name,
    apiVersion: metadata.apiVersion ?? 1,
    title: metadata.title ?? '',
    category: metadata.category ?? null,
    parent: metadata.parent ?? null,
    ancestor: metadata.ancestor ?? null,
    icon: metadata.icon ?? null,
    description: metadata.description ?? '',
    keywords: metadata.keywords ?? [],
    textdomain: null,
    attributes,
    providesContext: metadata.providesContext ?? null,
    usesContext: metadata.usesContext ?? [],
    supports,
    styles: metadata.styles ?? [],
    example: metadata.example ?? null,
    editorScriptHandles: handles(metadata, 'editorScript'),
    scriptHandles: handles(metadata, 'script'),
    viewScriptHandles: handles(metadata, 'viewScript'),
    editorStyleHandles: handles(metadata, 'editorStyle'),
    styleHandles: handles(metadata, 'style'),
    isDynamic: options.render !== undefined || options.dynamic === true,
    render: options.render,
    variations: computed === undefined ? () => own : () => [...own, ...computed()],
  };
}
