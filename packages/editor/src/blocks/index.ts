/**
 * The block routes of the editor package: `block-types`, `block-renderer` and
 * `block-patterns` in the content namespace, the block types of the server (WordPress 6.1's
 * core blocks from `@wordpress/block-library`'s metadata, and the site's own), and what the
 * editor's host page says of them.
 *
 * @module
 */
import type { Plugin, RestServer } from '@cms-json/core';
import type { BlockCategory, ServerBlockDefinition } from '../boot-config.js';
import { blockRendererRoute } from './block-renderer-route.js';
import { serverBlockDefinition } from './block-type-record.js';
import { blockTypesRoutes } from './block-types-routes.js';
import { renderBlocksInContent } from './dynamic-content.js';
import { blockPatternsRoutes } from './patterns/routes.js';
import { blockTypes } from './registry.js';

export { RenderedBlockSchema } from './block-renderer-route.js';
export type {
  BlockMetadata,
  BlockRenderContext,
  BlockRenderer,
  BlockRenderInput,
  BlockType,
  BlockTypeOptions,
  RenderOption,
} from './block-type.js';
export { BlockTypeSchema, blockTypeRecord, serverBlockDefinition } from './block-type-record.js';
export { canReadBlockTypes } from './block-types-routes.js';
export { renderBlocksInContent } from './dynamic-content.js';
export { BLOCK_ERROR_CODES, blockError } from './errors.js';
export { BlockTypeRegistry, blockTypes } from './registry.js';

/** Options of {@link blockRoutes}. */
export interface BlockRoutesOptions {
  /** Whether to serve `block-patterns/patterns` and `/categories`; default `true`. */
  readonly patterns?: boolean;
}

/**
 * The block routes in the content namespace (`<prefix>/v2`): `block-types` (list, by
 * namespace, one type), `block-renderer/<namespace>/<name>` and `block-patterns/patterns` and
 * `/categories`, as WordPress 6.1 answers them; and the dynamic blocks of records'
 * `content.rendered` made by the block types' renderers ({@link renderBlocksInContent}). Use it once per server (`editor()` does).
 *
 * @example
 * await server.use(contentPlugin({ auth }));
 * await server.use(blockRoutes());
 * // GET /wp-json/wp/v2/block-types/core/paragraph
 */
export function blockRoutes(options: BlockRoutesOptions = {}): Plugin {
  return function blockRoutesSetup(server) {
    const namespace = `${server.names.prefix}/v2`;
    const registry = blockTypes(server);
    // The renderers also make the dynamic blocks of records' `content.rendered`.
    renderBlocksInContent(server, registry);
    server.register(
      namespace,
      // The original's order: the renderer's route, then the block types'.
      blockRendererRoute({ server, registry, namespace }),
      ...blockTypesRoutes({ server, registry, namespace }),
      ...(options.patterns === false ? [] : blockPatternsRoutes()),
    );
  };
}

/**
 * The block types of a server as the editor's host page gives them to the editor
 * (`EditorBootConfig.blockDefinitions`): WordPress's `get_block_editor_server_block_settings()`,
 * keyed by block name.
 *
 * @example
 * const config = { ...rest, blockDefinitions: serverBlockDefinitions(server), blockCategories: blockCategories() };
 */
export function serverBlockDefinitions(server: RestServer): { [blockName: string]: ServerBlockDefinition } {
  const out: { [blockName: string]: ServerBlockDefinition } = {};
  for (const type of blockTypes(server).all()) out[type.name] = serverBlockDefinition(type);
  return out;
}

/**
 * The block categories of WordPress 6.1 (`get_default_block_categories()`), in inserter order.
 *
 * @example
 * blockCategories().map((category) => category.slug); // ['text', 'media', 'design', 'widgets', 'theme', 'embed', 'reusable']
 */
export function blockCategories(): BlockCategory[] {
  return [
    { slug: 'text', title: 'Text', icon: null },
    { slug: 'media', title: 'Media', icon: null },
    { slug: 'design', title: 'Design', icon: null },
    { slug: 'widgets', title: 'Widgets', icon: null },
    { slug: 'theme', title: 'Theme', icon: null },
    { slug: 'embed', title: 'Embeds', icon: null },
    { slug: 'reusable', title: 'Reusable Blocks', icon: null },
  ];
}
