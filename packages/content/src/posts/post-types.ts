/**
 * The post-type registry of a server: `post`, `page`, `revision`, `attachment` and `wp_block` built in,
 * custom types registered by plugins. Each type is declared to the server's object types
 * (kind `post_type`), so an extension may change any type's arguments — switch REST
 * exposure on, rename its base — with `server.objectTypes.filterArgs('post_type', …)` before
 * the routes are built (spec §4.4, WordPress's `register_post_type_args`).
 *
 * @module
 */
import type { ObjectTypeRegistry, RestServer, Route } from '@cms-json/core';
import { assertRestBase } from '../rest-base.js';
import { defaultPostTypeLabels } from './labels.js';
import type { PostTypeArgs, PostTypeFeature } from './types.js';

export type { PostTypeArgs, PostTypeFeature } from './types.js';

/**
 * The arguments a post type gets where it says nothing, as WordPress's defaults.
 *
 * @example
 * postTypeDefaults('book').restBase; // 'book'
 */
export function postTypeDefaults(name: string): PostTypeArgs {
  return {
    label: name,
    labels: {},
    description: '',
    public: false,
    hierarchical: false,
    showInRest: false,
    showUi: undefined,
    restBase: name,
    restNamespace: undefined,
    supports: ['title', 'editor'],
    taxonomies: [],
    capabilityType: 'post',
    capabilities: {},
    showInNavMenus: undefined,
    hasArchive: false,
    icon: null,
    trash: true,
    deleteWithUser: undefined,
    controller: undefined,
  };
}

/**
 * The features whose fields a type's records carry. WordPress fixes them for its own `post`,
 * `page` and `attachment` whatever their `supports` says (a page has an excerpt field though
 * pages do not support excerpts); every other type gets the fields of what it supports.
 *
 * @example
 * restFeatures('page', args).has('excerpt'); // true
 */
export function restFeatures(name: string, args: Pick<PostTypeArgs, 'supports'>): ReadonlySet<PostTypeFeature> {
  return FIXED_FEATURES[name] ?? new Set(args.supports);
}

const FIXED_FEATURES: Readonly<Record<string, ReadonlySet<PostTypeFeature>>> = {
  post: new Set<PostTypeFeature>([
    'title',
    'editor',
    'author',
    'excerpt',
    'thumbnail',
    'comments',
    'revisions',
    'post-formats',
    'custom-fields',
  ]),
  page: new Set<PostTypeFeature>([
    'title',
    'editor',
    'author',
    'excerpt',
    'thumbnail',
    'comments',
    'revisions',
    'page-attributes',
    'custom-fields',
  ]),
  attachment: new Set<PostTypeFeature>(['title', 'author', 'comments', 'revisions', 'custom-fields']),
};

/** The built-in types, as WordPress 6.1 registers them. */
export const BUILT_IN_POST_TYPES: Readonly<Record<string, Partial<PostTypeArgs>>> = {
  post: {
    label: 'Posts',
    labels: defaultPostTypeLabels({ hierarchical: false }),
    public: true,
    showInRest: true,
    restBase: 'posts',
    supports: [
      'title',
      'editor',
      'author',
      'thumbnail',
      'excerpt',
      'trackbacks',
      'custom-fields',
      'comments',
      'revisions',
      'post-formats',
    ],
    taxonomies: ['category', 'post_tag'],
  },
  page: {
    label: 'Pages',
    labels: defaultPostTypeLabels({ hierarchical: true }),
    public: true,
    hierarchical: true,
    showInRest: true,
    restBase: 'pages',
    capabilityType: 'page',
    supports: ['title', 'editor', 'author', 'thumbnail', 'page-attributes', 'custom-fields', 'comments', 'revisions'],
  },
  attachment: {
    label: 'Media',
    labels: {
      name: 'Media',
      singular_name: 'Media',
      add_new: 'Add New',
      edit_item: 'Edit Media',
      view_item: 'View Attachment Page',
      attributes: 'Attachment Attributes',
    },
    capabilities: { create_posts: 'upload_files' },
    showInNavMenus: false,
    public: true,
    // The media routes come with the media controller (a subclass of the posts controller).
    showInRest: false,
    restBase: 'media',
    supports: ['title', 'author', 'comments'],
    trash: false,
  },
  // Reusable blocks: read and written by those who may edit posts; the content plugin gives them `BlocksController`.
  wp_block: {
    label: 'Reusable blocks',
    labels: {
      name: 'Reusable blocks',
      singular_name: 'Reusable block',
      add_new: 'Add New',
      add_new_item: 'Add new Reusable block',
      new_item: 'New Reusable block',
      edit_item: 'Edit Reusable block',
      view_item: 'View Reusable block',
      all_items: 'All Reusable blocks',
      search_items: 'Search Reusable blocks',
      not_found: 'No reusable blocks found.',
      not_found_in_trash: 'No reusable blocks found in Trash.',
      filter_items_list: 'Filter reusable blocks list',
      items_list_navigation: 'Reusable blocks list navigation',
      items_list: 'Reusable blocks list',
      item_published: 'Reusable block published.',
      item_published_privately: 'Reusable block published privately.',
      item_reverted_to_draft: 'Reusable block reverted to draft.',
      item_scheduled: 'Reusable block scheduled.',
      item_updated: 'Reusable block updated.',
    },
    showUi: true,
    showInRest: true,
    restBase: 'blocks',
    capabilityType: 'block',
    capabilities: {
      read: 'edit_posts',
      create_posts: 'publish_posts',
      edit_posts: 'edit_posts',
      edit_published_posts: 'edit_published_posts',
      delete_published_posts: 'delete_published_posts',
      edit_others_posts: 'edit_others_posts',
      delete_others_posts: 'delete_others_posts',
    },
    supports: ['title', 'editor', 'revisions'],
  },
  revision: {
    label: 'Revisions',
    labels: { name: 'Revisions', singular_name: 'Revision' },
    supports: ['author'],
    trash: false,
    deleteWithUser: true,
  },
};

/**
 * How a post type's routes are built from its filtered arguments: the posts controller
 * (or a subclass) gives them.
 */
export type PostTypeRoutes = (name: string, args: PostTypeArgs) => { namespace: string; routes: readonly Route[] } | undefined;

/**
 * The post types of one server. Registering declares the type to `server.objectTypes`,
 * whose argument filters run when the routes are built.
 *
 * @example
 * postTypes(server).register('book', { label: 'Books', public: true, showInRest: true, restBase: 'books' });
 */
export class PostTypeRegistry {
  readonly #objectTypes: ObjectTypeRegistry;
  readonly #names: string[] = [];
  #routes: PostTypeRoutes | undefined;
  /** Whether the server built the routes of the types (a type registered after would have none). */
  #built = false;

  constructor(objectTypes: ObjectTypeRegistry) {
    this.#objectTypes = objectTypes;
  }

  /**
   * Registers a post type; arguments left out take {@link postTypeDefaults}.
   *
   * @throws Error when the name is taken, or is not 1–20 lowercase letters, digits, `-` or `_`,
   *   or when the server built its routes already (register types in a plugin, before the first request).
   */
  register(name: string, args: Partial<PostTypeArgs> = {}): this {
    if (!/^[a-z0-9_-]{1,20}$/.test(name)) {
      throw new Error(`Post type names are 1-20 lowercase letters, digits, "-" or "_"; "${name}" is not.`);
    }
    // A name taken is refused as such by the declaration, whenever it comes.
    if (this.#built && !this.#names.includes(name)) {
      throw new Error(
        `postTypes(server).register('${name}'): the server built its routes already; register post types in a plugin, before server.ready() or the first request.`,
      );
    }
    const full: PostTypeArgs = { ...postTypeDefaults(name), ...args };
    this.#objectTypes.declare<PostTypeArgs>({
      kind: 'post_type',
      name,
      args: full,
      routes: (filtered) => {
        this.#built = true;
        if (!filtered.showInRest) return undefined;
        const registrant = this.#objectTypes.declared('post_type').find((type) => type.name === name)?.registrant;
        assertRestBase({ kind: 'post type', name, restBase: filtered.restBase, registrant });
        return this.#routes === undefined ? undefined : this.#routes(name, filtered);
      },
    });
    this.#names.push(name);
    return this;
  }

  /** The names of the registered types, in registration order. */
  names(): readonly string[] {
    return this.#names;
  }

  /** A type's arguments after every filter, or `undefined` for an unknown type. */
  get(name: string): PostTypeArgs | undefined {
    return this.#objectTypes.argsOf<PostTypeArgs>('post_type', name);
  }

  /** The taxonomies of a type that have REST routes (`/types` lists only these, as the original). */
  restTaxonomies(name: string): string[] {
    const args = this.get(name);
    if (args === undefined) return [];
    return args.taxonomies.filter(
      (taxonomy) => this.#objectTypes.argsOf<{ showInRest?: boolean }>('taxonomy', taxonomy)?.showInRest === true,
    );
  }

  /** The type whose collection is served under this base, if it has routes. */
  byRestBase(restBase: string): string | undefined {
    return this.#names.find((name) => {
      const args = this.get(name);
      return args?.showInRest === true && args.restBase === restBase;
    });
  }

  /**
   * Sets how routes are built (the content plugin does this once).
   *
   * @throws Error when they are set already: `contentPlugin` was used twice on the server.
   */
  buildRoutesWith(routes: PostTypeRoutes): void {
    if (this.#routes !== undefined) throw new Error('contentPlugin: used on this server already; use it once.');
    this.#routes = routes;
  }
}

declare module '@cms-json/core' {
  interface ServerExtensions {
    /** The server's post types (the content package's {@link postTypes}). */
    postTypes: PostTypeRegistry;
  }
}

/**
 * The post types of a server, with the built-in ones registered at first use: a member of
 * the server (`server.extension('postTypes', …)`), so a plugin may register a type before
 * or after `contentPlugin`, as long as the routes are not built yet.
 *
 * @example
 * postTypes(server).register('book', { public: true, showInRest: true, restBase: 'books', supports: ['title', 'editor', 'author'] });
 */
export function postTypes(server: RestServer): PostTypeRegistry {
  return server.extension('postTypes', () => {
    const registry = new PostTypeRegistry(server.objectTypes);
    for (const [name, args] of Object.entries(BUILT_IN_POST_TYPES)) registry.register(name, args);
    return registry;
  });
}
