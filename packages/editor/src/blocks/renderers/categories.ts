/**
 * `core/categories` rendered on the server as WordPress 6.1's `render_block_core_categories`
 * (`wp_list_categories` or `wp_dropdown_categories`): the categories by name, flat or as a
 * tree, with their post counts when asked, empty ones left out unless asked. Read from the
 * site's categories through the REST API as the caller.
 *
 * @module
 */
import type { BlockRenderContext, BlockRenderInput } from '../block-type.js';
import { escAttr, escUrl, readAll, wrapperAttributes } from './html.js';

/** A category as the renderer reads it. */
interface Category {
  readonly id: number;
  readonly name: string;
  readonly link: string;
  readonly parent: number;
  readonly count: number;
}

function categoryOf(record: Record<string, unknown>): Category {
  return {
    id: Number(record.id),
    name: String(record.name ?? ''),
    link: String(record.link ?? ''),
    parent: Number(record.parent ?? 0),
    count: Number(record.count ?? 0),
  };
}

/** The post count of a category with its descendants' (`pad_counts`). */
function paddedCount(category: Category, children: ReadonlyMap<number, Category[]>, depth = 0): number {
  if (depth > 64) return category.count;
  return (children.get(category.id) ?? []).reduce((sum, child) => sum + paddedCount(child, children, depth + 1), category.count);
}

/** Whether a category or one of its descendants holds a post (`hide_empty` with `hierarchical`). */
function holdsPosts(category: Category, children: ReadonlyMap<number, Category[]>, depth = 0): boolean {
  if (category.count > 0) return true;
  return depth <= 64 && (children.get(category.id) ?? []).some((child) => holdsPosts(child, children, depth + 1));
}

/** The dropdown's script, as WordPress injects it after the `</select>` outside the admin. */
function dropdownScript(id: string, siteUrl: string): string {
  return `\t<script type='text/javascript'>
\t/* <![CDATA[ */
\t( function() {
\t\tvar dropdown = document.getElementById( '${id}' );
\t\tfunction onCatChange() {
\t\t\tif ( dropdown.options[ dropdown.selectedIndex ].value > 0 ) {
\t\t\t\tlocation.href = "${escUrl(siteUrl)}/?cat=" + dropdown.options[ dropdown.selectedIndex ].value;
\t\t\t}
\t\t}
\t\tdropdown.onchange = onCatChange;
\t})();
\t/* ]]> */
\t</script>
\t`;
}

/**
 * Renders `core/categories` (`displayAsDropdown`, `showHierarchy`, `showPostCounts`,
 * `showOnlyTopLevel`, `showEmpty`). A tree's counts with `showPostCounts` include the
 * descendants' (WordPress's `pad_counts`, here a sum: a post in a category and its child counts twice).
 *
 * @example
 * await renderCategories({ attributes: { showPostCounts: true }, sent: {}, postId: undefined }, context);
 * // '<ul class="wp-block-categories-list wp-block-categories">\t<li class="cat-item cat-item-1"><a href="…">Uncategorized</a> (1)\n</li>\n</ul>'
 */
export async function renderCategories(input: BlockRenderInput, context: BlockRenderContext): Promise<string> {
  const { attributes, sent } = input;
  const hierarchical = attributes.showHierarchy === true;
  const showCount = attributes.showPostCounts === true;
  const hideEmpty = attributes.showEmpty !== true;
  const records = await readAll(context, `/${context.namespace}/categories`, {
    orderby: 'name',
    order: 'asc',
    _fields: 'id,name,link,parent,count',
  });
  const all = records.map(categoryOf);
  const children = new Map<number, Category[]>();
  for (const category of all) children.set(category.parent, [...(children.get(category.parent) ?? []), category]);
  const kept = all.filter((category) => {
    if (attributes.showOnlyTopLevel === true && category.parent !== 0) return false;
    if (!hideEmpty) return true;
    return hierarchical ? holdsPosts(category, children) : category.count > 0;
  });
  const keptIds = new Set(kept.map((category) => category.id));
  const keptChildren = new Map<number, Category[]>();
  for (const category of kept) keptChildren.set(category.parent, [...(keptChildren.get(category.parent) ?? []), category]);
  // A tree starts at the categories whose parent is not shown (WordPress's walker: top level and orphans).
  const roots = hierarchical ? kept.filter((category) => !keptIds.has(category.parent)) : kept;

  if (attributes.displayAsDropdown === true) {
    const id = context.uniqueId('wp-block-categories-');
    let options = '';
    const option = (category: Category, depth: number) => {
      const pad = '&nbsp;'.repeat(depth * 3);
      const count = showCount ? `&nbsp;&nbsp;(${category.count})` : '';
      options += `\t<option class="level-${depth}" value="${escAttr(String(category.id))}">${pad}${category.name}${count}</option>\n`;
      if (!hierarchical || depth > 64) return;
      for (const child of keptChildren.get(category.id) ?? []) option(child, depth + 1);
    };
    for (const category of roots) option(category, 0);
    const none =
      kept.length === 0
        ? `\t<option value='-1' selected='selected'>Select Category</option>\n`
        : `\t<option value='-1'>Select Category</option>\n${options}`;
    const select = `<select  name='cat' id='${escAttr(id)}' class='postform'>\n${none}</select>${dropdownScript(id, context.siteUrl)}\n`;
    const label = `<label class="screen-reader-text" for="${escAttr(id)}">Categories</label>`;
    return `<div ${wrapperAttributes('core/categories', sent, { class: 'wp-block-categories-dropdown' })}>${label}${select}</div>`;
  }

  let items = '';
  const item = (category: Category, depth: number) => {
    const count = showCount ? ` (${hierarchical ? paddedCount(category, children) : category.count})` : '';
    items += `\t<li class="cat-item cat-item-${category.id}"><a href="${escUrl(category.link)}">${escAttr(category.name)}</a>${count}\n`;
    const below = hierarchical && depth <= 64 ? (keptChildren.get(category.id) ?? []) : [];
    if (below.length > 0) {
      items += `${'\t'.repeat(depth)}<ul class='children'>\n`;
      for (const child of below) item(child, depth + 1);
      items += `${'\t'.repeat(depth)}</ul>\n`;
    }
    items += '</li>\n';
  };
  for (const category of roots) item(category, 0);
  if (kept.length === 0) items = '<li class="cat-item-none">No categories</li>';
  return `<ul ${wrapperAttributes('core/categories', sent, { class: 'wp-block-categories-list' })}>${items}</ul>`;
}
