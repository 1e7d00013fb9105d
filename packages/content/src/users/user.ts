/**
 * A user as the package holds it, with its roles and the capabilities they give, and the
 * original's mapping of meta capabilities (`edit_user`, …) to primitive ones.
 *
 * @module
 */
import { type RoleCapabilities, roleCapabilities, withGrants } from './capability-sets.js';
import { DEFAULT_ROLES, type Roles } from './roles.js';

/**
 * A user of the site, without any secret. `can` answers capability checks the way
 * WordPress's `user_can` does, meta capabilities included.
 *
 * @example
 * if (user.can('edit_user', otherUserId)) { … }
 */
export interface User {
  readonly id: number;
  /** The login name (WordPress `user_login`, REST `username`). */
  readonly login: string;
  readonly email: string;
  /** The public name (WordPress `display_name`, REST `name`). */
  readonly displayName: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly nickname: string;
  /** URL-safe unique name (WordPress `user_nicename`). */
  readonly slug: string;
  readonly url: string;
  readonly description: string;
  /** Empty for the site's locale. */
  readonly locale: string;
  /** Registration time, ISO 8601 in UTC. */
  readonly registered: string;
  readonly roles: readonly string[];
  /**
   * Capabilities granted (`true`) or denied (`false`) to this user alone, beside their roles'
   * (the entries of WordPress's `<prefix>capabilities` that are not roles): they override what
   * the roles give. Absent (the project's own storage) means none.
   */
  readonly grants?: Readonly<Record<string, boolean>> | undefined;
  /** Every capability the user holds (role slugs included), like WordPress's `allcaps`. */
  readonly capabilities: ReadonlySet<string>;
  /**
   * Whether the user holds a capability. Meta capabilities take the id of the object they
   * are about: `edit_user`, `delete_user`, `remove_user`, `promote_user` (a user id).
   */
  can(capability: string, objectId?: number): boolean;
}

/**
 * The stored fields of a user, as {@link User} minus what is derived from them.
 *
 * @example
 * const { capabilities, can, ...data }: User = user; // data: UserData
 */
export type UserData = Omit<User, 'capabilities' | 'can'>;

/**
 * Builds a {@link User} from its data and the site's roles. Users of the same roles share
 * one set of capabilities: give the store's {@link RoleCapabilities} (a plain roles table
 * other than the default one gets a table of its own for this user only).
 *
 * @example
 * const user = toUser({ id: 1, login: 'admin', roles: ['administrator'], … });
 * user.can('manage_options'); // true
 */
export function toUser(data: UserData, roles: Roles | RoleCapabilities = DEFAULT_ROLES): User {
  const ofRoles = roleCapabilities(roles).of(data.roles);
  // A user with grants of their own gets a set of their own; the others share their roles'.
  const capabilities =
    data.grants !== undefined && Object.keys(data.grants).length > 0 ? withGrants(ofRoles, data.grants) : ofRoles;
  const id = data.id;
  // Not a spread: on Node 20 `{ ...data, … }` takes V8's slow path, for every user loaded
  // (the authors of a page); the copy's own members then come after the data's, as a spread puts them.
  const user: User = Object.assign({}, data, {
    roles: Object.freeze([...data.roles]),
    capabilities,
    can: (capability: string, objectId?: number): boolean =>
      mapMetaCapability(capability, id, objectId).every((needed) => capabilities.has(needed)),
  });
  return Object.freeze(user);
}

/** The capabilities of the `wp_block` type that WordPress's `map_meta_cap` turns into those of posts. */
const BLOCK_CAPABILITIES: ReadonlySet<string> = new Set([
  'edit_blocks',
  'edit_others_blocks',
  'publish_blocks',
  'read_private_blocks',
  'delete_blocks',
  'delete_private_blocks',
  'delete_published_blocks',
  'delete_others_blocks',
  'edit_private_blocks',
  'edit_published_blocks',
]);

/** Never granted; stands for "no one may". */
const DO_NOT_ALLOW = 'do_not_allow';

/**
 * The primitive capabilities a (meta) capability needs, after WordPress's `map_meta_cap` for
 * the single-site case: `edit_user` on oneself needs nothing, on others `edit_users`; the
 * application-password capabilities follow `edit_user`; reusable blocks' `*_blocks` are posts' `*_posts`. An empty list means "allowed";
 * anything not listed is primitive.
 *
 * @example
 * mapMetaCapability('edit_user', 1, 1); // []
 * mapMetaCapability('edit_user', 1, 2); // ['edit_users']
 * mapMetaCapability('publish_posts', 1); // ['publish_posts']
 */
export function mapMetaCapability(capability: string, userId: number, objectId?: number): string[] {
  switch (capability) {
    case 'exist':
      return [];
    case 'edit_user':
    case 'list_app_passwords':
    case 'create_app_password':
    case 'read_app_password':
    case 'edit_app_password':
    case 'delete_app_passwords':
    case 'delete_app_password':
      // Everyone may edit themselves (and manage their own application passwords).
      return objectId !== undefined && objectId === userId ? [] : ['edit_users'];
    case 'delete_user':
      return ['delete_users'];
    case 'remove_user':
      return ['remove_users'];
    case 'promote_user':
    case 'add_users':
      return ['promote_users'];
    // The capabilities of the built-in taxonomies, as WordPress maps them.
    case 'edit_categories':
    case 'delete_categories':
    case 'manage_post_tags':
    case 'edit_post_tags':
    case 'delete_post_tags':
      return ['manage_categories'];
    case 'assign_categories':
    case 'assign_post_tags':
      return ['edit_posts'];
    case DO_NOT_ALLOW:
      return [DO_NOT_ALLOW];
    default:
      // Reusable blocks' capabilities (`publish_blocks`, …) are those of posts, as WordPress maps them.
      return [BLOCK_CAPABILITIES.has(capability) ? capability.replace(/_blocks$/, '_posts') : capability];
  }
}
