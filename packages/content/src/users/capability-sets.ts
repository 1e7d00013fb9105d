/**
 * The capabilities of each list of roles, made once per roles table: every user loaded (the
 * authors of a page, each request's own user) of the same roles shares one set, and each set
 * its `{ capability: true }` record, so neither is built again per user or per request.
 *
 * @module
 */
import { capabilitiesOf, DEFAULT_ROLES, type Roles } from './roles.js';

/**
 * The capabilities a list of roles grants, with the record users' `capabilities` field shows
 * made once, at first use, and frozen (records of every request share it).
 *
 * @example
 * const set = new CapabilitySet(capabilitiesOf(['author']));
 * set.record.publish_posts; // true
 */
export class CapabilitySet extends Set<string> {
  #record: Readonly<Record<string, true>> | undefined;
  #allcaps: Readonly<Record<string, boolean>> | undefined;
  /** Capabilities denied to one user (`false` in WordPress's `allcaps`): none of them is held. */
  readonly denied: ReadonlySet<string>;

  /**
   * @param capabilities The capabilities held.
   * @param denied Capabilities denied to one user (shown `false` in {@link allcaps}); default none.
   */
  constructor(capabilities?: Iterable<string>, denied: Iterable<string> = []) {
    super(capabilities);
    this.denied = new Set([...denied].filter((capability) => !this.has(capability)));
  }

  /** `{ capability: true, … }`, as the users routes show it. */
  get record(): Readonly<Record<string, true>> {
    if (this.#record === undefined) {
      this.#record = Object.freeze(Object.fromEntries([...this].map((capability) => [capability, true as const])));
    }
    return this.#record;
  }

  /**
   * {@link record} with the denied capabilities as `false`, as WordPress's `allcaps` (the users
   * routes' `capabilities`) shows a user with denials; the same as `record` without any.
   */
  get allcaps(): Readonly<Record<string, boolean>> {
    if (this.denied.size === 0) return this.record;
    if (this.#allcaps === undefined) {
      const entries: [string, boolean][] = [...this].map((capability) => [capability, true]);
      for (const capability of this.denied) entries.push([capability, false]);
      this.#allcaps = Object.freeze(Object.fromEntries(entries));
    }
    return this.#allcaps;
  }
}

/**
 * A user's capabilities: those of their roles with the user's own grants (`true`) added and
 * denials (`false`) taken away, as WordPress's `WP_User::get_role_caps` merges the roles'
 * capabilities with the user's own entries of `<prefix>capabilities`. Made for that user alone.
 *
 * @example
 * const caps = withGrants(DEFAULT_ROLE_CAPABILITIES.of(['author']), { edit_others_posts: true, publish_posts: false });
 * caps.has('edit_others_posts'); // true
 * caps.has('publish_posts'); // false
 * caps.allcaps.publish_posts; // false
 */
export function withGrants(base: ReadonlySet<string>, grants: Readonly<Record<string, boolean>>): CapabilitySet {
  const held = new Set(base);
  const denied: string[] = [];
  for (const [capability, granted] of Object.entries(grants)) {
    if (granted) held.add(capability);
    else {
      held.delete(capability);
      denied.push(capability);
    }
  }
  return new CapabilitySet(held, denied);
}

/** Role lists kept per roles table (a site has a few; more are computed each time). */
const ROLE_LISTS_KEPT = 64;

/**
 * A roles table and the capability sets of the lists of roles its users hold. A user store
 * makes one for its roles and gives it to every {@link toUser}.
 *
 * @example
 * const table = new RoleCapabilities({ ...DEFAULT_ROLES, shop_manager: shopManager });
 * table.of(['shop_manager']).has('manage_shop'); // true
 */
export class RoleCapabilities {
  readonly #byRoles = new Map<string, CapabilitySet>();

  /** @param roles The site's roles; only read, never changed. */
  constructor(readonly roles: Roles) {}

  /** The capabilities of a list of roles: one set per list, shared by its users. */
  of(roleNames: readonly string[]): CapabilitySet {
    const key = roleNames.join('\u0000');
    let found = this.#byRoles.get(key);
    if (found === undefined) {
      found = new CapabilitySet(capabilitiesOf(roleNames, this.roles));
      if (this.#byRoles.size < ROLE_LISTS_KEPT) this.#byRoles.set(key, found);
    }
    return found;
  }
}

/**
 * The capability sets of WordPress's default roles, shared by the users of every store that
 * keeps the default roles.
 *
 * @example
 * DEFAULT_ROLE_CAPABILITIES.of(['editor']).has('edit_others_posts'); // true
 */
export const DEFAULT_ROLE_CAPABILITIES = new RoleCapabilities(DEFAULT_ROLES);

/**
 * The capability sets of a roles table: the shared ones of the default roles, or a table of its own.
 *
 * @example
 * roleCapabilities(DEFAULT_ROLES) === DEFAULT_ROLE_CAPABILITIES; // true
 */
export function roleCapabilities(roles: Roles | RoleCapabilities): RoleCapabilities {
  if (roles instanceof RoleCapabilities) return roles;
  return roles === DEFAULT_ROLES ? DEFAULT_ROLE_CAPABILITIES : new RoleCapabilities(roles);
}
