/**
 * Posts and terms together: every post type a taxonomy is registered for gets, through the
 * extension points only (so a custom type and a custom taxonomy get it with no code of their
 * own), what WordPress 6.1 gives it:
 *
 * - a field per taxonomy (`categories`, `tags`, `genres`: term ids), written by create and
 *   update, with unknown ids left out as the original does; a refusal (`rest_cannot_assign_term`)
 *   before anything is stored when the caller may not assign a term;
 * - the list filters `<base>`, `<base>_exclude` (a list of ids, or `{terms, include_children,
 *   operator}`) and `tax_relation`;
 * - a `cms:term` link per taxonomy (embeddable, with `taxonomy`), so `_embed` gives the terms;
 * - the default term of a taxonomy that has one (the `default_category` option's) on a new post sent without;
 * - exact counts: a term counts its published posts, kept right as posts are written,
 *   published, trashed and deleted (each change in the store's own transaction).
 *
 * @module
 */
import type { ObjectType, RestRequest } from '@cms-json/core';
import { z } from 'zod';
import { termKey } from '../cache/keys.js';
import { contentError } from '../errors.js';
import type { PostQuery, TaxonomyClause } from '../posts/store.js';
import { requestBatch } from '../request-batch.js';
import type { TermStore } from './store.js';
import type { Taxonomy } from './taxonomy.js';

/** The advanced form of a term filter. */
interface TermFilter {
  terms: number[];
  include_children: boolean;
  operator: 'AND' | 'OR';
}

/** What the wiring needs. */
export interface PostTermsOptions {
  readonly store: TermStore;
  /** The base of link relations (`https://api.cms-json.org/`): the link is `<base>term`. */
  readonly relationBase: string;
  /** Whether the caller holds a capability (the taxonomy's `assign_terms`, `edit_terms`). */
  readonly userCan: (request: RestRequest, capability: string) => boolean;
}

const idList = z.array(z.number().int());

/**
 * Which members a filter's object form has, as the original's: `include_children` for
 * hierarchical taxonomies only, `operator` for the include filter only.
 */
interface FilterShape {
  readonly hierarchical: boolean;
  readonly exclude: boolean;
}

const INCLUDE_CHILDREN = {
  description: 'Whether to include child terms in the terms limiting the result set.',
  type: 'boolean',
  default: false,
};
const OPERATOR = {
  description: 'Whether items must be assigned all or any of the specified terms.',
  type: 'string',
  enum: ['AND', 'OR'],
  default: 'OR',
};

/** The JSON Schema the original shows for a term filter argument. */
function filterSchema(description: string, shape: FilterShape) {
  return {
    description,
    type: ['object', 'array'],
    oneOf: [
      { title: 'Term ID List', description: 'Match terms with the listed IDs.', type: 'array', items: { type: 'integer' } },
      {
        title: 'Term ID Taxonomy Query',
        description: 'Perform an advanced term query.',
        type: 'object',
        properties: {
          terms: { description: 'Term IDs.', type: 'array', items: { type: 'integer' }, default: [] },
          ...(shape.hierarchical ? { include_children: INCLUDE_CHILDREN } : {}),
          ...(shape.exclude ? {} : { operator: OPERATOR }),
        },
        additionalProperties: false,
      },
    ],
  };
}

/** A term filter argument: a list of ids (`1,2`), or `{terms, include_children, operator}` (as the shape allows). */
function filterArg(description: string, shape: FilterShape) {
  return z
    .union([
      idList,
      z
        .object({
          terms: idList.default([]),
          ...(shape.hierarchical ? { include_children: z.boolean().default(false) } : {}),
          ...(shape.exclude ? {} : { operator: z.enum(['AND', 'OR']).default('OR') }),
        })
        .strict()
        .transform((value) => {
          const sent = value as Partial<TermFilter> & { terms: number[] };
          return {
            include_children: sent.include_children ?? false,
            operator: sent.operator ?? 'OR',
            terms: sent.terms,
          } as TermFilter;
        }),
    ])
    .optional()
    .meta({ description, published: filterSchema(description, shape) });
}

/** The term ids a request sent for a taxonomy's field, or undefined when it sent none. */
function sentIds(request: RestRequest, base: string): number[] | undefined {
  if (!request.hasParam(base)) return undefined;
  const value = request.param(base);
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
  return list.map((item) => Number(item)).filter((id) => Number.isSafeInteger(id) && id > 0);
}

/** The ids and every descendant of them in a taxonomy. */
async function withChildren(store: TermStore, taxonomy: string, ids: readonly number[]): Promise<number[]> {
  const all = new Set(ids);
  let level = [...ids];
  for (let depth = 0; depth < 64 && level.length > 0; depth++) {
    const next: number[] = [];
    for (const parent of level) {
      const { terms } = await store.list({ taxonomy, parent, limit: 1000 });
      for (const term of terms) {
        if (all.has(term.id)) continue;
        all.add(term.id);
        next.push(term.id);
      }
    }
    level = next;
  }
  return [...all];
}

/** The store's clause of a filter argument. */
async function clauseOf(
  store: TermStore,
  taxonomy: Taxonomy,
  value: number[] | TermFilter,
  exclude: boolean,
): Promise<TaxonomyClause | undefined> {
  const filter = Array.isArray(value) ? { terms: value, include_children: false, operator: 'OR' as const } : value;
  if (filter.terms.length === 0) return undefined;
  const ids =
    filter.include_children && taxonomy.args.hierarchical ? await withChildren(store, taxonomy.name, filter.terms) : filter.terms;
  if (exclude) return { termIds: ids, operator: 'NOT IN' };
  return { termIds: ids, operator: filter.operator === 'AND' && !filter.include_children ? 'AND' : 'IN' };
}

/** Whether a stored post counts towards its terms' `count`: published ones do. */
function counted(record: Record<string, unknown>): boolean {
  return record.status === 'publish';
}

/**
 * Gives a post type the field, filters, link, default term and counts of one taxonomy. The
 * content plugin calls it for each taxonomy shown in REST and each of its object types, when
 * the routes are built (so every plugin's registrations and filters are in by then).
 *
 * @example
 * connectPostTerms(server.objectTypes.get('book'), taxonomies.get('genre'), { store, relationBase, canAssign });
 */
export function connectPostTerms(type: ObjectType, taxonomy: Taxonomy, options: PostTermsOptions): void {
  const { store } = options;
  const base = taxonomy.args.restBase;
  const namespace = taxonomy.args.restNamespace;
  // The term ids of a list's records, in one query.
  const termIds = requestBatch((ids: number[]) => store.termsOf(taxonomy.name, ids));

  type.registerField(base, {
    schema: z
      .array(z.number().int())
      .meta({ description: `The terms assigned to the post in the ${taxonomy.name} taxonomy.`, context: ['view', 'edit'] }),
    get: async (record, request) => {
      const ids = (await termIds(request, Number(record.id))) ?? [];
      // The ids are in the terms' order (by name): a renamed term reorders them.
      if (request.cacheKeys.collecting) request.cacheKeys.add(...ids.map(termKey));
      return ids;
    },
    update: async (value, record) => {
      // As the original: ids that are not terms of this taxonomy are left out.
      const wanted = [...new Set(value)];
      const found = await store.findMany(taxonomy.name, wanted);
      const known = new Set(found.map((term) => term.id));
      const ids = wanted.filter((id) => known.has(id));
      await store.setObjectTerms(Number(record.id), taxonomy.name, ids, { counted: counted(record) });
    },
  });

  type.addLink({
    rel: `${options.relationBase}term`,
    href: (record, { url }) => url(`/${namespace}/${base}?post=${String(record.id)}`),
    embeddable: true,
    attributes: { taxonomy: taxonomy.name },
  });

  type.on('collectionParams', (params) => ({
    ...params,
    [base]: filterArg(`Limit result set to items with specific terms assigned in the ${base} taxonomy.`, {
      hierarchical: taxonomy.args.hierarchical,
      exclude: false,
    }),
    [`${base}_exclude`]: filterArg(
      `Limit result set to items except those with specific terms assigned in the ${base} taxonomy.`,
      { hierarchical: taxonomy.args.hierarchical, exclude: true },
    ),
    tax_relation: z
      .enum(['AND', 'OR'])
      .optional()
      .meta({ description: 'Limit result set based on relationship between multiple taxonomies.' }),
  }));

  type.on('query', async (query, { args }) => {
    if (args === undefined) return query;
    const clauses: TaxonomyClause[] = [];
    for (const [key, exclude] of [
      [base, false],
      [`${base}_exclude`, true],
    ] as const) {
      const value = args[key] as number[] | TermFilter | undefined;
      if (value === undefined) continue;
      const clause = await clauseOf(store, taxonomy, value, exclude);
      if (clause !== undefined) clauses.push(clause);
    }
    if (clauses.length === 0) return query;
    const current = (query as Partial<PostQuery>).taxonomies;
    const relation = (args.tax_relation as 'AND' | 'OR' | undefined) ?? current?.relation ?? 'AND';
    return { ...query, taxonomies: { relation, clauses: [...(current?.clauses ?? []), ...clauses] } };
  });

  // Before anything is stored: may the caller give these terms? (Unknown ids are left out later.)
  type.on('preInsert', async (prepared, { request }) => {
    const ids = sentIds(request, base);
    if (ids === undefined || ids.length === 0 || options.userCan(request, taxonomy.args.capabilities.assign_terms))
      return prepared;
    if ((await store.findMany(taxonomy.name, ids)).length > 0) throw contentError('rest_cannot_assign_term');
    return prepared;
  });

  // In the edit context, what the caller may do with the taxonomy's terms, as the original's actions.
  type.on('prepare', (record, { request, links, context }) => {
    const self = links.self?.[0]?.href;
    if (context !== 'edit' || self === undefined) return record;
    const caps = taxonomy.args.capabilities;
    const canAssign = options.userCan(request, caps.assign_terms);
    if (options.userCan(request, taxonomy.args.hierarchical ? caps.edit_terms : caps.assign_terms)) {
      links[`${options.relationBase}action-create-${base}`] = [{ href: self }];
    }
    if (canAssign) links[`${options.relationBase}action-assign-${base}`] = [{ href: self }];
    return record;
  });

  type.on('afterInsert', async (record, { request, creating }) => {
    const id = Number(record.id);
    const defaultTerm = taxonomy.args.defaultTerm;
    if (creating && defaultTerm !== undefined && !request.hasParam(base)) {
      const term =
        defaultTerm.option === undefined
          ? await store.findBySlug(taxonomy.name, defaultTerm.slug)
          : await store.findByOption(taxonomy.name, defaultTerm.option.name, defaultTerm.option.fallbackId);
      if (term !== undefined) await store.setObjectTerms(id, taxonomy.name, [term.id], { counted: counted(record) });
    }
    await store.setObjectCounted(id, counted(record));
  });
  type.on('trash', (record) => store.setObjectCounted(Number(record.id), false));
  type.on('preDelete', (record) => store.removeObject(Number(record.id)));
}
