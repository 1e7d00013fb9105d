/**
 * `@cms-json/wordpress-db`: cms-json's stores over an existing WordPress database (MySQL or
 * MariaDB, WordPress's own tables with the site's prefix), so every route serves that site's
 * content as WordPress does (docs/wordpress-database.md).
 *
 * @module
 */
export {};
