/**
 * The block types of a server: the core blocks of WordPress 6.1 (registered at first use)
 * and the site's own (`blockTypes(server).register(metadata, { render })`). A member of the
 * server (`server.extension('blockTypes', …)`), never a module-level table.
 *
 * @module
 */
import { BUILT_IN_POST_TYPES, postTypes, taxonomiesOf } from '@cms-json/content';
import type { RestServer } from '@cms-json/core';
import type { JsonObject } from '../boot-config.js';
import { BLOCK_NAME, type BlockMetadata, type BlockType, type BlockTypeOptions, blockTypeFromMetadata } from './block-type.js';
import { coreBlocks } from './metadata.js';
import { coreRenderers } from './renderers/index.js';

/**
 * The block types of one server, in registration order: what `/block-types` lists and the
 * editor's host page describes.
 */
export class BlockTypeRegistry {
  readonly #types = new Map<string, BlockType>();

  /**
   * Registers a block type from its `block.json` metadata; a `render` makes it dynamic
   * (rendered by `block-renderer` and `is_dynamic`). Registering a name again replaces the
   * type in place (a site's own renderer for a core block, say).
   *
   * @throws Error when the name is not `namespace/name` in lowercase letters, digits and `-`.
   *
   * @example
   * blockTypes(server).register({ name: 'acme/notice', title: 'Notice', category: 'text', attributes: { text: { type: 'string' } } }, {
   *   render: ({ attributes }) => `<p class="wp-block-acme-notice">${escapeHtml(String(attributes.text ?? ''))}</p>`,
   * });
   */
  register(metadata: BlockMetadata, options: BlockTypeOptions = {}): BlockType {
    if (!BLOCK_NAME.test(metadata.name)) {
      throw new Error(`Block type names are "namespace/name" in lowercase letters, digits and "-"; "${metadata.name}" is not.`);
    }
    const type = blockTypeFromMetadata(metadata, options);
    this.#types.set(type.name, type);
    return type;
  }

  /** The type of a name, or `undefined`. */
  get(name: string): BlockType | undefined {
    return this.#types.get(name);
  }

  /** Every type, in registration order. */
  all(): BlockType[] {
    return [...this.#types.values()];
  }
}

declare module '@cms-json/core' {
  interface ServerExtensions {
    /** The server's block types (the editor package's {@link blockTypes}). */
    blockTypes: BlockTypeRegistry;
  }
}

/** The `core/post-terms` variations: one per taxonomy with REST routes, built-in ones first (`register_block_core_post_terms`). */
function postTermsVariations(server: RestServer): JsonObject[] {
  const builtIns: JsonObject[] = [];
  const custom: JsonObject[] = [];
  for (const taxonomy of taxonomiesOf(server).all()) {
    if (!taxonomy.args.showInRest) continue;
    const label = taxonomy.args.labels.name ?? (taxonomy.args.hierarchical ? 'Categories' : 'Tags');
    const variation: JsonObject = {
      name: taxonomy.name,
      title: label,
      description: `Display the assigned taxonomy: ${label}`,
      attributes: { term: taxonomy.name },
      isActive: ['term'],
    };
    if (taxonomy.name === 'category') variation.isDefault = true;
    (taxonomy.name === 'category' || taxonomy.name === 'post_tag' ? builtIns : custom).push(variation);
  }
  return [...builtIns, ...custom];
}

/**
 * The `core/navigation-link` variations: one per post type and taxonomy shown in navigation
 * menus, built-in ones first (`register_block_core_navigation_link`).
 */
function navigationLinkVariations(server: RestServer): JsonObject[] {
  const builtIns: JsonObject[] = [];
  const custom: JsonObject[] = [];
  const types = postTypes(server);
  for (const name of types.names()) {
    const args = types.get(name);
    if (args === undefined || !(args.showInNavMenus ?? args.public) || name === 'attachment') continue;
    const variation: JsonObject = {
      name,
      title: args.labels.item_link ?? (args.hierarchical ? 'Page Link' : 'Post Link'),
      description: args.labels.item_link_description ?? (args.hierarchical ? 'A link to a page.' : 'A link to a post.'),
      attributes: { type: name, kind: 'post-type' },
    };
    (Object.hasOwn(BUILT_IN_POST_TYPES, name) ? builtIns : custom).push(variation);
  }
  for (const taxonomy of taxonomiesOf(server).all()) {
    const { labels, hierarchical } = taxonomy.args;
    const tag = taxonomy.name === 'post_tag';
    const variation: JsonObject = {
      name: tag ? 'tag' : taxonomy.name,
      title: labels.item_link ?? (hierarchical ? 'Category Link' : 'Tag Link'),
      description: labels.item_link_description ?? (hierarchical ? 'A link to a category.' : 'A link to a tag.'),
      attributes: { type: tag ? 'tag' : taxonomy.name, kind: 'taxonomy' },
    };
    (taxonomy.name === 'category' || tag ? builtIns : custom).push(variation);
  }
  return [...builtIns, ...custom];
}

/**
 * The block types of a server, with WordPress 6.1's core blocks registered at first use
 * (their renderers where this package has one), so a plugin may add or replace types before
 * or after `editor()`.
 *
 * @example
 * blockTypes(server).get('core/paragraph')?.isDynamic; // false
 * blockTypes(server).register({ name: 'acme/notice', title: 'Notice' }, { render: () => '<p>Hi</p>' });
 */
export function blockTypes(server: RestServer): BlockTypeRegistry {
  return server.extension('blockTypes', () => {
    const registry = new BlockTypeRegistry();
    const renderers = coreRenderers(server);
    for (const { metadata, options } of coreBlocks()) {
      const render = renderers[metadata.name];
      let variations: (() => JsonObject[]) | undefined;
      if (metadata.name === 'core/post-terms') variations = () => postTermsVariations(server);
      if (metadata.name === 'core/navigation-link') variations = () => navigationLinkVariations(server);
      registry.register(metadata, { ...options, render, variations });
    }
    return registry;
  });
}
