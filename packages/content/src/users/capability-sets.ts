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

  /** `{ capability: true, … }`, as the users routes show it. */
  get record(): Readonly<Record<string, true>> {
    if (this.#record === undefined) {
      this.#record = Object.freeze(Object.fromEntries([...this].map((capability) => [capability, true as const])));
    }
    return this.#record;
  }
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
