/**
 * The term record, built from a stored term: its public address (the parents' slugs in it
 * when the taxonomy's rewrite is hierarchical) and, for hierarchical taxonomies, its parent.
 *
 * @module
 */
import type { RestRequest } from '@cms-json/core';
import { siteUrlOf } from '../users/record.js';
import { lookupTerm, type TermsContext } from './context.js';
import type { TermRecord } from './schema.js';
import type { Term } from './store.js';

/** The slugs of a term's ancestors, the top first (at most 50 levels). */
async function ancestorSlugs(context: TermsContext, request: RestRequest, term: Term): Promise<string[]> {
  const slugs: string[] = [];
  for (let id = term.parent, depth = 0; id > 0 && depth < 50; depth++) {
    const parent = await lookupTerm(context, request, id);
    if (parent === undefined) break;
    slugs.unshift(parent.slug);
    id = parent.parent;
  }
  return slugs;
}

/**
 * The public address of a term: `https://example.com/category/technology/gadgets/`.
 *
 * @example
 * await termLink(context, request, term); // 'http://site.test/tag/alpha/'
 */
export async function termLink(context: TermsContext, request: RestRequest, term: Term): Promise<string> {
  const { rewrite } = context.taxonomy.args;
  const path = rewrite.hierarchical ? [...(await ancestorSlugs(context, request, term)), term.slug] : [term.slug];
  return `${siteUrlOf(request)}/${rewrite.slug}/${path.map(encodeURIComponent).join('/')}/`;
}

/**
 * The full record of a term, every context included.
 *
 * @example
 * return response(await termRecord(context, request, term), { context: 'edit' });
 */
export async function termRecord(context: TermsContext, request: RestRequest, term: Term): Promise<TermRecord> {
  // Asked for before any other wait, so the terms of a list share one meta query.
  const meta = context.meta?.valueOf(request, term.id);
  const record: TermRecord = {
    id: term.id,
    count: term.count,
    description: term.description,
    link: await termLink(context, request, term),
    name: term.name,
    slug: term.slug,
    taxonomy: term.taxonomy,
    meta: (await meta) ?? [],
  };
  if (context.taxonomy.args.hierarchical) {
    // `parent` sits before `meta`, as in the original.
    const { meta, ...rest } = record;
    return { ...rest, parent: term.parent, meta };
  }
  return record;
}
