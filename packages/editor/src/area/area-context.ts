/**
 * What every page of the authoring area shares: the server, the site's authentication, where
 * the area is mounted and which post types it edits.
 *
 * @module
 */
import { type Auth, type PostTypeArgs, postTypes } from '@cms-json/content';
import type { RestServer } from '@cms-json/core';

/** A post type the area lists and opens in the block editor. */
export interface AreaPostType {
  /** The type's name (`post`, `page`, `book`). */
  readonly name: string;
  /** The type's arguments, after every filter. */
  readonly args: PostTypeArgs;
  /** The path of its collection under the REST root: `/cms/v2/posts`. */
  readonly collectionPath: string;
  /** The plural name shown in the area (`Posts`). */
  readonly label: string;
  /** The singular name (`Post`). */
  readonly singularLabel: string;
}

/** The authoring area's shared state, built once by the `editor()` plugin. */
export interface AreaContext {
  readonly server: RestServer;
  readonly auth: Auth;
  /** The area's path, with its leading and trailing slash: `/cms-admin/`. */
  readonly path: string;
  /** The content namespace: `cms/v2` or `wp/v2`. */
  readonly namespace: string;
  /** The site's name, shown in the pages' titles. */
  readonly siteName: string;
  /** The post types the area edits, read at each request (plugins may register types after the editor). */
  postTypes(): readonly AreaPostType[];
}

/**
 * Whether a type belongs in the area by default: exposed in REST and edited with the
 * block editor (WordPress's `use_block_editor_for_post_type`: `show_in_rest` and `editor` support).
 *
 * @example
 * editableByDefault(postTypeDefaults('book')); // false until the type is exposed in REST
 */
export function editableByDefault(args: PostTypeArgs): boolean {
  return args.showInRest && args.supports.includes('editor');
}

/**
 * The area's post types: the named ones, or every type {@link editableByDefault} accepts, in
 * registration order; the attachment type never (the media library edits it).
 *
 * @example
 * areaPostTypes(server, { namespace: 'cms/v2', only: ['post', 'page'] }).map((t) => t.name); // ['post', 'page']
 */
export function areaPostTypes(
  server: RestServer,
  options: { namespace: string; only?: readonly string[] | undefined },
): AreaPostType[] {
  const registry = postTypes(server);
  const found: AreaPostType[] = [];
  for (const name of registry.names()) {
    const args = registry.get(name);
    if (args === undefined || name === 'attachment' || !args.showInRest) continue;
    if (options.only === undefined ? !editableByDefault(args) : !options.only.includes(name)) continue;
    const label = args.labels.name ?? args.label;
    found.push({
      name,
      args,
      collectionPath: `/${args.restNamespace ?? options.namespace}/${args.restBase}`,
      label,
      singularLabel: args.labels.singular_name ?? label,
    });
  }
  return found;
}
