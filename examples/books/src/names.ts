/**
 * The names the books example gives its post types and their routes.
 *
 * @module
 */

/** The name of the books' post type. */
export const BOOK_TYPE = 'book';

/** The name of the book authors' post type. */
export const BOOK_AUTHOR_TYPE = 'book-author';

/** The rest base the plugin gives `book-author` when it switches its exposure on. */
export const BOOK_AUTHORS_BASE = 'book-authors';
