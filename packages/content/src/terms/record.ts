/**
 * The term record, built from a stored term: its public address (the parents' slugs in it
 * when the taxonomy's rewrite is hierarchical) and, for hierarchical taxonomies, its parent.
 *
 * @module
 */
import type { RestRequest } from '@cms-json/core';
import { termKey } from '../cache/keys.js';
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
    // The ancestor's slug is in the link: a change to it changes this record.
    if (request.cacheKeys.collecting) request.cacheKeys.add(termKey(parent.id));
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
  return linkOf(context, request, term);
}

/** {@link termLink}, at once when it needs no ancestor (a flat rewrite, or a term at the top). */
function linkOf(context: TermsContext, request: RestRequest, term: Term): string | Promise<string> {
  const { rewrite } = context.taxonomy.args;
  const base = `${siteUrlOf(request)}/${rewrite.slug}/`;
  if (!rewrite.hierarchical || term.parent <= 0) return `${base}${encodeURIComponent(term.slug)}/`;
  return ancestorSlugs(context, request, term).then(
    (slugs) => `${base}${[...slugs, term.slug].map(encodeURIComponent).join('/')}/`,
  );
}

/**
 * The full record of a term, every context included; its key (and its ancestors', when its
 * link names them) joins the request's surrogate keys.
 *
 * @example
 * return response(await termRecord(context, request, term), { context: 'edit' });
 */
export function termRecord(context: TermsContext, request: RestRequest, term: Term): Promise<TermRecord> {
  if (request.cacheKeys.collecting) request.cacheKeys.add(termKey(term.id));
  // Asked for before any other wait, so the terms of a list share one meta query.
  const meta = context.meta?.valueOf(request, term.id);
  const link = linkOf(context, request, term);
  // One wait for both (a term at the top of a flat rewrite waits for its meta alone).
  const made = (found: string, values: TermRecord['meta'] | undefined) => recordOf(context, term, found, values ?? []);
  if (typeof link === 'string')
    return meta === undefined ? Promise.resolve(made(link, [])) : meta.then((values) => made(link, values));
  return Promise.all([link, meta]).then(([found, values]) => made(found, values));
}

/** The record of a term from its address and its meta. */
function recordOf(context: TermsContext, term: Term, link: string, meta: TermRecord['meta']): TermRecord {
  const { id, count, description, name, slug, taxonomy } = term;
  // `parent` sits before `meta`, as in the original, for a hierarchical taxonomy only.
  if (context.taxonomy.args.hierarchical)
    return { id, count, description, link, name, slug, taxonomy, parent: term.parent, meta };
  return { id, count, description, link, name, slug, taxonomy, meta };
}
