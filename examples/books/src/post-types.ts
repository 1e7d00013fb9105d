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
  types.register(BOOK_TYPE, {
    label: 'Books',
    labels: { name: 'Books', singular_name: 'Book' },
    description: 'Books, with their book author and genres.',
    public: true,
    hasArchive: true,
    icon: 'dashicons-book',
    showInRest: true,
    restBase: 'books',
    supports: ['title', 'editor', 'excerpt', 'author', 'thumbnail', 'custom-fields'],
    // Named here for `/types` (the taxonomy itself is registered by `registerGenre`).
    taxonomies: ['genre'],
    controller: BooksController,
  });
  // Registered as a type without routes; `exposeBookAuthors` switches them on.
  types.register(BOOK_AUTHOR_TYPE, {
    label: 'Book authors',
    labels: { name: 'Book authors', singular_name: 'Book author' },
    description: 'The people who wrote the books.',
    public: true,
    showInRest: false,
    supports: ['title', 'editor', 'excerpt', 'author', 'thumbnail'],
  });
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
