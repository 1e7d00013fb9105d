/**
 * Writes to terms: create, update and delete, in the original's order: the parent is
 * checked, the `preInsert` hooks see the changes, the store writes them, the `insert` hooks
 * run, then the registered fields are written and the `afterInsert` hooks run. A create or
 * an update answers the record in the `edit` context; a delete answers `{ deleted, previous }`.
 *
 * @module
 */
import type { RestRequest } from '@cms-json/core';
import { contentError } from '../errors.js';
import { ksesField } from '../kses/filter.js';
import type { TermsContext } from './context.js';
import type { NewTerm, Term, TermChanges } from './store.js';

/**
 * The original's parent checks: a parent on a flat taxonomy is refused, and a parent must
 * be a term of the same taxonomy (0 is the top).
 *
 * @example
 * await checkParent(context, request, args.parent);
 */
export async function checkParent(context: TermsContext, request: RestRequest, parent: unknown): Promise<void> {
  if (!request.hasParam('parent')) return;
  if (!context.taxonomy.args.hierarchical) throw contentError('rest_taxonomy_not_hierarchical');
  if (parent === 0 || parent === undefined) return;
  const found = typeof parent === 'number' ? await context.store.find(parent) : undefined;
  if (found === undefined || found.taxonomy !== context.taxonomy.name) {
    throw contentError('rest_term_invalid.parent');
  }
}

/** The fields with the description, when sent, as WordPress's `pre_term_description` leaves it (`wp_filter_kses` for every caller). */
function withDescriptionFiltered<T extends { description?: string | undefined }>(fields: T, request: RestRequest): T {
  return fields.description === undefined
    ? fields
    : { ...fields, description: ksesField(fields.description, 'term_description', request) };
}

/**
 * Stores a new term after the `preInsert` hooks, its description filtered.
 *
 * @example
 * const term = await insertTerm(context, { taxonomy: 'post_tag', name: 'Alpha' }, request);
 */
export async function insertTerm(context: TermsContext, input: NewTerm, request: RestRequest): Promise<Term> {
  const prepared = await context.type.filter('preInsert', withDescriptionFiltered({ ...input }, request), {
    request,
    creating: true,
  });
  return context.store.create(prepared, { hierarchical: context.taxonomy.args.hierarchical });
}

/**
 * Stores changes to a term after the `preInsert` hooks, its description filtered.
 *
 * @example
 * const term = await changeTerm(context, 3, { name: 'Devices' }, request);
 */
export async function changeTerm(context: TermsContext, id: number, changes: TermChanges, request: RestRequest): Promise<Term> {
  const filtered = withDescriptionFiltered({ ...changes, id }, request);
  const prepared = await context.type.filter('preInsert', filtered, { request, creating: false });
  const { id: _id, ...rest } = prepared;
  return context.store.update(id, rest as TermChanges);
}
