/**
 * Content's checks of a user's fields and of WordPress's password hashes, which the WordPress
 * stores apply exactly as content's own stores do. TEMPORARY: these reach into content's
 * sources until `@cms-json/content` exports them (asked of the content package's owner); then
 * the stores import them from `@cms-json/content` and this file goes.
 *
 * @module
 */

export { isWordPressHash, verifyWordPressHash } from '../../../content/src/auth/wordpress-hashes.js';
export {
  checkEmail,
  checkLocale,
  checkLogin,
  checkName,
  checkPassword,
  checkRegistered,
  checkRoles,
  checkSlug,
  checkUrl,
  defaultDisplayName,
  SLUG_MAX,
  slugFromLogin,
  stripTags,
} from '../../../content/src/users/field-checks.js';
