/**
 * The types the files of `posts/` share: a post type's arguments, what its controller works
 * with, and the record types its hooks see (declared to the core's object types). Kept here,
 * apart from the controller, so no file of the folder imports the controller for a type.
 *
 * @module
 */
import type { AnyRecord, ObjectTypeRegistry, RestRequest, Route } from '@cms-json/core';
import type { Updateable } from 'kysely';
import type { MetaFields } from '../meta/fields.js';
import type { MetaStore } from '../meta/store.js';
import type { OptionsStore } from '../options/options.js';
import type { PostsTable } from '../tables.js';
import type { DynamicContent } from './dynamic-blocks.js';
import type { Renderer } from './render.js';
import type { Post, PostQuery, PostStore } from './store.js';

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
  /** Whether the authoring area offers its records (`/types`'s `visibility.show_ui`); `undefined`: as `public`. */
  showUi: boolean | undefined;
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
 * What a posts controller works with.
 *
 * @example
 * new PostsController({ name: 'post', args, namespace: 'cms/v2', store, options, objectTypes: server.objectTypes, render: defaultRenderer, relationBase: 'https://api.cms-json.org/' });
 */
export interface PostsControllerContext {
  /** The post type's name and filtered arguments. */
  readonly name: string;
  readonly args: PostTypeArgs;
  /** The content namespace (`cms/v2`); the type's `restNamespace` wins when set. */
  readonly namespace: string;
  readonly store: PostStore;
  /** The post meta store: featured images (`_thumbnail_id`) and attachments' files and alt text. */
  readonly postMeta: MetaStore;
  readonly options: OptionsStore;
  readonly objectTypes: ObjectTypeRegistry;
  readonly render: Renderer;
  /** The dynamic blocks rendered into `content.rendered` (dynamic-blocks.ts); none when left out. */
  readonly dynamicContent?: DynamicContent | undefined;
  /** The base of link relations (`https://api.w.org/` in the `wp` profile): `cms:attachment` is `<base>attachment`. */
  readonly relationBase: string;
  /** The current time; tests move it. @default Date.now */
  readonly now?: (() => number) | undefined;
  /** Whether a user id names a user (authors must). */
  readonly userExists: (id: number) => Promise<boolean>;
  /** The type's registered meta (post meta of this type); none when left out. */
  readonly meta?: MetaFields | undefined;
  /**
   * Every post type's arguments, for the read check of records that inherit from another
   * type's (an attachment's post); only this type's when left out.
   */
  readonly typeArgs?: ((name: string) => PostTypeArgs | undefined) | undefined;
  /**
   * A nonce of the caller's session for an action (WordPress's `wp_create_nonce`): the
   * `preview_nonce` of an autosave's preview link. Without it, preview links carry none.
   */
  readonly createNonce?: ((request: RestRequest, action: string) => string) | undefined;
}

/**
 * What the content plugin asks of a post type's controller when it builds the routes; the
 * controller is a `PostsController` (checked then), which gives the rest.
 */
export interface PostTypeController {
  /** The namespace of its routes. */
  readonly namespace: string;
  /** Its routes. */
  routes(): Route[];
}

/** A post type's controller class, for `register(name, { controller })`: `PostsController` or a subclass. */
export type PostsControllerClass = new (context: PostsControllerContext) => PostTypeController;

/**
 * The record types of a post type's object type (`post`, `page`, `attachment`, custom
 * types): hooks of writes see the stored {@link Post}, `preInsert` the row about to be
 * stored, `prepare` and fields' `get` the record sent.
 *
 * @example
 * server.objectTypes.get('post').on('trash', (post) => log(post.id)); // post: Post
 */
export interface PostRecordTypes {
  readonly record: AnyRecord;
  readonly stored: Post;
  readonly changes: Updateable<PostsTable>;
  readonly query: PostQuery;
}

declare module '@cms-json/core' {
  interface ObjectTypeRecords {
    post: PostRecordTypes;
    page: PostRecordTypes;
    attachment: PostRecordTypes;
  }
}
