/**
 * The books example's two post types (spec §2.1, §4.4): `book` (rest base `books`), served by
 * the {@link BooksController}, and `book-author`, which is registered with REST exposure off
 * and switched on by the plugin through the registry's argument filter before the routes are
 * built — what a site extension does for someone else's type (WordPress's
 * `register_post_type_args`).
 *
 * @module
 */
import { type PostTypeArgs, postTypes } from '@cms-json/content';
import type { RestServer } from '@cms-json/core';
import { BooksController } from './books-controller.js';
import { BOOK_AUTHOR_TYPE, BOOK_AUTHORS_BASE, BOOK_TYPE } from './names.js';

/**
 * Registers `book` and `book-author` on a server that uses `contentPlugin`.
 *
 * @example
 * registerBookTypes(server);
 */
export function registerBookTypes(server: RestServer): void {
  const types = postTypes(server);
  // The registration of the specification's sample plugin (the runnable original has the same).
  types.register(BOOK_TYPE, {
    label: 'Books',
    labels: typeLabels({ plural: 'Books', singular: 'Book' }),
    public: true,
    hasArchive: true,
    showInRest: true,
    restBase: 'books',
    supports: ['title', 'editor', 'excerpt', 'author', 'thumbnail', 'custom-fields'],
    controller: BooksController,
  });
  // Registered as a type without routes; `exposeBookAuthors` switches them on.
  types.register(BOOK_AUTHOR_TYPE, {
    label: 'Book Authors',
    labels: typeLabels({ plural: 'Book Authors', singular: 'Book Author' }),
    public: true,
    hasArchive: true,
    showInRest: false,
    supports: ['title', 'editor', 'author', 'thumbnail', 'excerpt', 'comments'],
  });
}

/** The labels the sample plugin gives each of its types, from the plural and singular names. */
function typeLabels(names: { plural: string; singular: string }): Record<string, string> {
  const { plural, singular } = names;
  return {
    name: plural,
    singular_name: singular,
    menu_name: plural,
    name_admin_bar: singular,
    add_new: 'Add New',
    add_new_item: `Add New ${singular}`,
    new_item: `New ${singular}`,
    edit_item: `Edit ${singular}`,
    view_item: `View ${singular}`,
    all_items: `All ${plural}`,
    search_items: `Search ${plural}`,
    parent_item_colon: `Parent ${plural}:`,
    not_found: `No ${plural.toLowerCase()} found.`,
    not_found_in_trash: `No ${plural.toLowerCase()} found in Trash.`,
  };
}

/**
 * Switches REST exposure on for `book-author`, at `/<prefix>/v2/book-authors`, through the
 * post-type argument filter (spec §4.4). It must run before the server builds its routes
 * (its first request, or `server.ready()`); a filter added later changes nothing.
 *
 * @example
 * exposeBookAuthors(server);
 */
export function exposeBookAuthors(server: RestServer): void {
  server.objectTypes.filterArgs<PostTypeArgs>('post_type', (args, name) =>
    name === BOOK_AUTHOR_TYPE ? { ...args, showInRest: true, restBase: BOOK_AUTHORS_BASE } : args,
  );
}
