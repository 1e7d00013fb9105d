/**
 * The taxonomies of a site: `category` and `post_tag` built in, custom ones (`genre`)
 * registered by extensions. Each is declared to the server's object types (kind
 * `taxonomy`), so that any plugin may change its arguments with
 * `server.objectTypes.filterArgs('taxonomy', …)` — switch its REST exposure on, rename its
 * rest base — until the routes are built at the first request.
 *
 * @module
 */
import { describeRegistrant, type ObjectTypeRegistry, type Registrant, type RestServer, type Route } from '@cms-json/core';
import { contentError } from '../errors.js';
import { assertRestBase } from '../rest-base.js';
import type { Taxonomies, Taxonomy, TaxonomyArgs, TaxonomyCapabilities } from './types.js';

export type {
  DefaultTerm,
  Taxonomies,
  Taxonomy,
  TaxonomyArgs,
  TaxonomyCapabilities,
  TermsControllerClass,
} from './types.js';

/** The capabilities taxonomies get unless they say otherwise. */
export const DEFAULT_TAXONOMY_CAPABILITIES: TaxonomyCapabilities = {
  manage_terms: 'manage_categories',
  edit_terms: 'manage_categories',
  delete_terms: 'manage_categories',
  assign_terms: 'edit_posts',
};

/** The arguments of a taxonomy, every default filled in. */
export function taxonomyArgs(name: string, namespace: string, given: Partial<TaxonomyArgs>): TaxonomyArgs {
  return {
    labels: given.labels ?? {},
    description: given.description ?? '',
    hierarchical: given.hierarchical ?? false,
    showInRest: given.showInRest ?? false,
    restBase: given.restBase ?? name,
    restNamespace: given.restNamespace ?? namespace,
    controller: given.controller,
    capabilities: { ...DEFAULT_TAXONOMY_CAPABILITIES, ...given.capabilities },
    rewrite: given.rewrite ?? { slug: name, hierarchical: false },
    showCloud: given.showCloud ?? true,
    showAdminColumn: given.showAdminColumn ?? false,
    defaultTerm: given.defaultTerm,
  };
}

/** What the registry needs to build a taxonomy's routes. */
export type TaxonomyRoutes = (taxonomy: Taxonomy) => { namespace: string; routes: readonly Route[] };

/**
 * The taxonomies of one server. Get it with {@link taxonomiesOf}.
 *
 * @example
 * ```ts
 * taxonomiesOf(server).register('genre', ['book'], {
 *   labels: { name: 'Genres', singular_name: 'Genre' },
 *   showInRest: true,
 *   restBase: 'genres',
 * });
 * ```
 */
export class TaxonomyRegistry implements Taxonomies {
  readonly #names: string[] = [];
  readonly #objectTypes = new Map<string, string[]>();
  /** Who registered each taxonomy for each object type, by `taxonomy` then type: what the start-up check names. */
  readonly #typeRegistrants = new Map<string, Map<string, Registrant>>();
  readonly #registry: ObjectTypeRegistry;
  readonly #namespace: string;
  readonly #routes: TaxonomyRoutes;
  /** Whether the server built the routes of the taxonomies (one registered after would have none). */
  #built = false;

  /**
   * @param registry The server's object types: each taxonomy is declared there (kind `taxonomy`).
   * @param namespace The content namespace, the default `restNamespace`.
   * @param routes Builds a taxonomy's routes from its filtered arguments.
   */
  constructor(registry: ObjectTypeRegistry, namespace: string, routes: TaxonomyRoutes) {
    this.#registry = registry;
    this.#namespace = namespace;
    this.#routes = routes;
    // A post type's `taxonomies` include every taxonomy registered for it, as WordPress's
    // `register_taxonomy_for_object_type` makes `get_object_taxonomies` answer.
    registry.filterArgs<{ taxonomies?: readonly string[] }>('post_type', (args, typeName) => {
      const own = [...this.#objectTypes].filter(([, types]) => types.includes(typeName)).map(([taxonomy]) => taxonomy);
      const known = args.taxonomies ?? [];
      const added = own.filter((taxonomy) => !known.includes(taxonomy));
      return added.length === 0 ? args : { ...args, taxonomies: [...known, ...added] };
    });
  }

  /**
   * Registers a taxonomy for some object types (post types). Its routes are built with the
   * server's, after every `filterArgs('taxonomy', …)`.
   *
   * @throws Error when the name is taken or not a lower-case word of at most 32 characters, or
   *   when the server built its routes already (register taxonomies in a plugin, before the first request).
   */
  register(name: string, objectTypes: readonly string[], args: Partial<TaxonomyArgs> = {}): this {
    if (!/^[a-z0-9_-]{1,32}$/.test(name)) {
      throw new Error(`Taxonomy names are lower-case words of at most 32 characters: "${name}".`);
    }
    // A name taken is refused as such by the declaration, whenever it comes.
    if (this.#built && !this.#names.includes(name)) {
      throw new Error(
        `taxonomiesOf(server).register('${name}'): the server built its routes already; register taxonomies in a plugin, before server.ready() or the first request.`,
      );
    }
    const full = taxonomyArgs(name, this.#namespace, args);
    this.#registry.declare<TaxonomyArgs>({
      kind: 'taxonomy',
      name,
      args: full,
      routes: (filtered) => {
        this.#built = true;
        this.#assertObjectTypes(name);
        if (!filtered.showInRest) return undefined;
        const registrant = this.#typeRegistrants.get(name)?.get('');
        assertRestBase({ kind: 'taxonomy', name, restBase: filtered.restBase, registrant });
        return this.#routes(this.#taxonomy(name, filtered));
      },
    });
    this.#names.push(name);
    this.#objectTypes.set(name, [...objectTypes]);
    const registrant = this.#registry.registrant;
    // '' is the taxonomy itself; the others its object types.
    this.#typeRegistrants.set(
      name,
      new Map([['', registrant], ...objectTypes.map((type): [string, Registrant] => [type, registrant])]),
    );
    return this;
  }

  /** Refuses a taxonomy registered for an object type that is no post type (`'Tags'`, `'bok'`). */
  #assertObjectTypes(name: string): void {
    const postTypes = this.#registry.declared('post_type').map((type) => type.name);
    for (const type of this.#objectTypes.get(name) ?? []) {
      if (postTypes.includes(type)) continue;
      throw contentError('rest_invalid_registration.taxonomy_type', {
        params: {
          plugin: describeRegistrant(this.#typeRegistrants.get(name)?.get(type)),
          taxonomy: name,
          type,
          known: postTypes.join(', ') || 'none',
        },
      });
    }
  }

  /** Registers an existing taxonomy for one more object type (`register_taxonomy_for_object_type`). */
  addObjectType(name: string, objectType: string): this {
    const types = this.#objectTypes.get(name);
    if (types === undefined) throw new Error(`No taxonomy "${name}" is registered.`);
    if (!types.includes(objectType)) {
      types.push(objectType);
      this.#typeRegistrants.get(name)?.set(objectType, this.#registry.registrant);
    }
    return this;
  }

  /** The taxonomy of this name, with its filtered arguments. */
  get(name: string): Taxonomy | undefined {
    const args = this.#registry.argsOf<TaxonomyArgs>('taxonomy', name);
    return args === undefined ? undefined : this.#taxonomy(name, args);
  }

  /** Every taxonomy, in the order they were registered. */
  all(): Taxonomy[] {
    return this.#names.map((name) => this.get(name) as Taxonomy);
  }

  /** The taxonomies registered for an object type. */
  forObjectType(objectType: string): Taxonomy[] {
    return this.all().filter((taxonomy) => taxonomy.objectTypes.includes(objectType));
  }

  #taxonomy(name: string, args: TaxonomyArgs): Taxonomy {
    return { name, objectTypes: this.#objectTypes.get(name) ?? [], args };
  }
}

/** The built-in taxonomies: `category` (hierarchical, default term "Uncategorized") and `post_tag`. */
export function registerBuiltInTaxonomies(taxonomies: TaxonomyRegistry): void {
  taxonomies.register('category', ['post'], {
    hierarchical: true,
    showInRest: true,
    restBase: 'categories',
    rewrite: { slug: 'category', hierarchical: true },
    showAdminColumn: true,
    capabilities: {
      manage_terms: 'manage_categories',
      edit_terms: 'edit_categories',
      delete_terms: 'delete_categories',
      assign_terms: 'assign_categories',
    },
    // As WordPress: the `default_category` option (term 1, "Uncategorized", until set) names it.
    defaultTerm: { name: 'Uncategorized', slug: 'uncategorized', option: { name: 'default_category', fallbackId: 1 } },
  });
  taxonomies.register('post_tag', ['post'], {
    showInRest: true,
    restBase: 'tags',
    rewrite: { slug: 'tag', hierarchical: false },
    showAdminColumn: true,
    capabilities: {
      manage_terms: 'manage_post_tags',
      edit_terms: 'edit_post_tags',
      delete_terms: 'delete_post_tags',
      assign_terms: 'assign_post_tags',
    },
  });
}

declare module '@cms-json/core' {
  interface ServerExtensions {
    /** The server's taxonomies (the content package's {@link taxonomiesOf}), from `contentPlugin`. */
    taxonomies: TaxonomyRegistry;
  }
}

/**
 * Makes `taxonomies` the server's taxonomy registry (done once, by `contentPlugin`).
 *
 * @throws Error when the server has one already: `contentPlugin` was used twice on it.
 */
export function attachTaxonomies(server: RestServer, taxonomies: TaxonomyRegistry): void {
  if (server.extension('taxonomies', () => taxonomies) !== taxonomies) {
    throw new Error('contentPlugin: used on this server already; use it once.');
  }
}

/**
 * The taxonomies of a server that uses `contentPlugin`.
 *
 * @throws Error when the server has no content plugin (yet).
 * @example
 * taxonomiesOf(server).register('genre', ['book'], { showInRest: true, restBase: 'genres' });
 */
export function taxonomiesOf(server: RestServer): TaxonomyRegistry {
  return server.extension('taxonomies', () => {
    throw new Error('taxonomiesOf: use contentPlugin on this server first.');
  });
}
