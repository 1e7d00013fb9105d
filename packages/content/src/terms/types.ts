/**
 * The types the files of `terms/` share: a taxonomy's arguments, what its routes work with,
 * and the record types its terms' hooks see (declared to the core's object types). Kept here
 * so no file of the folder imports the registry or the controller for a type.
 *
 * @module
 */
import type { ObjectType, ObjectTypeRegistry, RestRequest, Route } from '@cms-json/core';
import type { MetaFields } from '../meta/fields.js';
import type { PostAccessFields } from '../posts/store.js';
import type { NewTerm, TermQuery, TermStore } from './store.js';

/** The capabilities a taxonomy's terms need, by meta capability. */
export interface TaxonomyCapabilities {
  /** Listing terms in the `edit` context. @default 'manage_categories' */
  manage_terms: string;
  /** Creating (hierarchical taxonomies) and editing terms. @default 'manage_categories' */
  edit_terms: string;
  /** Deleting terms. @default 'manage_categories' */
  delete_terms: string;
  /** Giving terms to posts, and creating terms of a flat taxonomy. @default 'edit_posts' */
  assign_terms: string;
}

/** A controller class for a taxonomy's routes: {@link TermsController} or a class derived from it. */
export type TermsControllerClass = new (context: TermsContext) => { routes(): Route[] };

/**
 * The registration arguments of a taxonomy, as `register_taxonomy` takes them.
 *
 * @example
 * const args: Partial<TaxonomyArgs> = { labels: { name: 'Genres', singular_name: 'Genre' }, showInRest: true, restBase: 'genres' };
 */
export interface TaxonomyArgs {
  /**
   * The names shown to people (`name`, `singular_name`, `add_new_item`, …): those given; the
   * others are WordPress's defaults (see `taxonomyLabels`). @default {}
   */
  labels: Readonly<Record<string, string | null>>;
  /** @default '' */
  description: string;
  /** Whether terms have parents (categories) or not (tags). @default false */
  hierarchical: boolean;
  /** Whether the taxonomy has REST routes, and shows under `/taxonomies`. @default false */
  showInRest: boolean;
  /** The routes' base: `/<namespace>/<restBase>`. @default the taxonomy's name */
  restBase: string;
  /** The routes' namespace. @default the content namespace (`cms/v2`, `wp/v2`) */
  restNamespace: string;
  /** The class that serves the routes. @default TermsController */
  controller: TermsControllerClass | undefined;
  /** @default manage_categories for managing, editing and deleting; edit_posts for assigning */
  capabilities: TaxonomyCapabilities;
  /** The public address of a term: `<site>/<slug>/<term slug>/`, with the parents' slugs when `hierarchical`. */
  rewrite: { slug: string; hierarchical: boolean };
  /** Whether the tag cloud widget may show the taxonomy. @default true */
  showCloud: boolean;
  /** Whether admin lists of its post types show a column of its terms. @default false */
  showAdminColumn: boolean;
  /**
   * The term every object of the taxonomy's types gets when it has none (`Uncategorized`).
   * With `option`, the site option of that name holds the default term's id (the category's
   * `default_category`, changed through `/settings`), and `fallbackId` is used until it is set.
   */
  defaultTerm: DefaultTerm | undefined;
}

/**
 * A taxonomy's default term: by slug, or by the id a site option holds.
 *
 * @example
 * const fallback: DefaultTerm = { name: 'Uncategorized', slug: 'uncategorized', option: { name: 'default_category', fallbackId: 1 } };
 */
export interface DefaultTerm {
  name: string;
  slug: string;
  description?: string;
  /** The site option naming the default term by id, and the id it names until it is set. */
  option?: { name: string; fallbackId: number };
}

/**
 * A registered taxonomy: its name, the object types (post types) it is for, and its
 * arguments after every `filterArgs('taxonomy', …)`.
 *
 * @example
 * taxonomies.get('category')?.args.restBase; // 'categories'
 */
export interface Taxonomy {
  readonly name: string;
  readonly objectTypes: readonly string[];
  readonly args: TaxonomyArgs;
}

/**
 * A term record as the routes build it (every context; the core trims it). `meta` is `[]`
 * while no meta key is registered, as in the original.
 *
 * @example
 * const record: TermRecord = { id: 1, count: 0, description: '', link: 'https://example.com/category/uncategorized/', name: 'Uncategorized', slug: 'uncategorized', taxonomy: 'category', parent: 0, meta: [] };
 */
export interface TermRecord {
  id: number;
  count: number;
  description: string;
  link: string;
  name: string;
  slug: string;
  taxonomy: string;
  parent?: number;
  meta: Record<string, unknown> | never[];
  [field: string]: unknown;
}

/**
 * The taxonomies of a server as the routes read them (the registry, `taxonomiesOf(server)`, gives them).
 *
 * @example
 * context.taxonomies.get('category')?.args.hierarchical; // true
 */
export interface Taxonomies {
  /** The taxonomy of this name, with its filtered arguments. */
  get(name: string): Taxonomy | undefined;
  /** Every taxonomy, in the order they were registered. */
  all(): Taxonomy[];
  /** The taxonomies registered for an object type. */
  forObjectType(objectType: string): Taxonomy[];
}

/**
 * The shared state of a taxonomy's routes, given to its controller.
 *
 * @example
 * const controller = new TermsController(context);
 */
export interface TermsContext {
  readonly taxonomy: Taxonomy;
  readonly taxonomies: Taxonomies;
  readonly store: TermStore;
  /** The object type of the terms: named after the taxonomy (`category`, `genre`). */
  readonly type: ObjectType<TermRecordTypes>;
  /** The server's object types: the post types' arguments give their routes. */
  readonly objectTypes: ObjectTypeRegistry;
  /** The content namespace (`cms/v2`); post types without a namespace of their own are served there. */
  readonly contentNamespace: string;
  /** The base of the relation URIs (`https://api.cms-json.org/`). */
  readonly relationBase: string;
  /** The taxonomy's registered term meta; none when left out. */
  readonly meta?: MetaFields | undefined;
  /**
   * Whether the caller may read this post (the posts' one read check), for a list of one
   * post's terms; without it such a list is refused to everyone.
   */
  readonly canReadPost?: ((request: RestRequest, post: PostAccessFields) => Promise<boolean>) | undefined;
}

/**
 * The record types of a taxonomy's object type (`category`, `post_tag`, custom taxonomies):
 * hooks and fields see the term's record, `preInsert` the term about to be stored (with its
 * `id` on an update).
 *
 * @example
 * server.objectTypes.get('category').on('insert', (term) => log(term.slug)); // term: TermRecord
 */
export interface TermRecordTypes {
  readonly record: TermRecord;
  readonly stored: TermRecord;
  readonly changes: Partial<NewTerm> & { readonly id?: number };
  readonly query: TermQuery;
}

declare module '@cms-json/core' {
  interface ObjectTypeRecords {
    category: TermRecordTypes;
    post_tag: TermRecordTypes;
  }
}
