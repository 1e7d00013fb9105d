/**
 * Who may do what with a taxonomy's terms, as the original's terms controller decides it:
 * anyone reads; the `edit` context needs the taxonomy's `edit_terms` (`edit_term` for one
 * term); creating needs `edit_terms` (hierarchical) or `assign_terms` (flat); editing
 * `edit_term`; deleting `delete_term`, which nobody holds for the default term (the one the
 * `default_category` setting names, for categories). Each check
 * answers `true` or the original's error.
 *
 * @module
 */
import { denied, RestError, type RestRequest } from '@cms-json/core';
import { contentError } from '../errors.js';
import { userCan } from '../permissions.js';
import { lookupTerm, objectOf, type TermsContext } from './context.js';
import type { Term } from './store.js';
import type { Taxonomy } from './taxonomy.js';

/**
 * The primitive capability a meta capability on a term needs (`map_meta_cap` for
 * `edit_term`, `delete_term`, `assign_term`); `do_not_allow` for deleting a default term.
 *
 * @example
 * termCapability(category, 'delete_term', uncategorized); // 'do_not_allow'
 */
export function termCapability(
  taxonomy: Taxonomy,
  capability: 'edit_term' | 'delete_term' | 'assign_term',
  term?: Term,
  defaultTermId?: number,
): string {
  const caps = taxonomy.args.capabilities;
  if (capability === 'delete_term') {
    const fallback = taxonomy.args.defaultTerm;
    // The term a site option names (`default_category`) when the caller looked it up; else by slug.
    const isDefault = defaultTermId !== undefined ? term?.id === defaultTermId : term?.slug === fallback?.slug;
    if (term !== undefined && fallback !== undefined && isDefault) return 'do_not_allow';
    return caps.delete_terms;
  }
  return capability === 'edit_term' ? caps.edit_terms : caps.assign_terms;
}

/** Whether the request's user holds a capability (`do_not_allow`: nobody). */
function can(request: RestRequest, capability: string): boolean {
  return capability !== 'do_not_allow' && userCan(request, capability);
}

/** A term of the route's taxonomy, or the original's 404. */
async function termOf(context: TermsContext, request: RestRequest, id: number): Promise<Term | RestError> {
  const term = await lookupTerm(context, request, id);
  return term === undefined || term.taxonomy !== context.taxonomy.name ? contentError('rest_term_invalid') : term;
}

/** May the caller list the terms (`GET /<rest_base>`)? A `post` must exist, and be one the caller may read. */
export async function canList(
  context: TermsContext,
  request: RestRequest,
  args: { context: string; post?: number | null },
): Promise<true | RestError> {
  if (args.context === 'edit' && !can(request, context.taxonomy.args.capabilities.edit_terms)) {
    return denied(request, contentError('rest_forbidden_context.terms'));
  }
  if (args.post === undefined || args.post === null || args.post === 0) return true;
  const post = await objectOf(context, request, args.post);
  if (post === undefined) return contentError('rest_post_invalid_id.terms_post');
  // As the original's `check_read_terms_permission_for_post`: a post of the taxonomy the caller may read.
  const readable = context.canReadPost !== undefined && (await context.canReadPost(request, post));
  if (!readable || !context.taxonomy.objectTypes.includes(post.type)) {
    return denied(request, contentError('rest_forbidden_context.post_terms'));
  }
  return true;
}

/** May the caller read this term? */
export async function canRead(
  context: TermsContext,
  request: RestRequest,
  args: { id: number; context: string },
): Promise<true | RestError> {
  const term = await termOf(context, request, args.id);
  if (term instanceof RestError) return term;
  if (args.context === 'edit' && !can(request, termCapability(context.taxonomy, 'edit_term', term))) {
    return denied(request, contentError('rest_forbidden_context.term'));
  }
  return true;
}

/** May the caller create terms in the taxonomy? */
export function canCreate(context: TermsContext, request: RestRequest): true | RestError {
  const { hierarchical, capabilities } = context.taxonomy.args;
  const needed = hierarchical ? capabilities.edit_terms : capabilities.assign_terms;
  return can(request, needed) || denied(request, contentError('rest_cannot_create.term'));
}

/** May the caller edit this term? */
export async function canUpdate(context: TermsContext, request: RestRequest, id: number): Promise<true | RestError> {
  const term = await termOf(context, request, id);
  if (term instanceof RestError) return term;
  return can(request, termCapability(context.taxonomy, 'edit_term', term)) || denied(request, contentError('rest_cannot_update'));
}

/** May the caller delete this term? */
export async function canDelete(context: TermsContext, request: RestRequest, id: number): Promise<true | RestError> {
  const term = await termOf(context, request, id);
  if (term instanceof RestError) return term;
  // As the original's `map_meta_cap`: the term the `default_category` option names is kept.
  const option = context.taxonomy.args.defaultTerm?.option;
  const fallback =
    option === undefined ? undefined : await context.store.findByOption(context.taxonomy.name, option.name, option.fallbackId);
  return (
    can(request, termCapability(context.taxonomy, 'delete_term', term, option === undefined ? undefined : (fallback?.id ?? 0))) ||
    denied(request, contentError('rest_cannot_delete.not_allowed_term'))
  );
}
