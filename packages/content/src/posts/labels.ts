/**
 * A post type's labels as WordPress 6.1's `get_post_type_labels` completes them: the labels
 * the type gives, then names derived from its `label` (`name`, `singular_name`, `menu_name`,
 * `all_items`, `archives`, `name_admin_bar`), then WordPress's defaults — the page ones for a
 * hierarchical type, the post ones otherwise.
 *
 * @module
 */
import type { PostTypeArgs } from './types.js';

/** Labels by key; WordPress leaves a few `null` (a post's `parent_item_colon`). */
export type Labels = Record<string, string | null>;

/** The defaults of every label: [non-hierarchical, hierarchical]. */
const DEFAULTS: Readonly<Record<string, readonly [string | null, string | null]>> = {
  name: ['Posts', 'Pages'],
  singular_name: ['Post', 'Page'],
  add_new: ['Add New', 'Add New'],
  add_new_item: ['Add New Post', 'Add New Page'],
  edit_item: ['Edit Post', 'Edit Page'],
  new_item: ['New Post', 'New Page'],
  view_item: ['View Post', 'View Page'],
  view_items: ['View Posts', 'View Pages'],
  search_items: ['Search Posts', 'Search Pages'],
  not_found: ['No posts found.', 'No pages found.'],
  not_found_in_trash: ['No posts found in Trash.', 'No pages found in Trash.'],
  parent_item_colon: [null, 'Parent Page:'],
  all_items: ['All Posts', 'All Pages'],
  archives: ['Post Archives', 'Page Archives'],
  attributes: ['Post Attributes', 'Page Attributes'],
  insert_into_item: ['Insert into post', 'Insert into page'],
  uploaded_to_this_item: ['Uploaded to this post', 'Uploaded to this page'],
  featured_image: ['Featured image', 'Featured image'],
  set_featured_image: ['Set featured image', 'Set featured image'],
  remove_featured_image: ['Remove featured image', 'Remove featured image'],
  use_featured_image: ['Use as featured image', 'Use as featured image'],
  filter_items_list: ['Filter posts list', 'Filter pages list'],
  filter_by_date: ['Filter by date', 'Filter by date'],
  items_list_navigation: ['Posts list navigation', 'Pages list navigation'],
  items_list: ['Posts list', 'Pages list'],
  item_published: ['Post published.', 'Page published.'],
  item_published_privately: ['Post published privately.', 'Page published privately.'],
  item_reverted_to_draft: ['Post reverted to draft.', 'Page reverted to draft.'],
  item_scheduled: ['Post scheduled.', 'Page scheduled.'],
  item_updated: ['Post updated.', 'Page updated.'],
  item_link: ['Post Link', 'Page Link'],
  item_link_description: ['A link to a post.', 'A link to a page.'],
};

/**
 * WordPress's own labels of its posts (`hierarchical: false`) or pages (`true`): what its
 * built-in types carry.
 *
 * @example
 * defaultPostTypeLabels({ hierarchical: true }).add_new_item; // 'Add New Page'
 */
export function defaultPostTypeLabels(options: { hierarchical: boolean }): Labels {
  const index = options.hierarchical ? 1 : 0;
  const labels: Labels = Object.fromEntries(Object.entries(DEFAULTS).map(([key, pair]) => [key, pair[index]]));
  labels.menu_name = labels.name ?? null;
  labels.name_admin_bar = labels.singular_name ?? null;
  return labels;
}

/**
 * Every label of a post type.
 *
 * @example
 * postTypeLabels({ label: 'Books', labels: { singular_name: 'Book' }, hierarchical: false }).all_items; // 'Books'
 */
export function postTypeLabels(args: Pick<PostTypeArgs, 'label' | 'labels' | 'hierarchical'>): Labels {
  const given: Labels = { ...args.labels };
  if (given.name === undefined && args.label !== '') given.name = args.label;
  if (given.singular_name === undefined && given.name !== undefined) given.singular_name = given.name;
  if (given.name_admin_bar === undefined) given.name_admin_bar = given.singular_name ?? given.name ?? null;
  if (given.menu_name === undefined && given.name !== undefined) given.menu_name = given.name;
  if (given.all_items === undefined && given.menu_name !== undefined) given.all_items = given.menu_name;
  if (given.archives === undefined && given.all_items !== undefined) given.archives = given.all_items;
  const index = args.hierarchical ? 1 : 0;
  const labels: Labels = {};
  for (const [key, pair] of Object.entries(DEFAULTS)) labels[key] = given[key] !== undefined ? (given[key] ?? null) : pair[index];
  for (const key of ['menu_name', 'name_admin_bar']) labels[key] = given[key] ?? labels.name ?? null;
  for (const [key, value] of Object.entries(given)) if (!(key in labels)) labels[key] = value;
  return labels;
}
