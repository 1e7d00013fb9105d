/**
 * The check of a type's `restBase` (a post type's, a taxonomy's), made when its routes are
 * built: a base with a leading slash (`'/books'`) or a space would give routes no request
 * reaches, silently. Two types on one base are refused by the server's start-up checks.
 *
 * @module
 */
import { describeRegistrant, type Registrant } from '@cms-json/core';
import { contentError } from './errors.js';

/** Path segments of letters, digits, `-`, `_` and `.`, one `/` between two. */
const REST_BASE = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

/**
 * Throws `rest_invalid_registration` when a type's rest base cannot be a path under its
 * namespace.
 *
 * @example
 * ```ts
 * assertRestBase({ kind: 'post_type', name: 'book', restBase: 'books', registrant: 'booksPlugin' }); // fine
 * assertRestBase({ kind: 'post_type', name: 'book', restBase: '/books', registrant: 'booksPlugin' }); // throws
 * ```
 */
export function assertRestBase(type: {
  readonly kind: string;
  readonly name: string;
  readonly restBase: unknown;
  readonly registrant: Registrant;
}): void {
  if (typeof type.restBase === 'string' && REST_BASE.test(type.restBase)) return;
  throw contentError('rest_invalid_registration.rest_base', {
    params: { plugin: describeRegistrant(type.registrant), kind: type.kind, name: type.name, restBase: String(type.restBase) },
  });
}
