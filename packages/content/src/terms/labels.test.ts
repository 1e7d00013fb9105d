import { describe, expect, it } from 'vitest';
import { taxonomyLabels } from './labels.js';

describe('taxonomy labels, completed as WordPress completes them', () => {
  it('gives a taxonomy that names nothing the defaults, and its own name in the admin bar', () => {
    const labels = taxonomyLabels('category', { labels: {}, hierarchical: true });
    expect(labels).toMatchObject({
      name: 'Categories',
      all_items: 'All Categories',
      menu_name: 'Categories',
      name_admin_bar: 'category',
    });
    expect(labels.archives).toBeUndefined();
  });

  it('derives the menu, the list and the archives from the names given', () => {
    const labels = taxonomyLabels('genre', { labels: { name: 'Genres', singular_name: 'Genre' }, hierarchical: false });
    expect(labels).toMatchObject({
      name: 'Genres',
      menu_name: 'Genres',
      all_items: 'Genres',
      archives: 'Genres',
      name_admin_bar: 'Genre',
    });
    expect(labels.popular_items).toBe('Popular Tags');
  });
});
