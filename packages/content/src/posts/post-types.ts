/**
 * The post-type registry of a server: `post`, `page`, `revision` and `attachment` built in,
 * custom types registered by plugins. Each type is declared to the server's object types
 * (kind `post_type`), so an extension may change any type's arguments — switch REST
 * exposure on, rename its base — with `server.objectTypes.filterArgs('post_type', …)` before
 * the routes are built (spec §4.4, WordPress's `register_post_type_args`).
 *
 * @module
 */
import type { ObjectTypeRegistry, RestServer, Route } from '@cms-json/core';
import type { PostsControllerClass } from './controller.js';
import { defaultPostTypeLabels } from './labels.js';

/**
 * What a post type supports, as WordPress names it: each switches fields of its records on.
 *
 * @example
 * const supports: PostTypeFeature[] = ['title', 'editor', 'author'];
 */
export type PostTypeFeature =
  | 'title'
  | 'editor'
  | 'author'
  | 'thumbnail'
  | 'excerpt'
  | 'trackbacks'
  | 'custom-fields'
  | 'comments'
  | 'revisions'
  | 'page-attributes'
  | 'post-formats';

/**
 * The arguments of a post type (WordPress's `register_post_type` arguments, camel-cased).
 *
 * @example
 * const args: PostTypeArgs = { ...postTypeDefaults('book'), public: true, showInRest: true, restBase: 'books' };
 */
export interface PostTypeArgs {
  /** The plural name shown to people. */
  label: string;
  /** More names shown to people (`singular_name`, `add_new`, …). */
  labels: Readonly<Record<string, string | null>>;
  description: string;
  /** Whether visitors see its records (and `/types` lists it to anyone). */
  public: boolean;
  /** Whether records have parents (pages) and the `parent` field. */
  hierarchical: boolean;
  /** Whether the type has routes in the REST namespace. */
  showInRest: boolean;
  /** The collection's path segment; defaults to the type's name. */
  restBase: string;
  /** The namespace of its routes; defaults to the content namespace (`cms/v2`). */
  restNamespace: string | undefined;
  supports: readonly PostTypeFeature[];
  /** The taxonomies of its records (filled by the taxonomy registry). */
  taxonomies: readonly string[];
  /** The capability base: `post` gives `edit_posts`, `edit_others_posts`, …; `[singular, plural]` to spell both. */
  capabilityType: string | readonly [string, string];
  /** Whether menus may link its records; `undefined`: as `public`. */
  showInNavMenus: boolean | undefined;
  /** Capability names that replace those of `capabilityType` (`{ create_posts: 'upload_files' }`). */
  capabilities: Readonly<Record<string, string>>;
  /** Whether the type has an archive page (its `link` is the archive). */
  hasArchive: boolean;
  /** The icon of the admin menu (`dashicons-book`), shown in `/types` as `icon`. */
  icon: string | null;
  /** Whether records can be moved to the trash before being deleted. */
  trash: boolean;
  /**
   * Whether a user's records of this type are deleted with the user (when no `reassign` is
   * given); `undefined` means "when the type supports `author`", as WordPress's `delete_with_user`.
   */
  deleteWithUser: boolean | undefined;
  /** The controller class of its routes: `PostsController` or a subclass (spec §4.4). */
  controller: PostsControllerClass | undefined;
}

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

  constructor(objectTypes: ObjectTypeRegistry) {
    this.#objectTypes = objectTypes;
  }

  /**
   * Registers a post type; arguments left out take {@link postTypeDefaults}.
   *
   * @throws Error when the name is taken, or is not 1–20 lowercase letters, digits, `-` or `_`.
   */
  register(name: string, args: Partial<PostTypeArgs> = {}): this {
    if (!/^[a-z0-9_-]{1,20}$/.test(name)) {
      throw new Error(`Post type names are 1-20 lowercase letters, digits, "-" or "_"; "${name}" is not.`);
    }
    const full: PostTypeArgs = { ...postTypeDefaults(name), ...args };
    this.#objectTypes.declare<PostTypeArgs>({
      kind: 'post_type',
      name,
      args: full,
      routes: (filtered) => (filtered.showInRest && this.#routes !== undefined ? this.#routes(name, filtered) : undefined),
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

  /** Sets how routes are built (the content plugin does this once). */
  buildRoutesWith(routes: PostTypeRoutes): void {
    this.#routes = routes;
  }
}

const registries = new WeakMap<RestServer, PostTypeRegistry>();

/**
 * The post types of a server, with the built-in ones registered at first use.
 *
 * @example
 * postTypes(server).register('book', { public: true, showInRest: true, restBase: 'books', supports: ['title', 'editor', 'author'] });
 */
export function postTypes(server: RestServer): PostTypeRegistry {
  let registry = registries.get(server);
  if (registry === undefined) {
    registry = new PostTypeRegistry(server.objectTypes);
    for (const [name, args] of Object.entries(BUILT_IN_POST_TYPES)) registry.register(name, args);
    registries.set(server, registry);
  }
  return registry;
}
