/**
 * The books example of cms-json: custom post types `book` and `book-author`, a controller
 * derived from the default one, the `book_author` post meta and the `genre` taxonomy.
 *
 * @packageDocumentation
 */
export { BOOK_AUTHOR_META, readBookAuthors, writeBookAuthor } from './book-author-meta.js';
export { type BookScope, BooksController } from './books-controller.js';
export { BOOK_AUTHOR_TYPE, BOOK_AUTHORS_BASE, BOOK_TYPE } from './names.js';
export { books } from './plugin.js';
export { exposeBookAuthors, registerBookTypes } from './post-types.js';
