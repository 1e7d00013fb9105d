import { describe, expect, it } from 'vitest';
import { defaultPostTypeLabels, postTypeLabels } from './labels.js';

describe('post type labels, completed as WordPress completes them', () => {
  it('derives names from the label, and takes the post defaults for the rest', () => {
    const labels = postTypeLabels({
      label: 'Books',
      labels: { singular_name: 'Book', add_new_item: 'Add New Book' },
      hierarchical: false,
    });
    expect(labels).toMatchObject({
      name: 'Books',
      singular_name: 'Book',
      add_new_item: 'Add New Book',
      menu_name: 'Books',
      all_items: 'Books',
      archives: 'Books',
      name_admin_bar: 'Book',
      view_items: 'View Posts',
      parent_item_colon: null,
    });
  });

  it('takes the page defaults for a hierarchical type', () => {
    expect(postTypeLabels({ label: 'Chapters', labels: {}, hierarchical: true }).parent_item_colon).toBe('Parent Page:');
  });

  it('gives the built-in types WordPress’s own labels', () => {
    const page = defaultPostTypeLabels({ hierarchical: true });
    expect(postTypeLabels({ label: 'Pages', labels: page, hierarchical: true })).toMatchObject({
      all_items: 'All Pages',
      archives: 'Page Archives',
      name_admin_bar: 'Page',
    });
  });
});
