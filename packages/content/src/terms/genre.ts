/**
 * The books example's taxonomy: `genre` on the `book` post type, flat, served at
 * `/<prefix>/v2/genres`. The books plugin calls {@link registerGenre} when it sets itself up.
 *
 * @module
 */
import type { RestServer } from '@cms-json/core';
import { taxonomiesOf } from './taxonomy.js';

/**
 * Registers `genre` (non-hierarchical, rest base `genres`) for `book` on a server that uses
 * `contentPlugin`. Call it from a plugin, before the first request.
 *
 * @example
 * await server.use(contentPlugin({ auth }));
 * await server.use((server) => registerGenre(server));
 */
export function registerGenre(server: RestServer): void {
  taxonomiesOf(server).register('genre', ['book'], {
    labels: {
      name: 'Genres',
      singular_name: 'Genre',
      search_items: 'Search Genres',
      all_items: 'All Genres',
      parent_item: 'Parent Genre',
      parent_item_colon: 'Parent Genre:',
      edit_item: 'Edit Genre',
      update_item: 'Update Genre',
      add_new_item: 'Add New Genre',
      new_item_name: 'New Genre Name',
      menu_name: 'Genre',
    },
    showInRest: true,
    restBase: 'genres',
    rewrite: { slug: 'genre', hierarchical: false },
  });
}
