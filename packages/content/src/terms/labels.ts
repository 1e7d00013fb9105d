/**
 * A taxonomy's labels as WordPress 6.1's `get_taxonomy_labels` completes them: the labels the
 * taxonomy gives, names derived from them (`menu_name`, `all_items`, `archives`,
 * `name_admin_bar`), then WordPress's defaults — the category ones for a hierarchical
 * taxonomy, the tag ones otherwise.
 *
 * @module
 */

/** Labels by key; WordPress leaves some `null` (a tag's `parent_item`). */
export type TaxonomyLabels = Record<string, string | null>;

/** The defaults of every label: [flat, hierarchical]. */
const DEFAULTS: Readonly<Record<string, readonly [string | null, string | null]>> = {
  name: ['Tags', 'Categories'],
  singular_name: ['Tag', 'Category'],
  search_items: ['Search Tags', 'Search Categories'],
  popular_items: ['Popular Tags', null],
  all_items: ['All Tags', 'All Categories'],
  parent_item: [null, 'Parent Category'],
  parent_item_colon: [null, 'Parent Category:'],
  name_field_description: ['The name is how it appears on your site.', 'The name is how it appears on your site.'],
  slug_field_description: [
    'The &#8220;slug&#8221; is the URL-friendly version of the name. It is usually all lowercase and contains only letters, numbers, and hyphens.',
    'The &#8220;slug&#8221; is the URL-friendly version of the name. It is usually all lowercase and contains only letters, numbers, and hyphens.',
  ],
  parent_field_description: [
    null,
    'Assign a parent term to create a hierarchy. The term Jazz, for example, would be the parent of Bebop and Big Band.',
  ],
  desc_field_description: [
    'The description is not prominent by default; however, some themes may show it.',
    'The description is not prominent by default; however, some themes may show it.',
  ],
  edit_item: ['Edit Tag', 'Edit Category'],
  view_item: ['View Tag', 'View Category'],
  update_item: ['Update Tag', 'Update Category'],
  add_new_item: ['Add New Tag', 'Add New Category'],
  new_item_name: ['New Tag Name', 'New Category Name'],
  separate_items_with_commas: ['Separate tags with commas', null],
  add_or_remove_items: ['Add or remove tags', null],
  choose_from_most_used: ['Choose from the most used tags', null],
  not_found: ['No tags found.', 'No categories found.'],
  no_terms: ['No tags', 'No categories'],
  filter_by_item: [null, 'Filter by category'],
  items_list_navigation: ['Tags list navigation', 'Categories list navigation'],
  items_list: ['Tags list', 'Categories list'],
  most_used: ['Most Used', 'Most Used'],
  back_to_items: ['&larr; Go to Tags', '&larr; Go to Categories'],
  item_link: ['Tag Link', 'Category Link'],
  item_link_description: ['A link to a tag.', 'A link to a category.'],
  menu_name: ['Tags', 'Categories'],
};

/**
 * Every label of a taxonomy: those it gives, the names derived from them, then the defaults.
 *
 * @example
 * taxonomyLabels('genre', { labels: { name: 'Genres', singular_name: 'Genre' }, hierarchical: false }).name_admin_bar; // 'Genre'
 */
export function taxonomyLabels(
  name: string,
  args: { labels: Readonly<Record<string, string | null>>; hierarchical: boolean },
): TaxonomyLabels {
  const given: TaxonomyLabels = { ...args.labels };
  if (given.singular_name === undefined && given.name !== undefined) given.singular_name = given.name;
  given.name_admin_bar ??= given.singular_name ?? name;
  if (given.menu_name === undefined && given.name !== undefined) given.menu_name = given.name;
  if (given.all_items === undefined && given.menu_name !== undefined) given.all_items = given.menu_name;
  if (given.archives === undefined && given.all_items !== undefined) given.archives = given.all_items;
  const index = args.hierarchical ? 1 : 0;
  const labels: TaxonomyLabels = {};
  for (const [key, pair] of Object.entries(DEFAULTS)) labels[key] = given[key] !== undefined ? (given[key] ?? null) : pair[index];
  for (const [key, value] of Object.entries(given)) if (!(key in labels)) labels[key] = value;
  return labels;
}
