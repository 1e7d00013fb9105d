/**
 * The start-up checks of registrations: run by `server.ready()` once the routes are built
 * (every plugin had its say, in whatever order they were used), each mistake is a
 * `rest_invalid_registration` error naming the plugin that made it and the fix, instead of
 * a site that silently lacks what was registered:
 *
 * - two registrations claiming one route for one method, or two types claiming one route
 *   (a second post type with `restBase: 'posts'`, a taxonomy and a post type on one base);
 * - a field (`registerRestField`) or a link (`addLink`) added to an object type that no
 *   route serves and no package declared (`'bok'` for `'book'`);
 * - what packages check of their own ({@link ObjectTypeRegistry.addCheck}): a taxonomy for a
 *   post type that does not exist, a meta key of an unknown subtype.
 *
 * @module
 */
import { coreError } from '../errors.js';
import type { CompiledRoute } from '../namespace.js';
import { describeRegistrant, type Registrant } from '../plugin-scope.js';
import type { ObjectTypeRegistry } from './registry.js';

/** A built route with the plugin that registered it. */
export interface RouteClaim {
  readonly route: CompiledRoute;
  readonly registrant: Registrant;
}

/**
 * Throws the first registration mistake found, or returns.
 *
 * @param claims Every route as registered, before routes of one path are merged.
 * @example
 * ```ts
 * checkRegistrations(server.objectTypes, claims); // throws rest_invalid_registration.route_taken for a second restBase 'posts'
 * ```
 */
export function checkRegistrations(objectTypes: ObjectTypeRegistry, claims: readonly RouteClaim[]): void {
  checkRouteClaims(objectTypes, claims);
  checkExtendedTypes(objectTypes, claims);
  for (const check of objectTypes.checks()) check();
}

/** Two claims of one route: by two types, or for one method twice (the second would never answer). */
function checkRouteClaims(objectTypes: ObjectTypeRegistry, claims: readonly RouteClaim[]): void {
  const first = new Map<string, RouteClaim[]>();
  for (const claim of claims) {
    const earlier = first.get(claim.route.key);
    if (earlier === undefined) {
      first.set(claim.route.key, [claim]);
      continue;
    }
    for (const other of earlier) {
      const type = claim.route.objectType?.name;
      const otherType = other.route.objectType?.name;
      const shared = claim.route.methods.filter((method) => other.route.methods.includes(method));
      if ((type !== undefined && otherType !== undefined && type !== otherType) || shared.length > 0) {
        throw coreError('rest_invalid_registration.route_taken', {
          params: {
            plugin: describeRegistrant(claim.registrant),
            second: claimant(objectTypes, claim),
            route: claim.route.key,
            methods: (shared.length > 0 ? shared : claim.route.methods).join(', '),
            first: claimant(objectTypes, other),
          },
        });
      }
    }
    earlier.push(claim);
  }
}

/** Who claims a route, for a message: the declared type it serves, or the plugin's route. */
function claimant(objectTypes: ObjectTypeRegistry, claim: RouteClaim): string {
  const type = claim.route.objectType?.name;
  const declared = type === undefined ? undefined : objectTypes.declared().find((d) => d.name === type);
  if (declared !== undefined)
    return `the ${declared.kind} "${declared.name}" (registered by ${describeRegistrant(declared.registrant)})`;
  const serving = type === undefined ? '' : ` of "${type}" records`;
  return `a route${serving} registered by ${describeRegistrant(claim.registrant)}`;
}

/** Fields and links added to object types no route serves and nothing declared. */
function checkExtendedTypes(objectTypes: ObjectTypeRegistry, claims: readonly RouteClaim[]): void {
  const known = new Set<string>();
  for (const claim of claims) if (claim.route.objectType !== undefined) known.add(claim.route.objectType.name);
  for (const declared of objectTypes.declared()) known.add(declared.name);
  const knownList = () => [...known].sort().join(', ') || 'none';
  for (const type of objectTypes.all()) {
    if (known.has(type.name)) continue;
    const field = type.registeredFields()[0];
    if (field !== undefined) {
      throw coreError('rest_invalid_registration.field_type', {
        params: { plugin: describeRegistrant(field.registrant), type: type.name, field: field.value, known: knownList() },
      });
    }
    const link = type.registeredLinks()[0];
    if (link !== undefined) {
      throw coreError('rest_invalid_registration.link_type', {
        params: { plugin: describeRegistrant(link.registrant), type: type.name, rel: link.value.rel, known: knownList() },
      });
    }
  }
}
