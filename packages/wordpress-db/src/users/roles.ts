/**
 * The site's roles as WordPress keeps them: the `<prefix>user_roles` option, a PHP-serialized
 * map `{ administrator: { name, capabilities: { cap: true, … } }, … }` (custom roles included),
 * read as content's `Roles`.
 *
 * @module
 */
import type { Role, Roles } from '@cms-json/content';
import type { WordPressDatabase } from '../connection.js';
import type { PhpValue } from '../php-serialized.js';
import { getOption } from '../wordpress-options.js';

/**
 * Whether PHP counts a value as non-empty (`! empty( $value )`): what WordPress's `has_cap`
 * asks of a capability's value.
 *
 * @example
 * phpTruthy('0'); // false
 * phpTruthy(1); // true
 */
export function phpTruthy(value: PhpValue | undefined): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '' || value === '0') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/**
 * Roles from the value of a `user_roles` option: each role's name and the capabilities it
 * grants (those whose value is not PHP-empty), in the option's order. Entries that are not
 * roles (a malformed value) are left out.
 *
 * @example
 * rolesFromOption({ editor: { name: 'Editor', capabilities: { edit_posts: true, read: true } } });
 * // { editor: { name: 'Editor', capabilities: ['edit_posts', 'read'] } }
 */
export function rolesFromOption(value: PhpValue | undefined): Roles {
  const roles: Record<string, Role> = {};
  if (value === null || value === undefined || typeof value !== 'object' || Array.isArray(value)) return roles;
  for (const [slug, role] of Object.entries(value)) {
    if (role === null || typeof role !== 'object' || Array.isArray(role)) continue;
    const name = typeof role.name === 'string' ? role.name : slug;
    const given = role.capabilities;
    const capabilities =
      given !== null && typeof given === 'object' && !Array.isArray(given)
        ? Object.entries(given)
            .filter(([, granted]) => phpTruthy(granted))
            .map(([capability]) => capability)
        : [];
    roles[slug] = { name, capabilities };
  }
  return roles;
}

/**
 * The site's roles, read from its `<prefix>user_roles` option (`wp_user_roles` for the prefix
 * `wp_`). A site without the option has no roles, as WordPress then has none.
 *
 * @example
 * const roles = await readWordPressRoles(wordpress);
 * roles.administrator?.capabilities.includes('manage_options'); // true
 */
export async function readWordPressRoles(wordpress: Pick<WordPressDatabase, 'database' | 'prefix'>): Promise<Roles> {
  return rolesFromOption(await getOption(wordpress.database, `${wordpress.prefix}user_roles`));
}

/**
 * A role's user level, as WordPress's `update_user_level_from_caps` computes it: the highest
 * `N` of the `level_N` capabilities the roles grant (administrator 10, editor 7, author 2,
 * contributor 1, subscriber 0), 0 when none.
 *
 * @example
 * userLevel(['editor'], roles); // 7
 */
export function userLevel(roleNames: readonly string[], roles: Roles): number {
  let level = 0;
  for (const roleName of roleNames) {
    const role = Object.hasOwn(roles, roleName) ? roles[roleName] : undefined;
    for (const capability of role?.capabilities ?? []) {
      const match = /^level_(\d{1,2})$/.exec(capability);
      if (match) level = Math.max(level, Number(match[1]));
    }
  }
  return level;
}
