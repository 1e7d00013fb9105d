/**
 * The books example's taxonomy: `genre` on the `book` post type, flat, served at
 * `/<prefix>/v2/genres`. The books plugin calls {@link registerGenre} when it sets itself up.
 *
 * @module
 */
import { taxonomiesOf } from './taxonomy.js';

/**
 * Registers `genre` (non-hierarchical, rest base `genres`) for `book` on a server that uses
 * `contentPlugin`. Call it from a plugin, before the first request.
 *
 * @example
 * await server.use(contentPlugin({ auth }));
 * await server.use((server) => registerGenre(server));
 */
export function registerGenre(server: object): void {
  taxonomiesOf(server).register('genre', ['book'], {
    labels: { name: 'Genres', singular_name: 'Genre' },
    showInRest: true,
    restBase: 'genres',
    rewrite: { slug: 'genre', hierarchical: false },
  });
}
