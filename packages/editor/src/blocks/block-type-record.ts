/**
 * A block type as `/block-types` answers it: the original's `block-type` schema and its
 * `prepare_item_for_response` (WordPress 6.1's block types controller), and the editor's
 * server-side definitions (`get_block_editor_server_block_settings`).
 *
 * @module
 */
import { z } from 'zod';
import type { JsonObject, JsonValue, ServerBlockDefinition } from '../boot-config.js';
import type { BlockType } from './block-type.js';
import { asPhpJson } from './php-arrays.js';

const ALL = ['embed', 'view', 'edit'];

const strings = (description: string) => z.array(z.string()).readonly().meta({ description, context: ALL });
const nullableStrings = (description: string) => z.array(z.string()).nullable().readonly().meta({ description, context: ALL });
const handle = (description: string) => z.string().nullable().readonly().meta({ description, context: ALL });

/**
 * The block type record (WordPress's `block-type` schema): every field in every context.
 *
 * @example
 * BlockTypeSchema.shape.is_dynamic.meta()?.description; // 'Is the block dynamically rendered.'
 */
export const BlockTypeSchema = z
  .object({
    api_version: z.number().int().readonly().meta({ description: 'Version of block API.', context: ALL }),
    title: z.string().readonly().meta({ description: 'Title of block type.', context: ALL }),
    name: z.string().readonly().meta({ description: 'Unique name identifying the block type.', context: ALL }),
    description: z.string().readonly().meta({ description: 'Description of block type.', context: ALL }),
    icon: z.string().nullable().readonly().meta({ description: 'Icon of block type.', context: ALL }),
    attributes: z
      .record(z.string(), z.record(z.string(), z.unknown()))
      .nullable()
      .readonly()
      .meta({ description: 'Block attributes.', context: ALL }),
    provides_context: z
      .record(z.string(), z.string())
      .readonly()
      .meta({ description: 'Context provided by blocks of this type.', context: ALL }),
    uses_context: strings('Context values inherited by blocks of this type.'),
    supports: z.record(z.string(), z.unknown()).readonly().meta({ description: 'Block supports.', context: ALL }),
    category: z.string().nullable().readonly().meta({ description: 'Block category.', context: ALL }),
    is_dynamic: z.boolean().readonly().meta({ description: 'Is the block dynamically rendered.', context: ALL }),
    editor_script_handles: strings('Editor script handles.'),
    script_handles: strings('Public facing and editor script handles.'),
    view_script_handles: strings('Public facing script handles.'),
    editor_style_handles: strings('Editor style handles.'),
    style_handles: strings('Public facing and editor style handles.'),
    styles: z
      .array(
        z.object({
          name: z.string().meta({ description: 'Unique name identifying the style.' }),
          label: z.string().optional().meta({ description: 'The human-readable label for the style.' }),
          inline_style: z
            .string()
            .optional()
            .meta({ description: 'Inline CSS code that registers the CSS class required for the style.' }),
          style_handle: z.string().optional().meta({ description: 'Contains the handle that defines the block style.' }),
        }),
      )
      .readonly()
      .meta({ description: 'Block style variations.', context: ALL }),
    variations: z
      .array(
        z.object({
          name: z.string().meta({ description: 'The unique and machine-readable name.' }),
          title: z.string().meta({ description: 'A human-readable variation title.' }),
          description: z.string().optional().meta({ description: 'A detailed variation description.' }),
          isDefault: z.boolean().optional().meta({ description: 'Indicates whether the current variation is the default one.' }),
          attributes: z.record(z.string(), z.unknown()).optional().meta({ description: 'The initial values for attributes.' }),
        }),
      )
      .nullable()
      .readonly()
      .meta({ description: 'Block variations.', context: ALL }),
    textdomain: z.string().nullable().readonly().meta({ description: 'Public text domain.', context: ALL }),
    parent: nullableStrings('Parent blocks.'),
    ancestor: nullableStrings('Ancestor blocks.'),
    keywords: strings('Block keywords.'),
    example: z.record(z.string(), z.unknown()).nullable().readonly().meta({ description: 'Block example.', context: ALL }),
    editor_script: handle('Editor script handle. DEPRECATED: Use `editor_script_handles` instead.'),
    script: handle('Public facing and editor script handle. DEPRECATED: Use `script_handles` instead.'),
    view_script: handle('Public facing script handle. DEPRECATED: Use `view_script_handles` instead.'),
    editor_style: handle('Editor style handle. DEPRECATED: Use `editor_style_handles` instead.'),
    style: handle('Public facing and editor style handle. DEPRECATED: Use `style_handles` instead.'),
  })
  .meta({ title: 'block-type' });

/** The first handle of a list, or `null`: the deprecated single-handle fields. */
const first = (list: readonly string[]): string | null => list[0] ?? null;

/**
 * The record of a block type, in the original's field order (without `_links`).
 *
 * @example
 * blockTypeRecord(blockTypes(server).get('core/paragraph')!).is_dynamic; // false
 */
export function blockTypeRecord(type: BlockType): JsonObject {
  const php = (value: JsonValue): JsonValue => asPhpJson(value);
  return {
    attributes: php(type.attributes),
    is_dynamic: type.isDynamic,
    api_version: type.apiVersion,
    name: type.name,
    title: type.title,
    description: type.description,
    icon: type.icon,
    category: type.category,
    keywords: type.keywords,
    parent: type.parent,
    ancestor: type.ancestor,
    provides_context: php(type.providesContext ?? {}),
    uses_context: type.usesContext,
    supports: php(type.supports ?? {}),
    styles: php(type.styles),
    textdomain: type.textdomain,
    example: type.example === null ? null : php(type.example),
    editor_script_handles: type.editorScriptHandles,
    script_handles: type.scriptHandles,
    view_script_handles: type.viewScriptHandles,
    editor_style_handles: type.editorStyleHandles,
    style_handles: type.styleHandles,
    variations: php(type.variations()),
    editor_script: first(type.editorScriptHandles),
    script: first(type.scriptHandles),
    view_script: first(type.viewScriptHandles),
    editor_style: first(type.editorStyleHandles),
    style: first(type.styleHandles),
  };
}

/**
 * A block type as the editor's host page describes it (one entry of WordPress's
 * `get_block_editor_server_block_settings()`): the camel-cased fields the type sets, in the
 * original's order; unset ones (`null`) left out.
 *
 * @example
 * serverBlockDefinition(blockTypes(server).get('core/paragraph')!).apiVersion; // 2
 */
export function serverBlockDefinition(type: BlockType): ServerBlockDefinition {
  const out: ServerBlockDefinition = {};
  const set = (key: string, value: JsonValue) => {
    if (value !== null) out[key] = asPhpJson(value);
  };
  set('apiVersion', type.apiVersion);
  set('title', type.title);
  set('description', type.description);
  set('icon', type.icon);
  set('attributes', type.attributes);
  set('providesContext', type.providesContext);
  set('usesContext', type.usesContext);
  set('supports', type.supports);
  set('category', type.category);
  set('styles', type.styles);
  set('textdomain', type.textdomain);
  set('parent', type.parent);
  set('ancestor', type.ancestor);
  set('keywords', type.keywords);
  set('example', type.example);
  set('variations', type.variations());
  return out;
}
