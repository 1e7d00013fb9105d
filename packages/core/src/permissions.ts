/**
 * Permission helpers. A denied check is `rest_forbidden`: 401 when anonymous, 403 when
 * authenticated (the original's `rest_authorization_required_code`).
 *
 * @module
 */
import { denied, RestError } from './errors.js';
import type { PermissionCheck } from './route.js';

/**
 * Allows callers that hold `capability`.
 *
 * @example
 * ```ts
 * endpoint({ methods: CREATABLE, permission: requireCapability('edit_posts'), handler });
 * ```
 */
export function requireCapability(capability: string): PermissionCheck<unknown> {
  return function requireCapabilityCheck(request) {
    return request.user?.can(capability) === true;
  };
}

/** Allows any authenticated caller; anonymous callers get 401 `rest_not_logged_in`. */
export function requireLogin(): PermissionCheck<unknown> {
  return function requireLoginCheck(request) {
    return request.user !== null || new RestError('rest_not_logged_in');
  };
}

/**
 * Denies `context=edit` to callers without `capability` with `rest_forbidden_context`
 * (401 anonymous, 403 authenticated); other contexts pass to `next` (default: allow).
 */
export function editContextRequires(
  capability: string,
  next: PermissionCheck<{ context?: unknown }> = () => true,
): PermissionCheck<{ context?: unknown }> {
  return function editContextCheck(request, args) {
    if (args.context === 'edit' && request.user?.can(capability) !== true) return denied(request, 'rest_forbidden_context');
    return next(request, args);
  };
}

/** Passes when every check passes; the first denial decides. */
export function allOf<TArgs>(...checks: PermissionCheck<TArgs>[]): PermissionCheck<TArgs> {
  return async function allOfCheck(request, args) {
    for (const check of checks) {
      const outcome = await check(request, args);
      if (outcome !== true) return outcome;
    }
    return true;
  };
}
