/**
 * The books plugin (spec §2.1, §4.4): the `book` and `book-author` post types, the
 * `book_author` meta behind a book's `author`, and the `genre` taxonomy. Use it after
 * `contentPlugin`, whose post-type and taxonomy registries it adds to.
 *
 * @module
 */
import { registerGenre } from '@cms-json/content';
import type { Plugin } from '@cms-json/core';
import { exposeBookAuthors, registerBookTypes } from './post-types.js';

/**
 * The books plugin. Routes (`/<prefix>/v2/books`, `/book-authors`, `/genres`) exist once the
 * server has built its routes: at its first request, or after `await server.ready()`.
 *
 * @example
 * ```ts
 * await server.use(contentPlugin({ auth }));
 * await server.use(books());
 * ```
 */
export function books(): Plugin {
  return function booksPlugin(server) {
    registerBookTypes(server);
    // `book-author` was registered without routes; the plugin switches them on, as a site
    // extension would for a type someone else registered (spec §4.4).
    exposeBookAuthors(server);
    registerGenre(server);
  };
}
