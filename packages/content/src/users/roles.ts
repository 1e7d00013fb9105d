/**
 * A role: a display name and the primitive capabilities it grants.
 *
 * @example
 * const shopManager: Role = { name: 'Shop manager', capabilities: ['read', 'edit_posts', 'manage_shop'] };
 */
export interface Role {
  /** Human-readable name, e.g. `Administrator`. */
  readonly name: string;
  /** The capabilities the role grants. */
  readonly capabilities: readonly string[];
}

/**
 * The roles known to a site, keyed by role slug (`administrator`, `editor`, …).
 *
 * @example
 * const roles: Roles = { ...DEFAULT_ROLES, shop_manager: shopManager };
 */
export type Roles = Readonly<Record<string, Role>>;

/**
 * The names of WordPress's five default roles.
 *
 * @example
 * const role: DefaultRoleName = 'editor';
 */
export type DefaultRoleName = 'administrator' | 'editor' | 'author' | 'contributor' | 'subscriber';

const levels = (top: number): string[] => Array.from({ length: top + 1 }, (_, level) => `level_${top - level}`);

// Copied from WordPress 6.x `populate_roles()` (wp-admin/includes/schema.php, versions 1.6 to
// 3.0 of the role schema). The `level_N` capabilities are WordPress's legacy user levels; they
// are kept because WordPress still reports them in a user's capabilities.
const pageAndPostCaps = [
  'edit_others_pages',
  'edit_published_pages',
  'publish_pages',
  'delete_pages',
  'delete_others_pages',
  'delete_published_pages',
  'delete_posts',
  'delete_others_posts',
  'delete_published_posts',
  'delete_private_posts',
  'edit_private_posts',
  'read_private_posts',
  'delete_private_pages',
  'edit_private_pages',
  'read_private_pages',
];

const editorCaps = [
  'moderate_comments',
  'manage_categories',
  'manage_links',
  'upload_files',
  'unfiltered_html',
  'edit_posts',
  'edit_others_posts',
  'edit_published_posts',
  'publish_posts',
  'edit_pages',
  'read',
  ...pageAndPostCaps,
];

/**
 * WordPress's default roles with the capabilities WordPress 6.x gives each.
 *
 * @example
 * DEFAULT_ROLES.author.capabilities.includes('publish_posts'); // true
 */
export const DEFAULT_ROLES: Readonly<Record<DefaultRoleName, Role>> = {
  administrator: {
    name: 'Administrator',
    capabilities: [
      'switch_themes',
      'edit_themes',
      'activate_plugins',
      'edit_plugins',
      'edit_users',
      'edit_files',
      'manage_options',
      ...editorCaps,
      'import',
      'delete_users',
      'create_users',
      'unfiltered_upload',
      'edit_dashboard',
      'update_plugins',
      'delete_plugins',
      'install_plugins',
      'update_themes',
      'install_themes',
      'update_core',
      'list_users',
      'remove_users',
      'promote_users',
      'edit_theme_options',
      'delete_themes',
      'export',
      ...levels(10),
    ],
  },
  editor: { name: 'Editor', capabilities: [...editorCaps, ...levels(7)] },
  author: {
    name: 'Author',
    capabilities: [
      'upload_files',
      'edit_posts',
      'edit_published_posts',
      'publish_posts',
      'read',
      'delete_posts',
      'delete_published_posts',
      ...levels(2),
    ],
  },
  contributor: { name: 'Contributor', capabilities: ['edit_posts', 'read', 'delete_posts', ...levels(1)] },
  subscriber: { name: 'Subscriber', capabilities: ['read', ...levels(0)] },
};

/**
 * The role new users get when none is given, as WordPress's `default_role` option.
 *
 * @example
 * DEFAULT_ROLE; // 'subscriber'
 */
export const DEFAULT_ROLE: DefaultRoleName = 'subscriber';

/**
 * All capabilities a set of roles grants, plus the role slugs themselves (WordPress lists
 * them among a user's capabilities too). Unknown role slugs grant nothing.
 *
 * @example
 * capabilitiesOf(['author']).has('publish_posts'); // true
 * capabilitiesOf(['author']).has('author'); // true
 */
export function capabilitiesOf(roleNames: readonly string[], roles: Roles = DEFAULT_ROLES): Set<string> {
  const capabilities = new Set<string>();
  for (const roleName of roleNames) {
    const role = Object.hasOwn(roles, roleName) ? roles[roleName] : undefined;
    if (!role) continue;
    capabilities.add(roleName);
    for (const capability of role.capabilities) capabilities.add(capability);
  }
  return capabilities;
}
